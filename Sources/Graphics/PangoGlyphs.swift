import CCairo
import CPangoCairo
import Foundation
import Graph
import LottieEngine

/// The glyphs of the fonts a Lottie file's text names, outlined by pango: the faces `Typefaces` finds
/// (installed fonts, and the scene's `fonts`), else its stand-in, so that the engine's pictures hold the
/// text as paths and cairo and the SVG draw the same outlines. One glyph per character, at size 100 (as a
/// file's `chars` give them), placed by its own advance with no kerning and no ligature, as lottie-ios
/// sets it: its `CoreTextRenderLayer` gives CoreText `kern` = the tracking and `ligature` = 0, and a kern
/// attribute replaces the font's kerning ("If this attribute is set to 0.0, no kerning is done at all",
/// Apple's `kCTKernAttributeName`).
package struct PangoGlyphSource: GlyphSource {
    package init() {}

    package func glyph(_ character: String, in font: LottieFont) -> (glyph: Glyph, standIn: String?)? {
        let style = font.style.lowercased()
        let weight: FontWeight = style.contains("bold") || style.contains("semi") || style.contains("black") || style.contains("heavy") ? .semibold
            : style.contains("medium") ? .medium : .regular
        let face = Typefaces.face(for: character, family: font.family, weight: weight)
        guard let glyph = Self.outline(character, families: face.families, style: font.style) else { return nil }
        return (glyph, face.kind == .scene ? nil : face.name)
    }

    /// `character` at 100 px in the first of `families` that has it, in `style` ("Bold Italic"), its
    /// baseline at y 0; nil when pango finds no glyph for it.
    package static func outline(_ character: String, families: String, style: String) -> Glyph? {
        PangoText.lock.lock()
        defer { PangoText.lock.unlock() }
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        guard let layout = PangoText.unhintedLayout(cr) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // "Inter,DejaVu Sans Bold Italic": pango reads the trailing words as the style.
        let description = pango_font_description_from_string("\(families) \(style)")
        defer { pango_font_description_free(description) }
        pango_font_description_set_absolute_size(description, 100 * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, character, -1)
        guard pango_layout_get_unknown_glyphs_count(layout) == 0 else { return nil }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        cairo_move_to(cr, 0, -baseline)
        pango_cairo_layout_path(cr, layout)
        guard let path = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        var contours: [BezierContour] = [], current: [BezierVertex] = []
        func finish(closed: Bool) {
            if closed, current.count > 1, let first = current.first, let last = current.last, first.point == last.point {
                current[0].inControl = last.inControl  // the closing segment ends on the first vertex
                current.removeLast()
            }
            if current.count > 1 || (closed && !current.isEmpty) { contours.append(BezierContour(vertices: current, closed: closed)) }
            current = []
        }
        var i = 0
        let count = Int(path.pointee.num_data)
        func point(_ k: Int) -> Vec2 { let p = path.pointee.data[i + k].point; return Vec2(p.x, p.y) }
        while i < count {
            let header = path.pointee.data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                finish(closed: false)
                current = [BezierVertex(point(1))]
            case CAIRO_PATH_LINE_TO:
                current.append(BezierVertex(point(1)))
            case CAIRO_PATH_CURVE_TO:
                if !current.isEmpty { current[current.count - 1].outControl = point(1) }
                current.append(BezierVertex(point: point(3), inControl: point(2), outControl: point(3)))
            case CAIRO_PATH_CLOSE_PATH:
                finish(closed: true)
            default: break
            }
            i += Int(header.length)
        }
        finish(closed: false)
        return Glyph(advance: Double(logical.width) / Double(PANGO_SCALE), outline: BezierPath(contours))
    }
}
