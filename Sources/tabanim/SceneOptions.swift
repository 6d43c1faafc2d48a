import Basics
import Drawing
import Foundation
import Graph
import Graphics
import Resolving
import Scene
import Spec

/// Options several commands share, declared once so that their help reads the same everywhere.
enum SharedOptions {
    static let scene = CommandSpec.Argument(name: "scene", help: "The scene file (JSON).")
    static let quiet = CommandSpec.Option(name: "quiet", short: "q", valueName: nil, help: "Print nothing but errors.")
    static let verbose = CommandSpec.Option(name: "verbose", short: "v", valueName: nil,
                                            help: "Explain what tabanim chose and why (on standard error).")
    static let limit = CommandSpec.Option(
        name: "limit", valueName: "name=value",
        help: "Raise (or lower) a limit that protects the machine from a mistaken or hostile scene; repeatable. Limits and defaults: \(Limits.defaults) (k, M, G: thousands, millions, billions; sizes in bytes with K, M, G as KiB, MiB, GiB; durations in seconds).",
        repeatable: true)
    static let allowOutside = CommandSpec.Option(
        name: "allow-outside", valueName: nil,
        help: "Let the scene name files outside its own folder (through '..', an absolute path or a symbolic link); by default they are refused. Setting TABANIM_ALLOW_OUTSIDE=1 does the same.")
    /// What every command that reads a scene takes.
    static let safeguards = [limit, allowOutside]

    static let background = CommandSpec.Option(
        name: "background", valueName: "color",
        help: "The matte behind the screen, seen wherever the scene is not opaque: a scene color (\"#1B76D0\", \"rgb(27, 118, 208)\") or \"transparent\" (PNG and SVG only). Default white.")

    /// `--quiet` and `--verbose`, which exclude each other.
    static func narration(_ arguments: ParsedArguments, _ console: Console) throws(UsageError) -> (quiet: Bool, narrator: Narrator) {
        let quiet = arguments.flag("quiet"), verbose = arguments.flag("verbose")
        if quiet && verbose { throw UsageError("--quiet and --verbose cannot be used together") }
        return (quiet, Narrator(console: console, enabled: verbose))
    }

    /// `-o` of a command that writes one PNG (`frame`, `sheet`): refused under another format's name, so that
    /// no PNG bytes land in `f.jpg` or `s.gif`.
    static func pngOutput(_ arguments: ParsedArguments, what: String) throws(UsageError) -> String {
        let given = arguments.value("output") ?? ""
        let pathExtension = URL(fileURLWithPath: given).pathExtension.lowercased()
        guard pathExtension == "png" else {
            let hint = ["gif", "svg", "webp", "mp4"].contains(pathExtension) ? "; an animation is 'tabanim export SCENE -o \(URL(fileURLWithPath: given).lastPathComponent)'" : ""
            throw UsageError("\(what) is written as PNG: name it .png, not '\(given)'\(hint)")
        }
        return given
    }

    static func background(_ arguments: ParsedArguments) throws(UsageError) -> Color? {
        guard let text = arguments.value("background") else { return nil }
        if ["transparent", "none", "clear"].contains(text.lowercased()) { return .clear }
        guard let color = Color(parsing: text) else {
            throw UsageError("--background takes a color like \"#1B76D0\", \"rgb(27, 118, 208)\" or \"transparent\", not '\(text)'")
        }
        return color
    }
}

/// `--limit` and `--allow-outside`: what a scene may make tabanim do, decided by whoever runs it.
struct Safeguards {
    var limits = Limits.standard
    var allowsOutsideFolder = false

    static let allowOutsideVariable = "TABANIM_ALLOW_OUTSIDE"

    init(_ arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        for setting in arguments.all("limit") {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw UsageError("--limit takes name=value, such as frames=6000, not '\(setting)'") }
            if let problem = limits.set(parts[0], to: parts[1]) { throw UsageError("--limit: \(problem)") }
        }
        let variable = environment[Self.allowOutsideVariable] ?? ""
        allowsOutsideFolder = arguments.flag("allow-outside") || !["", "0", "false", "no"].contains(variable.lowercased())
    }
}

/// `--interface-style light|dark|both`: the scene in UIKit's light or dark appearance instead of its own
/// `interfaceStyle`, or in both: one timeline drawn twice, `NAME-light.EXT` and `NAME-dark.EXT` for each output.
enum InterfaceStyleOption {
    static let option = CommandSpec.Option(
        name: "interface-style", valueName: "style",
        help: "Draw the scene in UIKit's light or dark appearance (overrides interfaceStyle), or in both: each output NAME.EXT becomes NAME-light.EXT and NAME-dark.EXT, and the HTML <picture> that shows the one matching the reader's system is printed.",
        choices: ["light", "dark", "both"], completion: .choices)

    /// `review`'s: both appearances on one page.
    static let pageOption = CommandSpec.Option(
        name: "interface-style", valueName: "style",
        help: "Draw the scenes in UIKit's light or dark appearance (overrides interfaceStyle), or both on one page with a switch between them (it opens in the reader's system appearance).",
        choices: ["light", "dark", "both"], completion: .choices)

    /// The styles to draw, in order; `[nil]` draws the scene's own.
    static func styles(_ arguments: ParsedArguments) -> [InterfaceStyle?] {
        switch arguments.value("interface-style")?.lowercased() {
        case "light": return [.light]
        case "dark": return [.dark]
        case "both": return [.light, .dark]
        default: return [nil]
        }
    }

    /// `path` for `style` when several styles are written: `demo.gif` → `demo-dark.gif`, `frames/` → `frames-dark/`.
    static func path(_ path: String, style: InterfaceStyle?, of styles: [InterfaceStyle?]) -> String {
        guard styles.count > 1, let style else { return path }
        return VariantPath.path(path, suffixes: [style.rawValue])
    }

    /// The HTML that shows the dark file to readers whose system is dark and the light one otherwise
    /// (`prefers-color-scheme`; GitHub honours it in READMEs and comments).
    static func pictureSnippet(light: String, dark: String, alt: String) -> String {
        func attribute(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
        }
        return """
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="\(attribute(dark))">
              <img src="\(attribute(light))" alt="\(attribute(alt))">
            </picture>

            """
    }
}

/// `--fps`, `--scale`, `--duration`: command-line values that replace the scene's `export` keys; and the
/// interface style a command draws in.
struct ExportOverrides {
    var fps: Double?
    var scale: Double?
    var duration: Double?
    /// `--interface-style` (one style of it): replaces `interfaceStyle`.
    var interfaceStyle: InterfaceStyle?
    /// `--locale` (one locale of it): replaces `locale`.
    var locale: String?
    /// The command's option that ends the output early without shortening the loop, offered when
    /// `--duration` ends the loop before the script: export's `--to`; nil for a command without one.
    var cutOption: String?
    /// `--region` (`export`, `diff`): replaces `export.region`.
    var region: ExportRegionKind?

    static let fpsOption = CommandSpec.Option(name: "fps", valueName: "n", help: "Frames per second (overrides export.fps).")
    static let scaleOption = CommandSpec.Option(name: "scale", valueName: "n", help: "Pixels per point (overrides export.scale).")
    static let durationOption = CommandSpec.Option(name: "duration", valueName: "seconds", help: "Loop length (overrides export.duration).")
    static let options = [fpsOption, scaleOption, durationOption]

    static let none = ExportOverrides()

    init(fps: Double? = nil, scale: Double? = nil, duration: Double? = nil, interfaceStyle: InterfaceStyle? = nil) {
        self.fps = fps
        self.scale = scale
        self.duration = duration
        self.interfaceStyle = interfaceStyle
    }

    /// Reads whichever of the three options the command has. `cutOption`: see the property; `--to` is
    /// `PlaybackRange`'s.
    init(_ arguments: ParsedArguments, limits: Limits, cutOption: String? = "--to") throws(UsageError) {
        fps = try arguments.number("fps", in: SceneResolver.fpsRange)
        scale = try arguments.number("scale", in: SceneResolver.scaleRange)
        duration = try arguments.number("duration", in: SceneResolver.minimumDuration...limits.duration, unit: " s")
        region = arguments.value("region").flatMap(ExportRegionKind.init(rawValue:))
        self.cutOption = cutOption
    }

    /// The flag behind each value given, by the scene key it replaces (`export.fps`: `--fps 60`), so that
    /// a problem with one names the flag.
    var flags: [KeyPath: String] {
        let export = KeyPath.root.appending("export")
        var flags: [KeyPath: String] = [:]
        for (key, value) in [("fps", fps), ("scale", scale), ("duration", duration)] {
            if let value { flags[export.appending(key)] = "--\(key) \(value.shortText)" }
        }
        if let region { flags[export.appending("region")] = "--region \(region.rawValue)" }
        return flags
    }
}

/// A scene read, overridden from the command line and resolved, with what the file itself said.
struct LoadedScene {
    /// The scene with its layout, timeline and picture, each built once.
    let animation: Animation
    var scene: ResolvedScene { animation.scene }
    /// The file's own `export` keys, before the command line replaced any.
    var written: ExportSpec?

    /// Reads a scene file (or takes it as `read` already: several locales of one run share one reading),
    /// applies command-line overrides, resolves it.
    init(_ path: String, read: SceneSpec.Reading? = nil, overrides: ExportOverrides = .none, safeguards: Safeguards) throws(SceneError) {
        let url = URL(fileURLWithPath: path)
        var resolver = SceneResolver(file: path, baseDirectory: url.deletingLastPathComponent(), limits: safeguards.limits,
                                     allowsOutsideFolder: safeguards.allowsOutsideFolder)
        resolver.flags = overrides.flags
        resolver.cutOption = overrides.cutOption
        var written: ExportSpec?
        let reading: SceneSpec.Reading
        if let read { reading = read } else { reading = try SceneSpec.read(url, file: path, limits: safeguards.limits) }
        let scene = try resolver.resolve(reading) { spec in
            written = spec.export
            var export = spec.export ?? ExportSpec()
            if let fps = overrides.fps { export.fps = fps }
            if let scale = overrides.scale { export.scale = scale }
            if let duration = overrides.duration { export.duration = duration }
            if let region = overrides.region { export.region = region }
            spec.export = export
            if let style = overrides.interfaceStyle { spec.interfaceStyle = style }
            if let locale = overrides.locale { spec.locale = locale }
        }
        self.written = written
        let fontProblems = Typefaces.register(scene)
        if !fontProblems.isEmpty { throw SceneError(.resolve, fontProblems) }
        animation = Animation(scene, measuring: PangoText.Measurer())  // the iPad's bars are sized to their titles
    }

    /// Where a setting came from, for `--verbose`: "--fps", "export.fps" or "default".
    func source(of key: String, overridden: Bool) -> String {
        if overridden { return "--\(key)" }
        let givenInFile: Bool
        switch key {
        case "fps": givenInFile = written?.fps != nil
        case "scale": givenInFile = written?.scale != nil
        case "duration": givenInFile = written?.duration != nil
        default: givenInFile = false
        }
        return givenInFile ? "export.\(key)" : "default"
    }
}
