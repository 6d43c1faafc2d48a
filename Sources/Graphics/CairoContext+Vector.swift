import CCairo
import Foundation

/// What the Lottie vector renderer needs of cairo beyond `Cairo.swift`: Bézier paths, fill rules, line
/// styles, gradients and compositing of offscreen surfaces. Still the only home of cairo's pointers.
extension CairoContext {
    public func newPath() { cairo_new_path(pointer) }
    public func move(to x: Double, _ y: Double) { cairo_move_to(pointer, x, y) }
    public func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, to x: Double, _ y: Double) {
        cairo_curve_to(pointer, x1, y1, x2, y2, x, y)
    }
    public func closePath() { cairo_close_path(pointer) }

    public func setFillRule(evenOdd: Bool) {
        cairo_set_fill_rule(pointer, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    public enum LineCap { case butt, round, square }
    public enum LineJoin { case miter, round, bevel }

    /// Width, caps, joins and dashes for the next `strokeCurrentPath()`, in user units.
    public func setLineStyle(width: Double, cap: LineCap, join: LineJoin, miterLimit: Double, dashes: [Double], dashOffset: Double) {
        cairo_set_line_width(pointer, width)
        switch cap {
        case .butt: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_SQUARE)
        }
        switch join {
        case .miter: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(pointer, max(1, miterLimit))
        dashes.withUnsafeBufferPointer { cairo_set_dash(pointer, $0.baseAddress, Int32($0.count), dashOffset) }
    }

    /// Strokes the current path with the line style set last.
    public func strokeCurrentPath() { cairo_stroke(pointer) }

    /// One stop of a gradient: offset 0…1 and a straight colour.
    public typealias ColorStop = (offset: Double, red: Double, green: Double, blue: Double, alpha: Double)

    /// A linear gradient from (x0, y0) to (x1, y1) as the source, in user units; padded beyond its ends.
    public func setLinearGradient(x0: Double, y0: Double, x1: Double, y1: Double, stops: [ColorStop]) {
        setGradient(cairo_pattern_create_linear(x0, y0, x1, y1), stops)
    }

    /// A radial gradient from the circle (fx, fy, 0) to the circle (cx, cy, radius) as the source.
    public func setRadialGradient(fx: Double, fy: Double, cx: Double, cy: Double, radius: Double, stops: [ColorStop]) {
        setGradient(cairo_pattern_create_radial(fx, fy, 0, cx, cy, radius), stops)
    }

    private func setGradient(_ pattern: OpaquePointer?, _ stops: [ColorStop]) {
        guard let pattern else { return }
        for s in stops { cairo_pattern_add_color_stop_rgba(pattern, s.offset, s.red, s.green, s.blue, s.alpha) }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(pointer, pattern)
        cairo_pattern_destroy(pattern)
    }

    public enum Operator {
        case over, destinationOut, destinationIn, source, xor
        case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion
        case hue, saturation, color, luminosity, add
    }

    public func setOperator(_ op: Operator) {
        switch op {
        case .over: cairo_set_operator(pointer, CAIRO_OPERATOR_OVER)
        case .destinationOut: cairo_set_operator(pointer, CAIRO_OPERATOR_DEST_OUT)
        case .destinationIn: cairo_set_operator(pointer, CAIRO_OPERATOR_DEST_IN)
        case .source: cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        case .xor: cairo_set_operator(pointer, CAIRO_OPERATOR_XOR)
        case .multiply: cairo_set_operator(pointer, CAIRO_OPERATOR_MULTIPLY)
        case .screen: cairo_set_operator(pointer, CAIRO_OPERATOR_SCREEN)
        case .overlay: cairo_set_operator(pointer, CAIRO_OPERATOR_OVERLAY)
        case .darken: cairo_set_operator(pointer, CAIRO_OPERATOR_DARKEN)
        case .lighten: cairo_set_operator(pointer, CAIRO_OPERATOR_LIGHTEN)
        case .colorDodge: cairo_set_operator(pointer, CAIRO_OPERATOR_COLOR_DODGE)
        case .colorBurn: cairo_set_operator(pointer, CAIRO_OPERATOR_COLOR_BURN)
        case .hardLight: cairo_set_operator(pointer, CAIRO_OPERATOR_HARD_LIGHT)
        case .softLight: cairo_set_operator(pointer, CAIRO_OPERATOR_SOFT_LIGHT)
        case .difference: cairo_set_operator(pointer, CAIRO_OPERATOR_DIFFERENCE)
        case .exclusion: cairo_set_operator(pointer, CAIRO_OPERATOR_EXCLUSION)
        case .hue: cairo_set_operator(pointer, CAIRO_OPERATOR_HSL_HUE)
        case .saturation: cairo_set_operator(pointer, CAIRO_OPERATOR_HSL_SATURATION)
        case .color: cairo_set_operator(pointer, CAIRO_OPERATOR_HSL_COLOR)
        case .luminosity: cairo_set_operator(pointer, CAIRO_OPERATOR_HSL_LUMINOSITY)
        case .add: cairo_set_operator(pointer, CAIRO_OPERATOR_ADD)
        }
    }

    /// Paints `surface` (pixel for pixel, whatever the current matrix) with `alpha`.
    public func paint(_ surface: ImageSurface, alpha: Double) {
        save()
        cairo_identity_matrix(pointer)
        cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        cairo_paint_with_alpha(pointer, alpha)
        restore()
    }

    /// Paints `surface` through the alpha of `mask` (both pixel for pixel).
    public func paint(_ surface: ImageSurface, maskedBy mask: ImageSurface) {
        save()
        cairo_identity_matrix(pointer)
        cairo_set_source_surface(pointer, surface.pointer, 0, 0)
        cairo_mask_surface(pointer, mask.pointer, 0, 0)
        restore()
    }
}

extension ImageSurface {
    /// Replaces every pixel's alpha by `alpha(pixel)` (premultiplied ARGB32 in, an alpha-only mask out:
    /// the colour channels are set to the new alpha, which keeps the pixel validly premultiplied).
    public func replaceAlpha(_ alpha: (UInt32) -> UInt32) {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let base = cairo_image_surface_get_data(pointer) else { return }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let a = min(255, alpha(row[x]))
                row[x] = a << 24 | a << 16 | a << 8 | a
            }
        }
        cairo_surface_mark_dirty(pointer)
    }
}
