import Drawing
import Foundation
import Graph
import PixelKernels
import Scene

/// Straight RGBA, row by row: what WebP's and MP4's encoders take.
package struct RGBAFrameMaker: FrameMaking {
    package init() {}

    package mutating func make(_ drawn: Rasterizer.Drawn, index: Int, changed: PixelBox?, reusing spare: [UInt8]?) throws -> [UInt8] {
        drawn.surface.straightRGBA()
    }
}

extension PreparedAnimation {
    /// Every frame of the export as straight RGBA, in order, drawn by the render pipeline on every core and
    /// handed to `body` on the calling thread (the encoder's), with whether it is drawn exactly as the frame
    /// before (then `rgba` is that frame's). Memory holds the pipeline's window, whatever the length.
    package func forEachRGBAFrame(progress: ExportProgress, workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                                  _ body: (_ rgba: [UInt8], _ index: Int, _ same: Bool) throws -> Void) throws {
        let frames = try FramePipeline(scene: scene, graph: graph, rasterizers: RasterizerPool(self), workers: workers,
                                       bytesPerPixel: 4, maker: { RGBAFrameMaker() })
        defer { frames.stop() }
        var last: [UInt8] = []
        for index in 0..<frames.count {
            let made = try frames.frame(index).made
            if let made { last = made }
            try body(last, index, made == nil)
            progress.exported(frame: index + 1, of: frames.count)
        }
    }
}
