import Drawing
import Foundation
import GIFExport
import Outputs
import Review
import SVGExport
import Scene

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
            without problems prints one line saying what it holds. Warnings (a tap that will be ignored, a \
            frame rate too fast for a GIF) leave the status at 0.
            """,
        arguments: [.init(name: "scene", help: "The scene files (JSON).", variadic: true)],
        options: [SharedOptions.quiet] + SharedOptions.safeguards,
        examples: ["tabanim validate scene.json", "tabanim validate scenes/*.json --quiet && echo all good"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let quiet = arguments.flag("quiet")
        let safeguards = try Safeguards(arguments)
        var failed = 0
        for path in arguments.positionals {
            let problems = check(path, safeguards: safeguards, console: console, quiet: quiet)
            problems.forEach { console.failure($0.description) }
            if !problems.isEmpty { failed += 1 }
        }
        let total = arguments.positionals.count
        if failed > 0 {
            if total > 1 { console.error("\(failed) of \(total) scenes have problems.\n") }
            throw ExitStatus(1)
        }
    }

    /// Every problem of one scene; prints its summary and warnings when it has none.
    static func check(_ path: String, safeguards: Safeguards, console: Console, quiet: Bool) -> [Diagnostic] {
        let url = URL(fileURLWithPath: path)
        let limits = safeguards.limits
        let resolver = SceneResolver(file: path, baseDirectory: url.deletingLastPathComponent(), limits: limits,
                                     allowsOutsideFolder: safeguards.allowsOutsideFolder)
        let reading: SceneSpec.Reading
        let scene: ResolvedScene
        do {
            reading = try SceneSpec.read(url, file: path, limits: limits)
        } catch {
            return error.diagnostics
        }
        do {
            scene = try resolver.resolve(reading)
        } catch {
            // What could be read was resolved, so the images the file names can be decoded as well.
            guard let spec = reading.spec, reading.isResolvable else { return error.diagnostics }
            // A file the resolver refused already is not reported twice.
            let reported = Set(error.diagnostics.compactMap(\.keyPath))
            let assets = resolver.existingAssets(in: spec).filter { !reported.contains($0.keyPath) }
            return error.diagnostics + AssetCheck.problems(in: assets, file: path, limits: limits)
        }
        let animation = Animation(scene)
        var problems: [Diagnostic] = Typefaces.register(scene)
        do {
            // The limits of drawn outputs (GIF, PNG frames), as `export` checks them before any work.
            try animation.checkRasterLimits()
        } catch {
            problems += error.diagnostics
        }
        problems += AssetCheck.problems(in: animation, lottie: IsolatedLottieRenderer.tabanim(scene))
        guard problems.isEmpty, !quiet else { return problems }
        console.out("\(path): OK: \(SceneSummary.describe(animation))\n")
        if let faces = Typefaces.summary(of: animation.graph)?.faces { console.out("  \(faces)\n") }
        for warning in warnings(animation) { console.warning(warning.description) }
        return []
    }

    /// What is allowed but probably not meant.
    static func warnings(_ animation: Animation) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let scene = animation.scene
        for event in animation.timeline.events where event.kind == .tapIgnored {
            guard let index = event.scriptIndex, scene.script.indices.contains(index) else { continue }
            warnings.append(Diagnostic(file: scene.file, keyPath: scene.script[index].keyPath,
                                       message: "the tap at \(event.time.shortText) s will be ignored: \(event.reason ?? "")"))
        }
        for (clip, message) in LottieSupport.warnings(animation.graph, limits: scene.limits) {
            warnings.append(Diagnostic(file: scene.file, keyPath: clip.asset.keyPath, message: message))
        }
        for fallback in LottieSupport.check(animation.graph, limits: scene.limits).fallbacks {
            warnings.append(Diagnostic(file: scene.file, keyPath: fallback.clip.asset.keyPath, message: fallback.message))
        }
        if let standIn = Typefaces.summary(of: animation.graph)?.standIn {
            warnings.append(Diagnostic(file: scene.file, keyPath: nil, message: standIn))
        }
        if scene.export.fps > GIFTiming.maximumFPS {
            warnings.append(Diagnostic(file: scene.file, keyPath: KeyPath.root.appending("export").appending("fps"),
                                       message: "\(scene.export.fps.shortText) fps is too fast for a GIF (at most \(GIFTiming.maximumFPS.shortText)); SVG and PNG frames are fine"))
        }
        return warnings
    }
}
