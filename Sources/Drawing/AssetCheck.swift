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

    /// How an image covers its box, drawn as an export draws it (its own colours, no tint) at 2 pixels per
    /// point in a 24 pt box: the share of its pixels that are opaque, and whether it has more than one
    /// colour. nil when it cannot be drawn (`problems` reports that). A template image is drawn from its
    /// alpha alone (`UIImage.RenderingMode.alwaysTemplate`): one that covers its box draws as a solid square.
    public static func coverage(of asset: Asset, pdf: PDFConverting, limits: Limits = .standard) -> (opaque: Double, colored: Bool)? {
        let box = Rect(x: 0, y: 0, width: 24, height: 24), scale = 2.0
        let graph = SceneGraph(root: Group(name: "icon", children: [.image(Graph.Image(asset: asset, frame: box, tint: nil))]),
                               viewport: box, duration: 1, matte: .full(.clear))
        guard let assets = try? AssetStore(images: [asset], sequences: [], scale: scale, file: asset.displayName, limits: limits, pdf: pdf),
              let surface = try? Rasterizer(graph: graph, assets: assets, scale: scale, file: asset.displayName).render(at: 0) else { return nil }
        let pixels = surface.premultipliedARGB()
        guard !pixels.isEmpty else { return nil }
        var opaque = 0
        var colors = Set<UInt32>()
        for pixel in pixels where pixel >> 24 >= 250 {
            opaque += 1
            // Straight colour, rounded to 16 levels a channel: antialiased edges are not colours of their own.
            if colors.count < 2 { colors.insert(pixel & 0x00F0_F0F0) }
        }
        return (Double(opaque) / Double(pixels.count), colors.count > 1)
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
