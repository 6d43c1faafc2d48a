import Drawing
import Foundation
import Graph
import Narrative
import Outputs
import Resolving
import Review
import Scene
import Spec

/// `tabanim sheet SCENE -o sheet.png`: the animation as a storyboard on one image.
enum SheetCommand: Command {
    static let maximumPanels = 100
    /// Pixels per point of each frame unless --scale says otherwise: small enough for a page of frames,
    /// large enough to read the bar's titles.
    static let defaultScale = 0.5

    static let spec = CommandSpec(
        name: "sheet",
        abstract: "Draw a storyboard: frames of the loop in a grid, each captioned with what just happened.",
        discussion: """
            By default the sheet has a frame at the start, at every moment something happens (a tap, a slide \
            ending) and halfway through each slide; --every takes one every so many seconds instead. Under each \
            frame a ruler shows where in the loop it is (taps marked), and a caption says what just happened, \
            such as "0.50 s · tap 首页 · slide 2→0"; a ring marks where the script tapped (red: the tap was \
            ignored). --verbose lists the captions.
            """,
        arguments: [SharedOptions.scene],
        options: [
            .init(name: "output", short: "o", valueName: "file", help: "The PNG to write.", required: true, completion: .files(["png"])),
            .init(name: "every", valueName: "seconds", help: "A frame every so many seconds, instead of one at each event."),
            .init(name: "columns", valueName: "n", help: "Frames per row (default: up to 6)."),
            .init(name: "scale", valueName: "n", help: "Pixels per point of each frame (default \(defaultScale.shortText))."),
            PlaybackRange.options[0], PlaybackRange.options[1],
            SharedOptions.background,
            InterfaceStyleOption.option,
            .init(name: "locale", valueName: "codes",
                  help: "A locale sheet instead: a row per language of the scene's String Catalog (de,ar,ja or 'all'), each bar at rest and at the first moment something happens, the titles UIKit truncates underlined in red."),
            SharedOptions.quiet,
            SharedOptions.verbose,
        ] + SharedOptions.safeguards,
        examples: ["tabanim sheet scene.json -o sheet.png", "tabanim sheet scene.json -o locales.png --locale all",
                   "tabanim sheet scene.json -o sheet.png --every 0.25 --from 0.5 --to 2 --scale 1"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let given = try SharedOptions.pngOutput(arguments, what: "the storyboard")
        let (quiet, narrator) = try SharedOptions.narration(arguments, console)
        let safeguards = try Safeguards(arguments)
        let every = try arguments.number("every", in: 0.01...safeguards.limits.duration, unit: " s")
        let columns = try arguments.integer("columns", in: 1...20)
        let scale = try arguments.number("scale", in: SceneResolver.scaleRange) ?? defaultScale
        let range = try PlaybackRange(arguments, limits: safeguards.limits)
        let background = try SharedOptions.background(arguments)

        let styles = InterfaceStyleOption.styles(arguments)
        let request = try LocaleOption.request(arguments)
        if request != .scene {
            try localeSheets(arguments, request: request, path: given, styles: styles, scale: scale, safeguards: safeguards, quiet: quiet, console: console)
            return
        }
        var sheets: [(path: String, exporter: Exporters.Sheet)] = []
        for style in styles {
            let overrides = ExportOverrides(scale: scale, interfaceStyle: style)
            let animation = try LoadedScene(arguments.positionals[0], overrides: overrides, safeguards: safeguards).animation
            let (start, end) = try range.bounds(within: animation.scene.export.duration)
            let story = Storyboard(animation)
            let moments: [TimeInterval] = every.map(story.regularMoments(every:)) ?? story.eventMoments()
            let times = moments.filter { $0 >= start - 1e-9 && $0 < end - 1e-9 }
            guard !times.isEmpty else { throw UsageError("no moment to show between \(start.shortText) s and \(end.shortText) s") }
            guard times.count <= maximumPanels else {
                throw UsageError("that is \(times.count) frames; a sheet holds at most \(maximumPanels): take a larger --every, or cut with --from and --to")
            }
            let panels = story.panels(at: times, every: every)
            if sheets.isEmpty { panels.forEach { narrator.say($0.caption) } }
            let path = InterfaceStyleOption.path(given, style: style, of: styles)
            try InputGuard.check(output: path, scenePath: arguments.positionals[0], scene: animation.scene)
            try OutputFile(URL(fileURLWithPath: path), displayName: path).checkWritable()
            sheets.append((path, story.sheet(panels, columns: columns, title: arguments.positionals[0], every: every, background: background,
                                             pdf: IsolatedPDFConverter.tabanim)))
        }
        try writeAll(sheets.map { path, exporter in
            (path, { file in
                let bar = ProgressBar(label: path, enabled: console.errorIsTerminal && !quiet, console: console)
                try exporter.export(to: file, progress: bar)
                bar.finish()
            })
        }, console: console)
        if !quiet {
            for (path, exporter) in sheets {
                console.error("Wrote \(path) (\(exporter.panels.count) frames in \(exporter.columns) columns, \(ExportJob.size(of: URL(fileURLWithPath: path))))\n")
            }
        }
        if styles.count > 1 {
            console.out(InterfaceStyleOption.pictureSnippet(light: sheets[0].path, dark: sheets[1].path, alt: "Storyboard"))
        }
    }

    /// `--locale`: one sheet (per style) with a row per locale.
    private static func localeSheets(_ arguments: ParsedArguments, request: LocaleOption.Request, path given: String, styles: [InterfaceStyle?],
                                     scale: Double, safeguards: Safeguards, quiet: Bool, console: Console) throws {
        let scenePath = arguments.positionals[0]
        let read = try SceneSpec.read(URL(fileURLWithPath: scenePath), file: scenePath, limits: safeguards.limits)
        let runs = try LocaleRun.all(request, styles: styles) { locale, style in
            var overrides = ExportOverrides(scale: scale, interfaceStyle: style)
            overrides.locale = locale
            return try LoadedScene(scenePath, read: read, overrides: overrides, safeguards: safeguards)
        }
        var sheets: [(path: String, sheet: LocaleSheet)] = []
        for style in styles {
            let rows = runs.filter { $0.style == style }.compactMap { run in
                run.locale.map { LocaleSheet.Row(locale: $0, animation: run.loaded.animation, truncated: TruncationReport.findings(run.loaded.animation).compactMap(\.item)) }
            }
            guard let first = rows.first else { continue }
            // At rest, and the first moment something happens after the start (a tap, mid-slide).
            let moments = [0] + (Storyboard(first.animation).eventMoments().first { $0 > 0 }.map { [$0] } ?? [])
            let path = InterfaceStyleOption.path(given, style: style, of: styles)
            try InputGuard.check(output: path, scenePath: arguments.positionals[0], scene: first.animation.scene)
            try OutputFile(URL(fileURLWithPath: path), displayName: path).checkWritable()
            sheets.append((path, LocaleSheet(rows: rows, title: scenePath, moments: moments, pdf: IsolatedPDFConverter.tabanim)))
        }
        try writeAll(sheets.map { path, sheet in (path, { file in try file.write(png: try sheet.render()) }) }, console: console)
        if !quiet {
            for (path, sheet) in sheets {
                console.error("Wrote \(path) (\(sheet.rows.count) locales, \(ExportJob.size(of: URL(fileURLWithPath: path))))\n")
            }
        }
    }

    /// Writes every sheet into its temporary and puts them in place together, or none (Ctrl-C included).
    private static func writeAll(_ sheets: [(path: String, write: (OutputFile) throws -> Void)], console: Console) throws {
        try Interruption.during(console) {
            let batch = OutputBatch()
            do {
                for (path, write) in sheets { try write(OutputFile(URL(fileURLWithPath: path), displayName: path, batch: batch)) }
                try batch.commit()
            } catch {
                batch.discard()
                throw error
            }
        }
    }
}
