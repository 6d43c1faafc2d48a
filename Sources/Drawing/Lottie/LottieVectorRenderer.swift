import Foundation
import Graphics
import LottieEngine
import PixelKernels

/// Draws a `VectorPicture` (the Lottie engine's frame) with cairo: any scale, transparent background,
/// premultiplied ARGB32. Layers with opacity, masks and mattes are drawn offscreen
/// on surfaces the size of the target, then composited, as Core Animation composites layers.
public struct LottieVectorRenderer {
    public init() {}

    /// cairo's image surfaces are at most 32767 pixels on a side (`cairo_image_surface_create`).
    public static let maxSide = 32767.0

    /// The thinnest a transform may draw, in pixels per unit (`Affine.thinnerScale`): a layer, group or shape
    /// drawn thinner draws nothing. cairo hands gradients and images to pixman through the inverse of the
    /// matrix in 16.16 fixed point, at most 32767, so below 1/32768 a frame fails ("out of memory"); a flip
    /// or a squash passing near 0 between keyframes lands there. Twice that, 1/16384, is chosen: a 48 pt icon
    /// at that scale is 0.003 px wide, and Core Animation's sliver at that moment shows nothing either.
    public static let thinnest = 1.0 / 16384

    /// Whether a node drawn through `m` would show: not collapsed (`Affine.isInvertible`) nor thinner than `thinnest`.
    static func shows(through m: Affine) -> Bool { m.isInvertible && m.isFinite && m.thinnerScale >= thinnest }

    /// Whether `node` paints pixels itself through the matrix it is drawn with (the others hold nodes).
    private static func paints(_ node: VectorNode) -> Bool {
        switch node {
        case .fill, .stroke, .merged, .image: true
        case .group, .masked, .matted, .blended, .shadowed: false
        }
    }

    /// The picture alone: its canvas (w × h pt) at `scale` pixels per point, `⌈S·w⌉ × ⌈S·h⌉` pixels.
    public func render(_ picture: VectorPicture, scale: Double) throws(CLibraryError) -> ImageSurface {
        guard scale > 0, picture.width * scale <= Self.maxSide, picture.height * scale <= Self.maxSide else {
            throw CLibraryError(library: "cairo", function: "cairo_image_surface_create",
                                message: "\(picture.width) × \(picture.height) pt at scale \(scale) is larger than \(Int(Self.maxSide)) pixels on a side")
        }
        let width = max(1, Int((picture.width * scale).rounded(.up))), height = max(1, Int((picture.height * scale).rounded(.up)))
        let surface = try ImageSurface(width: width, height: height)
        try draw(picture, into: CairoContext(surface), transform: .scale(scale, scale))
        return surface
    }

    /// The picture drawn into `context` through `transform` (canvas points → the context's pixels).
    public func draw(_ picture: VectorPicture, into context: CairoContext, transform: Affine) throws(CLibraryError) {
        try draw(picture.nodes, into: context, transform)
        try context.status()
    }

    private func draw(_ nodes: [VectorNode], into context: CairoContext, _ m: Affine) throws(CLibraryError) {
        for node in nodes { try draw(node, into: context, m) }
    }

    private func draw(_ node: VectorNode, into context: CairoContext, _ m: Affine) throws(CLibraryError) {
        // A shape thinner than `thinnest` draws nothing, where cairo would fail the frame.
        if Self.paints(node), !Self.shows(through: m) { return }
        switch node {
        case .group(let t, let opacity, let children):
            let inner = m.concatenating(t)
            guard Self.shows(through: inner) else { return }  // collapsed to a line or a point: nothing (cairo would refuse it)
            if opacity >= 1 { return try draw(children, into: context, inner) }
            let layer = try offscreen(like: context)
            try draw(children, into: CairoContext(layer), inner)
            context.paint(layer, alpha: opacity)
        case .fill(let path, let paint, let rule):
            set(path, on: context, m)
            context.setFillRule(evenOdd: rule == .evenOdd)
            set(paint, on: context)
            context.fill()
        case .stroke(let path, let paint, let style):
            set(path, on: context, m)
            let caps: [StrokeStyle.Cap: CairoContext.LineCap] = [.butt: .butt, .round: .round, .square: .square]
            let joins: [StrokeStyle.Join: CairoContext.LineJoin] = [.miter: .miter, .round: .round, .bevel: .bevel]
            context.setLineStyle(width: style.width, cap: caps[style.cap] ?? .round, join: joins[style.join] ?? .round,
                                 miterLimit: style.miterLimit, dashes: style.dashes, dashOffset: style.dashOffset)
            set(paint, on: context)
            context.strokeCurrentPath()
        case .masked(let content, let masks):
            if masks.count == 1, let mask = masks.first, mask.mode == .add, !mask.inverted, mask.opacity >= 1 {
                // A plain clip (a precomp's bounds, the canvas): no offscreen needed.
                context.save()
                set(mask.path, on: context, m)
                context.setFillRule(evenOdd: false)
                context.clip()
                try draw(content, into: context, m)
                context.restore()
                return
            }
            let layer = try offscreen(like: context)
            try draw(content, into: CairoContext(layer), m)
            context.paint(layer, maskedBy: try maskSurface(masks, like: context, m))
        case .matted(let content, let matte, let mode):
            let layer = try offscreen(like: context), alpha = try offscreen(like: context)
            try draw(content, into: CairoContext(layer), m)
            try draw(matte, into: CairoContext(alpha), m)
            switch mode {
            case .alpha: break
            case .alphaInverted: alpha.replaceAlpha { 255 - ($0 >> 24) }
            case .luma, .lumaInverted:
                // Rec. 601 luma of the premultiplied colour: the matte as seen over black (After Effects).
                let inverted = mode == .lumaInverted
                alpha.replaceAlpha { p in
                    let y = (299 * (p >> 16 & 0xFF) + 587 * (p >> 8 & 0xFF) + 114 * (p & 0xFF) + 500) / 1000
                    return inverted ? 255 - y : y
                }
            }
            context.paint(layer, maskedBy: alpha)
        case .merged(let operands, let mode, let paint, let rule):
            // The combined coverage as an alpha mask, then the paint through it.
            let coverage = try offscreen(like: context)
            let combined = try CairoContext(coverage)
            for (k, operand) in operands.enumerated() {
                let shape = try offscreen(like: context)
                let c = try CairoContext(shape)
                set(operand, on: c, m)
                c.setFillRule(evenOdd: rule == .evenOdd)
                c.setColor((1, 1, 1, 1))
                c.fill()
                let operators: [MergeMode: CairoContext.Operator] = [.add: .over, .subtract: .destinationOut, .intersect: .destinationIn, .exclude: .xor]
                combined.setOperator(k == 0 ? .over : operators[mode] ?? .over)
                combined.paint(shape, alpha: 1)
            }
            let painted = try offscreen(like: context)
            let p = try CairoContext(painted)
            p.setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
            set(paint, on: p)
            p.paint()
            context.paint(painted, maskedBy: coverage)
        case .blended(let content, let mode):
            let layer = try offscreen(like: context)
            try draw(content, into: CairoContext(layer), m)
            let operators: [BlendMode: CairoContext.Operator] = [
                .multiply: .multiply, .screen: .screen, .overlay: .overlay, .darken: .darken, .lighten: .lighten,
                .colorDodge: .colorDodge, .colorBurn: .colorBurn, .hardLight: .hardLight, .softLight: .softLight,
                .difference: .difference, .exclusion: .exclusion, .hue: .hue, .saturation: .saturation, .color: .color,
                .luminosity: .luminosity]
            context.save()
            context.setOperator(operators[mode] ?? .over)
            context.paint(layer, alpha: 1)
            context.restore()
        case .shadowed(let content, let shadow):
            let layer = try offscreen(like: context)
            try draw(content, into: CairoContext(layer), m)
            try drawShadow(shadow, of: layer, into: context, m)
            context.paint(layer, alpha: 1)
        case .image(let data, let width, let height):
            guard let image = try? ImageSurface(png: data) else { return }  // JPEG and broken data: nothing drawn
            context.save()
            context.setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
            context.draw(image, x: 0, y: 0, width: width > 0 ? width : Double(image.width), height: height > 0 ? height : Double(image.height))
            context.restore()
        }
    }

    /// The masks combined as After Effects does: the first one added to nothing (or, when it subtracts or
    /// intersects, to everything), each next one added, subtracted or intersected, each with its opacity.
    private func maskSurface(_ masks: [Mask], like context: CairoContext, _ m: Affine) throws(CLibraryError) -> ImageSurface {
        let result = try offscreen(like: context)
        let combined = try CairoContext(result)
        if let first = masks.first, first.mode == .subtract || first.mode == .intersect {
            combined.setColor((1, 1, 1, 1))
            combined.paint()
        }
        for mask in masks {
            let shape = try offscreen(like: context)
            let c = try CairoContext(shape)
            if mask.inverted {
                c.setColor((1, 1, 1, 1))
                c.paint()
                c.setOperator(.destinationOut)
            }
            set(mask.path, on: c, m)
            c.setFillRule(evenOdd: false)
            c.setColor((1, 1, 1, 1))
            c.fill()
            switch mask.mode {
            case .subtract: combined.setOperator(.destinationOut)
            case .intersect: combined.setOperator(.destinationIn)
            default: combined.setOperator(.over)
            }
            if mask.mode == .intersect, mask.opacity < 1 {
                // Intersecting at partial opacity keeps (1 − opacity) of what lies outside the mask.
                let blend = try offscreen(like: context)
                let b = try CairoContext(blend)
                b.setColor((1, 1, 1, 1 - mask.opacity))
                b.paint()
                b.paint(shape, alpha: mask.opacity)
                combined.paint(blend, alpha: 1)
            } else {
                combined.paint(shape, alpha: mask.opacity)
            }
        }
        return result
    }

    /// Core Animation's shadow of a layer (lottie-ios sets `shadowColor`, `shadowOpacity`, `shadowRadius` and
    /// `shadowOffset` on the layer holding the contents): the alpha of `layer` (its pixels) in the shadow's
    /// colour, blurred with σ = radius (in the layer's points, so scaled with it), moved by the offset (in the
    /// layer's coordinates), painted into `context` before the layer itself.
    private func drawShadow(_ shadow: DropShadow, of layer: ImageSurface, into context: CairoContext, _ m: Affine) throws(CLibraryError) {
        let c = shadow.color
        let channels = [c.alpha, c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha]
        var pixels = layer.premultipliedARGB()
        for i in pixels.indices where pixels[i] != 0 {
            let a = Double(pixels[i] >> 24)
            pixels[i] = channels.reduce(0) { $0 << 8 | UInt32(min(255, max(0, (a * $1).rounded()))) }
        }
        GaussianBlur.blur(&pixels, width: layer.width, height: layer.height, sigma: shadow.radius * abs(m.determinant).squareRoot())
        let blurred = try ImageSurface(premultipliedARGB: pixels, width: layer.width, height: layer.height)
        let offset = m.applyLinear(shadow.offset)
        context.save()
        context.setMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        context.draw(blurred, x: offset.x, y: offset.y, width: Double(layer.width), height: Double(layer.height))
        context.restore()
    }

    private func offscreen(like context: CairoContext) throws(CLibraryError) -> ImageSurface {
        try ImageSurface(width: context.surface.width, height: context.surface.height)
    }

    private func set(_ path: BezierPath, on context: CairoContext, _ m: Affine) {
        context.setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
        context.newPath()
        for contour in path.contours where !contour.vertices.isEmpty {
            let first = contour.vertices[0]
            context.move(to: first.point.x, first.point.y)
            for k in 0..<contour.segmentCount {
                let s = contour.segment(k)
                context.curve(s.p1.x, s.p1.y, s.p2.x, s.p2.y, to: s.p3.x, s.p3.y)
            }
            if contour.closed { context.closePath() }
        }
    }

    private func set(_ paint: Paint, on context: CairoContext) {
        func stops(_ list: [GradientStop], _ opacity: Double) -> [CairoContext.ColorStop] {
            list.map { ($0.offset, $0.color.red, $0.color.green, $0.color.blue, $0.color.alpha * opacity) }
        }
        // A gradient of no length (a radius of 0, start on end) paints its last stop's colour everywhere, as
        // Core Graphics draws it past its end location (lottie-ios draws with `drawsAfterEndLocation`) and
        // as SVG specifies for r = 0 and x1 = x2, y1 = y2; cairo would fail the frame with "out of memory".
        // The threshold, a millionth of a point, is chosen.
        func lastStop(_ list: [GradientStop], _ opacity: Double) {
            let c = list.last?.color ?? RGBA(red: 0, green: 0, blue: 0, alpha: 0)
            context.setColor((c.red, c.green, c.blue, c.alpha * opacity))
        }
        switch paint {
        case .color(let c): context.setColor((c.red, c.green, c.blue, c.alpha))
        case .linear(let start, let end, let list, let opacity) where !((end - start).length > 1e-6):
            lastStop(list, opacity)
        case .radial(let center, let end, _, _, let list, let opacity) where !((end - center).length > 1e-6):
            lastStop(list, opacity)
        case .linear(let start, let end, let list, let opacity):
            context.setLinearGradient(x0: start.x, y0: start.y, x1: end.x, y1: end.y, stops: stops(list, opacity))
        case .radial(let center, let end, let length, let angle, let list, let opacity):
            let radius = (end - center).length
            // The highlight moves the focal point along `angle` from the start→end direction, `length`
            // percent of the radius (kept just inside the circle, as lottie-ios does).
            let direction = atan2(end.y - center.y, end.x - center.x) + angle * .pi / 180
            let distance = radius * min(max(length / 100, -0.99), 0.99)
            context.setRadialGradient(fx: center.x + cos(direction) * distance, fy: center.y + sin(direction) * distance,
                                      cx: center.x, cy: center.y, radius: radius, stops: stops(list, opacity))
        }
    }
}
