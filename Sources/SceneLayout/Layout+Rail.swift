import Basics
import Foundation
import Resolving

/// The iPhone Duo's vertical tab bar (iOS 27.1): a glass rail in the strip on the hardware's side, laid out
/// along y (`Axis.vertical`) by the same cells as the glass bar along x. UIKIT-2026.md, "iPhone Duo" (three
/// sources agree): the capsule 48 pt wide, its outer edge 24 pt from the screen's edge, its bottom 24 pt above
/// the window's bottom (the home indicator's inset not added), 12 + 50·n pt tall, tab i centred 31 + 50·i pt
/// below its top, radius 24; icons only at rest.
extension Layout {
    public enum Rail {
        /// Measured (UIKIT-2026.md, "iPhone Duo").
        public static let width = 48.0
        public static let edgeInset = 24.0
        public static let bottomInset = 24.0
        public static let pitch = 50.0
        public static let endPadding = 12.0
        public static let firstCenter = 31.0
        /// The cells (where the selection pill rests): 4 pt inside the rail across it, as the glass bar's
        /// (`Glass.cellInset`), and 54 pt along it, the glass bar's cell thickness (`Glass.cellHeight`). Chosen
        /// (no source measured the pill), and consistent with the measured centres: 54-pt cells 50 pt apart
        /// start 4 pt below the rail's top (31 − 27) and end 4 pt above its bottom.
        public static let cellInset = Glass.cellInset
        public static let cellLength = Glass.cellHeight

        /// The rail's height for `count` tabs.
        public static func height(count: Int) -> Double { endPadding + pitch * Double(count) }

        /// The rail on `screen`: on the hardware's side, the right, whatever the layout direction (the strip
        /// follows the hardware, not the language: UIKIT-2026.md).
        public static func capsule(count: Int, on screen: Rect) -> Rect {
            let length = height(count: count)
            return Rect(x: screen.maxX - edgeInset - width, y: screen.maxY - bottomInset - length, width: width, height: length)
        }
    }

    /// The rail's frames: item i's cell and icon down the rail from the top; right to left the order stays
    /// (item 0 at the top: a vertical list does not mirror). No titles at rest.
    static func rail(_ scene: ResolvedScene, screen: Rect) -> (capsule: Rect, items: [ItemLayout]) {
        let count = scene.tabBar.items.count
        let capsule = Rail.capsule(count: count, on: screen)
        let axis = Axis.vertical
        let across = axis.cross(of: capsule).start
        let items = scene.tabBar.items.enumerated().map { index, item in
            let middle = capsule.minY + Rail.firstCenter + Rail.pitch * Double(index)
            let frame = axis.rect(main: middle - Rail.cellLength / 2, length: Rail.cellLength, cross: across + Rail.cellInset,
                                  thickness: Rail.width - 2 * Rail.cellInset)
            let center = axis.point(main: middle, cross: across + Rail.width / 2)
            return ItemLayout(frame: frame, iconFrame: Rect(center: center, size: Size(width: item.iconSize, height: item.iconSize)),
                              titleBaseline: center)
        }
        return (capsule, items)
    }
}

extension Layout {
    /// The rail while pressed (`script[i].press`): UIKIT-2026.md, "iPhone Duo", one source, unmeasured natively:
    /// the platter 72 pt wide then, every tab's label 10 pt. tabanim keeps its outer edge 24 pt from the screen's
    /// (it widens inwards), each cell 4 pt inside it, the icon 6 pt above the tab's centre and the label's
    /// baseline 17 pt below it (chosen: the icon and the label's capitals centred on the tab's 50-pt pitch).
    public enum RailPressed {
        public static let width = 72.0
        public static let labelFontSize = 10.0
        public static let iconLift = 6.0
        public static let labelBaseline = 17.0
    }

    /// This layout with the rail pressed; nil when the bar is not the rail.
    public func pressedRail() -> Layout? {
        guard kind == .rail, let capsule else { return nil }
        var pressed = self
        let wide = Rect(x: capsule.maxX - RailPressed.width, y: capsule.minY, width: RailPressed.width, height: capsule.height)
        pressed.capsule = wide
        pressed.bar = wide
        pressed.items = items.map { item in
            var moved = item
            let middle = item.iconFrame.center.y
            moved.frame = Rect(x: wide.minX + Rail.cellInset, y: item.frame.minY, width: wide.width - 2 * Rail.cellInset, height: item.frame.height)
            moved.iconFrame = Rect(center: Point(x: wide.center.x, y: middle - RailPressed.iconLift), size: item.iconFrame.size)
            moved.titleBaseline = Point(x: wide.center.x, y: middle + RailPressed.labelBaseline)
            return moved
        }
        pressed.showsTitles = true
        pressed.titleFontSize = RailPressed.labelFontSize
        return pressed
    }
}
