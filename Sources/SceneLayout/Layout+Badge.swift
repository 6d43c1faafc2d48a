import Basics
import Foundation
import Graph

extension Layout {
    /// UIKit's badge (`UITabBarItem.badgeValue`; UIKIT-2026.md, iOS 17.5 and 18.5): an 18 pt disc for "" and
    /// one character (a wide "A" keeps 18.0 pt), a capsule for longer values (the text's advance plus 4.5 pt
    /// each side: chosen, the most that keeps one character's disc at 18), systemRed, white 13 pt text
    /// (9.33 pt glyphs, their bottom 4.67 pt above the disc's, so the baseline 4.33 pt below the centre);
    /// on iOS 26.2's glass bar 12 pt text (8.67 pt glyphs, "about a 12 pt font", their bottom 5.0 pt above
    /// the disc's: the baseline 4.0 pt below the centre). Measured on
    /// a title-only item: its centre 12 pt below the bar's top and 20 pt right of the item's centre. UIKit
    /// anchors it to the icon view's top right; for the default 24 pt icon box (centred 18.6 pt below the
    /// bar's top) that point is (icon's right + 8, icon's top + 5.4), the rule used for every icon size.
    /// Right to left it sits at the icon's top left. Each value shows from its event until the next; with
    /// `badgeAnimation: "pop"` a value the script sets scales in 0 → 1.2 → 1 over 0.3 s.
    /// On the glass bar (UIKIT-2026.md, iOS 26.2): the disc's centre ~11 pt below the cell's top and ~5 pt
    /// right of the item's centre (left, right to left). Inline, a longer value's capsule grows over the icon,
    /// away from the title (tabanim's choice).
    public func badge(of frames: ItemLayout, glass: Bool, rightToLeft: Bool) -> BadgeFrames {
        let center = badgeCenter(of: frames, glass: glass, rightToLeft: rightToLeft)
        let diameter = 18.0
        let size = glass ? 12.0 : 13.0, drop = glass ? 4.0 : 4.33
        let growth: WidthFit.Growth = kind == .inline && frames.hasIcon ? (rightToLeft ? .right : .left) : .both
        return BadgeFrames(center: center, disc: Rect(center: center, size: Size(width: diameter, height: diameter)), fontSize: size,
                           textBaseline: Point(x: center.x, y: center.y + drop), padding: 4.5, growth: growth)
    }

    /// Where a badge is drawn: its disc (a capsule as wide as its text needs, at least the disc, grown as
    /// `growth` says) and its text.
    public struct BadgeFrames: Sendable, Equatable {
        /// The disc's centre (what a pop scales about).
        public var center: Point
        public var disc: Rect
        public var fontSize: Double
        public var textBaseline: Point
        /// Space each side of the text in a capsule.
        public var padding: Double
        public var growth: WidthFit.Growth
    }
}
