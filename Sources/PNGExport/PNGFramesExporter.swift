import Basics
import Exporting
import Foundation
import Graph
import Outputs
import Scene

/// A folder of PNG frames, `frame-0000.png` (frame 0, at 0 s) onwards, drawn exactly as the GIF's frames
/// are: for editing tools that import image sequences.
public struct PNGFramesExporter: AnimationExporter {
    public static let format = OutputFormat(name: "png", title: "PNG frames", extensions: [], mediaType: "image/png", writesFolder: true, hasPlayback: false)

    public let input: PreparedAnimation
    public let options: EncodingOptions

    public init(_ input: PreparedAnimation, options: EncodingOptions) {
        self.input = input
        self.options = options
    }

    public var plan: String {
        let count = input.scene.export.frameCount
        return "\(count) PNG frames, \(PNGExporter.fileName(ofFrame: 0, count: count)) to \(PNGExporter.fileName(ofFrame: count - 1, count: count))"
    }

    /// A folder that may replace a previous export's frames, and nothing else.
    public static func target(_ url: URL, displayName: String, batch: OutputBatch? = nil) -> OutputTarget {
        .folder(PNGExporter.folder(url, displayName: displayName, batch: batch))
    }

    public static func check(_ input: PreparedAnimation, options: EncodingOptions) throws(SceneError) {
        try input.animation.checkRasterLimits()
    }

    public func write(to target: OutputTarget, progress: ExportProgress) throws -> ExportReport {
        let folder = try Self.folder(target)
        try PNGExporter(input).exportFrames(to: folder, progress: progress)
        return ExportReport()
    }

    public func data(named displayName: String, progress: ExportProgress) throws -> (data: Data, report: ExportReport) {
        throw SceneError(.write, file: displayName, keyPath: nil, "PNG frames are a folder of files, not one file")
    }
}
