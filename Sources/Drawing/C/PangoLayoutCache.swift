import CPangoCairo
import Foundation
import Scene

/// Each text's pango layout, made once and drawn again on later frames: making one (its face chosen, its
/// font description parsed, its glyphs shaped by HarfBuzz) was most of the cost of drawing a title, 91 µs
/// of CPU, and a title is drawn again wherever a frame's change reaches it (a spinning button over the
/// centre title: every frame of the spin, in every locale). One for the process, in its one font map
/// (`Typefaces.fontMap`), used only while `PangoText.lock` is held: a cache per thread made the same
/// layouts again on every thread that drew a locale's titles. Before each use the layout takes the
/// context's settings (`pango_cairo_update_layout`), which lays it out again only where they changed, so a
/// layout drawn from the cache is the one made afresh. Emptied when fonts are registered
/// (`Typefaces.generation`), and past `limit` layouts.
final class PangoLayoutCache: @unchecked Sendable {
    private struct Key: Hashable {
        var string: String
        var fontSize: Double
        var weight: FontWeight
        var family: String?
        var language: String?
    }

    private var layouts: [Key: OpaquePointer] = [:]
    private var generation = -1
    static let limit = 512

    deinit { clear() }

    /// The process's cache; its caller holds `PangoText.lock`.
    static let shared = PangoLayoutCache()

    /// The layout of `text` (owned by the cache), updated for `cr`, or made by `make` (which returns one the
    /// caller owns) when it is not known.
    func layout(for text: Text, on cr: OpaquePointer, make: () -> OpaquePointer?) -> OpaquePointer? {
        let now = Typefaces.generation
        if now != generation || layouts.count >= Self.limit {
            clear()
            generation = now
        }
        let key = Key(string: text.string, fontSize: text.fontSize, weight: text.weight, family: text.family, language: text.language)
        if let known = layouts[key] {
            pango_cairo_update_layout(cr, known)
            return known
        }
        guard let made = make() else { return nil }
        layouts[key] = made
        return made
    }

    private func clear() {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        layouts = [:]
    }
}
