import Export
import Foundation
import Scene

/// `tabanim export SCENE -o OUT.gif|OUT.svg`: the main job.
enum ExportCommand: Command {
    enum Format: String, CaseIterable {
        case gif, svg
    }

    static let spec = CommandSpec(
        name: "export",
        abstract: "Export the scene's animation as an animated GIF or SVG.",
        discussion: "The format follows each output's extension (.gif, .svg) unless --format is given. Several -o options render the timeline once. An output is replaced only when complete: on any error an existing file is left as it was.",
        arguments: [.init(name: "scene", help: "The scene file (JSON).")],
        options: [
            .init(name: "output", short: "o", valueName: "file", help: "Where to write (.gif or .svg); repeatable.", required: true, repeatable: true),
            .init(name: "format", valueName: "format", help: "gif or svg, whatever the extension."),
        ] + ExportOverrides.options + [
            .init(name: "quiet", short: "q", valueName: nil, help: "Print nothing but errors."),
        ],
        examples: ["tabanim export scene.json -o demo.gif",
                   "tabanim export scene.json -o demo.gif -o demo.svg --fps 25"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let forced = try arguments.value("format").map { text throws(UsageError) -> Format in
            guard let format = Format(rawValue: text.lowercased()) else {
                throw UsageError("unknown format '\(text)'; expected gif or svg")
            }
            return format
        }
        var outputs: [(path: String, format: Format)] = []
        for path in arguments.all("output") {
            let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
            guard let format = forced ?? Format(rawValue: ext) else {
                throw UsageError("cannot tell the format of '\(path)' from its extension; use .gif or .svg, or --format")
            }
            outputs.append((path, format))
        }
        let scene = try SceneLoading.load(arguments.positionals[0], overrides: try ExportOverrides(arguments))
        let graph = SceneGraph(scene: scene)
        for output in outputs {
            let file = OutputFile(URL(fileURLWithPath: output.path), displayName: output.path)
            switch output.format {
            case .gif:
                let bar = ProgressBar(label: output.path, enabled: console.errorIsTerminal && !arguments.flag("quiet"), console: console)
                var exporter = GIFExporter(scene: scene, graph: graph)
                exporter.lottie = IsolatedLottieRenderer.tabanim
                try exporter.export(to: file, progress: bar)
                bar.finish()
            case .svg:
                var exporter = SVGExporter(scene: scene, graph: graph)
                exporter.lottie = IsolatedLottieRenderer.tabanim
                try exporter.export(to: file)
            }
            if !arguments.flag("quiet") {
                let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
                console.error("Wrote \(output.path) (\(scene.export.frameCount) frames, \(scene.export.duration.shortText) s, \(ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file)))\n")
            }
        }
    }
}

/// Frames done, rate and time left, redrawn on one stderr line; only on a terminal.
final class ProgressBar: ExportProgress {
    private let label: String
    private let enabled: Bool
    private let console: Console
    private let start = Date()
    private var lastDraw = Date.distantPast

    init(label: String, enabled: Bool, console: Console) {
        self.label = label
        self.enabled = enabled
        self.console = console
    }

    func exported(frame: Int, of total: Int) {
        guard enabled, frame == total || Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        let elapsed = Date().timeIntervalSince(start)
        let rate = Double(frame) / max(elapsed, 0.001)
        let left = Double(total - frame) / max(rate, 0.001)
        let width = 24
        let filled = width * frame / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        console.error(String(format: "\r%@ %@ %d/%d frames, %.0f fps, %.0f s left ", label, bar, frame, total, rate, left))
    }

    func finish() {
        if enabled { console.error("\r\u{1B}[K") }
    }
}
