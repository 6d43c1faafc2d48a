import Foundation

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

    // MARK: Frames

    public var screen: Rect
    /// The whole bar: the items and the bottom safe area below them.
    public var bar: Rect
    /// One device pixel directly above the bar's top edge.
    public var hairline: Rect
    public var items: [ItemLayout]
    public var centerButton: Rect?
    /// Where tab content is laid out: down to the bar's top when opaque, the whole screen when translucent.
    public var content: Rect
    /// The navigation bar below the status bar.
    public var navigationBar: Rect
    /// The part of the screen the export shows.
    public var exportRegion: Rect

    public struct ItemLayout: Sendable, Equatable {
        /// The item's button: an equal share of the full width, `itemsHeight` tall.
        public var frame: Rect
        public var iconFrame: Rect
        /// Centre of the title's baseline.
        public var titleBaseline: Point
    }

    /// Built once per run, by `Animation`.
    init(_ scene: ResolvedScene) {
        let device = scene.device
        let screen = Rect(x: 0, y: 0, width: device.size.width, height: device.size.height)
        let barHeight = Self.itemsHeight + device.safeAreaBottom
        let bar = Rect(x: 0, y: screen.height - barHeight, width: screen.width, height: barHeight)
        let pixel = 1 / device.scale
        let hairline = Rect(x: 0, y: bar.minY - pixel, width: screen.width, height: pixel)
        self.screen = screen
        self.bar = bar
        self.hairline = hairline
        // SPEC.md: items split the full width equally, no side margins: item i centred at (i + ½)·W/n;
        // right to left, UIKit lays them out from the right edge: item 0 rightmost, at (n − i − ½)·W/n.
        let count = scene.tabBar.items.count
        let width = screen.width / Double(count)
        items = scene.tabBar.items.enumerated().map { index, item in
            let column = scene.isRightToLeft ? count - 1 - index : index
            let frame = Rect(x: Double(column) * width, y: bar.minY, width: width, height: Self.itemsHeight)
            let iconCenter = Point(x: frame.center.x, y: bar.minY + Self.iconCenterY)
            return ItemLayout(frame: frame,
                              iconFrame: Rect(center: iconCenter, size: Size(width: item.iconSize, height: item.iconSize)),
                              titleBaseline: Point(x: frame.center.x, y: bar.minY + Self.titleBaselineY))
        }
        // Seed 000: the button's frame is (W − w)/2, −h/2 in the bar: its centre on the bar's top edge.
        let centerButton = scene.centerButton.map { button in
            Rect(center: Point(x: screen.width / 2, y: bar.minY + button.offsetY), size: button.size)
        }
        self.centerButton = centerButton
        content = Rect(x: 0, y: 0, width: screen.width, height: scene.tabBar.translucent ? screen.height : bar.minY)
        navigationBar = Rect(x: 0, y: device.safeAreaTop, width: screen.width, height: Self.navigationBarHeight)

        switch scene.export.region {
        case .screen:
            exportRegion = screen
        case .tabBar:
            let top = min(hairline.minY, centerButton?.minY ?? hairline.minY) - scene.export.margin
            let clamped = max(0, top)
            exportRegion = Rect(x: 0, y: clamped, width: screen.width, height: screen.height - clamped)
        }
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
    }

    /// Seed 000's `hitTest:withEvent:` override: the button is the bar's last subview, so it wins inside the
    /// bar; outside the bar's bounds UIKit finds nothing and the override checks the button's bounds.
    /// Either way a point inside the button's frame hits the button. Otherwise items take their column
    /// (UITabBarButton frames are `itemsHeight` tall); the safe area below them hits the bar itself.
    public func hitTest(_ point: Point) -> HitTarget {
        guard screen.contains(point) else { return .outside }
        if let button = centerButton, button.contains(point) { return .centerButton }
        if let index = items.firstIndex(where: { $0.frame.contains(point) }) { return .item(index) }
        if bar.contains(point) { return .barBackground }
        return .content
    }
}
