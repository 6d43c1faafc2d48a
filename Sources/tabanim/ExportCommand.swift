import Drawing
import Foundation
import GIFExport
import MP4Export
import Outputs
import Review
import SVGExport
import WebPExport
import Scene

/// `tabanim export SCENE -o OUT.gif|OUT.svg|FOLDER/`: the main job.
enum ExportCommand: Command {
    enum Format: String, CaseIterable {
        case gif, svg, webp, mp4, png
    }

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the scene's animation as an animated GIF, SVG or WebP, an MP4 video, or a folder of PNG frames.",
        discussion: """
            The format follows each output's extension (.gif, .svg, .webp, .mp4); a path ending in '/' or an existing folder \
            gets PNG frames (frame-0000.png is frame 0, at 0 s). --format sets the format of every output. \
            Several -o options render one timeline. An output is replaced only when complete: on any error, or \
            on Ctrl-C, an existing file is left as it was, and a folder of frames is replaced only when it holds \
            nothing but an earlier export's frames.

            --from, --to and --speed cut a part of the loop and play it faster or slower, at the same frame \
            rate. With --watch, tabanim exports, then exports again whenever the scene file or an image it \
            names changes; a broken edit prints its errors and keeps the last good outputs. Ctrl-C stops it.
            """,
        arguments: [SharedOptions.scene],
        options: [
            .init(name: "output", short: "o", valueName: "path",
                  help: "Where to write: name.gif, name.svg, name.webp (full colour, lossless), name.mp4 (H.264), or a folder for PNG frames; repeatable.",
                  required: true, repeatable: true, completion: .files(["gif", "svg", "webp", "mp4"])),
            .init(name: "format", valueName: "format", help: "The format of every output, whatever its name.",
                  choices: Format.allCases.map(\.rawValue), completion: .choices),
        ] + ExportOverrides.options + PlaybackRange.options + [
            .init(name: "loop", valueName: "count",
                  help: "How many times the animation plays before it stops on its last frame; 0 (the default) loops forever. GIF, SVG and WebP."),
            SizeBudget.option,
            .init(name: "quality", valueName: "n",
                  help: "WebP only: lossy at this quality, 0 to 100 (smaller files, colours no longer exact); by default WebP is lossless."),
            SharedOptions.background,
            InterfaceStyleOption.option,
            .init(name: "text", valueName: "form",
                  help: "SVG titles as 'outlines' of the GIF's own font (the default: the same letters in every viewer) or as 'fonts' (smaller; the viewer's fonts).",
                  choices: SVGExporter.TextRendering.allCases.map(\.rawValue), completion: .choices),
            .init(name: "watch", short: "w", valueName: nil,
                  help: "Export again whenever the scene or one of its images changes, until Ctrl-C."),
            SharedOptions.quiet,
            SharedOptions.verbose,
        ] + SharedOptions.safeguards,
        examples: [
            "tabanim export scene.json -o demo.gif",
            "tabanim export scene.json -o demo.gif -o demo.svg --fps 25",
            "tabanim export scene.json -o frames/ --scale 3",
            "tabanim export scene.json -o slow.gif --from 0.5 --to 2 --speed 0.25",
            "tabanim export scene.json -o demo.svg --watch",
            "tabanim export scene.json -o demo.gif --interface-style both",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let job = try ExportJob(arguments, console: console)
        if arguments.flag("watch") {
            ExportWatcher(job: job).run()
            return
        }
        try Interruption.during(console) { try job.run() }
    }
}

/// One export as the command line asked for it, checked before the scene is read; `run()` may be called
/// again and again (`--watch`).
struct ExportJob {
    struct Output {
        var path: String
        var format: ExportCommand.Format
        var url: URL { URL(fileURLWithPath: path) }
    }

    let scenePath: String
    let outputs: [Output]
    let overrides: ExportOverrides
    /// `--interface-style`: the styles drawn, each from the same timeline; `[nil]` is the scene's own.
    let styles: [InterfaceStyle?]
    let range: PlaybackRange
    let background: Color?
    /// `--loop`: plays in all; nil forever.
    let playCount: Int?
    /// `--quality`, for WebP outputs: nil is lossless.
    let quality: Double?
    /// `--max-size`.
    let budget: SizeBudget?
    /// `--text`, for SVG outputs.
    let text: SVGExporter.TextRendering
    let safeguards: Safeguards
    let quiet: Bool
    let narrator: Narrator
    let console: Console

    init(_ arguments: ParsedArguments, console: Console) throws(UsageError) {
        self.console = console
        scenePath = arguments.positionals[0]
        (quiet, narrator) = try SharedOptions.narration(arguments, console)
        let forced = arguments.value("format").flatMap(ExportCommand.Format.init(rawValue:))
        outputs = try arguments.all("output").map { path throws(UsageError) in
            guard let format = forced ?? Self.format(of: path) else {
                throw UsageError("cannot tell the format of '\(path)' from its name; use .gif, .svg, .webp, .mp4, a folder ending in '/', or --format")
            }
            return Output(path: path, format: format)
        }
        if Set(outputs.map { $0.url.standardizedFileURL.path }).count < outputs.count {
            throw UsageError("the same output is given twice")
        }
        safeguards = try Safeguards(arguments)
        overrides = try ExportOverrides(arguments, limits: safeguards.limits)
        styles = InterfaceStyleOption.styles(arguments)
        range = try PlaybackRange(arguments, limits: safeguards.limits)
        background = try SharedOptions.background(arguments)
        if background.map({ $0.alpha < 1 }) == true, let gif = outputs.first(where: { $0.format == .gif }) {
            throw UsageError("a GIF has no partial transparency: --background must be opaque for '\(gif.path)'")
        }
        text = arguments.value("text").flatMap(SVGExporter.TextRendering.init(rawValue:)) ?? .outlines
        quality = try arguments.number("quality", in: 0...100)
        budget = try SizeBudget(arguments)
        if budget != nil, outputs.contains(where: { $0.format == .png }) {
            throw UsageError("--max-size is for files (GIF, SVG, WebP, MP4), not a folder of PNG frames")
        }
        if quality != nil, !outputs.contains(where: { $0.format == .webp }) {
            throw UsageError("--quality is for WebP outputs (name.webp); GIF and SVG have no quality setting")
        }
        let loop = try arguments.integer("loop", in: 0...1000)
        playCount = loop == 0 ? nil : loop
    }

    /// .gif, .svg, .webp and .mp4 by extension; a path ending in "/" or naming an existing folder holds PNG frames.
    static func format(of path: String) -> ExportCommand.Format? {
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            return .png
        }
        let format = ExportCommand.Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
        return format == .png ? nil : format  // name.png would be one image: that is `tabanim frame`
    }

    /// Reads the scene and writes every output, or none: every output is checked before any work starts,
    /// each is written to its temporary, and they are renamed into place only when all are complete.
    func run() throws {
        // One animation per style; the script, and so the timeline, is the same in each.
        var plans: [(output: Output, animation: Animation)] = []
        for style in styles {
            var overrides = self.overrides
            overrides.interfaceStyle = style
            let loaded = try LoadedScene(scenePath, overrides: overrides, safeguards: safeguards)
            if plans.isEmpty { explain(loaded) }
            var animation = try range.apply(to: loaded.animation)
            if plans.isEmpty, !range.isWholeLoop {
                let (start, end) = try range.bounds(within: loaded.scene.export.duration)
                narrator.say("range: \(start.shortText) s to \(end.shortText) s at speed \(range.speed.shortText) → \(animation.scene.export.duration.shortText) s, \(animation.scene.export.frameCount) frames (whole frames at the same rate)")
            }
            if let background { animation = animation.withBackground(background) }
            for output in outputs {
                let path = InterfaceStyleOption.path(output.path, style: style, of: styles)
                plans.append((Output(path: path, format: output.format), animation))
            }
        }
        if playCount != nil, outputs.allSatisfy({ $0.format == .png }) {
            console.warning("--loop has no effect on PNG frames")
        }
        for (output, animation) in plans { try check(output, animation) }
        let batch = OutputBatch()
        var written: [String] = []
        do {
            for (output, animation) in plans {
                written.append(try write(output, animation, into: batch))
            }
            try batch.commit()
        } catch {
            batch.discard()
            throw error
        }
        if !quiet {
            for ((output, _), what) in zip(plans, written) {
                console.error("Wrote \(output.path) (\(what), \(Self.size(of: output.url)))\n")
            }
        }
        if styles.count > 1 {
            // What shows the right one on GitHub: one <picture> per output, on standard output.
            for output in outputs where output.format != .png {
                console.out(InterfaceStyleOption.pictureSnippet(light: InterfaceStyleOption.path(output.path, style: .light, of: styles),
                                                                dark: InterfaceStyleOption.path(output.path, style: .dark, of: styles),
                                                                alt: "Tab bar animation"))
            }
        }
    }

    /// Before any work starts: the output's format can hold this animation (a GIF at most 50 fps, opaque,
    /// within the pixel limits), its folder exists and can be written, and a frames folder may be replaced.
    private func check(_ output: Output, _ animation: Animation) throws {
        switch output.format {
        case .gif: try GIFExporter.check(animation)
        case .webp: try WebPExporter.check(animation)
        case .mp4: try MP4Exporter.check(animation)
        case .png: try animation.checkRasterLimits()
        case .svg: break
        }
        if output.format == .png {
            try PNGExporter.folder(output.url, displayName: output.path).checkReplaceable()
        }
        try OutputFile(output.url, displayName: output.path).checkWritable()
    }

    /// Writes `output` into its temporary, to be put in place with the others; returns what it holds, for
    /// the final line.
    private func write(_ output: Output, _ animation: Animation, into batch: OutputBatch) throws -> String {
        let bar = ProgressBar(label: output.path, enabled: console.errorIsTerminal && !quiet, console: console)
        defer { bar.finish() }
        let scene = animation.scene
        let frames = scene.export.frameCount
        let lottie = IsolatedLottieRenderer.tabanim(scene)
        let file = OutputFile(output.url, displayName: output.path, batch: batch)
        if let budget {
            let given = try write(output, animation, within: budget, into: file, lottie: lottie, progress: bar)
            bar.finish()
            // The frame count may have changed with the frame rate: the line says the rate given up instead.
            let what = given.isEmpty ? "\(frames) frames, \(scene.export.duration.shortText) s" : "\(scene.export.duration.shortText) s"
            return given.isEmpty ? what : what + "; to fit \(budget.text): " + given.joined(separator: ", ")
        }
        switch output.format {
        case .gif:
            var exporter = GIFExporter(animation, lottie: lottie)
            // NETSCAPE2.0 counts the repeats after the first play; playing once means no such block.
            exporter.loopCount = playCount == 1 ? nil : (playCount.map { $0 - 1 } ?? 0)
            narrator.say("\(output.path): GIF, \(frames) frames with delays in whole centiseconds that never drift (\(GIFTiming.delays(frameCount: min(frames, 6), fps: scene.export.fps).map(String.init).joined(separator: ", ")) cs…), \(playCount.map { "plays \($0) times" } ?? "loops forever")")
            let report = try exporter.export(to: file, progress: bar)
            narrator.say("\(output.path): \(report.summary)")
            narrator.say("\(output.path): \(report.times.summary)")
        case .svg:
            var exporter = SVGExporter(animation, lottie: lottie)
            exporter.playCount = playCount
            exporter.text = text
            narrator.say("\(output.path): SVG with SMIL animation on one \(scene.export.duration.shortText) s timeline, images embedded, \(playCount.map { "plays \($0) times" } ?? "loops forever")")
            try exporter.export(to: file)
        case .webp:
            var exporter = WebPExporter(animation, lottie: lottie)
            exporter.loopCount = playCount ?? 0
            exporter.quality = quality
            narrator.say("\(output.path): animated WebP, \(quality.map { "lossy at quality \($0.shortText)" } ?? "lossless"), \(frames) frames starting at whole milliseconds (frame i at round(i × 1000 / \(scene.export.fps.shortText))), unchanged frames merged, \(playCount.map { "plays \($0) times" } ?? "loops forever")")
            try exporter.export(to: file, progress: bar)
        case .mp4:
            let exporter = MP4Exporter(animation, lottie: lottie)
            narrator.say("\(output.path): H.264 MP4, yuv420p, \(scene.export.fps.shortText) fps constant, CRF \(exporter.crf), faststart\(playCount == nil ? "" : "; --loop does not apply (players loop a video themselves)")")
            try exporter.export(to: file, progress: bar)
            if let padding = exporter.padding { bar.finish(); return "\(frames) frames, \(scene.export.duration.shortText) s, \(padding)" }
        case .png:
            narrator.say("\(output.path): \(frames) PNG frames, \(PNGExporter.fileName(ofFrame: 0, count: frames)) to \(PNGExporter.fileName(ofFrame: frames - 1, count: frames))")
            try PNGExporter(animation, lottie: lottie)
                .exportFrames(to: PNGExporter.folder(output.url, displayName: output.path, batch: batch), progress: bar)
        }
        bar.finish()
        let what = output.format == .png ? "\(frames) PNG frames" : "\(frames) frames"
        return "\(what), \(scene.export.duration.shortText) s"
    }

    /// The file's size, or the folder's files' total.
    static func size(of url: URL) -> String {
        let manager = FileManager.default
        var bytes = (try? manager.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        if let names = try? manager.contentsOfDirectory(atPath: url.path) {
            bytes = names.reduce(0) { $0 + ((try? manager.attributesOfItem(atPath: url.appendingPathComponent($1).path)[.size] as? Int) ?? 0) }
        }
        return ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file)
    }

    /// `--verbose`: the scene as resolved, and where each export setting came from.
    private func explain(_ loaded: LoadedScene) {
        guard narrator.enabled else { return }
        let scene = loaded.scene, export = scene.export, graph = loaded.animation.graph
        narrator.say(SceneSummary.describe(loaded.animation))
        narrator.say("frames: \(export.fps.shortText) fps (\(loaded.source(of: "fps", overridden: overrides.fps != nil))), loop \(export.duration.shortText) s (\(loaded.source(of: "duration", overridden: overrides.duration != nil))) = \(export.frameCount) frames; frame i is shown at i / \(export.fps.shortText) s")
        let width = Int((graph.viewport.width * export.scale).rounded()), height = Int((graph.viewport.height * export.scale).rounded())
        narrator.say("size: \(export.scale.shortText) px per pt (\(loaded.source(of: "scale", overridden: overrides.scale != nil))) → \(width)×\(height) px, region \(export.region.rawValue)")
        let images = graph.assets
        narrator.say("images: \(images.count) (\(images.filter { $0.format == .svg }.count) SVG, \(images.filter { $0.format == .png }.count) PNG), all decoded before the first frame")
        if let lottie = LottieSupport.summary(graph, limits: scene.limits) { narrator.say(lottie) }
    }
}
