import Basics
import CCairo
import CPangoCairo
import Foundation
import Graph

/// Lays out and draws text with pango on a cairo context.
///
/// Every call into pango and cairo's FreeType fonts holds `lock`: cairo 1.16 loads a glyph's outline
/// (`FT_Outline_Get_CBox`) without guarding the face against another thread loading a glyph of it at the
/// same time, and three exports of nine locales (titles measured and drawn on several threads at once)
/// crashed there at once. Text is a small share of a frame's drawing since layouts are kept
/// (`PangoLayoutCache`).
package enum PangoText {
    /// Held around every use of pango and of cairo's FreeType fonts (recursive: a draw measures).
    package static let lock = NSRecursiveLock()
    /// Draws one line of `text` with its baseline anchored per its alignment, in the context's current coordinates.
    package static func draw(_ text: Text, in context: CairoContext) {
        lock.lock()
        defer { lock.unlock() }
        let cr = context.pointer
        guard let layout = PangoLayoutCache.shared.layout(for: text, on: cr, make: {
            makeLayout(cr, text.string, fontSize: text.fontSize, weight: text.weight, family: text.family, language: text.language)
        }) else { return }
        cairo_set_source_rgba(cr, text.color.red, text.color.green, text.color.blue, text.color.alpha)
        let origin = topLeft(of: layout, for: text)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, layout)
    }

    /// Measures text exactly as `draw` lays it out, for truncating titles to their labels
    /// (`Animation.fittingText`): every exporter then draws the same characters.
    package struct Measurer: TextMeasuring {
        package init() {}

        package func width(of string: String, fontSize: Double, weight: FontWeight, family: String? = nil, language: String? = nil) -> Double {
            extent(of: string, fontSize: fontSize, weight: weight, family: family, language: language).advance
        }

        package func extent(of string: String, fontSize: Double, weight: FontWeight, family: String? = nil, language: String? = nil) -> TextExtent {
            PangoText.lock.lock()
            defer { PangoText.lock.unlock() }
            let unmeasurable = TextExtent(advance: .infinity, inkMinX: 0, inkWidth: .infinity)
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return unmeasurable }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return unmeasurable }
            defer { cairo_destroy(cr) }
            guard let layout = makeLayout(cr, string, fontSize: fontSize, weight: weight, family: family, language: language) else { return unmeasurable }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            let unit = Double(PANGO_SCALE)
            return TextExtent(advance: Double(logical.width) / unit, inkMinX: Double(ink.x - logical.x) / unit, inkWidth: Double(ink.width) / unit)
        }
    }

    /// How many of `text`'s characters no font has (pango would draw each as a box): 0 when every script
    /// of it is covered.
    package static func missingGlyphs(in text: Text) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return -1 }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return -1 }
        defer { cairo_destroy(cr) }
        guard let layout = makeLayout(cr, text.string, fontSize: text.fontSize, weight: text.weight, family: text.family, language: text.language) else { return -1 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }

    /// Where `draw` puts ink for `text`, in the same coordinates (laid out with `context`'s settings).
    package static func inkRect(of text: Text, in context: CairoContext) -> Rect? {
        lock.lock()
        defer { lock.unlock() }
        guard let layout = makeLayout(context.pointer, text.string, fontSize: text.fontSize, weight: text.weight, family: text.family, language: text.language) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let origin = topLeft(of: layout, for: text), unit = Double(PANGO_SCALE)
        return Rect(x: origin.x + Double(ink.x) / unit, y: origin.y + Double(ink.y) / unit,
                    width: Double(ink.width) / unit, height: Double(ink.height) / unit)
    }

    /// The glyphs of `text` as SVG path data, in the same coordinates `draw` uses: the same font, size and
    /// position, so that an SVG shows the GIF's very letters on a machine without the font.
    package static func outline(_ text: Text) throws(CLibraryError) -> String {
        lock.lock()
        defer { lock.unlock() }
        // An unbounded recording surface: pango's renderer skips glyphs outside the clip, and a small image
        // surface would clip away every title that is not at its top left.
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return "" }
        defer { cairo_surface_destroy(surface) }
        try checkCairo(cairo_surface_status(surface), "cairo_recording_surface_create")
        guard let cr = cairo_create(surface) else { return "" }
        defer { cairo_destroy(cr) }
        try checkCairo(cairo_status(cr), "cairo_create")
        guard let layout = makeLayout(cr, text.string, fontSize: text.fontSize, weight: text.weight, family: text.family, language: text.language) else { return "" }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let origin = topLeft(of: layout, for: text)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_layout_path(cr, layout)
        guard let path = cairo_copy_path(cr) else { return "" }
        defer { cairo_path_destroy(path) }
        try checkCairo(path.pointee.status, "cairo_copy_path")
        // Relative commands on coordinates rounded to 1/100 pt: the shortest form, and no drift (each step is
        // taken between rounded absolute points).
        var d = ""
        var i = 0
        let count = Int(path.pointee.num_data)
        var current = (x: 0.0, y: 0.0), subpathStart = (x: 0.0, y: 0.0)
        func rounded(_ k: Int) -> (x: Double, y: Double) {
            let p = path.pointee.data[i + k].point
            return ((p.x * 100).rounded() / 100, (p.y * 100).rounded() / 100)
        }
        func relative(_ p: (x: Double, y: Double)) -> String {
            SVGNumber.format(p.x - current.x) + " " + SVGNumber.format(p.y - current.y)
        }
        while i < count {
            let header = path.pointee.data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                let p = rounded(1)
                d += "m" + relative(p)
                current = p
                subpathStart = p
            case CAIRO_PATH_LINE_TO:
                let p = rounded(1)
                d += "l" + relative(p)
                current = p
            case CAIRO_PATH_CURVE_TO:
                let p1 = rounded(1), p2 = rounded(2), p3 = rounded(3)
                d += "c" + relative(p1) + " " + relative(p2) + " " + relative(p3)
                current = p3
            case CAIRO_PATH_CLOSE_PATH:
                d += "z"
                current = subpathStart
            default: break
            }
            i += Int(header.length)
        }
        return d.replacingOccurrences(of: " -", with: "-")
    }

    /// Where the layout's top left goes so that its baseline sits on the text's anchor point.
    private static func topLeft(of layout: OpaquePointer, for text: Text) -> (x: Double, y: Double) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        switch text.alignment {
        case .leading: return (text.baseline.x, text.baseline.y - baseline)
        case .center: return (text.baseline.x - width / 2, text.baseline.y - baseline)
        case .trailing: return (text.baseline.x - width, text.baseline.y - baseline)
        }
    }

    /// A block of text wrapped to lines at most `width` wide (between words, or between characters where a
    /// word is too long, as CJK text needs), its top left at (`x`, `y`); its first `boldPrefix` characters
    /// semibold. Returns its height; draws only when `color` is given, so the same call measures.
    @discardableResult
    package static func paragraph(_ string: String, boldPrefix: Int = 0, fontSize: Double, weight: FontWeight, color: Color?,
                          x: Double, y: Double, width: Double, in context: CairoContext) -> Double {
        lock.lock()
        defer { lock.unlock() }
        let cr = context.pointer
        guard let layout = makeLayout(cr, string, fontSize: fontSize, weight: weight, family: nil, language: nil) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if boldPrefix > 0, let attributes = pango_attr_list_new(), let bold = pango_attr_weight_new(PANGO_WEIGHT_SEMIBOLD) {
            // Attribute ranges count UTF-8 bytes.
            bold.pointee.start_index = 0
            bold.pointee.end_index = UInt32(string.prefix(boldPrefix).utf8.count)
            pango_attr_list_insert(attributes, bold)
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        if let color {
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(cr, x, y)
            pango_cairo_show_layout(cr, layout)
        }
        return Double(logical.height) / Double(PANGO_SCALE)
    }

    /// An empty layout on `cr`, in the process's font map (`Typefaces.fontMap`), unhinted so that text
    /// scales exactly with the export scale, like the browser's, and with glyphs at their exact advances.
    /// The caller holds `lock`, and releases the layout with `g_object_unref`.
    static func unhintedLayout(_ cr: OpaquePointer) -> OpaquePointer? {
        guard let map = Typefaces.fontMap(), let context = pango_font_map_create_context(map) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_cairo_update_context(cr, context)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // Glyphs at their exact advances: pango rounds positions to whole units of the context (here points,
        // not pixels) unless told otherwise, which narrowed "Lab" at 10 pt by 0.7 pt and widened others.
        pango_context_set_round_glyph_positions(context, 0)
        return pango_layout_new(context)
    }

    /// A layout of `string` in the face `Typefaces` chooses for it (the system font when `family` is nil),
    /// at its size and tracking, unhinted so that text scales exactly with the export scale, like the
    /// browser's. The caller releases it with `g_object_unref`.
    private static func makeLayout(_ cr: OpaquePointer, _ string: String, fontSize: Double, weight: FontWeight,
                                   family: String?, language: String?) -> OpaquePointer? {
        guard let layout = unhintedLayout(cr) else { return nil }
        let face = Typefaces.face(for: string, family: family, weight: weight, language: language)
        let description = pango_font_description_from_string(face.families)
        defer { pango_font_description_free(description) }
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight.rawValue)))
        pango_font_description_set_absolute_size(description, fontSize * face.sizeFactor * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        let tracking = face.tracking(at: fontSize)
        if tracking != 0, let attributes = pango_attr_list_new(), let spacing = pango_attr_letter_spacing_new(Int32((tracking * Double(PANGO_SCALE)).rounded())) {
            pango_attr_list_insert(attributes, spacing)
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        pango_layout_set_text(layout, string, -1)
        return layout
    }
}
