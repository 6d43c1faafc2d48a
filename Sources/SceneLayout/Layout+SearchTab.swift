import Basics
import Foundation
import Graph
import Resolving
import Spec

/// The item apart from the capsule (a search or prominent tab, `TabBar.detachedItem`) and the search field a
/// detached search tab opens. Measured numbers: UIKIT-2026.md ("Search tab"); the rest is chosen, and said so
/// beside each (docs/scene-format.md lists them too).
extension Layout {
    public enum SearchTabMetrics {
        /// The detached search circle: 62 pt, 8 pt from the capsule, 21 pt from the screen's edge; the
        /// capsule fills the rest (290 pt on a 402-pt screen). Measured (UIKIT-2026.md, SwiftUI). iOS 27's
        /// prominent tab takes the same place and size: chosen (no capture).
        public static let detachedDiameter = 62.0
        public static let detachedGap = 8.0
        /// The search field (a selected detached search tab): a 48 pt capsule from x 8, and a 48 pt close
        /// circle 8 pt from the trailing edge, as measured with the keyboard up (330 pt and x 346 on a 402-pt
        /// screen). tabanim draws no keyboard, so the field's bottom stays 21 pt above the screen's (chosen:
        /// where the bar's was). The magnifier 16.3 pt, 15 pt in; the placeholder from 42.3 pt, (136,136,141).
        public static let fieldInset = 8.0
        public static let fieldHeight = 48.0
        public static let fieldMagnifierSize = 16.3
        public static let fieldMagnifierInset = 15.0
        public static let fieldPlaceholderX = 42.3
        /// The prompt's size (UIKit's search field text, 17 pt) and its baseline below the field's centre
        /// (chosen); each bar of the close circle's ✕ (chosen).
        public static let fieldPromptSize = 17.0
        public static let fieldPromptDrop = 6.0
        public static let closeBar = Size(width: 1.5, height: 16)
        /// The placeholder's colour, measured; the accessory's subtitle takes it too (chosen).
        public static let secondaryText = Color(rgb: 136, 136, 141)
    }

    /// A detached search tab's field state: the field and its close circle.
    public struct SearchField: Sendable, Equatable {
        public var field: Rect
        public var close: Rect
        /// The magnifier (the search tab's icon) in the field, and where its prompt is set.
        public var magnifier: Rect
        public var prompt: TextSlot
        /// One of the close circle's two crossed bars, unrotated (each is turned by one of `closeBarAngles`).
        public var closeBar: Rect
        public static let closeBarAngles = [45.0, -45.0]
    }

    /// The glass capsule of an iPhone, its width less the item apart when there is one (left to right; the
    /// capsule stays at the leading edge).
    static func glassCapsule(screen: Rect, detached: Bool, rightToLeft: Bool) -> Rect {
        let apart = detached ? SearchTabMetrics.detachedDiameter + SearchTabMetrics.detachedGap : 0
        let capsule = Rect(x: Glass.inset, y: screen.height - Glass.inset - Glass.height,
                           width: max(screen.width - 2 * Glass.inset - apart, 2 * Glass.height), height: Glass.height)
        return leading(capsule, in: screen, rightToLeft: rightToLeft)
    }

    /// The circle of the item apart, at the trailing end of the capsule's row.
    static func detachedCircle(screen: Rect, rightToLeft: Bool) -> Rect {
        let d = SearchTabMetrics.detachedDiameter
        return leading(Rect(x: screen.maxX - Glass.inset - d, y: screen.height - Glass.inset - Glass.height + (Glass.height - d) / 2,
                             width: d, height: d), in: screen, rightToLeft: rightToLeft)
    }

    /// Where the field's magnifier is drawn so that its ink fills `ink` (measured: 16.3 pt wide, 15 pt inside the
    /// field): a symbol scaled so that its alignment rectangle's width (its ink from side to side) is the ink's,
    /// centred on it; any other image in that box.
    static func fieldMagnifier(_ icon: Asset?, ink: Rect) -> Rect {
        guard let symbol = icon?.symbol, symbol.alignmentRect.width > 0 else { return ink }
        let k = ink.width / symbol.alignmentRect.width, alignment = symbol.alignmentRect
        return Rect(x: ink.minX - alignment.minX * k, y: ink.center.y - alignment.center.y * k,
                    width: symbol.size.width * k, height: symbol.size.height * k)
    }

    /// The search field, when the item apart opens one.
    mutating func placeSearchField(_ scene: ResolvedScene) {
        guard let apart = scene.tabBar.detached, apart.opensSearchField else { return }
        let rtl = scene.isRightToLeft, bottom = screen.height - Glass.inset
        let inset = SearchTabMetrics.fieldInset, h = SearchTabMetrics.fieldHeight
        let close = Rect(x: screen.maxX - inset - h, y: bottom - h, width: h, height: h)
        let field = Rect(x: inset, y: bottom - h, width: close.minX - 2 * inset, height: h)
        let placed = Self.leading(field, in: screen, rightToLeft: rtl), closing = Self.leading(close, in: screen, rightToLeft: rtl)
        let size = SearchTabMetrics.fieldMagnifierSize
        let ink = Self.leading(Rect(x: placed.minX + SearchTabMetrics.fieldMagnifierInset, y: placed.center.y - size / 2, width: size, height: size),
                               in: placed, rightToLeft: rtl)
        searchField = SearchField(field: placed, close: closing, magnifier: Self.fieldMagnifier(scene.tabBar.items[apart.index].icon, ink: ink),
                                  prompt: TextSlot(x: placed.minX + SearchTabMetrics.fieldPlaceholderX,
                                                   baseline: placed.center.y + SearchTabMetrics.fieldPromptDrop,
                                                   alignment: .leading, fontSize: SearchTabMetrics.fieldPromptSize, weight: .regular,
                                                   in: placed, rightToLeft: rtl),
                                  closeBar: Rect(center: closing.center, size: SearchTabMetrics.closeBar))
    }
}
