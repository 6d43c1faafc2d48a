import Basics
import Foundation
import Graph
import Resolving

/// The iPad's sidebar (`tabBar.sidebar`), UIKIT-2026.md, "iPad sidebar" (four captures of one app, 1376 ×
/// 1032 pt, landscape): iPadOS 26's floating glass panel 270 pt wide, 10 pt from the left and bottom edges and
/// 32 pt from the top, corner radius ≈ 20.5, a 1-px rim, rows 44 pt apart, the selected row a 238 × 44 capsule
/// 16 pt from each side of the panel; iPadOS 18's flush column 320 pt wide, full height, a 0.5-pt hairline at
/// its right edge, the selected row a 288 × 44 rounded rectangle 16 pt from each side. Right to left, mirrored
/// (the sidebar at the right edge), by `Layout.leading`.
public struct SidebarLayout: Sendable, Equatable {
    /// The panel (iPadOS 26) or the column (iPadOS 18).
    public var panel: Rect
    public var cornerRadius: Double
    /// iPadOS 18's hairline at the column's trailing edge; nil on the floating panel.
    public var hairline: Rect?
    public var rows: [Row]
    public var headers: [Header]
    /// One tab's row: where its selection rests, its icon and its title.
    public struct Row: Sendable, Equatable {
        public var item: Int
        public var selection: Rect
        public var selectionRadius: Double
        public var icon: Rect
        public var title: TextSlot
    }
    /// A section's header (`items[i].section`).
    public struct Header: Sendable, Equatable {
        public var title: String
        public var slot: TextSlot
    }

    // MARK: Metrics

    /// Measured (UIKIT-2026.md, "iPad sidebar").
    public static let floatingWidth = 270.0
    public static let floatingInset = 10.0
    public static let floatingTop = 32.0
    public static let floatingRadius = 20.5
    /// The iPhone Duo's sidebar (UIKIT-2026.md, "iPhone Duo", one source): 320 pt wide, kept only in a regular
    /// width, UIKit collapsing it below about 905 pt (so on the Duo only in inner landscape, 951 pt). Drawn as
    /// iPadOS 26's floating panel at that width, 10 pt from the top too (no status bar there): chosen.
    public static let foldableWidth = 320.0
    public static let minimumWidth = 905.0
    public static let columnWidth = 320.0
    public static let rowPitch = 44.0
    public static let rowHeight = 44.0
    public static let rowInset = 16.0
    /// The 0.5-pt hairline of iPadOS 18's column (measured).
    public static let hairlineWidth = 0.5
    /// Chosen (the captures' first rows are the app's header): the first row starts 58 pt below the panel's
    /// top or the status bar (the sidebar's own 44-pt bar with its toggle button, and 14 pt).
    public static let rowsTop = 58.0
    /// Chosen: iPadOS 18's selected rectangle's corners (not measured), a list cell's 10 pt.
    public static let columnSelectionRadius = 10.0
    /// Chosen: the icon's box centred 24 pt in from the selection's leading edge; the title 17 pt Regular (the
    /// body style of a list row), from 48 pt in, its baseline 6 pt below the row's centre.
    public static let iconCenterX = 24.0
    public static let iconSize = 22.0
    public static let titleX = 48.0
    public static let titleFontSize = 17.0
    public static let titleDrop = 6.0
    /// Chosen: a section's header 36 pt tall, its title 13 pt Semibold, its baseline 26 pt down, 12 pt in.
    public static let headerHeight = 36.0
    public static let headerFontSize = 13.0
    public static let headerBaseline = 26.0
    public static let headerX = 12.0

    init(_ scene: ResolvedScene, sidebar: Sidebar, screen: Rect) {
        let rtl = scene.isRightToLeft, device = scene.device
        func place(_ r: Rect) -> Rect { Layout.leading(r, in: screen, rightToLeft: rtl) }
        let panel: Rect
        if sidebar.floating {
            let inset = Self.floatingInset
            let top = sidebar.onFoldable ? inset : Self.floatingTop
            panel = Rect(x: inset, y: top, width: sidebar.onFoldable ? Self.foldableWidth : Self.floatingWidth, height: screen.height - top - inset)
            cornerRadius = Self.floatingRadius
            hairline = nil
        } else {
            panel = Rect(x: 0, y: 0, width: Self.columnWidth, height: screen.height)
            cornerRadius = 0
            hairline = place(Rect(x: panel.maxX - Self.hairlineWidth, y: 0, width: Self.hairlineWidth, height: screen.height))
        }
        self.panel = place(panel)
        let selectionX = panel.minX + Self.rowInset, selectionWidth = panel.width - 2 * Self.rowInset
        var y = max(panel.minY, device.safeAreaTop) + Self.rowsTop
        var rows: [Row] = [], headers: [Header] = []
        var section: String?
        for (index, item) in scene.tabBar.items.enumerated() {
            if let named = item.section, named != section {
                headers.append(Header(title: named, slot: TextSlot(x: selectionX + Self.headerX, baseline: y + Self.headerBaseline, alignment: .leading,
                                                                   fontSize: Self.headerFontSize, weight: .semibold, in: screen, rightToLeft: rtl)))
                y += Self.headerHeight
            }
            section = item.section
            let selection = Rect(x: selectionX, y: y, width: selectionWidth, height: Self.rowHeight)
            let icon = Rect(center: Point(x: selectionX + Self.iconCenterX, y: selection.center.y), size: Size(width: Self.iconSize, height: Self.iconSize))
            let title = TextSlot(x: selectionX + Self.titleX, baseline: selection.center.y + Self.titleDrop, alignment: .leading,
                                 fontSize: Self.titleFontSize, weight: .regular, maximumWidth: selectionWidth - Self.titleX - 8,
                                 in: screen, rightToLeft: rtl)
            rows.append(Row(item: index, selection: place(selection),
                            selectionRadius: sidebar.floating ? Self.rowHeight / 2 : Self.columnSelectionRadius,
                            icon: place(icon), title: title))
            y += Self.rowPitch
        }
        self.rows = rows
        self.headers = headers
    }

    /// The row a point hits while the sidebar shows: the item whose row holds it; the rest of the panel hits
    /// nothing (the app's header and footer); beside it, the content.
    public func hitTest(_ point: Point) -> Layout.HitTarget {
        if let row = rows.first(where: { $0.selection.contains(point) }) { return .item(row.item) }
        return panel.contains(point) ? .barBackground : .content
    }

    /// How far the sidebar moves to be out of sight, past the leading edge: its trailing edge plus 1 pt.
    public func hiddenOffset(in screen: Rect, rightToLeft: Bool) -> Double {
        rightToLeft ? screen.maxX - panel.minX + 1 : -(panel.maxX + 1)
    }
}

extension Layout {
    /// The content laid out beside the sidebar while it shows (UIKit gives the content the rest of the width:
    /// iPadOS 18's column beside it, and iPadOS 26's floating panel inset from its leading edge): the
    /// navigation bar and the rows from the sidebar's trailing edge to the screen's, the navigation bar under
    /// the status bar (the top bar is gone); nil without a sidebar.
    public func besideSidebar(safeAreaTop: Double, rightToLeft: Bool) -> Layout? {
        guard let sidebar else { return nil }
        var beside = self
        let start = rightToLeft ? readable.minX : sidebar.panel.maxX
        let width = rightToLeft ? sidebar.panel.minX - readable.minX : readable.maxX - sidebar.panel.maxX
        beside.readable = Rect(x: start, y: readable.minY, width: width, height: readable.height)
        beside.navigationBar = Rect(x: start, y: safeAreaTop, width: width, height: Self.navigationBarHeight)
        return beside
    }
}
