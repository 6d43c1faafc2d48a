import Basics
import Graph
import Graphics
import PixelKernels
import Scene

/// Images drawn: SVG icons and PNGs, through a patch of whole device pixels drawn once per placement
/// (`ImagePatches`), or, for a PNG at its laid-out size, from its copy resampled to that size.
extension Rasterizer {
    func draw(_ image: Graph.Image, under transform: Affine, resampling: Bool, in context: CairoContext) throws {
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

    /// Whether an image under `transform` (to screen points) is drawn from its resampled copy: upright, at
    /// its laid-out size (at rest, sliding), not where an effect turns or scales it frame after frame.
    static func resamples(_ transform: Affine) -> Bool {
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
    func keptInk(of image: Graph.Image, under m: Affine, resampling: Bool) -> PixelBox? {
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
