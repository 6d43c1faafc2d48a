import Basics
import Foundation
import Graph
import Resolving

/// A tab's content as tabanim draws it: a navigation bar with the tab's title and placeholder table rows
/// (or the tab's screenshot), all placed here.
extension Layout {
    /// UINavigationBar's inline title: its baseline about 28 pt below the bar's top for 17 pt type; the title
    /// label spans the bar inside its layout margins (16 pt each side on iPhones; no bar buttons here) and
    /// truncates at the tail like any UILabel. Chosen from iOS 11–18's usual figures, not measured here.
    public static let navigationTitleBaseline = 28.0
    public static let layoutMargin = 16.0
    /// A placeholder row: a 12-pt capsule 16 pt below the row's top, as wide as a fraction of the row's
    /// width inside its margins (these four in turn, so that the rows read as text), and the separator,
    /// 0.5 pt, inset by the margin at the leading edge. Chosen.
    public static let placeholderHeight = 12.0
    public static let placeholderWidths = [0.55, 0.4, 0.7, 0.5]
    public static let separatorHeight = 0.5

    /// Where a tab's navigation bar puts its titles and its scroll-edge background.
    public struct NavigationFrames: Sendable, Equatable {
        /// The inline title's baseline centre and the width it truncates at.
        public var inlineTitle: Point
        public var titleWidth: Double
        /// The large title's baseline anchor at the leading margin (mirrored right to left), and its alignment.
        public var largeTitle: Point
        public var largeTitleAlignment: Text.Alignment
        /// The bar's background (from the screen's top) and its hairline, one device pixel tall.
        public var background: Rect
        public var hairline: Rect
    }

    /// The navigation bar's frames on `scene`'s device.
    public func navigation(scale: Double, rightToLeft: Bool) -> NavigationFrames {
        let nav = navigationBar, frame = readable
        let margin = Self.layoutMargin
        let x = Self.leading(x: frame.minX + margin, in: frame, rightToLeft: rightToLeft)
        return NavigationFrames(inlineTitle: Point(x: nav.center.x, y: nav.minY + Self.navigationTitleBaseline),
                                titleWidth: max(nav.width - 2 * margin, 1),
                                largeTitle: Point(x: x, y: nav.maxY + Self.largeTitleBaseline),
                                largeTitleAlignment: rightToLeft ? .trailing : .leading,
                                background: Rect(x: frame.minX, y: 0, width: frame.width, height: nav.maxY),
                                hairline: Rect(x: frame.minX, y: nav.maxY, width: frame.width, height: 1 / scale))
    }

    /// The scroll offset past which a large title has gone under the bar and the inline title shows.
    public static let largeTitleCollapse = largeTitleHeight - 0.5

    /// One placeholder row: its text capsule and its separator.
    public struct PlaceholderRow: Sendable, Equatable {
        public var bar: Rect
        public var line: Rect
    }

    /// The placeholder rows of a tab with `count` rows from `first` (points from the screen's top): those
    /// wholly above the content's bottom, and those that a scroll of `scrolled` points brings up. A cell's
    /// content and its separator's inset start at the leading edge: the right, right to left.
    public func placeholderRows(_ count: Int, below first: Double, scrolledTo scrolled: Double, rightToLeft: Bool) -> [PlaceholderRow] {
        let frame = readable, margin = Self.layoutMargin
        var rows: [PlaceholderRow] = []
        for row in 0..<count {
            let top = first + Double(row) * Self.rowHeight
            guard top + Self.rowHeight <= frame.maxY + scrolled else { break }
            let width = Self.placeholderWidths[row % Self.placeholderWidths.count] * (frame.width - 2 * margin)
            let bar = Rect(x: frame.minX + margin, y: top + margin, width: width, height: Self.placeholderHeight)
            let line = Rect(x: frame.minX + margin, y: top + Self.rowHeight - Self.separatorHeight, width: frame.width - margin, height: Self.separatorHeight)
            rows.append(PlaceholderRow(bar: Self.leading(bar, in: frame, rightToLeft: rightToLeft),
                                       line: Self.leading(line, in: frame, rightToLeft: rightToLeft)))
        }
        return rows
    }
}
