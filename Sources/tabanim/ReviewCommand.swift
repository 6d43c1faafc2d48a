import Basics
import Comparison
import Drawing
import Exporting
import Foundation
import Graph
import Narrative
import Outputs
import Review
import Scene
import Spec

/// `tabanim review SCENE [OTHER] -o review.html`: one page a reviewer opens from disk, plays, stops anywhere,
/// steps through and reads the numbers from.
enum ReviewCommand: Command {
    static let spec = CommandSpec(
        name: "review",
        abstract: "Write one self-contained HTML page for a design review: the animation to scrub, what happens and why, and the numbers to build it.",
        discussion: """
            The page holds everything (the animated SVG, the GIF, the storyboard and the timeline's JSON, the \
            last three also as downloads) and fetches nothing, so it opens from disk or as an attachment. It \
            plays the SVG on one clock: play or pause (space), a frame back or forward (← and →), the previous or \
            next event (the same with Shift), a scrubber, and 0.25×, 0.5× or 1× speed. Every timeline event is listed \
            with what happened and why (click one to see that moment), and the build spec gives device, bar \
            metrics, item frames, colors, the button, the spin, the transition's curve and each icon animation, \
            with the same numbers as 'tabanim timeline --json'.

            With a second scene both play side by side on one clock, for a before/after review: the page leads \
            with what changed (the list of 'tabanim diff'), shows both phones zoomed to the bar with each \
            changed region marked while it differs, flips (F) or wipes between them, warns when the loops \
            differ, and marks the events and spec values that differ. The page follows the system's light or \
            dark appearance (--interface-style both holds both, with a switch) and reads on a phone; \
            review.html?t=4.5 opens it paused at 4.5 s.

            With --locale (de,ar or all) the page holds the scene in each language of its String Catalog and a \
            picker that swaps the SVG, the event list, the build spec, the storyboard and the list of titles \
            UIKit truncates in place (review.html?locale=de opens it in German); the scene's own locale comes \
            first. Every locale's SVG and storyboard are inside the page; only the first locale's GIF, SVG and storyboard are offered as files, to keep it small.
            """,
        arguments: [SharedOptions.scene,
                    .init(name: "other", help: "A second scene, shown beside the first on the same clock (before/after).", optional: true)],
        options: [
            .init(name: "output", short: "o", valueName: "file", help: "The page to write (.html).", required: true, completion: .files(["html"])),
            .init(name: "title", valueName: "text", help: "The page's heading (default: the scene's path, or both)."),
        ] + ExportOverrides.options + [InterfaceStyleOption.pageOption,
              .init(name: "locale", valueName: "codes",
                    help: "A page with a language picker: the scene in these languages of its String Catalog (de,ar,ja or 'all'), the scene's own first; one scene only.")]
            + SharedOptions.safeguards + [SharedOptions.quiet, SharedOptions.verbose],
        examples: ["tabanim review scene.json -o review.html", "tabanim review before.json after.json -o compare.html",
                   "tabanim review scene.json -o locales.html --locale all"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let given = arguments.value("output")!
        guard ["html", "htm"].contains(URL(fileURLWithPath: given).pathExtension.lowercased()) else {
            throw UsageError("the review is an HTML page: name it .html, not '\(given)'")
        }
        let (quiet, narrator) = try SharedOptions.narration(arguments, console)
        let safeguards = try Safeguards(arguments)
        let paths = arguments.positionals
        let title = arguments.value("title") ?? paths.joined(separator: " vs ")
        let styles = InterfaceStyleOption.styles(arguments)
        let request = try LocaleOption.request(arguments)
        if request != .scene, paths.count > 1 {
            throw UsageError("--locale reviews one scene in several languages; give one scene, not two")
        }
        // With --interface-style both, one page holding both appearances, and a switch between them.
        let batch = OutputBatch()
        var written: [(path: String, what: String)] = []
        var pages: [ReviewPage] = []
        // Scenes are read, and the pages made, under the interruption handler: Ctrl-C leaves nothing.
        try Interruption.during(console) {
            for style in styles {
                var overrides = try ExportOverrides(arguments, limits: safeguards.limits, cutOption: nil)  // no --to here
                overrides.interfaceStyle = style
                let path = given
                let output = URL(fileURLWithPath: path)
                let appearance = styles.count > 1 ? style?.rawValue : nil

                // Every scene is read before any work starts; the problems of both are reported at once.
                var scenes: [Animation] = []
                var locales: [String?] = []
                var problems: [Diagnostic] = []
                if request != .scene {
                    // One scene, each locale read once (the scene's own first, as the catalog lists it).
                    let read = try SceneSpec.read(URL(fileURLWithPath: paths[0]), file: paths[0], limits: safeguards.limits)
                    let runs = try LocaleRun.all(request, styles: [style]) { [overrides] locale, style in
                        var overrides = overrides
                        overrides.locale = locale
                        return try LoadedScene(paths[0], read: read, overrides: overrides, safeguards: safeguards)
                    }
                    let ordered = runs.filter(\.isScenesOwn) + runs.filter { !$0.isScenesOwn }
                    scenes = ordered.map(\.loaded.animation)
                    locales = ordered.map { $0.loaded.scene.locale }
                }
                for path in paths where request == .scene {
                    do throws(SceneError) {
                        scenes.append(try LoadedScene(path, overrides: overrides, safeguards: safeguards).animation)
                        locales.append(nil)
                    } catch {
                        problems += error.diagnostics
                    }
                }
                if !problems.isEmpty { throw SceneError(.resolve, problems) }
                var isDirectory: ObjCBool = false
                let folder = output.deletingLastPathComponent()
                guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw SceneError(.write, file: path, keyPath: nil, "folder not found: \(folder.path)")
                }

                for (scene, scenePath) in zip(scenes, request == .scene ? paths : Array(repeating: paths[0], count: scenes.count)) {
                    try InputGuard.check(output: path, scenePath: scenePath, scene: scene.scene)
                }
                try OutputFile(output, displayName: path).checkWritable()
                let labels = request == .scene && scenes.count > 1 ? ["A", "B"] : Array(repeating: "", count: scenes.count)
                let decoded = DecodedAssets()  // every file decoded once for the page's every variant
                let prepared = scenes.map { PreparedAnimation($0, pdf: IsolatedPDFConverter.tabanim, decoded: decoded) }
                // Two scenes: what changed, where and when, read from the titles as every format fits them.
                let comparison = request == .scene && prepared.count == 2 ? SceneComparison(prepared[0].animation, prepared[1].animation) : nil
                let variants = try scenes.indices.map { index in
                    let (label, animation, locale) = (labels[index], scenes[index], locales[index])
                    narrator.say("\(label.isEmpty ? "" : "\(label): ")\(locale.map { "\($0): " } ?? "")\(SceneSummary.describe(animation))")
                    var maker = ReviewVariantMaker(prepared[index],
                                                   label: label, pageName: path, picture: Exporters.svg,
                                                   pictureOptions: Exporters.svgOptions(idPrefix:), offered: Exporters.gif)
                    maker.storyboardScale = SheetCommand.defaultScale
                    maker.maximumPanels = SheetCommand.maximumPanels
                    maker.locale = locale
                    maker.appearance = appearance
                    maker.offersFiles = index == 0 || locale == nil
                    let bar = ProgressBar(label: "\(path): GIF\(label.isEmpty ? "" : " \(label)")", enabled: console.errorIsTerminal && !quiet && maker.offersFiles, console: console)
                    defer { bar.finish() }
                    maker.progress = bar
                    maker.say = { narrator.say($0) }
                    var variant = try maker.make()
                    variant.notes += DesignCheck.templateIcons(animation).map { ($0.keyPath.map { "\($0): " } ?? "") + $0.message + "." }
                    if locale != nil { variant.truncations = TruncationReport.warnings(animation).map { ($0.keyPath.map { "\($0): " } ?? "") + $0.message } }
                    return variant
                }
                var page = ReviewPage(title: title, variants: variants, generator: "tabanim \(CLI.version)")
                if let comparison {
                    page.show(comparison)
                    narrator.say(comparison.summary)
                }
                pages.append(page)
                if written.isEmpty {
                    written.append((path, locales.count > 1 && locales[0] != nil ? "\(locales.count) locales: \(locales.compactMap { $0 }.joined(separator: ", "))"
                                        : scenes.count > 1 ? "2 scenes on one clock"
                                        : "\(scenes[0].scene.export.frameCount) frames, \(scenes[0].scene.export.duration.shortText) s"))
                }
            }
            var page = pages[0]
            page.variants = pages.flatMap(\.variants)
            if pages.count > 1 { written[0].what += ", light and dark" }
            try OutputFile(URL(fileURLWithPath: given), displayName: given, batch: batch).write(try page.html())
            try batch.commit()
        }
        if !quiet {
            for (path, what) in written {
                console.error("Wrote \(path) (\(what), \(ExportJob.size(of: URL(fileURLWithPath: path))))\n")
            }
        }
    }
}
