import Foundation
import Scene

/// `--fps`, `--scale`, `--duration`: command-line values that replace the scene's `export` keys.
struct ExportOverrides {
    var fps: Double?
    var scale: Double?
    var duration: Double?

    static let options: [CommandSpec.Option] = [
        .init(name: "fps", valueName: "n", help: "Frames per second (overrides export.fps)."),
        .init(name: "scale", valueName: "n", help: "Pixels per point (overrides export.scale)."),
        .init(name: "duration", valueName: "seconds", help: "Loop length (overrides export.duration)."),
    ]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        fps = try Self.checked(arguments, "fps", SceneResolver.fpsRange)
        scale = try Self.checked(arguments, "scale", SceneResolver.scaleRange)
        duration = try Self.checked(arguments, "duration", SceneResolver.durationRange)
    }

    private static func checked(_ arguments: ParsedArguments, _ name: String, _ range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let value = try arguments.number(name) else { return nil }
        guard range.contains(value) else {
            throw UsageError("--\(name) \(value.shortText) is out of range; expected \(range.lowerBound.shortText) to \(range.upperBound.shortText)")
        }
        return value
    }
}

/// Reads a scene file, applies command-line overrides, resolves it.
enum SceneLoading {
    static func load(_ path: String, overrides: ExportOverrides = ExportOverrides.none) throws -> ResolvedScene {
        try SceneResolver.load(URL(fileURLWithPath: path), displayName: path) { spec in
            var export = spec.export ?? ExportSpec()
            if let fps = overrides.fps { export.fps = fps }
            if let scale = overrides.scale { export.scale = scale }
            if let duration = overrides.duration { export.duration = duration }
            spec.export = export
        }
    }
}

extension ExportOverrides {
    static let none = ExportOverrides()
    private init() {}
}
