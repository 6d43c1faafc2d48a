import Export
import Foundation
import Scene

/// `tabanim frame SCENE --at T -o OUT.png`: one frame, drawn exactly as the GIF draws it.
enum FrameCommand: Command {
    static let spec = CommandSpec(
        name: "frame",
        abstract: "Render the frame at one moment as a PNG.",
        arguments: [.init(name: "scene", help: "The scene file (JSON).")],
        options: [
            .init(name: "at", valueName: "seconds", help: "The moment, from the loop's start.", required: true),
            .init(name: "output", short: "o", valueName: "file", help: "The PNG to write.", required: true),
            .init(name: "scale", valueName: "n", help: "Pixels per point (overrides export.scale)."),
        ],
        examples: ["tabanim frame scene.json --at 1.5 -o frame.png"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        guard let t = try arguments.number("at"), t >= 0 else { throw UsageError("--at takes a time in seconds, 0 or more") }
        let path = arguments.value("output")!
        let scene = try SceneLoading.load(arguments.positionals[0], overrides: try ExportOverrides(arguments))
        guard t < scene.export.duration else {
            throw UsageError("--at \(t.shortText) is not before the loop's end (\(scene.export.duration.shortText) s)")
        }
        var exporter = PNGExporter(scene: scene, graph: SceneGraph(scene: scene))
        exporter.lottie = IsolatedLottieRenderer.tabanim
        try exporter.export(at: t, to: OutputFile(URL(fileURLWithPath: path), displayName: path))
    }
}
