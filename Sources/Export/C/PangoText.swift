import CCairo
import CPangoCairo
import Scene

/// Lays out and draws text with pango on a cairo context.
enum PangoText {
    /// Families tried in order: Apple's system fonts where installed, then Noto (CJK titles included).
    /// The SVG exporter names the same list.
    static let fontFamilies = ["SF Pro Text", "PingFang SC", "Noto Sans CJK SC", "Noto Sans", "DejaVu Sans", "sans-serif"]

    /// Draws one line of `text` with its baseline anchored per its alignment, in the context's current coordinates.
    static func draw(_ text: Text, in context: CairoContext) {
        let cr = context.pointer
        guard let layout = makeLayout(cr, text.string, fontSize: text.fontSize, weight: text.weight) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        let x: Double
        switch text.alignment {
        case .leading: x = text.baseline.x
        case .center: x = text.baseline.x - width / 2
        case .trailing: x = text.baseline.x - width
        }
        cairo_set_source_rgba(cr, text.color.red, text.color.green, text.color.blue, text.color.alpha)
        cairo_move_to(cr, x, text.baseline.y - baseline)
        pango_cairo_show_layout(cr, layout)
    }

    /// A block of text wrapped to lines at most `width` wide (between words, or between characters where a
    /// word is too long, as CJK text needs), its top left at (`x`, `y`); its first `boldPrefix` characters
    /// semibold. Returns its height; draws only when `color` is given, so the same call measures.
    @discardableResult
    static func paragraph(_ string: String, boldPrefix: Int = 0, fontSize: Double, weight: FontWeight, color: Color?,
                          x: Double, y: Double, width: Double, in context: CairoContext) -> Double {
        let cr = context.pointer
        guard let layout = makeLayout(cr, string, fontSize: fontSize, weight: weight) else { return 0 }
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

    /// A layout of `string` in the system font, unhinted so that text scales exactly with the export scale,
    /// like the browser's. The caller releases it with `g_object_unref`.
    private static func makeLayout(_ cr: OpaquePointer, _ string: String, fontSize: Double, weight: FontWeight) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)

        let description = pango_font_description_from_string(fontFamilies.joined(separator: ","))
        defer { pango_font_description_free(description) }
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(weight.rawValue)))
        pango_font_description_set_absolute_size(description, fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, string, -1)
        return layout
    }
}
