import Basics
import Foundation
import Graph
import Graphics
import LottieEngine
import Scene

/// What the commands say about a scene's Lottie clips, all drawn by tabanim's own engine at the exact time
/// of every frame: what the engine reads past or does not draw in each (left undrawn, as lottie-ios
/// leaves what it does not support), and a clip that shows nothing at any moment. Warnings, never errors:
/// the rest of the clip is drawn (`validate`, `export`; `--verbose` and the review page summarise).
public enum LottieSupport {
    /// Every distinct clip `graph` plays that the engine reads, by first use (read once into `decoded`, when
    /// given, for the exporters to draw from).
    private static func clips(_ graph: SceneGraph, limits: Limits, decoded: DecodedAssets?) -> [(clip: LottieClip, animation: LottieAnimation)] {
        var out: [(LottieClip, LottieAnimation)] = [], seen = Set<String>()
        for sequence in graph.sequences where seen.insert(AssetStore.engineKey(sequence.clip)).inserted {
            // A file the engine cannot read is an error, reported by `AssetStore`.
            guard case .success(let animation) = AssetStore.engineModel(of: sequence.clip, limits: limits, decoded: decoded) else { continue }
            out.append((sequence.clip, animation))
        }
        return out
    }

    /// The warnings for every clip of `graph`, each clip's in order, for the commands to show at the clip's
    /// key path (not under `--quiet`): what the engine read past ("lottie/x.json: layers[3].refId: no asset
    /// has id "comp_2": the layer is not drawn"), what it does not draw, and whether it shows nothing at all.
    public static func warnings(_ graph: SceneGraph, limits: Limits) -> [(clip: LottieClip, message: String)] {
        warnings(graph, limits: limits, decoded: nil)
    }

    /// The same, the clips read once into `decoded` (the run's, that the exporters draw from).
    package static func warnings(_ graph: SceneGraph, limits: Limits, decoded: DecodedAssets?) -> [(clip: LottieClip, message: String)] {
        clips(graph, limits: limits, decoded: decoded).flatMap { clip, animation in
            let name = clip.asset.displayName
            var notes = animation.warnings.map { (clip, "\(name): \($0)") }
            if !animation.unsupportedFeatures.isEmpty {
                notes.append((clip, "\(name) uses \(animation.unsupportedFeatures.joined(separator: ", ")), which tabanim's Lottie engine does not draw: left undrawn, as lottie-ios leaves what it does not support"))
            }
            if !shows(animation) {
                notes.append((clip, "\(name) shows nothing at any moment: the icon will be invisible"))
            }
            return notes
        }
    }

    /// One line for `--verbose` and the review page; nil without Lottie clips.
    public static func summary(_ graph: SceneGraph, limits: Limits) -> String? {
        summary(graph, limits: limits, decoded: nil)
    }

    /// The same, the clips read once into `decoded`.
    package static func summary(_ graph: SceneGraph, limits: Limits, decoded: DecodedAssets?) -> String? {
        let count = clips(graph, limits: limits, decoded: decoded).count
        guard count > 0 else { return nil }
        return "Lottie: \(count) clip\(count == 1 ? "" : "s") drawn by tabanim's engine at the exact time of each frame"
    }

    /// Whether any of nine evenly spread frames of `animation`, drawn at 32 × 32 pixels, has a pixel that is
    /// not transparent.
    package static func shows(_ animation: LottieAnimation) -> Bool {
        (0...8).contains { k in
            let frame = animation.inPoint + Double(k) / 8 * (animation.outPoint - animation.inPoint)
            guard animation.width > 0, animation.height > 0, let picture = try? animation.picture(atFrame: frame),
                  let surface = try? ImageSurface(width: 32, height: 32), let context = try? CairoContext(surface),
                  (try? LottieVectorRenderer().draw(picture, into: context, transform: .scale(32 / animation.width, 32 / animation.height))) != nil
            else { return false }
            return surface.premultipliedARGB().contains { $0 >> 24 != 0 }
        }
    }
}
