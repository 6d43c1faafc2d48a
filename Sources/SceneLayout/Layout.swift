import Basics
import Foundation
import Graph
import Resolving
import Spec

/// Where everything stands on screen, in points, following UIKit's metrics (sources beside each number).
public struct Layout: Sendable, Equatable {
    // MARK: UIKit metrics

    /// SPEC.md: the bar has 49 pt of items (UITabBar's compact height on iPhone).
    public static let itemsHeight = 49.0
    /// SPEC.md: the icon's centre is 18.6 pt below the bar's top (measured on iOS 17/18 screenshots).
    public static let iconCenterY = 18.6
    /// SPEC.md: the title's baseline is 44.9 pt below the bar's top (iOS 17/18).
    public static let titleBaselineY = 44.9
    /// SPEC.md: titles use the 10 pt system font, medium.
    public static let titleFontSize = 10.0
    /// UINavigationBar's height in portrait on iPhone.
    public static let navigationBarHeight = 44.0
    /// UINavigationBar's inline title: 17 pt semibold, centred in the bar.
    public static let navigationTitleFontSize = 17.0
    /// `UITableView` default row height.
    public static let rowHeight = 44.0
    /// The large title's part of the navigation bar (`prefersLargeTitles`): 52 pt below the 44-pt bar, the
    /// title 34 pt bold (Apple's "Large Title" text style is 34 pt; bold as navigation bars draw it), its
    /// baseline 41 pt into that part, 16 pt from the leading edge (the layout margin). Chosen: iOS 11–18's
    /// usual figures, not measured here.
    public static let largeTitleHeight = 52.0
    public static let largeTitleFontSize = 34.0
    public static let largeTitleBaseline = 41.0

    // MARK: Frames

    public var screen: Rect
    /// The whole bar: the items and the bottom safe area below them; the glass bar's capsule.
    public var bar: Rect
    /// One device pixel directly above the bar's top edge (the glass bar has none: zero height at its top).
    public var hairline: Rect
    public var items: [ItemLayout]
    public var centerButton: Rect?
    /// Where tab content is laid out: down to the bar's top when opaque, the whole screen when translucent.
    public var content: Rect
    /// The part of `content` the navigation bar's titles and the rows keep to: the content less the Duo's
    /// strip (its safe area across); the content itself on every other device.
    public var readable: Rect
    /// The navigation bar below the status bar.
    public var navigationBar: Rect
    /// The direction the bar's items run (`Axis`): along x for every bar drawn today.
    public var axis = Axis.horizontal
    /// The status bar's frames (`StatusBarLayout`); nil when none is drawn.
    public var statusBar: StatusBarLayout?
    /// The home indicator's capsule; nil on a device with a home button or with `homeIndicator: false`.
    public var homeIndicator: Rect?
    /// The part of the screen the export shows: the screen, or `tabBarRegion` (`export.region`).
    public var exportRegion: Rect
    /// The bar and what stands on it (its shadow, the button, the accessory), with `export.margin`: what
    /// `export.region: "tabBar"` shows, and what the review page zooms to.
    public var tabBarRegion = Rect(x: 0, y: 0, width: 0, height: 0)

    public struct ItemLayout: Sendable, Equatable {
        /// The item's button: an equal share of the full width, `itemsHeight` tall; on the glass bar, its
        /// cell (where the selection pill rests when it is selected).
        public var frame: Rect
        public var iconFrame: Rect
        /// Centre of the title's baseline.
        public var titleBaseline: Point
        /// The title's advance in points where the layout measured it (the inline and top bars); 0 elsewhere.
        public var titleWidth = 0.0
        /// Whether the item draws an icon (an image or an animation), where the inline bar places one.
        public var hasIcon = true

        /// The width a title truncates at within its button: 2 pt in from each side (the button's label is
        /// inset from its edges; UIKit does not publish the inset: chosen), so neighbours never overlap.
        public var titleMaximumWidth: Double { max(frame.width - 4, 1) }
    }

    // MARK: iOS 26 glass bar (UIKIT-2026.md, "iOS 26 floating Liquid Glass bar", 402 × 874 pt at 3×)

    public enum Glass {
        /// The capsule is inset 21 pt from the screen's left, right and bottom edges, 62 pt tall (so its top
        /// is 83 pt above the screen's bottom), with fully round ends.
        public static let inset = 21.0
        public static let height = 62.0
        /// The selection pill and the item cells: 54 pt tall, 4 pt inside the capsule.
        public static let cellInset = 4.0
        public static let cellHeight = 54.0
        /// Icon centre and title baseline below the capsule's top.
        public static let iconCenterY = 24.0
        public static let titleBaselineY = 48.6

        /// Four items or fewer (measured with 4, reported for 3): every cell (width − 8) / n + 7 wide (95 pt
        /// on a 402 pt screen), at an equal pitch from 4 pt to width − 4 pt, so neighbours overlap (by 9.33 pt
        /// there). One item fills the capsule's inside.
        public static func cellWidth(count: Int, in width: Double) -> Double {
            let inside = width - 2 * cellInset
            return min(inside / Double(max(count, 1)) + 7, inside)
        }

        /// Content-sized cells (UIKIT-2026.md: five items "News", "Map", "Favorites", "Schedule", "Info", title
        /// ink centres 40.67, 108.33, 178, 249.67, 319.67 pt from the capsule's left; four items beside the search
        /// circle, IceCubes' "Timeline", "Notifications", "Favorites", "Messages": 61.7, 132.7, 203.3, 269.8 pt
        /// from the screen's left, the selected "Notifications" pill 83.3 pt wide). The rule is tabanim's, fitted
        /// to those two captures (bench/README.md, "Issue 58"): a cell is two thirds of its content (the wider
        /// of the icon box and the title's ink) + `contentPadding`, at least `minimumCell`; neighbours overlap
        /// equally so that the cells span the capsule's inside from 4 pt to width − 4 pt. Where they would
        /// overlap by more than `maximumOverlap` (four items beside the circle: 13 pt), the padding shrinks
        /// until they overlap by that much (there to 41.6 pt, the pill 82.9 pt wide); where even no padding
        /// overlaps more, every cell shrinks in proportion and titles truncate. Both captures give the slope:
        /// "Favorites" and "Schedule" (44 and 45 pt of ink) have 77.3- and 78-pt cells among five, "Messages"
        /// and "Notifications" (48.7 and 62) 74.4 and 83.3 beside the circle.
        public static let minimumCell = 73.0
        public static let contentShare = 2.0 / 3
        public static let contentPadding = 48.0
        public static let maximumOverlap = 7.0

        /// Which rule places `count` items whose contents are `contentWidths` wide in a capsule `length` long:
        /// five items or more always by content (the one five-item capture); fewer by equal cells
        /// (`cellWidth(count:in:)`, measured with four and three items) while every content-sized cell fits in
        /// one, by content otherwise (the four-item capture beside the search circle, where "Notifications"
        /// would take 89 pt and an equal cell has 77.5).
        static func sizesByContent(_ contentWidths: [Double], length: Double) -> Bool {
            let count = contentWidths.count
            guard count < 5 else { return true }
            let equal = cellWidth(count: count, in: length)
            return contentWidths.contains { $0 * contentShare + contentPadding > equal }
        }

        /// Each cell's start and length along `axis` (its left edge and width on a horizontal bar), in columns
        /// from the capsule's start (`contentWidths`, in the same columns).
        public static func cells(contentWidths: [Double], in capsule: Rect, along axis: Axis = .horizontal) -> [(x: Double, width: Double)] {
            let (capsuleStart, length) = axis.main(of: capsule)
            let count = contentWidths.count, inside = length - 2 * cellInset, start = capsuleStart + cellInset
            guard sizesByContent(contentWidths, length: length) else {
                let width = cellWidth(count: count, in: length)
                let pitch = count > 1 ? (inside - width) / Double(count - 1) : 0
                return (0..<count).map { (x: start + Double($0) * pitch, width: width) }
            }
            let gaps = Double(max(count - 1, 1)), allowed = inside + gaps * maximumOverlap
            func sized(padding: Double) -> [Double] { contentWidths.map { max(minimumCell, $0 * contentShare + padding) } }
            var widths = sized(padding: contentPadding)
            if widths.reduce(0, +) > allowed {
                // The padding that makes the cells overlap by `maximumOverlap`: the total is monotonic in it.
                var low = 0.0, high = contentPadding
                for _ in 0..<40 {
                    let middle = (low + high) / 2
                    if sized(padding: middle).reduce(0, +) > allowed { high = middle } else { low = middle }
                }
                widths = sized(padding: low)
                let total = widths.reduce(0, +)
                if total > allowed { widths = widths.map { $0 * allowed / total } }
            }
            let overlap = count > 1 ? (widths.reduce(0, +) - inside) / gaps : 0
            var x = start
            return widths.map { width in
                defer { x += width - overlap }
                return (x: x, width: width)
            }
        }
    }

    /// The glass capsule (`tabBar.style: "glass"`, the iPhone's at the bottom or the iPad's at the top);
    /// nil for the classic bars.
    public var capsule: Rect?
    /// Which bar this is (`Layout.kind(of:)`).
    public var kind: Kind = .classic
    /// The titles' font size in points: 10 on the iPhone's bars, 17 on the iPad's top bar, 13 on its classic bar.
    public var titleFontSize = Layout.titleFontSize
    /// The unselected titles' weight (`titleWeight(of:)`).
    public var titleWeight = FontWeight.medium
    /// Whether items show their icons (the iPad's top bar shows titles only).
    public var showsIcons = true
    /// Whether items show their titles (the Duo's rail shows icons only at rest).
    public var showsTitles = true
    /// The item apart from the capsule (`TabBar.detached`); its `items` frame is its circle.
    public var detached: Int?
    /// The bottom accessory above the full bar (`tabBar.accessory`).
    public var accessory: Rect?
    /// The iPad's sidebar (`tabBar.sidebar`).
    public var sidebar: SidebarLayout?
    /// The bar minimized, where `tabBar.minimizeBehavior` lets it minimize.
    public var minimized: MinimizedBar?
    /// A detached search tab's field state.
    public var searchField: SearchField?
    /// How far each tab's content scrolls down, in points (`scrollLimit(of:_:)`).
    public var scrollLimits: [Double] = []

    /// Built once per run, by `Animation`. `titleExtents`: each item's title as it is drawn (its advance and
    /// ink at `Layout.titleFontSize(of:)` and `titleWeight(of:)`), measured by the caller (the scene module
    /// measures no text); the content-sized bars (the iPad's, five glass items) need them, the others ignore
    /// them. Missing: estimated.
    package init(_ scene: ResolvedScene, titleExtents: [TextExtent]? = nil) {
        let device = scene.device
        let screen = Rect(x: 0, y: 0, width: device.size.width, height: device.size.height)
        self.screen = screen
        statusBar = StatusBarLayout(scene, screen: screen)
        homeIndicator = Self.homeIndicator(scene, screen: screen.size)
        let pixel = 1 / device.scale
        let count = scene.tabBar.items.count
        func column(_ index: Int) -> Int { scene.isRightToLeft ? count - 1 - index : index }
        kind = Self.kind(of: scene)
        titleWeight = Self.titleWeight(of: scene)
        let fontSize = Self.titleFontSize(of: scene)
        let extents = scene.tabBar.items.indices.map { index in
            titleExtents?[safe: index] ?? Self.estimatedExtent(of: scene.tabBar.items[index].title, fontSize: fontSize)
        }
        if kind == .topBar || kind == .inline {
            let built = kind == .topBar ? Self.topBar(scene, screen: screen, titles: extents, column: column)
                : Self.inlineBar(scene, screen: screen, titles: extents, column: column)
            bar = built.bar; hairline = built.hairline; items = built.items; capsule = built.capsule; content = built.content
            titleFontSize = built.titleFontSize; showsIcons = built.showsIcons
        } else if kind == .rail {
            let rail = Self.rail(scene, screen: screen)
            axis = .vertical
            capsule = rail.capsule; bar = rail.capsule; items = rail.items
            hairline = Rect(x: rail.capsule.minX, y: rail.capsule.minY, width: 0, height: rail.capsule.height)
            showsTitles = false
            content = screen
        } else if scene.tabBar.style == .glass {
            // Every iPhone preset gets the measured insets (only the 402 pt screen was measured). An item
            // apart (a search or prominent tab) has its own circle; the capsule holds the others.
            let apart = scene.tabBar.detached?.index
            detached = apart
            let capsule = Self.glassCapsule(screen: screen, detached: apart != nil, rightToLeft: scene.isRightToLeft)
            self.capsule = capsule
            bar = capsule
            hairline = Rect(x: capsule.minX, y: capsule.minY, width: capsule.width, height: 0)
            // Cells in columns from the left (right to left: item 0 rightmost).
            let inside = (0..<count).filter { $0 != apart }
            func cellColumn(_ index: Int) -> Int {
                let position = inside.firstIndex(of: index) ?? 0
                return scene.isRightToLeft ? inside.count - 1 - position : position
            }
            let byColumn = inside.indices.map { position in inside.first { cellColumn($0) == position } ?? position }
            let contents = byColumn.map { max(scene.tabBar.items[$0].iconSize, extents[$0].inkWidth) }
            let cells = Glass.cells(contentWidths: contents, in: capsule, along: axis)
            let circle = Self.detachedCircle(screen: screen, rightToLeft: scene.isRightToLeft)
            items = scene.tabBar.items.enumerated().map { [axis] index, item in
                guard index != apart else {
                    let icon = Rect(center: circle.center, size: Size(width: item.iconSize, height: item.iconSize))
                    return ItemLayout(frame: circle, iconFrame: icon, titleBaseline: circle.center)
                }
                let cell = cells[cellColumn(index)], across = axis.cross(of: capsule).start
                let frame = axis.rect(main: cell.x, length: cell.width, cross: across + Glass.cellInset, thickness: Glass.cellHeight)
                let middle = cell.x + cell.width / 2
                return ItemLayout(frame: frame,
                                  iconFrame: Rect(center: axis.point(main: middle, cross: across + Glass.iconCenterY),
                                                  size: Size(width: item.iconSize, height: item.iconSize)),
                                  titleBaseline: axis.point(main: middle, cross: across + Glass.titleBaselineY))
            }
            // Content runs under the glass to the screen's bottom.
            content = screen
        } else {
            capsule = nil
            let barHeight = Self.itemsHeight + device.safeAreaBottom
            bar = Rect(x: 0, y: screen.height - barHeight, width: screen.width, height: barHeight)
            hairline = Rect(x: 0, y: bar.minY - pixel, width: screen.width, height: pixel)
            // SPEC.md: items split the full width equally, no side margins: item i centred at (i + ½)·W/n;
            // right to left, UIKit lays them out from the right edge: item 0 rightmost, at (n − i − ½)·W/n.
            let (start, length) = axis.main(of: bar), across = axis.cross(of: bar).start
            let pitch = length / Double(count)
            items = scene.tabBar.items.enumerated().map { [axis] index, item in
                let frame = axis.rect(main: start + Double(column(index)) * pitch, length: pitch, cross: across, thickness: Self.itemsHeight)
                let middle = axis.main(of: frame).start + pitch / 2
                return ItemLayout(frame: frame,
                                  iconFrame: Rect(center: axis.point(main: middle, cross: across + Self.iconCenterY),
                                                  size: Size(width: item.iconSize, height: item.iconSize)),
                                  titleBaseline: axis.point(main: middle, cross: across + Self.titleBaselineY))
            }
            content = Rect(x: 0, y: 0, width: screen.width, height: scene.tabBar.translucent ? screen.height : bar.minY)
        }
        let bar = self.bar
        // Seed 000: the button's frame is (W − w)/2, −h/2 in the bar: its centre on the bar's top edge. On
        // the iPad's top bar, the edge that faces the content is its bottom: the button hangs from it, half
        // over the content, as it stands half above the bottom bars (a choice: the seeds know no top bar;
        // this keeps the seed's look, a disc breaking the bar's edge into the content, and its spin).
        // `offsetY` moves it away from the bar (down) there.
        // On the Duo's rail the seed's formula still runs in the bar's coordinates: x (W − w)/2 from the rail's
        // left edge puts the button past the screen's right edge (`Layout+Rail`, "The raised button").
        let edge = kind == .topBar ? bar.maxY : bar.minY, railStart = kind == .rail ? bar.minX : 0
        let centerButton = scene.centerButton.map { button in
            Rect(center: Point(x: railStart + screen.width / 2, y: edge + button.offsetY), size: button.size)
        }
        self.centerButton = centerButton
        // The navigation bar and the rows keep to the safe area across (the Duo's strip); elsewhere the content.
        readable = device.foldDisplay == nil ? content
            : Rect(x: device.safeAreaLeft, y: content.minY, width: content.width - device.safeAreaLeft - device.safeAreaRight, height: content.height)
        // Under the top bar the navigation bar moves below it (iPadOS 18 puts the tabs where the title was).
        let navigationTop = kind == .topBar ? bar.maxY : device.safeAreaTop
        navigationBar = Rect(x: readable.minX, y: navigationTop, width: device.foldDisplay == nil ? screen.width : readable.width, height: Self.navigationBarHeight)

        if kind == .rail {
            // The rail's region: from its shadow's reach (20 pt, as the capsule's) to the screen's right edge.
            let left = max(0, bar.minX - 20 - scene.export.margin)
            tabBarRegion = Rect(x: left, y: 0, width: screen.width - left, height: screen.height)
        } else if kind == .topBar {
            // The top bar's region: the screen's top down to the shadow's reach below it, or the button's bottom.
            let bottom = max(bar.maxY + 20, centerButton?.maxY ?? 0) + scene.export.margin
            tabBarRegion = Rect(x: 0, y: 0, width: screen.width, height: min(screen.height, bottom))
        } else {
            // The glass bar's shadow reaches 20 pt above the capsule (UIKIT-2026.md): the region keeps it.
            let barTop = capsule.map { $0.minY - 20 } ?? hairline.minY
            let top = min(barTop, centerButton?.minY ?? barTop) - scene.export.margin
            let clamped = max(0, top)
            tabBarRegion = Rect(x: 0, y: clamped, width: screen.width, height: screen.height - clamped)
        }
        exportRegion = screen  // until the accessory is placed
        // The glass bar of an iPhone: the accessory, the minimized bar and the search field.
        if scene.tabBar.style == .glass, kind != .topBar, kind != .rail, let capsule {
            placeAccessory(scene, above: capsule)
            placeMinimized(scene)
            placeSearchField(scene)
        }
        scrollLimits = scene.contents.indices.map { scrollLimit(of: $0, scene) }
        // The Duo keeps its sidebar only in a regular width (inner landscape); elsewhere the bar shows.
        sidebar = scene.sidebar.flatMap { bar in
            bar.onFoldable && screen.width < SidebarLayout.minimumWidth ? nil : SidebarLayout(scene, sidebar: bar, screen: screen)
        }
        if kind != .topBar, let accessory {
            // The accessory's shadow too, as the capsule's.
            let top = max(0, accessory.minY - 20 - scene.export.margin)
            if top < tabBarRegion.minY { tabBarRegion = Rect(x: 0, y: top, width: screen.width, height: screen.height - top) }
        }
        exportRegion = scene.export.region == .screen ? screen : tabBarRegion
    }

    // MARK: Hit testing

    /// What a tap at a screen point reaches.
    public enum HitTarget: Sendable, Equatable {
        case centerButton
        case item(Int)
        /// The bar, but no item: the safe area below the items.
        case barBackground
        /// Above the bar: the tab's content.
        case content
        case outside
        /// The bottom accessory (its own tap target: the app's, nothing changes in the bar).
        case accessory
        /// The minimized bar: a tap expands it.
        case minimizedBar
        /// The search field (tabanim draws no keyboard: nothing changes).
        case searchField
        /// The search field's close circle: search ends, the previous tab comes back.
        case closeSearch
    }

    /// The glass bar: a point inside the capsule hits the cell whose centre is nearest (neighbouring cells
    /// overlap by a few points, and the capsule's 4 pt edge belongs to the nearest cell: a choice, UIKit's
    /// routing there was not measured); below and beside the capsule the content shows, and takes the tap.
    ///
    /// Seed 000's `hitTest:withEvent:` override: the button is the bar's last subview, so it wins inside the
    /// bar; outside the bar's bounds UIKit finds nothing and the override checks the button's bounds.
    /// Either way a point inside the button's frame hits the button. Otherwise items take their column
    /// (UITabBarButton frames are `itemsHeight` tall); the safe area below them hits the bar itself.
    ///
    /// The late-2026 bar takes its state at the tap (`state`): minimized, only the small capsule, the item
    /// apart and the inline accessory are there; searching, only the field and its close circle.
    public func hitTest(_ point: Point, state: BarState = .expanded) -> HitTarget {
        guard screen.contains(point) else { return .outside }
        if let button = centerButton, button.contains(point) { return .centerButton }
        switch state {
        case .searching:
            guard let search = searchField else { break }
            if Self.capsule(search.close, contains: point) { return .closeSearch }
            return Self.capsule(search.field, contains: point) ? .searchField : .content
        case .minimized:
            guard let small = minimized else { break }
            if Self.capsule(small.capsule, contains: point) { return .minimizedBar }
            if let detached, let circle = small.detached, Self.capsule(circle, contains: point) { return .item(detached) }
            if let inline = small.accessory, Self.capsule(inline, contains: point) { return .accessory }
            return .content
        case .expanded:
            break
        }
        if let accessory, Self.capsule(accessory, contains: point) { return .accessory }
        if let detached, Self.capsule(items[detached].frame, contains: point) { return .item(detached) }
        if let capsule {
            let inside = items.indices.filter { $0 != detached }
            let along = axis.main(of: Rect(center: point, size: Size(width: 0, height: 0))).start
            func distance(_ index: Int) -> Double { abs(axis.main(of: items[index].frame).start + axis.main(of: items[index].frame).length / 2 - along) }
            guard Self.capsule(capsule, contains: point), let nearest = inside.min(by: { distance($0) < distance($1) }) else { return .content }
            return .item(nearest)
        }
        if let index = items.firstIndex(where: { $0.frame.contains(point) }) { return .item(index) }
        if bar.contains(point) { return .barBackground }
        return .content
    }

    /// Whether `point` is inside the capsule's round-ended shape (not only its bounding box).
    static func capsule(_ capsule: Rect, contains point: Point) -> Bool {
        // A rail (taller than wide): the same shape turned.
        if capsule.height > capsule.width {
            return Self.capsule(Rect(x: capsule.minY, y: capsule.minX, width: capsule.height, height: capsule.width),
                                contains: Point(x: point.y, y: point.x))
        }
        let radius = capsule.height / 2
        let x = min(max(point.x, capsule.minX + radius), capsule.maxX - radius)
        let dx = point.x - x, dy = point.y - capsule.center.y
        return dx * dx + dy * dy <= radius * radius
    }
}

extension Layout {
    /// Where an item's badge disc is centred (`SceneGraphBuilder.badges` draws it; `validate`'s design check
    /// reads it). The stacked bar (SPEC.md): (icon's right + 8, icon's top + 5.4). On the glass bar
    /// (UIKIT-2026.md, iOS 26.2): ~11 pt below the cell's top and ~5 pt right of the item's centre. Inline:
    /// `inlineBadgeCenter`. Right to left, mirrored in the box it is placed from (the cell, the icon).
    public func badgeCenter(of frames: ItemLayout, glass: Bool, rightToLeft rtl: Bool) -> Point {
        let icon = frames.iconFrame
        if kind == .inline { return inlineBadgeCenter(frames, rightToLeft: rtl) }
        // The rail: as on the glass bar, measured from the icon's centre (5 pt right of it, 9 above: the
        // glass cell's 11 pt below its top is 9 above its icon's centre), not mirrored (the rail is not).
        if kind == .rail { return Point(x: icon.center.x + 5, y: icon.center.y - 9) }
        if glass {
            return Point(x: Self.leading(x: frames.frame.center.x + 5, in: frames.frame, rightToLeft: rtl), y: frames.frame.minY + 11)
        }
        return Point(x: Self.leading(x: icon.maxX + 8, in: icon, rightToLeft: rtl), y: icon.minY + 5.4)
    }

    /// A badge on an inline item (the iPad's classic bar, an iPhone's compact-height bar), icon beside the
    /// title. UIKit gives this layout its own badge placement (`UITabBarAppearance.inlineLayoutAppearance` and
    /// `.compactInlineLayoutAppearance` each carry a `badgePositionAdjustment` from it), but no measurement or
    /// source of where it is was found: tabanim chooses the disc centred on the icon's top trailing corner.
    /// There it keeps clear of the title (the disc's 9 pt radius stops short of the 9.25 pt gap) and of the
    /// title's capitals below it, and overhangs the icon as the stacked bar's badge does. A title-only item's
    /// disc stands 2 pt past the title's end, centred on its cap line. Right to left, mirrored.
    private func inlineBadgeCenter(_ frames: ItemLayout, rightToLeft rtl: Bool) -> Point {
        guard frames.hasIcon else {
            let capTop = frames.titleBaseline.y - 0.705 * titleFontSize
            let past = frames.titleWidth / 2 + 2 + 9
            let title = Rect(x: frames.titleBaseline.x, y: capTop, width: 0, height: 0)
            return Point(x: Self.leading(x: frames.titleBaseline.x + past, in: title, rightToLeft: rtl), y: capTop)
        }
        let icon = frames.iconFrame
        return Point(x: Self.leading(x: icon.maxX, in: icon, rightToLeft: rtl), y: icon.minY)
    }
}

extension Layout {
    /// `rect`, given for a left-to-right layout, where a right-to-left one puts it: mirrored in `container`.
    /// The one mirroring function of tabanim: every frame and text anchor that UIKit mirrors for Arabic and
    /// Hebrew (`semanticContentAttribute`) goes through it.
    public static func leading(_ rect: Rect, in container: Rect, rightToLeft: Bool) -> Rect {
        guard rightToLeft else { return rect }
        return Rect(x: container.minX + container.maxX - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// `leading(_:in:rightToLeft:)` for a point (a text's anchor).
    public static func leading(x: Double, in container: Rect, rightToLeft: Bool) -> Double {
        leading(Rect(x: x, y: 0, width: 0, height: 0), in: container, rightToLeft: rightToLeft).minX
    }
}
