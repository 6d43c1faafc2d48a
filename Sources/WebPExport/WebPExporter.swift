import Drawing
import Foundation
import Outputs
import Scene

/// Writes the animation as an animated WebP through libwebp's animation encoder: full colour, lossless by
/// default (`quality` for lossy), loop count honoured, frames equal to the one before merged into it.
/// Frame i starts at round(i · 1000 / fps) ms, computed from i, never summed, so no duration drifts more
/// than half a millisecond from i × 1000/fps and they add up to the loop's length.
public struct WebPExporter {
    public let animation: Animation
    var scene: ResolvedScene { animation.scene }
    /// Draws Lottie frames (no default: the command line isolates rlottie in a child process).
    public var lottie: LottieRendering
    /// Plays this many times, then stays on its last frame; 0 loops forever (the WebP `ANIM` loop count).
    public var loopCount = 0
    /// nil: lossless; else lossy at this quality (0–100).
    public var quality: Double?

    public init(_ animation: Animation, lottie: LottieRendering) {
        self.animation = animation.fittingText(PangoText.Measurer())  // titles truncated as UIKit does
        self.lottie = lottie
    }

    /// Throws when this animation cannot be a WebP; called for every output before any is written.
    public static func check(_ animation: Animation) throws(SceneError) {
        try animation.checkRasterLimits()
    }

    /// When frame `index` starts, in whole milliseconds.
    public static func millisecond(ofFrame index: Int, fps: Double) -> Int {
        Int((Double(index) * 1000 / fps).rounded())
    }

    public func export(to output: OutputFile, progress: ExportProgress = SilentProgress()) throws {
        try output.write(try data(progress: progress))
    }

    /// The file's bytes. Frames are drawn in order, each over the one before where their draw commands
    /// differ (`Rasterizer.redraw`), as the GIF's workers draw them.
    public func data(progress: ExportProgress = SilentProgress()) throws -> Data {
        try Self.check(animation)
        let settings = scene.export
        let rasterizer = try Rasterizer(scene: scene, graph: animation.graph, lottie: lottie)
        do {
            let width = rasterizer.pixelWidth, height = rasterizer.pixelHeight
            let writer: WebPFrameWriting = if let quality {
                try WebPFrameMuxer(width: width, height: height, loopCount: loopCount, quality: quality)
            } else {
                try WebPAnimationWriter(width: width, height: height, loopCount: loopCount)
            }
            try rasterizer.forEachFrame(of: settings, progress: progress) { rgba, index in
                try writer.add(rgba: rgba, at: Self.millisecond(ofFrame: index, fps: settings.fps))
            }
            return try writer.finish(at: Self.millisecond(ofFrame: settings.frameCount, fps: settings.fps))
        } catch let error as CLibraryError {
            throw SceneError(.write, file: scene.file, keyPath: nil, "writing the WebP failed: \(error)")
        }
    }
}
