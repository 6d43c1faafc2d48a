import Foundation
import Outputs
import Scene

/// Decodes images and renders Lottie clips exactly as an export would, without drawing a frame: for
/// `tabanim validate`, which reports every unreadable asset at once, together with the scene's other
/// problems.
public enum AssetCheck {
    /// One diagnostic per image that cannot be read or decoded; empty when all are fine.
    public static func problems(in assets: [Asset], file: String, limits: Limits = .standard) -> [Diagnostic] {
        check { () throws(SceneError) in
            _ = try AssetStore(images: assets, sequences: [], scale: 1, file: file, limits: limits, lottie: NoLottie())
        }
    }

    /// One diagnostic per image or Lottie file of the scene graph an export would refuse: images decoded,
    /// Lottie clips rendered by `lottie` at the export's scale (out of process, for the CLI, since rlottie
    /// can crash or hang on a bad file).
    public static func problems(in animation: Animation, lottie: LottieRendering) -> [Diagnostic] {
        let scene = animation.scene
        return check { () throws(SceneError) in
            _ = try AssetStore(graph: animation.graph, scale: scene.export.scale, file: scene.file, limits: scene.limits, lottie: lottie)
        }
    }

    /// For checks that decode images only: no Lottie clip reaches it.
    private struct NoLottie: LottieRendering {
        func frames(of clip: LottieClip, width: Int, height: Int) throws(LottieError) -> LottieFrames {
            throw LottieError("no Lottie player in an image check")
        }
    }

    private static func check(_ load: () throws(SceneError) -> Void) -> [Diagnostic] {
        do {
            try load()
            return []
        } catch {
            return error.diagnostics
        }
    }
}
