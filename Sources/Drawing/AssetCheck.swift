import Basics
import Foundation
import Graph
import Scene

/// Decodes images and renders Lottie clips exactly as an export would, without drawing a frame: for
/// `tabanim validate`, which reports every unreadable asset at once, together with the scene's other
/// problems.
public enum AssetCheck {
    /// One diagnostic per image that cannot be read or decoded; empty when all are fine.
    public static func problems(in assets: [Asset], file: String, limits: Limits = .standard) -> [Diagnostic] {
        check { () throws(SceneError) in
            _ = try AssetStore(images: assets, sequences: [], scale: 1, file: file, limits: limits, pdf: InProcessPDFConverter())
        }
    }

    /// One diagnostic per image or Lottie file of the scene graph an export would refuse: images decoded
    /// (PDFs converted by `pdf`: out of process for the CLI, since poppler can crash or hang on a bad file),
    /// Lottie clips read by the engine.
    public static func problems(in animation: Animation, pdf: PDFConverting) -> [Diagnostic] {
        problems(in: animation, pdf: pdf, decoded: DecodedAssets())
    }

    /// The same, the files decoded into `decoded` (the run's, that its other readers read them from).
    package static func problems(in animation: Animation, pdf: PDFConverting, decoded: DecodedAssets) -> [Diagnostic] {
        let scene = animation.scene
        return check { () throws(SceneError) in
            _ = try AssetStore(graph: animation.graph, scale: scene.export.scale, file: scene.file, limits: scene.limits, pdf: pdf,
                               decoded: decoded)
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
