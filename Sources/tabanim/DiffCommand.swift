import Basics
import Comparison
import Drawing
import Exporting
import Foundation
import Graph
import Outputs
import Scene
import Spec

/// `tabanim diff A.json B.json -o ab.gif`: what changed between two versions of a scene, listed and drawn
/// side by side on one clock with the changed regions outlined, as a file to attach to a pull request.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Compare two scenes: list what changed, and draw both side by side on one clock with the changes outlined.",
        discussion: """
            The list says which items were added, removed, moved, retitled or given another icon, which colors, \
            badges, taps and timings changed, where each change is on screen (in points, in each scene's \
            screen) and when the two pictures of it differ. It is printed as JSON on standard output when there \
            is no -o, or with --json.

            With -o the two scenes are drawn side by side, labelled A and B with their file names, on one clock: \
            the longer loop, at the higher frame rate; the shorter scene stays as its loop ends until both start \
            again (the JSON's "loops" says so). Each change's region is outlined in red on both while the two \
            pictures of it differ. The picture shows the tab bar (--region screen: the whole screen). A GIF, \
            WebP, MP4 or SVG plays the loop; a PNG shows one moment (--at).
            """,
        arguments: [.init(name: "before", help: "The scene as it was (A)."), .init(name: "after", help: "The scene as it is now (B).")],
        options: [
            .init(name: "output", short: "o", valueName: "file", help: "The picture to write: .gif, .webp, .mp4, .svg, or .png for one moment (--at).",
                  completion: .files(["gif", "webp", "mp4", "svg", "png"])),
            .init(name: "at", valueName: "seconds", help: "The moment a PNG shows, on the comparison's clock."),
            .init(name: "json", valueName: nil, help: "Print the list of changes as JSON on standard output (what it does without -o)."),
            regionOption(default: "tabBar"),
            .init(name: "scale", valueName: "n", help: "Pixels per point of the picture (default \(defaultScale.shortText), whatever export.scale says: about 800 px for two phones)."),
            SharedOptions.quiet,
        ] + SharedOptions.safeguards,
        examples: ["tabanim diff before.json after.json -o change.gif", "tabanim diff before.json after.json | jq '.changes[].summary'",
                   "tabanim diff before.json after.json -o change.png --at 4.5 --region screen"])

    /// Pixels per point unless --scale says otherwise, whatever the scenes' own: two phones side by side at
    /// 1× are about 800 px wide, what a pull request shows whole (chosen).
    static let defaultScale = 1.0

    /// `--region`, here and for `export`.
    static func regionOption(default value: String? = nil) -> CommandSpec.Option {
        .init(name: "region", valueName: "part",
              help: "The part of the screen drawn: tabBar (the bar and what stands on it) or screen (overrides export.region" + (value.map { "; default \($0)" } ?? "") + ").",
              choices: ["tabBar", "screen"], completion: .choices)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let safeguards = try Safeguards(arguments)
        var overrides = try ExportOverrides(arguments, limits: safeguards.limits, cutOption: nil)
        overrides.region = overrides.region ?? .tabBar
        overrides.scale = overrides.scale ?? defaultScale
        let paths = arguments.positionals
        let output = arguments.value("output")
        let quiet = arguments.flag("quiet")
        let at = try arguments.number("at")
        if let at, at < 0 { throw UsageError("--at takes a time in seconds, 0 or more") }
        let format: (any AnimationExporter.Type)? = try output.flatMap { path throws -> (any AnimationExporter.Type)? in
            let pathExtension = URL(fileURLWithPath: path).pathExtension.lowercased()
            if pathExtension == "png" {
                guard at != nil else { throw UsageError("a PNG shows one moment: give it with --at (seconds on the comparison's clock)") }
                return nil
            }
            guard let format = Exporters.forExtension(pathExtension), !format.format.writesFolder else {
                throw UsageError("the comparison is drawn as .gif, .webp, .mp4, .svg or .png (with --at), not '\(path)'")
            }
            return format
        }
        if at != nil, output.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() != "png" }) ?? true {
            throw UsageError("--at picks the moment of a PNG: write one with -o NAME.png")
        }

        // Both scenes are read before any work starts; the problems of both are reported at once.
        var animations: [Animation] = []
        var problems: [Diagnostic] = []
        for path in paths {
            do throws(SceneError) {
                animations.append(try LoadedScene(path, overrides: overrides, safeguards: safeguards).animation)
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw SceneError(.resolve, problems) }
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
        var labels = names[0] == names[1] ? ("A · \(paths[0])", "B · \(paths[1])") : ("A · \(names[0])", "B · \(names[1])")
        // The shorter loop says where it ends: from there it stays as it ends until both start again.
        let (lengthA, lengthB) = (animations[0].scene.export.duration, animations[1].scene.export.duration)
        if lengthA < lengthB { labels.0 += " · ends at \(lengthA.shortText) s" }
        if lengthB < lengthA { labels.1 += " · ends at \(lengthB.shortText) s" }
        // The titles fitted as every exporter fits them, before they are compared and drawn.
        let prepared = animations.map { PreparedAnimation($0, pdf: IsolatedPDFConverter.tabanim) }
        let (a, b) = (prepared[0].animation, prepared[1].animation)
        let comparison = SceneComparison(a, b)

        guard let output else {
            try console.outJSON(comparison.report(a, b, labels: labels))
            return
        }
        let picture = ComparisonPicture(a, b, comparison: comparison, labels: labels)
        var shown = a.comparing(picture, fps: comparison.fps)
        if let at, at >= shown.scene.export.duration {
            throw UsageError("--at \(at.shortText) is not before the comparison's end (\(shown.scene.export.duration.shortText) s)")
        }
        if format?.format.hasTransparency == false { shown = shown.withOpaqueCorners() }
        for (path, animation) in zip(paths, animations) { try InputGuard.check(output: output, scenePath: path, scene: animation.scene) }
        let url = URL(fileURLWithPath: output)
        let input = PreparedAnimation(shown, pdf: IsolatedPDFConverter.tabanim)
        if let format { try format.checkInput(input, options: EncodingOptions()) }
        try OutputFile(url, displayName: output).checkWritable()
        try Interruption.during(console) {
            let batch = OutputBatch()
            do {
                if let format {
                    let bar = ProgressBar(label: output, enabled: console.errorIsTerminal && !quiet, console: console)
                    defer { bar.finish() }
                    _ = try format.make(input, options: EncodingOptions()).write(to: format.target(url, displayName: output, batch: batch), progress: bar)
                } else if let at {
                    try Exporters.frame(input.animation, at: at, to: OutputFile(url, displayName: output, batch: batch))
                }
                try batch.commit()
            } catch {
                batch.discard()
                throw error
            }
        }
        if arguments.flag("json") { try console.outJSON(comparison.report(a, b, labels: labels, picture: (output, picture))) }
        if !quiet {
            let scale = shown.scene.export.scale, viewport = shown.graph.viewport
            let size = "\(Int((viewport.width * scale).rounded()))×\(Int((viewport.height * scale).rounded())) px"
            let what = at.map { "\($0.shortText) s" } ?? "\(shown.scene.export.frameCount) frames, \(shown.scene.export.duration.shortText) s"
            console.error("\(comparison.summary)\n")
            if let note = comparison.loopNote(labels: ("A", "B")) { console.error(note + "\n") }
            console.error("Wrote \(output) (\(what), \(size), \(ExportJob.size(of: url)))\n")
        }
    }
}
