import Drawing
import Foundation
import Outputs
import Review
import Scene

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

            With a second scene both play side by side on one clock, for a before/after review, and the spec \
            marks the values that differ. The page follows the system's light or dark appearance and reads on \
            a phone; review.html?t=4.5 opens it paused at 4.5 s.
            """,
        arguments: [SharedOptions.scene,
                    .init(name: "other", help: "A second scene, shown beside the first on the same clock (before/after).", optional: true)],
        options: [
            .init(name: "output", short: "o", valueName: "file", help: "The page to write (.html).", required: true, completion: .files(["html"])),
            .init(name: "title", valueName: "text", help: "The page's heading (default: the scene's path, or both)."),
        ] + ExportOverrides.options + [InterfaceStyleOption.option] + SharedOptions.safeguards + [SharedOptions.quiet, SharedOptions.verbose],
        examples: ["tabanim review scene.json -o review.html", "tabanim review before.json after.json -o compare.html"])

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
        // With --interface-style both, one page per style, put in place together when both are complete.
        let batch = OutputBatch()
        var written: [(path: String, what: String)] = []
        // Scenes are read, and the pages made, under the interruption handler: Ctrl-C leaves nothing.
        try Interruption.during(console) {
            for style in styles {
                var overrides = try ExportOverrides(arguments, limits: safeguards.limits, cutOption: nil)  // no --to here
                overrides.interfaceStyle = style
                let path = InterfaceStyleOption.path(given, style: style, of: styles)
                let output = URL(fileURLWithPath: path)

                // Every scene is read before any work starts; the problems of both are reported at once.
                var scenes: [Animation] = []
                var problems: [Diagnostic] = []
                for path in paths {
                    do throws(SceneError) {
                        scenes.append(try LoadedScene(path, overrides: overrides, safeguards: safeguards).animation)
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

                try OutputFile(output, displayName: path).checkWritable()
                let labels = scenes.count > 1 ? ["A", "B"] : [""]
                let variants = try zip(labels, scenes).map { label, animation in
                    narrator.say("\(label.isEmpty ? "" : "\(label): ")\(SceneSummary.describe(animation))")
                    var maker = ReviewVariantMaker(PreparedAnimation(animation, lottie: IsolatedLottieRenderer.tabanim(animation.scene)),
                                                   label: label, pageName: path)
                    maker.storyboardScale = SheetCommand.defaultScale
                    maker.maximumPanels = SheetCommand.maximumPanels
                    let bar = ProgressBar(label: "\(path): GIF\(label.isEmpty ? "" : " \(label)")", enabled: console.errorIsTerminal && !quiet, console: console)
                    defer { bar.finish() }
                    maker.progress = bar
                    maker.say = { narrator.say($0) }
                    return try maker.make()
                }
                let page = ReviewPage(title: title, variants: variants, generator: "tabanim \(CLI.version)")
                try OutputFile(output, displayName: path, batch: batch).write(try page.html())
                written.append((path, scenes.count > 1 ? "2 scenes on one clock"
                                    : "\(scenes[0].scene.export.frameCount) frames, \(scenes[0].scene.export.duration.shortText) s"))
            }
            try batch.commit()
        }
        if !quiet {
            for (path, what) in written {
                console.error("Wrote \(path) (\(what), \(ExportJob.size(of: URL(fileURLWithPath: path))))\n")
            }
        }
    }
}
