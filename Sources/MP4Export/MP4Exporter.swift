import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import Outputs
import Resolving
import Scene

/// Writes the animation as an H.264 MP4 (what GitHub plays when attached to an issue or pull request, and
/// what chat tools preview): yuv420p in BT.709's limited range, tagged so, at even dimensions (an odd width or
/// height is padded by a copy of the last column or row, never stretched: `padding`), a constant frame rate
/// equal to the scene's fps, `+faststart` so it plays while downloading. libx264 at CRF 18, preset medium: flat UI and 10 pt titles stay crisp (the frames read
/// ≥ 35 dB against the PNG frames in the tests); CRF 23, x264's default, smears the titles' edges.
public struct MP4Exporter: AnimationExporter {
    public static let format = OutputFormat(
        name: "mp4", title: "MP4", extensions: ["mp4"], mediaType: "video/mp4", hasPlayback: false,
        quality: "H.264 at this quality, 0 to 100 (100 is CRF 18, the default; each 10 less is 2.5 CRF more)",
        budget: [.quality([80, 60, 40, 20, 0]), .frameRate([24, 20, 15, 12, 10]), .scale([0.75, 0.5])],
        hasTransparency: false)

    public let input: PreparedAnimation
    public var animation: Animation { input.animation }
    var scene: ResolvedScene { animation.scene }
    var pdf: PDFConverting { input.pdf }
    public var options: EncodingOptions
    /// libx264's constant rate factor: 18 (visually lossless for flat UI) at quality 100 or none given,
    /// up to 43 at quality 0.
    public var crf: Int { Self.crf(quality: options.quality) }

    public static func crf(quality: Double?) -> Int {
        guard let quality else { return 18 }
        return 18 + Int(((100 - min(max(quality, 0), 100)) / 4).rounded())
    }

    /// What the padding to even sizes added, for the `Wrote` line ("padded to 394 × 852 px, the last column
    /// repeated (…)"); nil when both sizes are even.
    public var padding: String? {
        let (width, height) = Rasterizer.pixelSize(of: animation.graph, scale: scene.export.scale)
        guard width % 2 == 1 || height % 2 == 1 else { return nil }
        let repeated = width % 2 == 1 && height % 2 == 1 ? "the last column and row" : width % 2 == 1 ? "the last column" : "the last row"
        return "padded to \(width + width % 2) × \(height + height % 2) px, \(repeated) repeated (H.264's 4:2:0 needs even sizes)"
    }

    public init(_ input: PreparedAnimation, options: EncodingOptions) {
        // No alpha: the screen's corners (`export.screenCorners`) take the background's colour.
        self.input = input.withOpaqueCorners()
        self.options = options
    }

    /// At CRF 18 (for tests).
    public init(_ animation: Animation, pdf: PDFConverting) {
        self.init(PreparedAnimation(animation, pdf: pdf), options: EncodingOptions())
    }

    public var plan: String {
        "H.264 MP4, yuv420p in BT.709 limited range, \(scene.export.fps.shortText) fps constant, CRF \(crf), faststart\(options.playback == .forever ? "" : "; --loop does not apply (players loop a video themselves)")"
    }

    public static func check(_ input: PreparedAnimation, options: EncodingOptions) throws(SceneError) {
        try check(input.animation)
    }

    public func write(to target: OutputTarget, progress: ExportProgress) throws -> ExportReport {
        let output = try Self.file(target)
        try export(to: output, progress: progress)
        return ExportReport(notes: padding.map { [$0] } ?? [])
    }

    /// Written through a temporary file (the index is moved to the front by reading the file back), then read.
    public func data(named displayName: String, progress: ExportProgress) throws -> (data: Data, report: ExportReport) {
        let data = try OutputFile(URL(fileURLWithPath: displayName == "-" ? "stdout.mp4" : displayName), displayName: displayName)
            .bytes { temporary in try write(into: temporary, named: displayName, progress: progress) }
        return (data, ExportReport(notes: padding.map { [$0] } ?? []))
    }

    /// Throws when this animation cannot be an MP4; called for every output before any is written.
    public static func check(_ animation: Animation) throws(SceneError) {
        try animation.checkRasterLimits()
        guard animation.withOpaqueCorners().graph.matte.isOpaque else {
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
        let (width, height) = input.pixelSize
        do {
            let writer = try H264Writer(path: file.path, width: width, height: height, fps: settings.fps, crf: crf)
            // x264 encodes on threads of its own: above a 2× full screen, one render worker beside it keeps
            // the peak down (each worker holds its surface, the glass bar's blur and its images' patches).
            let workers = width * height > H264Writer.largeFrame ? 1 : ProcessInfo.processInfo.activeProcessorCount
            try input.forEachRGBAFrame(progress: progress, workers: workers) { rgba, _, _ in try writer.add(rgba: rgba) }
            try writer.finish()
        } catch let error as CLibraryError {
            throw SceneError(.write, file: name, keyPath: nil, "writing the MP4 failed: \(error)")
        }
    }
}
