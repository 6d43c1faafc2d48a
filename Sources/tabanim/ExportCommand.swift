import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import Narrative
import Outputs
import Review
import Scene
import Spec

/// `tabanim export SCENE -o OUT.gif|OUT.svg|FOLDER/`: the main job.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the scene's animation as an animated GIF, SVG or WebP, an MP4 video, or a folder of PNG frames.",
        discussion: """
            The format follows each output's extension (\(Exporters.fileExtensions.map { "." + $0 }.joined(separator: ", "))); a path ending in '/' or an existing folder \
            gets PNG frames (frame-0000.png is frame 0, at 0 s). --format sets the format of every output. \
            '-o -' writes one file to standard output (with --format). \
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
                  help: "Where to write: name.gif, name.svg, name.webp (full colour, lossless), name.mp4 (H.264), a folder for PNG frames, or - for standard output; repeatable.",
                  required: true, repeatable: true, completion: .files(Exporters.fileExtensions)),
            .init(name: "format", valueName: "format", help: "The format of every output, whatever its name.",
                  choices: Exporters.formats.map(\.name), completion: .choices),
        ] + ExportOverrides.options + [DiffCommand.regionOption()] + PlaybackRange.options + [
            .init(name: "loop", valueName: "count",
                  help: "How many times the animation plays before it stops on its last frame; 0 (the default) loops forever. \(Exporters.titles { $0.hasPlayback })."),
            SizeBudget.option,
            .init(name: "quality", valueName: "n",
                  help: "Lossy, 0 to 100 (smaller files, colours no longer exact): \(Exporters.formats.compactMap { format in format.quality.map { "\(format.title): \($0)" } }.joined(separator: "; ")). By default GIF and WebP are lossless."),
            SharedOptions.background,
            InterfaceStyleOption.option,
            LocaleOption.option,
            .init(name: "text", valueName: "form",
                  help: "SVG titles as 'outlines' of the GIF's own font (the default: the same letters in every viewer) or as 'fonts' (smaller; the viewer's fonts).",
                  choices: Exporters.textForms, completion: .choices),
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
            "tabanim export scene.json -o - --format gif | gifsicle --info",
            "tabanim export scene.json -o demo.svg --watch",
            "tabanim export scene.json -o demo.gif --interface-style both",
            "tabanim export scene.json -o out/demo.gif --locale all",
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
struct ExportJob: Sendable {
    struct Output: Sendable {
        var path: String
        var exporter: any AnimationExporter.Type
        var format: OutputFormat { exporter.format }
        var url: URL { URL(fileURLWithPath: path) }
        /// `-o -`: the file goes to standard output.
        var isStandardOutput: Bool { path == "-" }
    }

    let scenePath: String
    let outputs: [Output]
    let overrides: ExportOverrides
    /// `--interface-style`: the styles drawn, each from the same timeline; `[nil]` is the scene's own.
    let styles: [InterfaceStyle?]
    /// `--locale`: resolved against the scene's catalog when the scene is read.
    let locales: LocaleOption.Request
    let range: PlaybackRange
    let background: Color?
    /// `--loop`, `--quality`, `--text`.
    let options: EncodingOptions
    /// `--max-size`.
    let budget: SizeBudget?
    let safeguards: Safeguards
    let quiet: Bool
    let narrator: Narrator
    let console: Console

    init(_ arguments: ParsedArguments, console: Console) throws(UsageError) {
        self.console = console
        scenePath = arguments.positionals[0]
        (quiet, narrator) = try SharedOptions.narration(arguments, console)
        let forced = arguments.value("format").flatMap(Exporters.named)
        outputs = try arguments.all("output").map { path throws(UsageError) in try Self.output(path, forced: forced) }
        if Set(outputs.map { $0.url.standardizedFileURL.path }).count < outputs.count {
            throw UsageError("the same output is given twice")
        }
        if outputs.contains(where: \.isStandardOutput), outputs.count > 1 || arguments.flag("watch") {
            throw UsageError("-o - writes one file to standard output: give it alone, without --watch")
        }
        safeguards = try Safeguards(arguments)
        overrides = try ExportOverrides(arguments, limits: safeguards.limits)
        styles = InterfaceStyleOption.styles(arguments)
        if styles.count > 1, let stdout = outputs.first(where: \.isStandardOutput) {
            throw UsageError("--interface-style both writes two files: '\(stdout.path)' can take one")
        }
        locales = try LocaleOption.request(arguments)
        let several: Bool
        switch locales {
        case .scene: several = false
        case .these(let codes): several = codes.count > 1
        case .all: several = true
        }
        if several, let stdout = outputs.first(where: \.isStandardOutput) {
            throw UsageError("--locale with several languages writes a file each: '\(stdout.path)' can take one")
        }
        if let fps = overrides.fps, let slow = outputs.first(where: { ($0.format.maximumFPS ?? .infinity) < fps }),
           let fastest = slow.format.maximumFPS {
            throw UsageError("--fps \(fps.shortText) is too fast for \(slow.format.titleWithArticle) ('\(slow.path)'): at most \(fastest.shortText) fps (browsers play shorter delays slower)")
        }
        range = try PlaybackRange(arguments, limits: safeguards.limits)
        background = try SharedOptions.background(arguments)
        if background.map({ $0.alpha < 1 }) == true, let opaque = outputs.first(where: { !$0.format.hasTransparency }) {
            throw UsageError("\(opaque.format.title) has no partial transparency: --background must be opaque for '\(opaque.path)'")
        }
        options = Exporters.options(EncodingOptions(playback: Playback(loop: try arguments.integer("loop", in: 0...1000) ?? 0),
                                                    quality: try arguments.number("quality", in: 0...100)),
                                    text: arguments.value("text"), verbose: narrator.enabled)
        budget = try SizeBudget(arguments)
        if budget != nil, let folder = outputs.first(where: \.format.writesFolder) {
            throw UsageError("--max-size is for files (\(Exporters.titles { !$0.writesFolder })), not a folder of PNG frames ('\(folder.path)')")
        }
        if options.quality != nil, !outputs.contains(where: { $0.format.quality != nil }) {
            throw UsageError("--quality is for \(Exporters.titles { $0.quality != nil }) outputs; \(outputs.map(\.format.title).joined(separator: ", ")) \(outputs.count == 1 ? "has" : "have") no quality setting")
        }
    }

    /// The output `path` names: its format from `--format` or its name. A path ending in "/" or naming an
    /// existing folder holds PNG frames; "-" is standard output (with `--format`).
    static func output(_ path: String, forced: (any AnimationExporter.Type)?) throws(UsageError) -> Output {
        let names = Exporters.fileExtensions.map { "." + $0 }.joined(separator: ", ")
        if path == "-" {
            guard let forced, !forced.format.writesFolder else {
                throw UsageError("-o - writes to standard output: say which format with --format (\(Exporters.formats.filter { !$0.writesFolder }.map(\.name).joined(separator: ", ")))")
            }
            return Output(path: path, exporter: forced)
        }
        var isDirectory: ObjCBool = false
        let isFolder = path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let byName = isFolder ? Exporters.folder : Exporters.forExtension(URL(fileURLWithPath: path).pathExtension)
        guard let exporter = forced ?? byName else {
            if URL(fileURLWithPath: path).pathExtension.lowercased() == "png" {
                throw UsageError("'\(path)' would be one image: PNG frames go in a folder (name it '\(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)/'), and one frame is 'tabanim frame SCENE --at T -o \(URL(fileURLWithPath: path).lastPathComponent)'")
            }
            throw UsageError("cannot tell the format of '\(path)' from its name; use \(names), a folder ending in '/', or --format")
        }
        if let forced, let byName, !isFolder, byName.format.name != forced.format.name {
            let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let fix = forced.format.writesFolder ? "'\(stem)/'" : "'\(stem).\(forced.format.extensions[0])'"
            throw UsageError("'\(path)' is named as \(byName.format.titleWithArticle) but --format \(forced.format.name) writes \(forced.format.writesFolder ? "PNG frames" : forced.format.titleWithArticle): name it \(fix), or leave out --format")
        }
        if exporter.format.writesFolder, !isFolder {
            throw UsageError("PNG frames go in a folder: '\(path)' is not one; name it '\(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)/' (one frame is 'tabanim frame SCENE --at T -o \(URL(fileURLWithPath: path).lastPathComponent)')")
        }
        if !exporter.format.writesFolder, isFolder {
            throw UsageError("'\(path)' is a folder: \(exporter.format.titleWithArticle) is one file")
        }
        return Output(path: path, exporter: exporter)
    }

    /// Reads the scene and writes every output, or none: every output is checked before any work starts,
    /// each is written to its temporary, and they are renamed into place only when all are complete.
    func run() throws {
        // One animation per style, prepared once (titles fitted); the script, and so the timeline, is the
        // same in each.
        var plans: [Plan] = []
        // The file is read once; each (locale, style) resolves it once.
        let read = try SceneSpec.read(URL(fileURLWithPath: scenePath), file: scenePath, limits: safeguards.limits)
        let runs = try LocaleRun.all(self.locales, styles: styles) { locale, style in
            var overrides = self.overrides
            overrides.interfaceStyle = style
            overrides.locale = locale
            return try LoadedScene(scenePath, read: read, overrides: overrides, safeguards: safeguards)
        }
        // Every file decoded once for the run: the Lottie clips the warnings read, and every locale's and
        // style's exporters.
        let decoded = DecodedAssets()
        var animations: [Animation] = []
        for run in runs {
            let loaded = run.loaded
            if animations.isEmpty {
                explain(loaded, decoded)
                warn(loaded, decoded)
            }
            var animation = try range.apply(to: loaded.animation)
            if animations.isEmpty, !range.isWholeLoop {
                let (start, end) = try range.bounds(within: loaded.scene.export.duration)
                narrator.say("range: \(start.shortText) s to \(end.shortText) s at speed \(range.speed.shortText) → \(animation.scene.export.duration.shortText) s, \(animation.scene.export.frameCount) frames (whole frames at the same rate)")
            }
            if let background { animation = animation.withBackground(background) }
            animations.append(animation)
        }
        // Titles fitted (measured by pango, one thread at a time: `PangoText.lock`).
        let inputs = animations.map { PreparedAnimation($0, pdf: IsolatedPDFConverter.tabanim, decoded: decoded) }
        for (k, run) in runs.enumerated() {
            let (locale, style, input) = (run.locale, run.style, inputs[k])
            for (number, output) in outputs.enumerated() {
                // With --locale, every output is named by its locale, however many were asked.
                let suffixes = (locales == .scene || output.isStandardOutput ? [] : [locale].compactMap { $0 }) + (styles.count > 1 ? [style?.rawValue].compactMap { $0 } : [])
                plans.append(Plan(output: Output(path: VariantPath.path(output.path, suffixes: suffixes), exporter: output.exporter), input: input,
                                  variantOf: "\(number) \(style?.rawValue ?? "")"))
            }
        }
        if !quiet, options.playback != .forever, let still = outputs.first(where: { !$0.format.hasPlayback }) {
            console.warning("--loop has no effect on \(still.format.title)\(still.format.writesFolder ? "" : " (players loop a video themselves)")")
        }
        for plan in plans {
            try InputGuard.check(output: plan.output.path, scenePath: scenePath, scene: plan.input.scene)
            try check(plan.output, plan.input)
        }
        let batch = OutputBatch()
        var written: [String] = []
        do {
            written = try writeAll(plans, into: batch)
            try batch.commit()
        } catch {
            batch.discard()
            throw error
        }
        if !quiet {
            for (output, what) in zip(plans.map(\.output), written) {
                let size = output.isStandardOutput || !Self.isFileOrFolder(output.url) ? "" : ", \(Self.size(of: output.url))"
                console.error("Wrote \(output.isStandardOutput ? "standard output" : output.path) (\(what)\(size))\n")
            }
        }
        if styles.count > 1, locales == .scene {
            // What shows the right one on GitHub: one <picture> per output, on standard output.
            for output in outputs where !output.format.writesFolder {
                console.out(InterfaceStyleOption.pictureSnippet(light: InterfaceStyleOption.path(output.path, style: .light, of: styles),
                                                                dark: InterfaceStyleOption.path(output.path, style: .dark, of: styles),
                                                                alt: "Tab bar animation"))
            }
        }
    }

    /// Whether `url` is a regular file or a folder (links followed), not a device or FIFO written through.
    static func isFileOrFolder(_ url: URL) -> Bool {
        guard let type = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)[.type] as? FileAttributeType else { return false }
        return type == .typeRegular || type == .typeDirectory
    }

    /// The file's size, or the folder's files' total.
    static func size(of url: URL) -> String {
        let manager = FileManager.default
        var bytes = (try? manager.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        if let names = try? manager.contentsOfDirectory(atPath: url.path) {
            bytes = names.reduce(0) { $0 + ((try? manager.attributesOfItem(atPath: url.appendingPathComponent($1).path)[.size] as? Int) ?? 0) }
        }
        return sizeText(bytes)
    }

    /// "812 bytes", "395.1 KiB", "1.00 MiB": binary units, as `--max-size 400K` reads them.
    static func sizeText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.2f MiB", Double(bytes) / 1024 / 1024)
    }

    /// What is drawn despite a flaw of the scene's files (a Lottie layer naming an asset that is not there),
    /// once per file; nothing under `--quiet` ("Print nothing but errors").
    private func warn(_ loaded: LoadedScene, _ decoded: DecodedAssets) {
        guard !quiet else { return }
        let scene = loaded.scene
        for (clip, message) in LottieSupport.warnings(loaded.animation.graph, limits: scene.limits, decoded: decoded) {
            console.warning(Diagnostic(file: scene.file, keyPath: clip.asset.keyPath, message: message).description)
        }
        for warning in DesignCheck.warnings(loaded.animation) { console.warning(warning.description) }
    }

    /// `--verbose`: the scene as resolved, and where each export setting came from.
    private func explain(_ loaded: LoadedScene, _ decoded: DecodedAssets) {
        guard narrator.enabled else { return }
        let scene = loaded.scene, export = scene.export, graph = loaded.animation.graph
        narrator.say(SceneSummary.describe(loaded.animation))
        narrator.say("frames: \(export.fps.shortText) fps (\(loaded.source(of: "fps", overridden: overrides.fps != nil))), loop \(export.duration.shortText) s (\(loaded.source(of: "duration", overridden: overrides.duration != nil))) = \(export.frameCount) frames; frame i is shown at i / \(export.fps.shortText) s")
        let width = Int((graph.viewport.width * export.scale).rounded()), height = Int((graph.viewport.height * export.scale).rounded())
        narrator.say("size: \(export.scale.shortText) px per pt (\(loaded.source(of: "scale", overridden: overrides.scale != nil))) → \(width)×\(height) px, region \(export.region.rawValue)")
        let images = graph.assets
        narrator.say("images: \(images.count) (\(images.filter { $0.format == .svg }.count) SVG, \(images.filter { $0.format == .png }.count) PNG), all decoded before the first frame")
        if let lottie = LottieSupport.summary(graph, limits: scene.limits, decoded: decoded) { narrator.say(lottie) }
        if let type = Typefaces.summary(of: graph) { narrator.say(type.faces + (type.standIn.map { "\n  (" + $0 + ")" } ?? "")) }
    }
}
