import CCairo
import CPangoCairo
import Scene

/// Lays out and draws one line of text with pango on a cairo context.
enum PangoText {
    /// Families tried in order: Apple's system fonts where installed, then Noto (CJK titles included).
    /// The SVG exporter names the same list.
    static let fontFamilies = ["SF Pro Text", "PingFang SC", "Noto Sans CJK SC", "Noto Sans", "DejaVu Sans", "sans-serif"]

    /// Draws `text` with its baseline anchored per its alignment, in the context's current coordinates.
    static func draw(_ text: Text, in context: CairoContext) {
        let cr = context.pointer
        guard let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // Unhinted metrics so that text scales exactly with the export scale, like the browser's.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        cairo_font_options_destroy(options)
        pango_layout_context_changed(layout)

        let description = pango_font_description_from_string(fontFamilies.joined(separator: ","))
        defer { pango_font_description_free(description) }
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(text.weight.rawValue)))
        pango_font_description_set_absolute_size(description, text.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, text.string, -1)

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
}
