import Foundation
import Scene

/// Draws sampled frames of a scene graph with cairo: a small switch over three primitive kinds.
final class Rasterizer {
    let graph: SceneGraph
    let assets: AssetStore
    /// Pixels per point.
    let scale: Double
    let pixelWidth: Int
    let pixelHeight: Int
    private let file: String

    /// Loads every asset of `graph` (Lottie clips through `lottie`) at the scene's export scale, once the
    /// frame's size is known to be within `scene.limits.framePixels`.
    convenience init(scene: ResolvedScene, graph: SceneGraph, lottie: LottieRendering) throws(SceneError) {
        let scale = scene.export.scale
        let size = Self.pixelSize(of: graph, scale: scale)
        try scene.limits.checkImage(width: Double(size.width), height: Double(size.height), file: scene.file)
        let assets = try AssetStore(graph: graph, scale: scale, file: scene.file, limits: scene.limits, lottie: lottie)
        self.init(graph: graph, assets: assets, scale: scale, file: scene.file)
    }

    init(graph: SceneGraph, assets: AssetStore, scale: Double, file: String) {
        self.graph = graph
        self.assets = assets
        self.scale = scale
        self.file = file
        (pixelWidth, pixelHeight) = Self.pixelSize(of: graph, scale: scale)
    }

    /// A frame's size in whole pixels: the graph's viewport at `scale` pixels per point.
    static func pixelSize(of graph: SceneGraph, scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((graph.viewport.width * scale).rounded())), max(1, Int((graph.viewport.height * scale).rounded())))
    }

    /// The frame at `t`, opaque, `pixelWidth × pixelHeight`; drawn into `surface` when one of that size is
    /// given (a worker drawing frame after frame saves allocating one each time).
    func render(at t: TimeInterval, reusing surface: ImageSurface? = nil) throws(SceneError) -> ImageSurface {
        do {
            let reused = surface.flatMap { $0.width == pixelWidth && $0.height == pixelHeight ? $0 : nil }
            let surface = try reused ?? ImageSurface(width: pixelWidth, height: pixelHeight)
            let context = try CairoContext(surface)
            if reused != nil { context.clear() }
            context.setColor(graph.background.components)
            context.paint()
            let base = Affine(a: scale, b: 0, c: 0, d: scale, tx: -graph.viewport.minX * scale, ty: -graph.viewport.minY * scale)
            for command in graph.sample(at: t) {
                try draw(command, base: base, in: context)
            }
            try context.status()
            return surface
        } catch let error as SceneError {
            throw error
        } catch {
            throw SceneError(.render, file: file, keyPath: nil, "drawing the frame at \(t) s failed: \(error)")
        }
    }

    private func draw(_ command: DrawCommand, base: Affine, in context: CairoContext) throws {
        context.save()
        defer { context.restore() }
        for clip in command.clips {
            context.setMatrix(base.concatenating(clip.transform))
            context.rectangle(x: clip.rect.minX, y: clip.rect.minY, width: clip.rect.width, height: clip.rect.height)
            context.clip()
        }
        context.setMatrix(base.concatenating(command.transform))
        let faded = command.opacity < 1
        if faded { context.pushGroup() }
        switch command.primitive {
        case .shape(let shape):
            context.setColor(shape.fill.components)
            let f = shape.frame
            context.roundedRectangle(x: f.minX, y: f.minY, width: f.width, height: f.height, radius: shape.cornerRadius)
            context.fill()
        case .text(let text):
            PangoText.draw(text, in: context)
        case .image(let image):
            try draw(image, in: context)
        case .frame(let sequence, let index):
            guard let frames = assets.frames(of: sequence, scale: scale), !frames.isEmpty else { break }
            let f = sequence.frame
            if sequence.tint != nil { context.pushGroup() }
            context.draw(frames[min(index, frames.count - 1)], x: f.minX, y: f.minY, width: f.width, height: f.height)
            if let tint = sequence.tint { context.popGroupAsMask(color: tint.components) }
        }
        if faded { context.popGroupAndPaint(alpha: command.opacity) }
    }

    private func draw(_ image: Scene.Image, in context: CairoContext) throws {
        guard let entry = assets.entry(for: image.asset) else { return }
        if image.tint != nil { context.pushGroup() }
        let f = image.frame
        switch entry.decoded {
        case .svg(let document):
            try document.render(in: context, x: f.minX, y: f.minY, width: f.width, height: f.height)
        case .png(let surface):
            // Aspect fit, centred (UIImageView's scaleAspectFit; tab bar icons draw at their own aspect).
            let fit = min(f.width / Double(surface.width), f.height / Double(surface.height))
            let w = Double(surface.width) * fit, h = Double(surface.height) * fit
            context.draw(surface, x: f.center.x - w / 2, y: f.center.y - h / 2, width: w, height: h)
        }
        if let tint = image.tint { context.popGroupAsMask(color: tint.components) }
    }
}

extension CairoContext {
    func setMatrix(_ m: Affine) { setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty) }
}

extension Color {
    var components: (red: Double, green: Double, blue: Double, alpha: Double) { (red, green, blue, alpha) }
}

