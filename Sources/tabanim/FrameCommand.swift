import Drawing
import Foundation
import GIFExport
import Outputs
import Review
import SVGExport
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
            SharedOptions.quiet,
        ] + SharedOptions.safeguards,
        examples: ["tabanim frame scene.json --at 1.5 -o frame.png",
                   "tabanim frame scene.json --at 0 -o icon-check.png --scale 3 --background transparent"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        guard let t = try arguments.number("at"), t >= 0 else { throw UsageError("--at takes a time in seconds, 0 or more") }
        let path = arguments.value("output")!
        let background = try SharedOptions.background(arguments)
        let safeguards = try Safeguards(arguments)
        var animation = try LoadedScene(arguments.positionals[0], overrides: try ExportOverrides(arguments, limits: safeguards.limits),
                                        safeguards: safeguards).animation
        let scene = animation.scene
        guard t < scene.export.duration else {
            throw UsageError("--at \(t.shortText) is not before the loop's end (\(scene.export.duration.shortText) s)")
        }
        if let background { animation = animation.withBackground(background) }
        let graph = animation.graph
        try OutputFile(URL(fileURLWithPath: path), displayName: path).checkWritable()
        try Interruption.during(console) {
            let exporter = PNGExporter(animation, lottie: IsolatedLottieRenderer.tabanim(scene))
            try exporter.export(at: t, to: OutputFile(URL(fileURLWithPath: path), displayName: path))
        }
        if !arguments.flag("quiet") {
            let width = Int((graph.viewport.width * scene.export.scale).rounded())
            let height = Int((graph.viewport.height * scene.export.scale).rounded())
            console.error("Wrote \(path) (\(t.shortText) s, \(width)×\(height) px)\n")
        }
    }
}
