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

    // MARK: - What changed

    /// The pixels that drawing `new` instead of `old` may change: where a command differs, both its old
    /// and its new ink. nil when that cannot be told (the samples draw different numbers of commands, or
    /// an ink's extent is unknown); empty when nothing changes.
    package func changedPixels(from old: [DrawCommand], to new: [DrawCommand]) -> PixelBox? {
        var changed = PixelBox.empty
        guard forEachChangedBox(from: old, to: new, { changed = changed.union($0) }) else { return nil }
        return changed.intersection(PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
    }

    /// `changedPixels` command by command: for each command that differs, the box of its old and its new
    /// ink, within the frame (where several commands differ far apart, a title here and a moving view
    /// there, their boxes tell apart what one box around all of them would not). Empty boxes are left out.
    package func changedPixelsApart(from old: [DrawCommand], to new: [DrawCommand]) -> [PixelBox]? {
        let frame = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        var boxes: [PixelBox] = []
        guard forEachChangedBox(from: old, to: new, { box in
            let inside = box.intersection(frame)
            if !inside.isEmpty { boxes.append(inside) }
        }) else { return nil }
        return boxes
    }

    /// Calls `body` with the box of each differing command's old and new ink, anywhere (no array on the
    /// render workers' path); false when that cannot be told, as for `changedPixels`.
    private func forEachChangedBox(from old: [DrawCommand], to new: [DrawCommand], _ body: (PixelBox) -> Void) -> Bool {
        guard old.count == new.count else { return false }
        for (before, after) in zip(old, new) where !before.drawsTheSame(as: after) {
            guard let was = pixels(touchedBy: before), let now = pixels(touchedBy: after) else { return false }
            body(was.union(now))
        }
        return true
    }

    /// The pixels `command` may touch: its primitive's ink within its clips, grown by two pixels for
    /// antialiasing and image filtering (an image drawn through a kept patch: the patch's own ink, to the
    /// pixel); nil when unknown.
    private func pixels(touchedBy command: DrawCommand) -> PixelBox? {
        let m = base.concatenating(command.transform)
        var known: PixelBox?
        if case .image(let image) = command.primitive { known = keptInk(of: image, under: m, resampling: Self.resamples(command.transform)) }
        guard var box = known ?? ink(of: command.primitive).flatMap({ PixelBox(covering: $0.boundingBox(under: m), margin: 2) }) else {
            return nil
        }
        for clip in command.clips {
            guard let clipped = PixelBox(covering: clip.rect.boundingBox(under: base.concatenating(clip.transform)), margin: 2) else { return nil }
            box = box.intersection(clipped)
        }
        return box
    }

    /// Text ink and SVG ink by what decides them, measured once.
    private var textInk: [TextInkKey: Rect] = [:]
    /// What decides a text's ink (a struct, not a string made of them: formatting its numbers was most of a
    /// lookup's cost).
    private struct TextInkKey: Hashable {
        package var string: String
        package var fontSize: Double
        package var weight: FontWeight
        package var alignment: Text.Alignment
        package var x: Double, y: Double
        package var family: String?
        package var language: String?

        /// Hashed by its numbers and the strings' lengths, and told apart by `==`: hashing a string that is
        /// not ASCII (a Thai or Chinese title) normalizes it first, and a variant locale looks its titles up
        /// on every frame, its lead's and its own. Equal strings are the same bytes, which `==` finds fast.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(fontSize)
            hasher.combine(x)
            hasher.combine(y)
            hasher.combine(string.utf8.count)
            hasher.combine(weight)
            hasher.combine(alignment)
        }
    }
    private var svgInk: [SVGInkKey: Rect] = [:]
    private struct SVGInkKey: Hashable {
        package var document: ObjectIdentifier
        package var frame: Rect
    }
    /// Lays out text for measuring.
    private lazy var measuring: CairoContext? = (try? ImageSurface(width: 1, height: 1)).flatMap { try? CairoContext($0) }

    private func inkRect(of text: Text) -> Rect? {
        let key = TextInkKey(string: text.string, fontSize: text.fontSize, weight: text.weight, alignment: text.alignment,
                             x: text.baseline.x, y: text.baseline.y, family: text.family, language: text.language)
        if let ink = textInk[key] { return ink }
        guard let measuring, let ink = PangoText.inkRect(of: text, in: measuring) else { return nil }
        textInk[key] = ink
        return ink
    }

    private func inkRect(of document: SVGDocument, in frame: Rect) -> Rect? {
        let key = SVGInkKey(document: ObjectIdentifier(document), frame: frame)
        if let ink = svgInk[key] { return ink }
        // The ink, and the box itself: nothing drawn inside it can be missed.
        guard let ink = document.inkRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)?.union(frame) else { return nil }
        svgInk[key] = ink
        return ink
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

    /// Where `primitive` may draw, in its own coordinates; nil when that is not known.
    private func ink(of primitive: DrawCommand.Primitive) -> Rect? {
        switch primitive {
        case .shape(let shape): return shape.frame
        case .text(let text): return inkRect(of: text)
        case .image(let image): return ink(of: image)
        case .frame(let sequence, _): return sequence.frame  // the engine's vectors are clipped to it
        case .shadow(let shadow): return shadow.region
        case .backdrop(let backdrop, _): return backdrop.frame
        }
    }

    /// What an image draws: an SVG's ink (it may reach past its box), a PNG inside its box.
    private func ink(of image: Graph.Image) -> Rect? {
        switch assets.entry(for: image.asset)?.decoded {
        case .svg(let document): return inkRect(of: document, in: image.frame)
        case .png: return image.frame
        case nil: return nil
        }
    }

    private func draw(_ image: Graph.Image, under transform: Affine, resampling: Bool, in context: CairoContext) throws {
        guard let entry = assets.entry(for: image.asset) else { return }
        let f = image.frame
        if image.tint != nil {
            context.clip(toPixelsAround: ink(of: image), under: transform)
            context.pushGroup()
        }
        let patched = patchPlacement(image, entry, resampling: resampling)
        switch entry.decoded {
        case .svg(let document):
            if let patched {
                try drawPatched(patched, under: transform, context) { patch in
                    try document.render(in: patch, x: f.minX, y: f.minY, width: f.width, height: f.height)
                }
            } else {
                try document.render(in: context, x: f.minX, y: f.minY, width: f.width, height: f.height)
            }
        case .png(let surface):
            let placed = Self.aspectFit(surface, in: f)
            if let patched {
                try drawPatched(patched, under: transform, context) { patch in
                    patch.draw(surface, x: placed.minX, y: placed.minY, width: placed.width, height: placed.height)
                }
            } else if try !drawResampled(surface, in: placed, under: transform, context) {
                context.draw(surface, x: placed.minX, y: placed.minY, width: placed.width, height: placed.height)
            }
        }
        if let tint = image.tint { context.popGroupAsMask(color: tint.components) }
    }
}

extension Rasterizer {
    /// Draws a PNG shown smaller than its pixels and upright (a screenshot at rest or sliding) from its copy
    /// resampled to the size it has on the device (`AssetStore.resampled`): at a whole-pixel offset, the
    /// very pixels of drawing it directly; between pixels, a bilinear blend of the copy. false: not such a
    /// case (rotated, scaled by an effect, enlarged), for the caller to draw it directly.
    fileprivate func drawResampled(_ surface: ImageSurface, in rect: Rect, under m: Affine, _ context: CairoContext) throws -> Bool {
        guard m.b == 0, m.c == 0, m.a > 0, m.d > 0 else { return false }
        let width = rect.width * m.a, height = rect.height * m.d
        guard width >= 1, height >= 1, width <= Double(surface.width), height <= Double(surface.height),
              width < Double(surface.width) || height < Double(surface.height),
              let resampled = try assets.resampled(surface, width: width, height: height) else { return false }
        context.save()
        defer { context.restore() }
        context.setMatrix(.identity)
        context.draw(resampled, x: m.a * rect.minX + m.tx, y: m.d * rect.minY + m.ty,
                     width: Double(resampled.width), height: Double(resampled.height))
        return true
    }
}

extension Rasterizer {
    /// Whether an image under `transform` (to screen points) is drawn from its resampled copy: upright, at
    /// its laid-out size (at rest, sliding), not where an effect turns or scales it frame after frame.
    fileprivate static func resamples(_ transform: Affine) -> Bool {
        transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
    }

    /// A PNG's box in `frame`: aspect fit, centred (UIImageView's scaleAspectFit; tab bar icons draw at
    /// their own aspect).
    fileprivate static func aspectFit(_ surface: ImageSurface, in frame: Rect) -> Rect {
        let fit = min(frame.width / Double(surface.width), frame.height / Double(surface.height))
        let w = Double(surface.width) * fit, h = Double(surface.height) * fit
        return Rect(x: frame.center.x - w / 2, y: frame.center.y - h / 2, width: w, height: h)
    }

    /// Where an image drawn through a patch is: its file, its box and its ink, in its own coordinates.
    fileprivate struct PatchPlacement {
        package var source: String
        package var placed: Rect
        package var ink: Rect
    }

    /// For an image drawn through a patch (an SVG whose ink is known, a PNG not drawn resampled), from its
    /// `entry`: where it is; nil for the others.
    fileprivate func patchPlacement(_ image: Graph.Image, _ entry: AssetStore.Entry, resampling: Bool) -> PatchPlacement? {
        switch entry.decoded {
        case .svg(let document):
            return inkRect(of: document, in: image.frame).map { PatchPlacement(source: entry.sourceKey, placed: image.frame, ink: $0) }
        case .png(let surface):
            guard !resampling else { return nil }
            let placed = Self.aspectFit(surface, in: image.frame)
            return PatchPlacement(source: entry.sourceKey, placed: placed, ink: placed)
        }
    }

    /// Where `image` draws under `m` (to the device), known to the pixel: nothing for an image whose file did
    /// not load, its kept patch's ink for one drawn through a patch (a turned button's circle, not the
    /// bounding box of its turned square); nil when neither is known.
    fileprivate func keptInk(of image: Graph.Image, under m: Affine, resampling: Bool) -> PixelBox? {
        guard let entry = assets.entry(for: image.asset) else { return .empty }
        guard let placement = patchPlacement(image, entry, resampling: resampling), let key = patchKey(placement, under: m) else { return nil }
        return imagePatches.kept(key)?.ink
    }

    /// The key of the patch an image at `placement` is drawn through under `m` (to the device); nil when it
    /// would cover no pixel of the frame.
    fileprivate func patchKey(_ placement: PatchPlacement, under m: Affine) -> ImagePatches.Key? {
        let frame = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        guard let box = PixelBox(covering: placement.ink.boundingBox(under: m), margin: 2)?.intersection(frame), !box.isEmpty else { return nil }
        return ImagePatches.Key(source: placement.source, placed: placement.placed, matrix: m, box: box)
    }

    /// Draws an image (an SVG, or a PNG an effect turns or scales) through its patch of whole device pixels
    /// (`ImagePatches`), made by `draw` at most once per placement and painted at a whole-pixel offset.
    /// `m`: to the device.
    fileprivate func drawPatched(_ placement: PatchPlacement, under m: Affine, _ context: CairoContext,
                                 draw: (CairoContext) throws -> Void) throws {
        guard let key = patchKey(placement, under: m) else { return }
        let box = key.box
        let patch = try imagePatches.patch(for: key) {
            let drawn = try ImageSurface(width: box.width, height: box.height)
            let patchContext = try CairoContext(drawn)
            // Whole pixels moved: the image lands on the patch's pixels as it would on the frame's.
            patchContext.setMatrix(Affine(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx - Double(box.minX), ty: m.ty - Double(box.minY)))
            try draw(patchContext)
            try patchContext.status()
            return drawn.premultipliedARGB()
        }
        let shown = try ImageSurface(premultipliedARGB: patch.pixels, width: box.width, height: box.height)
        context.save()
        defer { context.restore() }
        context.setMatrix(.identity)
        context.draw(shown, x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height))
    }
}

extension CairoContext {
    package func setMatrix(_ m: Affine) { setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty) }

    /// Clips to `rect` (in the user space of `m`, the matrix in force; nil: unknown, no clip) rounded out to
    /// whole device pixels and two more on each side (as `pixels(touchedBy:)`), before a group is pushed:
    /// `cairo_push_group` makes a surface the size of the clip, which without one is the whole frame (14 MB
    /// for a tinted icon at @3x, cleared and composited whole); a clip on whole pixels outside everything
    /// drawn changes no pixel.
    package func clip(toPixelsAround rect: Rect?, under m: Affine) {
        guard let rect, let box = PixelBox(covering: rect.boundingBox(under: m), margin: 2) else { return }
        setMatrix(.identity)
        rectangle(x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height))
        clip()
        setMatrix(m)
    }
}

extension Color {
    package var components: (red: Double, green: Double, blue: Double, alpha: Double) { (red, green, blue, alpha) }
}

