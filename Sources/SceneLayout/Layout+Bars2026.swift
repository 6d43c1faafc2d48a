import Basics
import Foundation
import Graph
import Resolving
import Spec

/// Where the late-2026 parts of the glass bar of an iPhone stand: the item apart from the capsule (a search
/// or prominent tab), the bottom accessory, the minimized bar, the search field, and how far each tab's
/// content scrolls. Measured numbers: UIKIT-2026.md ("Search tab", "Bottom accessory"); the rest is chosen,
/// and said so beside each (docs/scene-format.md lists them too).
extension Layout {
    public enum Bars2026 {
        /// The detached search circle: 62 pt, 8 pt from the capsule, 21 pt from the screen's edge; the
        /// capsule fills the rest (290 pt on a 402-pt screen). Measured (UIKIT-2026.md, SwiftUI). iOS 27's
        /// prominent tab takes the same place and size: chosen (no capture).
        public static let detachedDiameter = 62.0
        public static let detachedGap = 8.0
        /// The expanded accessory: 48 pt tall, the screen's width − 2 × 21, 8 pt above the bar. Measured.
        public static let accessoryHeight = 48.0
        public static let accessoryGap = 8.0
        /// The minimized bar: a 64 × 48 pt capsule, 21 pt from the leading and bottom edges, holding the
        /// selected icon. Chosen: no public capture measures it; 48 pt is the accessory's and the search
        /// field's height, and 64 pt gives the icon the pill's 20 pt margin.
        public static let minimizedWidth = 64.0
        public static let minimizedHeight = 48.0
        /// While minimized, the item apart shrinks to a 48 pt circle in its corner, and the accessory stands
        /// inline between the two, 8 pt from each (chosen: the measured gap of the search circle).
        public static let minimizedDetachedDiameter = 48.0
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
        /// The bar's morph between its full and minimized forms, and the search field's arrival: 0.35 s on
        /// UIView's ease-in-ease-out. Chosen (Apple publishes no duration; it is near the slide's 0.3 s).
        public static let morphDuration = 0.35
    }

    /// The bar minimized (`tabBar.minimizeBehavior`): its capsule, the accessory inline beside it, and the
    /// item apart, shrunk.
    public struct MinimizedBar: Sendable, Equatable {
        public var capsule: Rect
        public var accessory: Rect?
        public var detached: Rect?
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

    /// The accessory's content in `frame` (the app's own view; tabanim draws a mini-player's usual one,
    /// chosen): the image 32 pt square 8 pt in, the title in 15 pt semibold and the subtitle in 13 pt regular
    /// beside it (`accessoryText`), on one line each or centred alone, mirrored right to left.
    public struct AccessoryContent: Sendable, Equatable {
        public var image: Rect?
        public var title: TextSlot?
        public var subtitle: TextSlot?
    }

    public static func accessoryContent(in frame: Rect, hasImage: Bool, hasTitle: Bool, hasSubtitle: Bool, rightToLeft: Bool) -> AccessoryContent {
        let (textX, width) = accessoryText(in: frame, hasImage: hasImage)
        let image = hasImage ? leading(Rect(x: frame.minX + 8, y: frame.center.y - 16, width: 32, height: 32), in: frame, rightToLeft: rightToLeft) : nil
        func line(_ baseline: Double, _ size: Double, _ weight: FontWeight) -> TextSlot {
            TextSlot(x: textX, baseline: baseline, alignment: .leading, fontSize: size, weight: weight, maximumWidth: width,
                     in: frame, rightToLeft: rightToLeft)
        }
        return AccessoryContent(image: image,
                                title: hasTitle ? line(hasSubtitle ? frame.center.y - 2 : frame.center.y + 5.5, 15, .semibold) : nil,
                                subtitle: hasSubtitle ? line(hasTitle ? frame.center.y + 14 : frame.center.y + 5, 13, .regular) : nil)
    }

    /// Where the accessory's title and subtitle start in `frame` (left to right) and how wide their label is:
    /// beside a 32 pt image 8 pt in and 12 pt after it, else 20 pt in; 16 pt short of the end. Chosen (the
    /// accessory's content is the app's own view; this is a mini-player's usual one).
    public static func accessoryText(in frame: Rect, hasImage: Bool) -> (x: Double, width: Double) {
        let x = frame.minX + (hasImage ? 8 + 32 + 12 : 20)
        return (x, max(frame.maxX - 16 - x, 1))
    }


    /// The glass capsule of an iPhone, its width less the item apart when there is one (left to right; the
    /// capsule stays at the leading edge).
    static func glassCapsule(screen: Rect, detached: Bool, rightToLeft: Bool) -> Rect {
        let apart = detached ? Bars2026.detachedDiameter + Bars2026.detachedGap : 0
        let capsule = Rect(x: Glass.inset, y: screen.height - Glass.inset - Glass.height,
                           width: max(screen.width - 2 * Glass.inset - apart, 2 * Glass.height), height: Glass.height)
        return leading(capsule, in: screen, rightToLeft: rightToLeft)
    }

    /// The circle of the item apart, at the trailing end of the capsule's row.
    static func detachedCircle(screen: Rect, rightToLeft: Bool) -> Rect {
        let d = Bars2026.detachedDiameter
        return leading(Rect(x: screen.maxX - Glass.inset - d, y: screen.height - Glass.inset - Glass.height + (Glass.height - d) / 2,
                             width: d, height: d), in: screen, rightToLeft: rightToLeft)
    }

    /// The parts of the late-2026 bar, set on a glass iPhone layout.
    mutating func placeBars2026(_ scene: ResolvedScene) {
        let bar = scene.tabBar, rtl = scene.isRightToLeft
        guard bar.style == .glass, kind != .topBar, let capsule else { return }
        let bottom = screen.height - Glass.inset
        if bar.accessory != nil {
            accessory = Rect(x: Glass.inset, y: capsule.minY - Bars2026.accessoryGap - Bars2026.accessoryHeight,
                             width: screen.width - 2 * Glass.inset, height: Bars2026.accessoryHeight)
        }
        if bar.minimizeBehavior != .never {
            let h = Bars2026.minimizedHeight
            let small = Rect(x: Glass.inset, y: bottom - h, width: Bars2026.minimizedWidth, height: h)
            let detachedSmall = bar.detached.map { _ in
                Rect(x: screen.maxX - Glass.inset - Bars2026.minimizedDetachedDiameter, y: bottom - Bars2026.minimizedDetachedDiameter,
                     width: Bars2026.minimizedDetachedDiameter, height: Bars2026.minimizedDetachedDiameter)
            }
            let inline = bar.accessory.map { _ -> Rect in
                let start = small.maxX + Bars2026.detachedGap
                let end = (detachedSmall?.minX ?? screen.maxX - Glass.inset + Bars2026.detachedGap) - Bars2026.detachedGap
                return Rect(x: start, y: bottom - h, width: max(end - start, h), height: h)
            }
            minimized = MinimizedBar(capsule: Self.leading(small, in: screen, rightToLeft: rtl), accessory: inline.map { Self.leading($0, in: screen, rightToLeft: rtl) },
                                     detached: detachedSmall.map { Self.leading($0, in: screen, rightToLeft: rtl) })
        }
        if let apart = bar.detached, apart.opensSearchField {
            let inset = Bars2026.fieldInset, h = Bars2026.fieldHeight
            let close = Rect(x: screen.maxX - inset - h, y: bottom - h, width: h, height: h)
            let field = Rect(x: inset, y: bottom - h, width: close.minX - 2 * inset, height: h)
            let placed = Self.leading(field, in: screen, rightToLeft: rtl), closing = Self.leading(close, in: screen, rightToLeft: rtl)
            let size = Bars2026.fieldMagnifierSize
            let magnifier = Rect(x: placed.minX + Bars2026.fieldMagnifierInset, y: placed.center.y - size / 2, width: size, height: size)
            searchField = SearchField(field: placed, close: closing, magnifier: Self.leading(magnifier, in: placed, rightToLeft: rtl),
                                      prompt: TextSlot(x: placed.minX + Bars2026.fieldPlaceholderX, baseline: placed.center.y + Bars2026.fieldPromptDrop,
                                                       alignment: .leading, fontSize: Bars2026.fieldPromptSize, weight: .regular,
                                                       in: placed, rightToLeft: rtl),
                                      closeBar: Rect(center: closing.center, size: Bars2026.closeBar))
        }
    }

    /// How far tab `index`'s content scrolls down: its bottom brought to the bar's top (UIKit insets a scroll
    /// view under a bar by the bar's height, `adjustedContentInset`, and under the accessory too). Rows run
    /// from the navigation bar's bottom; a screenshot from the screen's top, at the screen's width.
    func scrollLimit(of index: Int, _ scene: ResolvedScene) -> Double {
        let tab = scene.contents[index]
        if let screenshot = tab.screenshot {
            let height = screen.width * screenshot.pixelSize.height / screenshot.pixelSize.width
            return max(0, height - screen.height)
        }
        let visibleBottom = kind == .topBar ? screen.maxY : (accessory?.minY ?? bar.minY)
        return max(0, rowsTop(of: tab) + Double(tab.rows) * Self.rowHeight - visibleBottom)
    }

    /// Where a tab's first row starts: below the navigation bar, and its large title when it has one.
    public func rowsTop(of tab: TabContent) -> Double {
        navigationBar.maxY + (tab.largeTitle ? Self.largeTitleHeight : 0)
    }
}

/// What the glass bar of an iPhone is showing (`tabBar.minimizeBehavior`, a detached search tab).
public enum BarState: String, Sendable, Equatable {
    /// The full capsule (and the accessory above it).
    case expanded
    /// The small capsule with the selected icon (and the accessory inline beside it).
    case minimized
    /// The search field and its close circle.
    case searching
}
