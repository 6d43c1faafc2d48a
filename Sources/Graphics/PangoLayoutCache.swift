import CPangoCairo
import Foundation
import Graph

/// Each text's pango layout, made once and drawn again on later frames: making one (its face chosen, its
/// font description parsed, its glyphs shaped by HarfBuzz) is most of the cost of drawing a title, and a
/// title is drawn again wherever a frame's change reaches it (a spinning button over the
/// centre title: every frame of the spin, in every locale). One for the process, in its one font map
/// (`Typefaces.fontMap`), used only while `PangoText.lock` is held: a cache per thread made the same
/// layouts again on every thread that drew a locale's titles. Before each use the layout takes the
/// context's settings (`pango_cairo_update_layout`) where they differ from those it was laid out for (the
/// matrix, the surface's font options), so a layout drawn from the cache is the one made afresh. Emptied
/// when fonts are registered (`Typefaces.generation`), and past `limit` layouts.
package final class PangoLayoutCache: @unchecked Sendable {
    private struct Key: Hashable {
        package var string: String
        package var fontSize: Double
        package var weight: FontWeight
        package var family: String?
        package var language: String?
    }

    /// A layout and what it was last laid out for: the linear part of the context's matrix and the target
    /// surface's font options (`pango_cairo_update_layout` takes both; the translation it ignores).
    private final class Entry {
        package let layout: OpaquePointer
        package var matrix: Linear
        var surfaceOptions: OpaquePointer?

        package init(_ layout: OpaquePointer, on cr: OpaquePointer) {
            self.layout = layout
            matrix = Self.matrix(of: cr)
            surfaceOptions = cairo_font_options_create()
            cairo_surface_get_font_options(cairo_get_target(cr), surfaceOptions)
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(layout))
            cairo_font_options_destroy(surfaceOptions)
        }

        /// Takes `cr`'s settings where they differ from those it was laid out for. pango lays a layout out
        /// again after every `pango_cairo_update_layout` (setting the context's matrix, even to the same
        /// one, marks it changed): done for each draw, that shaped every title again on every frame that
        /// drew it, most of the cost of drawing text.
        package func update(for cr: OpaquePointer) {
            let now = Self.matrix(of: cr)
            let options = cairo_font_options_create()
            defer { cairo_font_options_destroy(options) }
            cairo_surface_get_font_options(cairo_get_target(cr), options)
            guard now != matrix || cairo_font_options_equal(options, surfaceOptions) == 0 else { return }
            pango_cairo_update_layout(cr, layout)
            matrix = now
            cairo_font_options_destroy(surfaceOptions)
            surfaceOptions = cairo_font_options_copy(options)
        }

        /// The matrix without its translation (an array here was an allocation on every title drawn).
        package struct Linear: Equatable {
            package var xx, yx, xy, yy: Double
        }

        private static func matrix(of cr: OpaquePointer) -> Linear {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            return Linear(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy)
        }
    }

    private var layouts: [Key: Entry] = [:]
    private var generation = -1
    package static let limit = 512

    /// The process's cache; its caller holds `PangoText.lock`.
    package static let shared = PangoLayoutCache()

    /// Forgets every layout (for tests that compare with layouts made afresh).
    package func empty() { layouts = [:] }

    /// The layout of `text` (owned by the cache), updated for `cr`, or made by `make` (which returns one the
    /// caller owns) when it is not known.
    package func layout(for text: Text, on cr: OpaquePointer, make: () -> OpaquePointer?) -> OpaquePointer? {
        let now = Typefaces.generation
        if now != generation || layouts.count >= Self.limit {
            layouts = [:]
            generation = now
        }
        let key = Key(string: text.string, fontSize: text.fontSize, weight: text.weight, family: text.family, language: text.language)
        if let known = layouts[key] {
            known.update(for: cr)
            return known.layout
        }
        guard let made = make() else { return nil }
        layouts[key] = Entry(made, on: cr)
        return made
    }
}
