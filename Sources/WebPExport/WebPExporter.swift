import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import Outputs
import Resolving
import Scene

/// Writes the animation as an animated WebP, each frame the rectangle that changed, encoded by libwebp on
/// every core and assembled by its muxer (`WebPFrameMuxer`): full colour, lossless by default (`quality` for
/// lossy), loop count honoured, frames equal to the one before merged into it.
/// Frame i starts at round(i · 1000 / fps) ms, computed from i, never summed, so no duration drifts more
/// than half a millisecond from i × 1000/fps and they add up to the loop's length.
public struct WebPExporter: AnimationExporter {
    public static let format = OutputFormat(
        name: "webp", title: "WebP", extensions: ["webp"], mediaType: "image/webp",
        quality: "lossy at this quality, 0 to 100 (smaller files; every frame kept within 36 dB of its own pixels)",
        // The frame rate before quality: on the demo at 400 KiB, 12 fps lossless reads SSIM 0.98777 against
        // the 30 fps frames, quality 15 at 20 fps 0.96679 (bench/publish.sh); lossy costs every frame.
        budget: [.frameRate([24, 20, 15, 12, 10]), .quality([90, 75, 60, 45, 30, 15]), .scale([0.75, 0.5])])

    public let input: PreparedAnimation
    public var animation: Animation { input.animation }
    var scene: ResolvedScene { animation.scene }
    var pdf: PDFConverting { input.pdf }
    public var options: EncodingOptions
    /// nil: lossless; else lossy at this quality (0–100).
    public var quality: Double? {
        get { options.quality }
        set { options.quality = newValue }
    }

    public init(_ input: PreparedAnimation, options: EncodingOptions) {
        self.input = input
        self.options = options
    }

    /// With the default options: lossless, looping forever (for tests).
    public init(_ animation: Animation, pdf: PDFConverting) {
        self.init(PreparedAnimation(animation, pdf: pdf), options: EncodingOptions())
    }

    /// Plays this many times, then stays on its last frame; 0 loops forever (the WebP `ANIM` loop count).
    var loopCount: Int { options.playback.playCount ?? 0 }

    public var plan: String {
        let settings = scene.export
        return "animated WebP, \(quality.map { "lossy at quality \($0.shortText)" } ?? "lossless"), \(settings.frameCount) frames starting at whole milliseconds (frame i at round(i × 1000 / \(settings.fps.shortText))), unchanged frames merged, \(options.playback.description)"
    }

    public static func check(_ input: PreparedAnimation, options: EncodingOptions) throws(SceneError) {
        try check(input.animation)
    }

    /// Throws when this animation cannot be a WebP; called for every output before any is written.
    public static func check(_ animation: Animation) throws(SceneError) {
        try animation.checkRasterLimits()
    }

    public func write(to target: OutputTarget, progress: ExportProgress) throws -> ExportReport {
        let output = try Self.file(target)
        try output.write(try data(progress: progress))
        return ExportReport()
    }

    public func data(named displayName: String, progress: ExportProgress) throws -> (data: Data, report: ExportReport) {
        (try data(progress: progress), ExportReport())
    }

    /// When frame `index` starts, in whole milliseconds.
    public static func millisecond(ofFrame index: Int, fps: Double) -> Int {
        Int((Double(index) * 1000 / fps).rounded())
    }

    /// The file's bytes. Frames are drawn by the render pipeline on every core (each worker over the frame it
    /// drew last, where their draw commands differ) while this thread encodes.
    public func data(progress: ExportProgress = SilentProgress()) throws -> Data {
        try Self.check(animation)
        let settings = scene.export
        let (width, height) = input.pixelSize
        do {
            let writer = try WebPFrameMuxer(width: width, height: height, loopCount: loopCount, quality: quality)
            // A frame larger than the pipeline's ahead-budget (a @3x screen) is drawn by one worker while this
            // thread encodes: its rectangles are encoded one at a time (`WebPFrameMuxer.pendingBytes`), so a
            // second worker would only hold another surface and frame.
            let workers = width * height * 4 > FramePipeline<RGBAFrameMaker>.aheadBudget ? 1 : ProcessInfo.processInfo.activeProcessorCount
            try input.forEachRGBAFrame(progress: progress, workers: workers) { rgba, index, same in
                // A frame drawn as the one before is that frame shown longer: its start is the next one's.
                guard !same else { return }
                try writer.add(rgba: rgba, at: Self.millisecond(ofFrame: index, fps: settings.fps))
            }
            return try writer.finish(at: Self.millisecond(ofFrame: settings.frameCount, fps: settings.fps))
        } catch let error as CLibraryError {
            throw SceneError(.write, file: scene.file, keyPath: nil, "writing the WebP failed: \(error)")
        }
    }
}
