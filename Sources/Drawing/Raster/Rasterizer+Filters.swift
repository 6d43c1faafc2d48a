import Basics
import Foundation
import Graph
import Graphics
import PixelKernels
import Scene

/// The glass bar's filtered primitives, drawn as the SVG's filters draw them: the same region, the same
/// blur (`GaussianBlur`, SVG's own definition), the same tone, in device pixels.
extension Rasterizer {
    /// A shadow: its shape filled (moved down by its offset) in a surface covering its region, blurred,
    /// then painted. Blurred once per place for every rasterizer of the export (`ImagePatches`).
    package func draw(_ shadow: Shadow, under transform: Affine, in context: CairoContext) throws {
        let key = ImagePatches.ShadowKey(shadow: shadow, matrix: transform)
        let blurred: (surface: ImageSurface, box: PixelBox)
        if let known = blurredShadows[key] {
            blurred = known
        } else {
            // Blurred once per place for every rasterizer of the export (`ImagePatches`), kept here as a
            // surface only for the last few places (a shadow at rest is drawn again and again; a spinning
            // one's places are many).
            guard let made = try imagePatches.shadow(for: key, make: { try blur(shadow, under: transform) }) else { return }
            blurred = (try ImageSurface(premultipliedARGB: made.patch, width: made.box.width, height: made.box.height), made.box)
            if blurredShadows.count >= Self.shadowsKept { blurredShadows.removeAll() }
            blurredShadows[key] = blurred
        }
        paint(blurred.surface, at: blurred.box, in: context)
    }

    /// Shadows kept as surfaces by each rasterizer.
    static let shadowsKept = 8

    /// The shape drawn at its place and blurred: premultiplied pixels of its box; nil when it covers none.
    private func blur(_ shadow: Shadow, under transform: Affine) throws -> (patch: [UInt32], box: PixelBox)? {
        guard let box = PixelBox(covering: shadow.region.boundingBox(under: transform), margin: 0), !box.isEmpty else { return nil }
        let layer = try ImageSurface(width: box.width, height: box.height)
        let drawing = try CairoContext(layer)
        drawing.setMatrix(Affine.translation(Double(-box.minX), Double(-box.minY)).concatenating(transform))
        let f = shadow.frame
        drawing.setColor(shadow.style.color.components)
        drawing.roundedRectangle(x: f.minX, y: f.minY + shadow.style.offsetY, width: f.width, height: f.height, radius: shadow.cornerRadius)
        drawing.fill()
        try drawing.status()
        return (try filtered(layer, sigma: shadow.style.blur * transform.scaleFactor, tone: nil).premultipliedARGB(), box)
    }

    /// A backdrop: its source's commands drawn (transparent elsewhere) in a surface covering its region,
    /// blurred, toned, and painted inside its rounded rectangle.
    package func draw(_ backdrop: Backdrop, source: [DrawCommand], under transform: Affine, in context: CairoContext) throws {
        let f = backdrop.frame
        if let last = lastBackdrop, last.transform == transform, last.backdrop.frame == f, last.backdrop.cornerRadius == backdrop.cornerRadius,
           last.backdrop.blur == backdrop.blur, last.backdrop.tone == backdrop.tone, last.source.drawsTheSame(as: source) {
            clip(to: backdrop, under: transform, in: context)
            paint(last.surface, at: last.box, in: context)
            return
        }
        guard let box = PixelBox(covering: backdrop.region.boundingBox(under: transform), margin: 0), !box.isEmpty else { return }
        let layer = try ImageSurface(width: box.width, height: box.height)
        let drawing = try CairoContext(layer)
        let shifted = Affine.translation(Double(-box.minX), Double(-box.minY)).concatenating(transform)
        // Only the region takes part, as a filter region cuts its input.
        drawing.setMatrix(shifted)
        drawing.rectangle(x: backdrop.region.minX, y: backdrop.region.minY, width: backdrop.region.width, height: backdrop.region.height)
        drawing.clip()
        for command in source { try draw(command, base: shifted, in: drawing) }
        try drawing.status()
        // Only the pixels the capsule covers are kept: half of the region, which is grown by 3σ on every side.
        guard let shown = PixelBox(covering: f.boundingBox(under: transform), margin: 0)?.intersection(box), !shown.isEmpty else { return }
        let tone = backdrop.tone
        let result = try filtered(layer, sigma: backdrop.blur * transform.scaleFactor,
                                  tone: (tone.gain, (tone.offset.red, tone.offset.green, tone.offset.blue)),
                                  keeping: PixelBox(x: shown.minX - box.minX, y: shown.minY - box.minY, width: shown.width, height: shown.height))
        lastBackdrop = (backdrop, source, transform, result, shown)
        clip(to: backdrop, under: transform, in: context)
        paint(result, at: shown, in: context)
    }

    private func clip(to backdrop: Backdrop, under transform: Affine, in context: CairoContext) {
        let f = backdrop.frame
        context.setMatrix(transform)
        context.roundedRectangle(x: f.minX, y: f.minY, width: f.width, height: f.height, radius: backdrop.cornerRadius)
        context.clip()
    }

    /// `layer` blurred and toned, the part `kept` (in the layer's pixels; all of it by default) only.
    private func filtered(_ layer: ImageSurface, sigma: Double, tone: (gain: Double, offset: (Double, Double, Double))?,
                          keeping kept: PixelBox? = nil) throws -> ImageSurface {
        let kept = kept ?? PixelBox(x: 0, y: 0, width: layer.width, height: layer.height)
        var pixels = GaussianBlur.blurred(layer.premultipliedARGB(), width: layer.width, height: layer.height, sigma: sigma,
                                          columns: kept.minX..<kept.maxX, rows: kept.minY..<kept.maxY)
        if let tone { ColorTone.apply(&pixels, gain: tone.gain, offset: tone.offset) }
        return try ImageSurface(premultipliedARGB: pixels, width: kept.width, height: kept.height)
    }

    /// `surface` at its box, pixel for pixel.
    private func paint(_ surface: ImageSurface, at box: PixelBox, in context: CairoContext) {
        context.setMatrix(.identity)
        context.draw(surface, x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height))
    }
}

extension Affine {
    /// How much the transform scales lengths (the square root of its determinant's size): a blur's σ in
    /// points becomes this many pixels per point.
    var scaleFactor: Double { abs(a * d - b * c).squareRoot() }
}
