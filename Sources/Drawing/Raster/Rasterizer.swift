import Basics
import Foundation
import Graph
import Graphics
import PixelKernels
import Resolving
import Scene

/// Draws sampled frames of a scene graph with cairo: a small switch over three primitive kinds.
package final class Rasterizer {
    package let graph: SceneGraph
    package let assets: AssetStore
    /// Pixels per point.
    package let scale: Double
    package let pixelWidth: Int
    package let pixelHeight: Int
    private let file: String
    /// The last few shadows drawn, as surfaces, by what decides their pixels (the blurs themselves are
    /// made once for every rasterizer of an export: `ImagePatches`).
    var blurredShadows: [ImagePatches.ShadowKey: (surface: ImageSurface, box: PixelBox)] = [:]
    /// The last backdrop filtered, kept while its source draws the same (a spin or the pill redraws the
    /// pixels over the glass every frame; the content behind it changes only during a slide).
    var lastBackdrop: (backdrop: Backdrop, source: [DrawCommand], transform: Affine, surface: ImageSurface, box: PixelBox)?
    /// SVG images, and PNGs turned or scaled by an effect, drawn once per placement (shared by a GIF's workers
    /// and passes).
    package let imagePatches: ImagePatches
    /// Text ink and SVG ink by what decides them, measured once (`Rasterizer+Changes.swift`).
    var textInk: [TextInkKey: Rect] = [:]
    var svgInk: [SVGInkKey: Rect] = [:]
    /// Lays out text for measuring.
    lazy var measuring: CairoContext? = (try? ImageSurface(width: 1, height: 1)).flatMap { try? CairoContext($0) }

    /// Loads every asset of `graph` (Lottie clips through `lottie`) at the scene's export scale, once the
    /// frame's size is known to be within `scene.limits.framePixels`.
    package convenience init(scene: ResolvedScene, graph: SceneGraph, pdf: PDFConverting,
                             imagePatches: ImagePatches = ImagePatches(), decoded: DecodedAssets = DecodedAssets()) throws(SceneError) {
        let scale = scene.export.scale
        let size = Self.pixelSize(of: graph, scale: scale)
        try scene.limits.checkImage(width: Double(size.width), height: Double(size.height), file: scene.file)
        let assets = try AssetStore(graph: graph, scale: scale, file: scene.file, limits: scene.limits, pdf: pdf, decoded: decoded)
        self.init(graph: graph, assets: assets, scale: scale, file: scene.file, imagePatches: imagePatches)
    }

    package init(graph: SceneGraph, assets: AssetStore, scale: Double, file: String, imagePatches: ImagePatches = ImagePatches()) {
        self.graph = graph
        self.imagePatches = imagePatches
        self.assets = assets
        self.scale = scale
        self.file = file
        (pixelWidth, pixelHeight) = Self.pixelSize(of: graph, scale: scale)
    }

    /// A frame's size in whole pixels: the graph's viewport at `scale` pixels per point.
    package static func pixelSize(of graph: SceneGraph, scale: Double) -> (width: Int, height: Int) {
        (max(1, Int((graph.viewport.width * scale).rounded())), max(1, Int((graph.viewport.height * scale).rounded())))
    }

    /// The frame at `t`, opaque, `pixelWidth × pixelHeight`; drawn into `surface` when one of that size is
    /// given (a worker drawing frame after frame saves allocating one each time).
    package func render(at t: TimeInterval, reusing surface: ImageSurface? = nil) throws(SceneError) -> ImageSurface {
        try render(graph.sample(at: t), at: t, onto: surface)
    }

    /// A frame `redraw` drew: its surface, the commands it shows, and the pixels that changed from the frame
    /// it was drawn over (nil: all of them).
    package struct Drawn {
        package let surface: ImageSurface
        package let commands: [DrawCommand]
        package let changed: PixelBox?
    }

    /// Draws `commands`, the sample at `t`. Over `earlier` (a frame this rasterizer drew, whose surface it
    /// then owns), only the pixels where the two samples' commands differ are drawn again, clipped to them,
    /// and the rest of the surface is kept: the same picture, pixel for pixel, for the cost of the part that
    /// moves (a spinning button redraws its own square, not the screen).
    package func redraw(_ commands: [DrawCommand], at t: TimeInterval, over earlier: Drawn?) throws(SceneError) -> Drawn {
        guard let earlier, earlier.surface.width == pixelWidth, earlier.surface.height == pixelHeight,
              let box = changedPixels(from: earlier.commands, to: commands) else {
            let surface = try render(commands, at: t, onto: earlier?.surface)
            return Drawn(surface: surface, commands: commands, changed: nil)
        }
        guard !box.isEmpty else { return Drawn(surface: earlier.surface, commands: commands, changed: box) }
        let whole = try draw(commands, at: t, within: box, onto: earlier.surface).drawn
        return Drawn(surface: earlier.surface, commands: commands, changed: whole)
    }

    /// Draws the frame of `commands` only within `box`, grown until the pixels are those of the whole frame
    /// drawn afresh (`wholeShapes`), onto `surface` (one of this rasterizer's size, or a new one), leaving
    /// the pixels outside as they were: the surface and the box drawn.
    package func draw(_ commands: [DrawCommand], at t: TimeInterval, within box: PixelBox,
                      onto surface: ImageSurface?) throws(SceneError) -> (surface: ImageSurface, drawn: PixelBox) {
        let whole = wholeCorners(around: wholeShapes(commands, around: box))
        return (try render(commands, at: t, onto: surface, within: whole), whole)
    }

    /// `box` grown until no curved path (`drawsPaths`) is cut by it: cairo antialiases a path cut by a clip a
    /// level differently, a few pixels in from the cut, than the same path whole (measured: the glass bar's
    /// pill and the raised button's edges under the spinning button's box, a pixel in a few hundred frames),
    /// while a clip only cuts images, filtered layers and upright rectangles. So a box that touches the pill
    /// takes the pill whole, and the frame keeps the pixels of a frame drawn afresh.
    private func wholeShapes(_ commands: [DrawCommand], around box: PixelBox) -> PixelBox {
        let frame = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        var inks: [PixelBox] = []
        for command in commands where drawsPaths(command) {
            guard let ink = pixels(touchedBy: command)?.intersection(frame) else { return frame }
            inks.append(ink)
        }
        var box = box
        var grown = true
        while grown {
            grown = false
            for ink in inks {
                let overlap = ink.intersection(box)
                guard !overlap.isEmpty, overlap != ink else { continue }
                box = box.union(ink)
                grown = true
            }
        }
        return box
    }

    /// Whether cairo rasterizes curved paths for `command` (rounded shapes, text, SVG icons, the Lottie
    /// engine's pictures), whose antialiasing a clip changes; the rest paints pixels already made (PNG
    /// images, filtered layers) or fills upright rectangles (cairo's box path, exact
    /// coverage), which a clip only cuts.
    private func drawsPaths(_ command: DrawCommand) -> Bool {
        switch command.primitive {
        case .shape(let shape):
            let upright = command.transform.b == 0 && command.transform.c == 0
            return shape.cornerRadius > 0 || !upright
        case .text: return true
        case .image(let image):
            if case .svg? = assets.entry(for: image.asset)?.decoded { return true }
            return false
        case .frame: return true
        case .shadow, .backdrop: return false
        }
    }

    private func render(_ commands: [DrawCommand], at t: TimeInterval, onto surface: ImageSurface?,
                        within box: PixelBox? = nil) throws(SceneError) -> ImageSurface {
        do {
            let reused = surface.flatMap { $0.width == pixelWidth && $0.height == pixelHeight ? $0 : nil }
            let surface = try reused ?? ImageSurface(width: pixelWidth, height: pixelHeight)
            let context = try CairoContext(surface)
            if let box {
                context.rectangle(x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height))
                context.clip()
            }
            if reused != nil { context.clear() }
            context.setColor(graph.matte.color.components)
            context.paint()
            var open: DrawCommand.Layer?
            func close() {
                guard let layer = open else { return }
                context.popGroupAndPaint(alpha: layer.opacity)
                context.restore()
                open = nil
            }
            for command in commands where box.map({ drawsInside($0, command) }) ?? true {
                if command.layer?.id != open?.id {
                    close()
                    if let layer = command.layer {
                        // A composited group: its commands drawn together, within their pixels, then faded.
                        context.save()
                        if let pixels = self.pixels(ofLayer: layer.id, in: commands) {
                            context.rectangle(x: Double(pixels.minX), y: Double(pixels.minY), width: Double(pixels.width), height: Double(pixels.height))
                            context.clip()
                        }
                        context.pushGroup()
                        open = layer
                    }
                }
                try draw(command, base: base, in: context)
            }
            close()
            paintOutsideScreen(in: context)
            try context.status()
            return surface
        } catch let error as SceneError {
            throw error
        } catch let error as LottieDrawingError {
            throw SceneError(.render, file: file, keyPath: error.keyPath, "drawing the frame at \(t) s failed: \(error)")
        } catch {
            throw SceneError(.render, file: file, keyPath: nil, "drawing the frame at \(t) s failed: \(error)")
        }
    }

    /// The pixels a layer's commands may touch; nil when unknown.
    private func pixels(ofLayer id: Int, in commands: [DrawCommand]) -> PixelBox? {
        var union: PixelBox?
        for command in commands where command.layer?.id == id {
            guard let touched = pixels(touchedBy: command) else { return nil }
            union = union.map { $0.union(touched) } ?? touched
        }
        return union
    }

    /// Whether `command` may draw a pixel inside `box` (a clip): one that cannot is not drawn at all (a
    /// title beside the spinning button's box is not laid out again for nothing).
    private func drawsInside(_ box: PixelBox, _ command: DrawCommand) -> Bool {
        guard let touched = pixels(touchedBy: command) else { return true }
        return !touched.intersection(box).isEmpty
    }

    /// From screen points to the frame's pixels.
    package var base: Affine {
        Affine(a: scale, b: 0, c: 0, d: scale, tx: -graph.viewport.minX * scale, ty: -graph.viewport.minY * scale)
    }

    package func draw(_ command: DrawCommand, base: Affine, in context: CairoContext) throws {
        context.save()
        defer { context.restore() }
        for clip in command.clips {
            context.setMatrix(base.concatenating(clip.transform))
            context.rectangle(x: clip.rect.minX, y: clip.rect.minY, width: clip.rect.width, height: clip.rect.height)
            context.clip()
        }
        context.setMatrix(base.concatenating(command.transform))
        let faded = command.opacity < 1
        if faded {
            context.clip(toPixelsAround: ink(of: command.primitive), under: base.concatenating(command.transform))
            context.pushGroup()
        }
        switch command.primitive {
        case .shape(let shape):
            context.setColor(shape.fill.components)
            let f = shape.frame
            context.roundedRectangle(x: f.minX, y: f.minY, width: f.width, height: f.height, radius: shape.cornerRadius)
            context.fill()
        case .text(let text):
            PangoText.draw(text, in: context)
        case .image(let image):
            // Resampled once where the image is at its laid-out size (at rest, sliding): not where an effect
            // scales it, frame after frame at another size.
            try draw(image, under: base.concatenating(command.transform), resampling: Self.resamples(command.transform), in: context)
        case .frame(let sequence, let playhead):
            if sequence.tint != nil {
                context.clip(toPixelsAround: ink(of: command.primitive), under: base.concatenating(command.transform))
                context.pushGroup()
            }
            defer { if let tint = sequence.tint { context.popGroupAsMask(color: tint.components) } }
            // The engine's pictures as vectors at their exact place.
            try assets.drawEngineFrame(of: sequence, at: playhead, into: context, transform: base.concatenating(command.transform))
        case .shadow(let shadow):
            try draw(shadow, under: base.concatenating(command.transform), in: context)
        case .backdrop(let backdrop, let source):
            try draw(backdrop, source: source, under: base.concatenating(command.transform), in: context)
        }
        if faded { context.popGroupAndPaint(alpha: command.opacity) }
    }
}
