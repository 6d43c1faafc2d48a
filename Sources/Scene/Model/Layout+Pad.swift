import Basics
import Foundation

/// The bars of a regular-width iPad and of an iPhone in landscape: iPadOS 26's floating top bar, the
/// classic bottom bar with each icon left of its title, and the iPhone's shorter inline bar.
extension Layout {
    // MARK: iPadOS 26 floating top bar (UIKIT-2026.md, "iPad")

    /// `tabBar.style: "glass"` on an iPad: a capsule at the top, sized to its titles, text only.
    public enum TopBar {
        /// 44 pt tall, its top 32 pt below the screen's top, centred, fully round ends.
        public static let height = 44.0
        public static let top = 32.0
        /// 21 pt from each end to the first and last title, ~33.5 pt between neighbouring titles: five
        /// text-only tabs measure 419 pt = 2 · 21 + titles + 4 · 33.5.
        public static let endPadding = 21.0
        public static let gap = 33.5
        /// The pill: 36 pt tall (4 pt inside the bar, top and bottom), the title's width + 31.5–33 pt wide
        /// (tabanim: + 32.25, the middle, so the pill reaches 4.9 pt from the bar's end on the end items).
        public static let pillInset = 4.0
        public static let pillHeight = 36.0
        public static let pillPadding = 32.25
        /// Titles 17 pt (SF's tracking at 17 pt, −26/1000 em, is the measurer's), baseline 27.9 pt below
        /// the bar's top.
        public static let titleFontSize = 17.0
        public static let titleBaselineY = 27.9
    }

    /// The top bar: the capsule and each item's cell (its pill's rest) around its measured title.
    static func topBar(_ scene: ResolvedScene, screen: Rect, titleWidths: [Double], column: (Int) -> Int) -> Bar {
        let n = titleWidths.count
        let width = 2 * TopBar.endPadding + titleWidths.reduce(0, +) + Double(max(n - 1, 0)) * TopBar.gap
        let capsule = Rect(x: (screen.width - width) / 2, y: TopBar.top, width: width, height: TopBar.height)
        // Titles from the leading end in columns (right to left: item 0 rightmost).
        var x = capsule.minX + TopBar.endPadding
        var centres = Array(repeating: 0.0, count: n)
        for position in 0..<n {
            let index = (0..<n).first { column($0) == position } ?? position
            centres[index] = x + titleWidths[index] / 2
            x += titleWidths[index] + TopBar.gap
        }
        let items = scene.tabBar.items.indices.map { index in
            let frame = Rect(center: Point(x: centres[index], y: capsule.minY + TopBar.height / 2),
                             size: Size(width: titleWidths[index] + TopBar.pillPadding, height: TopBar.pillHeight))
            return ItemLayout(frame: frame, iconFrame: Rect(center: frame.center, size: Size(width: 0, height: 0)),
                              titleBaseline: Point(x: centres[index], y: capsule.minY + TopBar.titleBaselineY))
        }
        return Bar(bar: capsule, hairline: Rect(x: capsule.minX, y: capsule.maxY, width: capsule.width, height: 0), items: items,
                   capsule: capsule, content: screen, titleFontSize: TopBar.titleFontSize, showsIcons: false)
    }

    // MARK: iPad classic bottom bar (UIKIT-2026.md, "iPad": iPadOS 14, regular width)

    /// `tabBar.style: "classic"` on an iPad, and the inline items of an iPhone in landscape.
    public enum Inline {
        /// iPad: 65 pt including the 20 pt home-indicator area, so 45 pt of items.
        public static let padItemsHeight = 45.0
        /// The icon left of the title, 8–10.5 pt apart (tabanim: 9.25, the middle).
        public static let gap = 9.25
        /// iPad titles 13 pt, baseline 30.9 pt below the bar's top.
        public static let padTitleFontSize = 13.0
        public static let padTitleBaselineY = 30.9
        /// The items' pitch on the iPad: 4 items on a 1024 pt screen stand at 180.5, 404, 630 and 849 pt, a
        /// mean pitch of (849 − 180.5) / 3 = 222.83 pt around 514.75 pt, where the full width's share would
        /// be 256 pt. tabanim centres equal slots of min(W / n, 222.83) pt as a group: 177.75, 400.6, 623.4
        /// and 846.25 pt there (the screenshot's centres stray 2.75–6.6 pt from any equal pitch: its items
        /// differ in width, and without their titles the content-sized rule behind that is not derivable).
        public static let padMaximumPitch = (849 - 180.5) / 3

        /// iPhone, compact height (no measured reference, UIKIT-2026.md "Not found"): UIKit's
        /// `UITabBarItemAppearance.Style.compactInline` ("a side-by-side layout of the icon and title",
        /// Apple's UIKit reference). 32 pt of items, the commonly quoted compact tab bar height (unverified),
        /// plus the 21 pt home-indicator area; icons 18 pt (Apple's HIG, "Tab bars", compact glyph size 18 pt);
        /// the 10 pt title of the portrait bar and the iPad's gap: choices, not measurements.
        public static let compactItemsHeight = 32.0
        public static let compactIconSize = 18.0
        public static let compactTitleFontSize = 10.0

        /// The icon's centre on the title's capitals: half the cap height (0.705 em, SF Pro) above the baseline.
        static func iconCenterY(baseline: Double, fontSize: Double) -> Double { baseline - 0.705 * fontSize / 2 }
    }

    /// A full-width bottom bar whose items put the icon left of the title, each icon-and-title group centred
    /// in its slot; the slots span the safe area's width (iPhone landscape) or are centred as a group (iPad).
    static func inlineBar(_ scene: ResolvedScene, screen: Rect, titleWidths: [Double], column: (Int) -> Int) -> Bar {
        let device = scene.device
        let pad = device.idiom == .pad
        let itemsHeight = pad ? Inline.padItemsHeight : Inline.compactItemsHeight
        let fontSize = pad ? Inline.padTitleFontSize : Inline.compactTitleFontSize
        let barHeight = itemsHeight + device.safeAreaBottom
        let bar = Rect(x: 0, y: screen.height - barHeight, width: screen.width, height: barHeight)
        let n = Double(max(titleWidths.count, 1))
        // The safe area's width: UIKit keeps items clear of the sensor housing's side in landscape.
        let inner = Rect(x: device.safeAreaLeft, y: bar.minY, width: screen.width - device.safeAreaLeft - device.safeAreaRight, height: itemsHeight)
        let pitch = pad ? min(inner.width / n, Inline.padMaximumPitch) : inner.width / n
        let start = inner.minX + (inner.width - pitch * n) / 2
        // iPad: the measured baseline; iPhone: the icon and the title's capitals centred in the 32 pt.
        let baseline = pad ? Inline.padTitleBaselineY : itemsHeight / 2 + 0.705 * fontSize / 2
        let iconY = bar.minY + Inline.iconCenterY(baseline: baseline, fontSize: fontSize)
        let items = scene.tabBar.items.enumerated().map { index, item in
            let frame = Rect(x: start + Double(column(index)) * pitch, y: bar.minY, width: pitch, height: itemsHeight)
            let iconSize = pad ? item.iconSize : min(item.iconSize, Inline.compactIconSize)
            let title = titleWidths[index]
            let hasIcon = item.icon != nil || item.animation != nil
            let group = (hasIcon ? iconSize + Inline.gap : 0) + title
            // Right to left the icon is on the title's right.
            let leading = frame.center.x - group / 2
            let iconX = scene.isRightToLeft ? leading + group - iconSize / 2 : leading + iconSize / 2
            let titleX = scene.isRightToLeft ? leading + title / 2 : leading + group - title / 2
            return ItemLayout(frame: frame, iconFrame: Rect(center: Point(x: iconX, y: iconY), size: Size(width: iconSize, height: iconSize)),
                              titleBaseline: Point(x: titleX, y: bar.minY + baseline), titleWidth: title,
                              hasIcon: hasIcon)
        }
        let pixel = 1 / device.scale
        return Bar(bar: bar, hairline: Rect(x: 0, y: bar.minY - pixel, width: screen.width, height: pixel), items: items, capsule: nil,
                   content: Rect(x: 0, y: 0, width: screen.width, height: scene.tabBar.translucent ? screen.height : bar.minY),
                   titleFontSize: fontSize, showsIcons: true)
    }

    /// The frames one kind of bar gives `Layout`.
    struct Bar {
        var bar: Rect
        var hairline: Rect
        var items: [ItemLayout]
        var capsule: Rect?
        var content: Rect
        var titleFontSize: Double
        var showsIcons: Bool
    }

    /// Which bar `scene` gets: the iPad's by style, the inline bar on an iPhone in landscape (both styles:
    /// the iOS 26 glass capsule in landscape was not measured, so it keeps its portrait form there).
    public enum Kind: String, Sendable, Equatable {
        case classic
        case glass
        case topBar
        case inline
    }

    public static func kind(of scene: ResolvedScene) -> Kind {
        switch (scene.device.idiom, scene.tabBar.style) {
        case (.pad, .glass): return .topBar
        case (.pad, .classic): return .inline
        case (.phone, .classic): return scene.device.isCompactHeight ? .inline : .classic
        case (.phone, .glass): return .glass
        }
    }

    /// The titles' font size in `scene`'s layout (to measure them before laying out).
    public static func titleFontSize(of scene: ResolvedScene) -> Double {
        switch kind(of: scene) {
        case .classic, .glass: return titleFontSize
        case .topBar: return TopBar.titleFontSize
        case .inline: return scene.device.idiom == .pad ? Inline.padTitleFontSize : Inline.compactTitleFontSize
        }
    }

    /// A stand-in for the titles' widths when no measurer is given (0.55 em a character), so a layout can
    /// be built without the drawing module; every export measures them with pango instead.
    static func estimatedWidth(of title: String, fontSize: Double) -> Double { Double(title.count) * 0.55 * fontSize }
}
