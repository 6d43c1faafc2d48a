import Drawing
import Foundation
import Graph
import Outputs
import Review
import Scene

/// `tabanim frame SCENE --at T -o OUT.png`: one frame, drawn exactly as the GIF draws it.
enum FrameCommand: Command {
    static let spec = CommandSpec(
        name: "frame",
        abstract: "Render the frame at one moment as a PNG.",
        discussion: "The frame is drawn exactly as the GIF and the PNG frames draw it: a frame at t = i / fps is frame i of the export.",
        arguments: [SharedOptions.scene],
        options: [
            .init(name: "at", valueName: "seconds", help: "The moment, from the loop's start.", required: true),
            .init(name: "output", short: "o", valueName: "file", help: "The PNG to write.", required: true, completion: .files(["png"])),
            ExportOverrides.scaleOption,
            SharedOptions.background,
            InterfaceStyleOption.option,
            SharedOptions.quiet,
        ] + SharedOptions.safeguards,
        examples: ["tabanim frame scene.json --at 1.5 -o frame.png",
                   "tabanim frame scene.json --at 0 -o icon-check.png --scale 3 --background transparent"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        guard let t = try arguments.number("at"), t >= 0 else { throw UsageError("--at takes a time in seconds, 0 or more") }
        let given = try SharedOptions.pngOutput(arguments, what: "a frame")
        let background = try SharedOptions.background(arguments)
        let safeguards = try Safeguards(arguments)
        let styles = InterfaceStyleOption.styles(arguments)
        var frames: [(path: String, animation: Animation)] = []
        for style in styles {
            var overrides = try ExportOverrides(arguments, limits: safeguards.limits)
            overrides.interfaceStyle = style
            var animation = try LoadedScene(arguments.positionals[0], overrides: overrides, safeguards: safeguards).animation
            guard t < animation.scene.export.duration else {
                throw UsageError("--at \(t.shortText) is not before the loop's end (\(animation.scene.export.duration.shortText) s)")
            }
            if let background { animation = animation.withBackground(background) }
            let path = InterfaceStyleOption.path(given, style: style, of: styles)
            try InputGuard.check(output: path, scenePath: arguments.positionals[0], scene: animation.scene)
            try OutputFile(URL(fileURLWithPath: path), displayName: path).checkWritable()
            frames.append((path, animation))
        }
        try Interruption.during(console) {
            let batch = OutputBatch()
            do {
                for (path, animation) in frames {
                    try Exporters.frame(animation, at: t, to: OutputFile(URL(fileURLWithPath: path), displayName: path, batch: batch))
                }
                try batch.commit()
            } catch {
                batch.discard()
                throw error
            }
        }
        if !arguments.flag("quiet") {
            for (path, animation) in frames {
                let scale = animation.scene.export.scale, viewport = animation.graph.viewport
                console.error("Wrote \(path) (\(t.shortText) s, \(Int((viewport.width * scale).rounded()))×\(Int((viewport.height * scale).rounded())) px)\n")
            }
        }
        if styles.count > 1 {
            console.out(InterfaceStyleOption.pictureSnippet(light: frames[0].path, dark: frames[1].path, alt: "Tab bar at \(t.shortText) s"))
        }
    }
}
