import Drawing
import Foundation
import Outputs
import Scene

/// Writes the animation as an H.264 MP4 (what GitHub plays when attached to an issue or pull request, and
/// what chat tools preview): yuv420p in BT.709's limited range, tagged so, at even dimensions (an odd width or
/// height is padded by a copy of the last column or row, never stretched: `padding`), a constant frame rate equal to the scene's fps, `+faststart` so it plays
/// while downloading. libx264 at CRF 18, preset medium: flat UI and 10 pt titles stay crisp (the frames read
/// ≥ 35 dB against the PNG frames in the tests); CRF 23, x264's default, smears the titles' edges.
public struct MP4Exporter {
    public let animation: Animation
    var scene: ResolvedScene { animation.scene }
    /// Draws Lottie frames (no default: the command line isolates rlottie in a child process).
    public var lottie: LottieRendering
    /// libx264's constant rate factor.
    public var crf = 18

    /// What the padding to even sizes added, for the `Wrote` line ("padded to 394 × 852 px: the last column
    /// repeated"); nil when both sizes are even.
    public var padding: String? {
        let (width, height) = Rasterizer.pixelSize(of: animation.graph, scale: scene.export.scale)
        guard width % 2 == 1 || height % 2 == 1 else { return nil }
        let repeated = width % 2 == 1 && height % 2 == 1 ? "the last column and row" : width % 2 == 1 ? "the last column" : "the last row"
        return "padded to \(width + width % 2) × \(height + height % 2) px, \(repeated) repeated (H.264's 4:2:0 needs even sizes)"
    }

    public init(_ animation: Animation, lottie: LottieRendering) {
        self.animation = animation.fittingText(PangoText.Measurer())  // titles truncated as UIKit does
        self.lottie = lottie
    }

    /// Throws when this animation cannot be an MP4; called for every output before any is written.
    public static func check(_ animation: Animation) throws(SceneError) {
        try animation.checkRasterLimits()
        guard animation.graph.background.alpha >= 1 else {
            throw SceneError(.resolve, file: animation.scene.file, keyPath: nil, "an MP4 has no transparency: the background must be opaque")
        }
        // FFmpeg's libraries are opened here, before any output is written (see `FFmpegLibrary`).
        do {
            _ = try FFmpegLibrary.functions()
        } catch {
            throw SceneError(.write, file: animation.scene.file, keyPath: nil, "an MP4 cannot be written here: \(error)")
        }
    }

    public func export(to output: OutputFile, progress: ExportProgress = SilentProgress()) throws {
        try output.write { temporary in try write(into: temporary, named: output.displayName, progress: progress) }
    }

    /// Writes the MP4 into `file`, which must exist (a temporary `UnfinishedOutputs` made); it is replaced
    /// whole, so a size budget may call this again at another CRF. `name` is for messages.
    public func write(into file: URL, named name: String, progress: ExportProgress = SilentProgress()) throws {
        try Self.check(animation)
        let settings = scene.export
        let rasterizer = try Rasterizer(scene: scene, graph: animation.graph, lottie: lottie)
        do {
            let writer = try H264Writer(path: file.path, width: rasterizer.pixelWidth, height: rasterizer.pixelHeight,
                                        fps: settings.fps, crf: crf)
            try rasterizer.forEachFrame(of: settings, progress: progress) { rgba, _ in try writer.add(rgba: rgba) }
            try writer.finish()
        } catch let error as CLibraryError {
            throw SceneError(.write, file: name, keyPath: nil, "writing the MP4 failed: \(error)")
        }
    }
}
