import Basics
import Drawing
import Foundation
import GIFExport
import Graph
import Graphics
import Narrative
import Outputs
import Resolving
import Review
import SVGExport
import Scene
import Spec

/// `tabanim validate SCENE...`: every problem of each scene at once, images decoded too; exit 0 or 1.
enum ValidateCommand: Command {
    static let spec = CommandSpec(
        name: "validate",
        abstract: "Check scene files and report every problem at once.",
        discussion: """
            Each scene is read as an export reads it: JSON syntax, keys and types, then values and files, \
            every image is decoded, even when other keys are wrong, every Lottie file is played, and the \
            limits of a GIF or PNG export are checked. Each problem is printed on its own line \
            with the file and the JSON key path, and the exit status is 1 if any scene has one. A scene \
            without problems prints one line saying what it holds, and the face of each title. Warnings (a tap \
            that will be ignored, a frame rate too fast for a GIF, a title UIKit will truncate, a title with \
            no translation) leave the status at 0; with --strict, a truncated title or a missing translation \
            sets it to 1. With --locale, each language of the \
            scene's String Catalog is checked: every title UIKit would truncate is listed, with the width it \
            needs and the width it has.
            """,
        arguments: [.init(name: "scene", help: "The scene files (JSON).", variadic: true)],
        options: [LocaleOption.checkOption,
                  .init(name: "strict", valueName: nil, help: "Exit 1 when a title will be truncated or has no translation, as for a problem.")]
            + [SharedOptions.quiet] + SharedOptions.safeguards,
        examples: ["tabanim validate scene.json", "tabanim validate scenes/*.json --quiet && echo all good",
                   "tabanim validate scene.json --locale all --strict"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let quiet = arguments.flag("quiet"), strict = arguments.flag("strict")
        let safeguards = try Safeguards(arguments)
        let request = try LocaleOption.request(arguments)
        var failed = 0
        // Every file decoded once for the run: the asset check and the warnings read the same Lottie models.
        let decoded = DecodedAssets()
        for path in arguments.positionals {
            var problems: [Diagnostic] = []
            var warned = false
            var told: Set<String> = []  // a warning that every locale has (the SF Pro stand-in) is told once
            for locale in try locales(request, path, safeguards) {
                let (found, warnings) = check(path, locale: locale, safeguards: safeguards, console: console, quiet: quiet, told: &told,
                                              decoded: decoded)
                problems += found
                warned = warned || !warnings.isEmpty
                if !found.isEmpty { break }  // the same problem in every locale: told once
            }
            problems.forEach { console.failure($0.description) }
            if !problems.isEmpty || (strict && warned) { failed += 1 }
        }
        let total = arguments.positionals.count
        if failed > 0 {
            if total > 1 { console.error("\(failed) of \(total) scenes have problems.\n") }
            throw ExitStatus(1)
        }
    }

    /// The locales `--locale` asks for in the scene at `path` (`[nil]`: the scene's own); the scene's own
    /// problems are left for `check` to report.
    private static func locales(_ request: LocaleOption.Request, _ path: String, _ safeguards: Safeguards) throws(UsageError) -> [String?] {
        guard request != .scene else { return [nil] }
        let url = URL(fileURLWithPath: path)
        let resolver = SceneResolver(file: path, baseDirectory: url.deletingLastPathComponent(), limits: safeguards.limits,
                                     allowsOutsideFolder: safeguards.allowsOutsideFolder)
        guard let reading = try? SceneSpec.read(url, file: path, limits: safeguards.limits), let scene = try? resolver.resolve(reading) else { return [nil] }
        return try LocaleOption.locales(request, of: scene)
    }

    /// Every problem of one scene in `locale` (nil: its own), and its warnings; prints its summary and
    /// warnings when it has no problem.
    static func check(_ path: String, locale: String?, safeguards: Safeguards, console: Console, quiet: Bool,
                      told: inout Set<String>, decoded: DecodedAssets = DecodedAssets()) -> (problems: [Diagnostic], warnings: [Diagnostic]) {
        let animation: Animation
        switch check(path, locale: locale, safeguards: safeguards, decoded: decoded) {
        case .success(let checked): animation = checked
        case .failure(let problems): return (problems.diagnostics, [])
        }
        let warnings = self.warnings(animation, decoded: decoded)
        guard !quiet else { return ([], warnings.strict) }
        let label = locale.map { " (\($0))" } ?? ""
        console.out("\(path)\(label): OK: \(SceneSummary.describe(animation))\n")
        if let faces = Typefaces.summary(of: animation.graph)?.faces { console.out("  \(faces)\n") }
        for warning in warnings.all {
            // The stand-in's note is the run's, not the locale's: told for the first locale that draws it.
            let key = warning == warnings.standIn ? "stand-in" : warning.description
            if told.insert(key).inserted { console.warning(warning.description) }
        }
        return ([], warnings.strict)
    }

    /// The scene resolved and checked as an export checks it, or every problem.
    private static func check(_ path: String, locale: String?, safeguards: Safeguards, decoded: DecodedAssets) -> Result<Animation, Problems> {
        let url = URL(fileURLWithPath: path)
        let limits = safeguards.limits
        let resolver = SceneResolver(file: path, baseDirectory: url.deletingLastPathComponent(), limits: limits,
                                     allowsOutsideFolder: safeguards.allowsOutsideFolder)
        let reading: SceneSpec.Reading
        let scene: ResolvedScene
        do {
            reading = try SceneSpec.read(url, file: path, limits: limits)
        } catch {
            return .failure(Problems(error.diagnostics))
        }
        do {
            scene = try resolver.resolve(reading) { spec in if let locale { spec.locale = locale } }
        } catch {
            // What could be read was resolved, so the images the file names can be decoded as well.
            guard let spec = reading.spec, reading.isResolvable else { return .failure(Problems(error.diagnostics)) }
            // A file the resolver refused already is not reported twice.
            let reported = Set(error.diagnostics.compactMap(\.keyPath))
            let assets = resolver.existingAssets(in: spec).filter { !reported.contains($0.keyPath) }
            return .failure(Problems(error.diagnostics + AssetCheck.problems(in: assets, file: path, limits: limits)))
        }
        var problems: [Diagnostic] = Typefaces.register(scene)
        let animation = Animation(scene, measuring: PangoText.Measurer())
        do {
            // The limits of drawn outputs (GIF, PNG frames), as `export` checks them before any work.
            try animation.checkRasterLimits()
        } catch {
            problems += error.diagnostics
        }
        problems += AssetCheck.problems(in: animation, pdf: IsolatedPDFConverter.tabanim, decoded: decoded)
        return problems.isEmpty ? .success(animation) : .failure(Problems(problems))
    }

    /// Diagnostics as an error, for `Result`.
    struct Problems: Error {
        var diagnostics: [Diagnostic]
        init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    }

    /// A scene's warnings: all of them in the order told, what `--strict` fails on (what the app will look
    /// like: a truncated title, a missing translation, a covered title, text too faint, `DesignCheck`; not
    /// the notes about tabanim's own drawing), and the SF Pro stand-in's note, which is the run's.
    struct Warnings {
        var all: [Diagnostic]
        var strict: [Diagnostic]
        var standIn: Diagnostic?
    }

    /// What is allowed but probably not meant.
    static func warnings(_ animation: Animation, decoded: DecodedAssets? = nil) -> Warnings {
        var warnings: [Diagnostic] = []
        let scene = animation.scene
        for event in animation.timeline.events where event.kind == .tapIgnored {
            guard let index = event.scriptIndex, scene.script.indices.contains(index) else { continue }
            warnings.append(Diagnostic(file: scene.file, keyPath: scene.script[index].keyPath,
                                       message: "the tap at \(event.time.shortText) s will be ignored: \(event.reason ?? "")"))
        }
        for (clip, message) in LottieSupport.warnings(animation.graph, limits: scene.limits, decoded: decoded) {
            warnings.append(Diagnostic(file: scene.file, keyPath: clip.asset.keyPath, message: message))
        }
        let app = TruncationReport.warnings(animation) + DesignCheck.warnings(animation)
        warnings += scene.warnings + app
        let standIn = Typefaces.summary(of: animation.graph)?.standIn.map { Diagnostic(file: scene.file, keyPath: nil, message: $0) }
        if let standIn { warnings.append(standIn) }
        if scene.export.fps > GIFTiming.maximumFPS {
            warnings.append(Diagnostic(file: scene.file, keyPath: KeyPath.root.appending("export").appending("fps"),
                                       message: "\(scene.export.fps.shortText) fps is too fast for a GIF (at most \(GIFTiming.maximumFPS.shortText)); SVG and PNG frames are fine"))
        }
        return Warnings(all: warnings, strict: scene.warnings + app, standIn: standIn)
    }
}
