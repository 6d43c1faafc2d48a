import Basics
import Drawing
import Exporting
import Foundation
import GIFPlanning
import Graph
import Outputs
import Resolving
import Scene

/// Writes the animation as a looping GIF in two passes over frames rendered in parallel (each frame is a
/// pure function of its time, so rendering twice costs less than holding every frame, whose memory grows
/// with the animation's length and size):
/// 1. a census of the colours the GIF will show, weighted by how long each is shown (`ColorCensus`),
///    which gives one global palette: exact when the animation has at most 256 colours, else
///    libimagequant's (`GIFPalette`); it takes every other frame (`censusStride`), and every frame only
///    where those have no more colours than the palette holds;
/// 2. each frame mapped to that palette (by the worker that drew it) and written as the rectangle that
///    changes the viewer's canvas, its indices chosen for long LZW strings and compressed
///    (`FrameDiffEncoder`, `LZWPlanner`), and handed to giflib, which writes the file.
/// Frames whose draw commands equal the previous frame's are not rendered at all: a static stretch costs
/// almost nothing; the others redraw only the part that changes. Memory holds a few frames at a time,
/// whatever the length.
public struct GIFExporter: AnimationExporter, Sendable {
    public static let format = OutputFormat(
        name: "gif", title: "GIF", extensions: ["gif"], mediaType: "image/gif", maximumFPS: GIFTiming.maximumFPS,
        quality: "lossy LZW at this quality, 0 to 100 (each pixel at most 5 levels from its colour at 90, 11 at 50, 16 at 0, where that shortens the file)",
        budget: [.quality([90, 80, 70]), .frameRate([24, 20, 15, 12, 10]), .colors([128, 64, 32]), .scale([0.75, 0.5])],
        hasTransparency: false)

    public let input: PreparedAnimation
    public var animation: Animation { input.animation }
    var scene: ResolvedScene { animation.scene }
    var graph: SceneGraph { animation.graph }
    var pdf: PDFConverting { input.pdf }
    public var options: EncodingOptions
    /// Threads that render frames; the calling thread encodes.
    public var renderThreads = ProcessInfo.processInfo.activeProcessorCount

    public init(_ input: PreparedAnimation, options: EncodingOptions) {
        // No alpha: the screen's corners (`export.screenCorners`) take the background's colour.
        self.input = input.withOpaqueCorners()
        self.options = options
    }

    /// With the default options (for tests).
    public init(_ animation: Animation, pdf: PDFConverting) {
        self.init(PreparedAnimation(animation, pdf: pdf), options: EncodingOptions())
    }

    /// What a GIF alone is told, kept in `EncodingOptions`.
    public struct Settings: FormatSettings {
        /// At most this many colours in its palette (`--max-size` lowers it); a GIF holds 256.
        public var colors = 256
        /// `--verbose`: the processor time of each of its stages, for its report. Off, no thread's CPU clock
        /// is read: each reading is a system call (`CLOCK_THREAD_CPUTIME_ID`), and the readings and their
        /// lock add up to a visible share of the processor time of many locales made together.
        public var timesStages = false

        public init() {}
    }

    public var settings: Settings {
        get { options[Settings.self] }
        set { options[Settings.self] = newValue }
    }

    /// A `--max-size` candidate's palette: at most `colors` colours.
    public static func options(_ options: EncodingOptions, colors: Int) -> EncodingOptions {
        var options = options
        options[Settings.self].colors = colors
        return options
    }

    /// At most this many colours in the global palette.
    var maximumColors: Int { min(256, max(2, settings.colors)) }

    /// Repeats after the first play (NETSCAPE2.0): 0 loops forever, nil plays once (no such block).
    var loopCount: Int? {
        switch options.playback.playCount {
        case nil: return 0
        case 1: return nil
        case let count?: return count - 1
        }
    }

    public var plan: String {
        let settings = scene.export
        let delays = GIFTiming.delays(frameCount: min(settings.frameCount, 6), fps: settings.fps).map(String.init).joined(separator: ", ")
        return "GIF, \(settings.frameCount) frames with delays in whole centiseconds that never drift (\(delays) cs…)\(options.quality.map { ", lossy at quality \($0.shortText) (pixels within \(String(format: "%.1f", FrameDiffEncoder.lossyLevels($0))) levels)" } ?? ""), \(options.playback.description)"
    }

    public static func check(_ input: PreparedAnimation, options: EncodingOptions) throws(SceneError) {
        try check(input.animation)
    }

    public func write(to target: OutputTarget, progress: ExportProgress) throws -> ExportReport {
        let output = try Self.file(target)
        return try export(to: output, progress: progress).exportReport
    }

    public func data(named displayName: String, progress: ExportProgress) throws -> (data: Data, report: ExportReport) {
        let (data, report) = try encoded(named: displayName, progress: progress)
        return (data, report.exportReport)
    }

    /// Throws when this animation cannot be a GIF; called for every output before any is written.
    public static func check(_ animation: Animation) throws(SceneError) {
        try animation.checkRasterLimits()
        let settings = animation.scene.export
        guard settings.fps <= GIFTiming.maximumFPS else {
            throw SceneError(.resolve, [animation.scene.diagnostic(at: KeyPath.root.appending("export").appending("fps"),
                "\(settings.fps.shortText) fps is too fast for a GIF: browsers play delays under 2 cs as 10 cs, so at most 50 fps")])
        }
        guard animation.withOpaqueCorners().graph.matte.isOpaque else {
            throw SceneError(.resolve, file: animation.scene.file, keyPath: nil, "a GIF has no partial transparency: the background must be opaque")
        }
    }

    /// What an export chose: its palette and, frame by frame, how the frames were written.
    public struct Report: Sendable {
        public var palette: GIFPalette
        public var frames: FrameDiffEncoder.Statistics
        /// Where the time went (for variants made together, the time of all of them), when it was asked
        /// for (`Settings.timesStages`).
        public var times: StageTimes?
        /// For the lead of variants made together: how many variants it led.
        public var variants = 0
        /// For a variant: the lead's output, and how many frames it drew itself and made from the lead's.
        public var sharedWith: (lead: String, drawn: Int, partlyDrawn: Int, shared: Int)?

        /// For `--verbose`: the palette and frames, and where the time went.
        var exportReport: ExportReport { ExportReport(details: [summary] + (times.map { [$0.summary] } ?? [])) }

        /// One line for `--verbose`.
        public var summary: String {
            let colors = palette.colorCount.map { "\($0) colours" } ?? "colours"
            let table = palette.isExact
                ? "palette: \(colors), all in one table (lossless)"
                : "palette: \(colors), quantized to \(palette.table.count - (palette.transparentIndex == nil ? 0 : 1)) by libimagequant (mean error \(String(format: "%.2f", (palette.meanError / Double(ColorMapper.distanceWeight)).squareRoot())) levels); pixels may be written within a bound of their colour where that shortens the file"
            var parts = ["\(frames.transparent) with transparent pixels"]
            if !palette.isExact { parts.append("\(frames.substituted) with colours within their bounds") }
            if frames.unchanged > 0 {
                // A frame that changes nothing is the frame before shown longer, where it can be.
                let merged = frames.merged == frames.unchanged ? ", each written as a longer delay of the frame before"
                    : frames.merged > 0 ? " (\(frames.merged) written as a longer delay of the frame before)" : ""
                parts.append("\(frames.unchanged) unchanged\(merged)")
            }
            if frames.localPalettes > 0 { parts.append("\(frames.localPalettes) with a palette of their own") }
            if frames.undone > 0 { parts.append("\(frames.undone) undone by the next (disposed to what was under them)") }
            var shared = ""
            if variants > 0 { shared = "; made in one pass with \(variants) other locale\(variants == 1 ? "" : "s") (one palette for all)" }
            if let with = sharedWith {
                shared = "; made with \(with.lead): \(with.shared) frames from its pixels, \(with.partlyDrawn) from its pixels but where titles differ, \(with.drawn) drawn"
            }
            return "\(table); frames written as the rectangles that change: \(parts.joined(separator: ", "))\(shared)"
        }
    }

    /// Writes the GIF into `output` (its temporary, renamed into place when whole).
    @discardableResult
    public func export(to output: OutputFile, progress: ExportProgress = SilentProgress()) throws -> Report {
        try export(to: .file(output), progress: progress)
    }

    /// The GIF's bytes, written in memory (no file, no scratch folder: for the review page, which embeds it).
    public func encoded(named displayName: String, progress: ExportProgress = SilentProgress()) throws -> (data: Data, report: Report) {
        let sink = GIFStreamWriter.GIFByteSink()
        let report = try export(to: .memory(sink, displayName: displayName), progress: progress)
        return (sink.data, report)
    }

    /// Where giflib writes: a file's temporary or memory.
    enum Destination {
        case file(OutputFile)
        case memory(GIFStreamWriter.GIFByteSink, displayName: String)

        var displayName: String {
            switch self {
            case .file(let output): return output.displayName
            case .memory(_, let name): return name
            }
        }

        func write(_ body: (GIFStreamWriter) throws -> Void) throws {
            switch self {
            case .file(let output):
                try output.write { temporary in try body(try GIFStreamWriter(path: temporary.path)) }
            case .memory(let sink, _):
                try body(try GIFStreamWriter(into: sink))
            }
        }
    }

    private func export(to destination: Destination, progress: ExportProgress) throws -> Report {
        try Self.export([(self, destination)], progress: progress)[0]
    }

    /// The first pass: the palette for every colour the GIF will show. The census samples every
    /// `censusStride`-th frame, each counted for the frames up to the next: a palette quantized by
    /// libimagequant serves the colours of the frames between as well (they are the same, or between those
    /// of the frames around them). Where the sample has at most as many colours as the palette holds, every
    /// frame is counted, so that an exact palette has every colour.
    /// With `variants` (the same animation in other locales), one palette for all: their frames are
    /// counted with the lead's (`VariantFrames`), each GIF weighing as much as its frames show.
    func globalPalette(_ rasterizers: RasterizerPool? = nil, variants: [(exporter: GIFExporter, rasterizers: RasterizerPool)] = [],
                       clock: StageClock = StageClock(measuring: false)) throws -> GIFPalette {
        let rasterizers = rasterizers ?? RasterizerPool(input)
        var census = try census(every: Self.censusStride, rasterizers, variants: variants, clock: clock)
        if Self.censusStride > 1, census.finished().count <= GIFPalette.entries(for: maximumColors) {
            census = try self.census(every: 1, rasterizers, variants: variants, clock: clock)
        }
        do {
            return try clock.measure(.palette) {
                try GIFPalette(census, maximumColors: maximumColors) { try Quantizer.palette(histogram: $0, maxColors: $1) }
            }
        } catch {
            throw SceneError(.write, file: scene.file, keyPath: nil, "choosing the GIF's palette failed: \(error)")
        }
    }

    /// Frames the census takes one of (`globalPalette`). 2 halves the first pass and keeps every benchmark
    /// scene's mean SSIM above ffmpeg's; 4 fell below it on `screen` (bench/README.md).
    static let censusStride = 2
}
