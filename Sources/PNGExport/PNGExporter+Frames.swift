import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Outputs
import PixelKernels
import Scene

/// Every frame of the loop as a PNG in one folder, `frame-0000.png` (frame 0, at t = 0) onwards, drawn
/// exactly as the GIF's frames are: for editing tools that import image sequences.
extension PNGExporter {
    /// Frame `index` (counting from 0) of `count`: at least four digits, more when the count needs them,
    /// so that the names sort in frame order.
    public static func fileName(ofFrame index: Int, count: Int) -> String {
        let digits = max(4, String(max(count - 1, 0)).count)
        let number = String(index)
        return "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The file names a previous export leaves: `frame-` digits `.png`.
    @Sendable public static func isFrameFileName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    /// A folder output that may replace a previous export's frames, and nothing else.
    public static func folder(_ url: URL, displayName: String? = nil, batch: OutputBatch? = nil) -> OutputFolder {
        OutputFolder(url, displayName: displayName, batch: batch, owns: isFrameFileName)
    }

    /// Every frame as a PNG file in `folder`'s temporary; the frames are drawn and compressed by the render
    /// pipeline on every core while this thread writes the files.
    public func exportFrames(to folder: OutputFolder, progress: ExportProgress = SilentProgress()) throws {
        let settings = scene.export, name = folder.displayName
        let frames = try FramePipeline(scene: scene, graph: graph, rasterizers: RasterizerPool(input), bytesPerPixel: 2,
                                       maker: { PNGFrameMaker(file: name) })
        defer { frames.stop() }
        try folder.write { temporary in
            var last = Data()
            for index in 0..<settings.frameCount {
                let name = Self.fileName(ofFrame: index, count: settings.frameCount)
                if let data = try frames.frame(index).made { last = data }
                guard FileManager.default.createFile(atPath: temporary.appendingPathComponent(name).path, contents: last) else {
                    throw SceneError(.write, file: folder.displayName, keyPath: nil,
                                     "cannot write \(name) (is the folder writable, the disk full?)")
                }
                progress.exported(frame: index + 1, of: settings.frameCount)
            }
        }
    }
}

/// A frame as a PNG file's bytes, compressed on the pipeline's worker.
package struct PNGFrameMaker: FrameMaking {
    /// The folder's name, for messages.
    package let file: String

    package mutating func make(_ drawn: Rasterizer.Drawn, index: Int, changed: PixelBox?, reusing spare: Data?) throws -> Data {
        do {
            return try drawn.surface.pngData()
        } catch {
            throw SceneError(.write, file: file, keyPath: nil, "encoding frame \(index) failed: \(error)")
        }
    }
}
