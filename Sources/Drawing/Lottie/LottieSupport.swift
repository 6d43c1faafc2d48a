import Foundation
import Scene

/// Which of a scene's Lottie clips tabanim's own engine draws (at the exact time of every frame), and, for
/// the others, what they use that it does not draw: they fall back to rlottie's whole frames, never silently
/// (`validate` warns, `export --verbose` and the review page say it).
public enum LottieSupport {
    public struct Fallback: Sendable {
        public var clip: LottieClip
        /// What the engine lacks ("expressions", "text layers", …).
        public var features: [String]

        /// "lottie/x.json uses expressions, text layers, which tabanim's Lottie engine does not draw: rlottie
        /// draws it instead, in whole frames".
        public var message: String {
            "\(clip.asset.displayName) uses \(features.joined(separator: ", ")), which tabanim's Lottie engine does not draw: rlottie draws it instead, in whole frames"
        }
    }

    /// Every distinct clip `graph` plays, by first use: (drawn by the engine, fallbacks).
    public static func check(_ graph: SceneGraph, limits: Limits) -> (engine: [LottieClip], fallbacks: [Fallback]) {
        var engine: [LottieClip] = [], fallbacks: [Fallback] = [], seen = Set<String>()
        for sequence in graph.sequences where seen.insert(AssetStore.engineKey(sequence.clip)).inserted {
            switch AssetStore.engineModel(of: sequence.clip, limits: limits) {
            case .success: engine.append(sequence.clip)
            case .failure(let refusal) where refusal.error != nil: continue  // an error, reported by `AssetStore`
            case .failure(let refusal): fallbacks.append(Fallback(clip: sequence.clip, features: refusal.features))
            }
        }
        return (engine, fallbacks)
    }

    /// What the engine read past in the clips it draws (a layer naming an asset that is not there), each
    /// once per clip, for the commands to show as warnings (not under `--quiet`): "lottie/x.json:
    /// layers[3].refId: no asset has id "comp_2": the layer is not drawn", at the clip's key path.
    public static func warnings(_ graph: SceneGraph, limits: Limits) -> [(clip: LottieClip, message: String)] {
        var out: [(clip: LottieClip, message: String)] = [], seen = Set<String>()
        for sequence in graph.sequences where seen.insert(AssetStore.engineKey(sequence.clip)).inserted {
            guard case .success(let animation) = AssetStore.engineModel(of: sequence.clip, limits: limits) else { continue }
            out += animation.warnings.map { (sequence.clip, "\(sequence.clip.asset.displayName): \($0)") }
        }
        return out
    }

    /// One line for `--verbose` and the review page; nil without Lottie clips.
    public static func summary(_ graph: SceneGraph, limits: Limits) -> String? {
        let (engine, fallbacks) = check(graph, limits: limits)
        guard !engine.isEmpty || !fallbacks.isEmpty else { return nil }
        var parts: [String] = []
        if !engine.isEmpty {
            parts.append("\(engine.count) clip\(engine.count == 1 ? "" : "s") drawn by tabanim's engine at the exact time of each frame")
        }
        parts += fallbacks.map(\.message)
        return "Lottie: " + parts.joined(separator: "; ")
    }
}
