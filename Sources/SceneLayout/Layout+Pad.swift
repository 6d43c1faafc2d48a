import Basics
import Foundation
import Graph
import Resolving
import Spec

/// The bars of a regular-width iPad and of an iPhone in landscape: iPadOS 26's floating top bar, the
/// classic bottom bar with each icon left of its title, and the iPhone's shorter inline bar.
extension Layout {
    // MARK: iPadOS 26 floating top bar (UIKIT-2026.md, "iPad")

    /// `tabBar.style: "glass"` on an iPad: a capsule at the top, sized to its titles, text only.
    public enum TopBar {
        /// 44 pt tall, its top 32 pt below the screen's top, centred, fully round ends.
        public static let height = 44.0
        public static let top = 32.0
        /// 21 pt from each end to the first and last title's ink, 33–34 pt between neighbouring titles' ink
        /// (tabanim: 33.5): five text-only tabs measure 419 pt = 2 · 21 + the titles' ink + 4 · 33.5. Spaced
        /// by their advance boxes instead, the same titles give 428 pt, 9 pt too wide.
        public static let endPadding = 21.0
        public static let gap = 33.5
        /// The pill: 36 pt tall (4 pt inside the bar, top and bottom), the title's ink + 31.5–33 pt wide
        /// (tabanim: + 32.25, the middle, so the pill reaches 4.9 pt from the bar's end on the end items).
        public static let pillInset = 4.0
        public static let pillHeight = 36.0
        public static let pillPadding = 32.25
        /// Titles 17 pt (SF's tracking at 17 pt, −26/1000 em, is the measurer's), baseline 27.9 pt below
        /// the bar's top.
        public static let titleFontSize = 17.0
        public static let titleBaselineY = 27.9
    }

    /// The top bar: the capsule and each item's cell (its pill's rest) around its title's ink.
    static func topBar(_ scene: ResolvedScene, screen: Rect, titles: [TextExtent], column: (Int) -> Int) -> Bar {
        let n = titles.count
        let width = 2 * TopBar.endPadding + titles.map(\.inkWidth).reduce(0, +) + Double(max(n - 1, 0)) * TopBar.gap
        let capsule = Rect(x: (screen.width - width) / 2, y: TopBar.top, width: width, height: TopBar.height)
        // Titles' ink from the leading end in columns (right to left: item 0 rightmost).
        var x = capsule.minX + TopBar.endPadding
        var inkStarts = Array(repeating: 0.0, count: n)
        for position in 0..<n {
            let index = (0..<n).first { column($0) == position } ?? position
            inkStarts[index] = x
            x += titles[index].inkWidth + TopBar.gap
        }
        let items = scene.tabBar.items.indices.map { index in
            let title = titles[index], inkCenter = inkStarts[index] + title.inkWidth / 2
            let frame = Rect(center: Point(x: inkCenter, y: capsule.minY + TopBar.height / 2),
                             size: Size(width: title.inkWidth + TopBar.pillPadding, height: TopBar.pillHeight))
            return ItemLayout(frame: frame, iconFrame: Rect(center: frame.center, size: Size(width: 0, height: 0)),
                              titleBaseline: Point(x: title.anchor(inkStartingAt: inkStarts[index]), y: capsule.minY + TopBar.titleBaselineY),
                              titleWidth: title.advance)
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
        /// iPad: items sized to their content (icon ink + gap + title ink), one fixed spacing between the
        /// groups' ink, the group centred on the screen. Measured on a 1024 pt portrait iPad (iPadOS 14):
        /// "Encryption", "Decryption", "Keychain", "Settings" leave 131.5, 132.5 and 133.0 pt between their
        /// groups' ink; one spacing of 132.35 pt predicts every centre within 0.45 pt. When the groups and
        /// spacings do not fit the width, the spacing shrinks; when the groups alone do not fit, equal slots
        /// share the width and the titles truncate (choices: UIKit's rule there was not measured).
        public static let padSpacing = 132.35

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

    /// A full-width bottom bar whose items put the icon left of the title: on the iPad each group sized to
    /// its content and the groups centred with one spacing (`Inline.padSpacing`); on an iPhone in landscape
    /// equal slots across the safe area's width, each group centred in its slot.
    static func inlineBar(_ scene: ResolvedScene, screen: Rect, titles: [TextExtent], column: (Int) -> Int) -> Bar {
        let device = scene.device
        let pad = device.idiom == .pad
        let itemsHeight = pad ? Inline.padItemsHeight : Inline.compactItemsHeight
        let fontSize = pad ? Inline.padTitleFontSize : Inline.compactTitleFontSize
        let barHeight = itemsHeight + device.safeAreaBottom
        let bar = Rect(x: 0, y: screen.height - barHeight, width: screen.width, height: barHeight)
        let n = max(titles.count, 1)
        // The safe area's width: UIKit keeps items clear of the sensor housing's side in landscape.
        let inner = Rect(x: device.safeAreaLeft, y: bar.minY, width: screen.width - device.safeAreaLeft - device.safeAreaRight, height: itemsHeight)
        // iPad: the measured baseline; iPhone: the icon and the title's capitals centred in the 32 pt.
        let baseline = pad ? Inline.padTitleBaselineY : itemsHeight / 2 + 0.705 * fontSize / 2
        let iconY = bar.minY + Inline.iconCenterY(baseline: baseline, fontSize: fontSize)
        let rtl = scene.isRightToLeft
        struct Group { var iconSize: Double; var iconInk: Double; var hasIcon: Bool; var width: Double }
        let groups = scene.tabBar.items.enumerated().map { index, item in
            let iconSize = pad ? item.iconSize : min(item.iconSize, Inline.compactIconSize)
            let hasIcon = item.icon != nil || item.animation != nil
            // The icon's ink: a symbol's alignment rectangle (its margins), any other image its box (a choice:
            // an image's ink is not known before it is drawn). The iPhone keeps the box and the advance.
            let iconInk = pad ? (item.icon?.symbol?.alignmentRect.width ?? iconSize) : iconSize
            let title = pad ? titles[index].inkWidth : titles[index].advance
            return Group(iconSize: iconSize, iconInk: iconInk, hasIcon: hasIcon, width: (hasIcon ? iconInk + Inline.gap : 0) + title)
        }
        // Each group's leading edge (ink on the iPad) and its button's frame, by item index.
        var leading = Array(repeating: 0.0, count: groups.count), frames = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: groups.count)
        let byColumn = (0..<groups.count).map { position in (0..<groups.count).first { column($0) == position } ?? position }
        let total = groups.map(\.width).reduce(0, +)
        if pad && total <= inner.width {
            let spacing = groups.count > 1 ? min(Inline.padSpacing, (inner.width - total) / Double(groups.count - 1)) : 0
            var x = inner.minX + (inner.width - total - spacing * Double(groups.count - 1)) / 2
            for index in byColumn {
                leading[index] = x
                frames[index] = Rect(x: x - spacing / 2, y: bar.minY, width: groups[index].width + spacing, height: itemsHeight)
                x += groups[index].width + spacing
            }
        } else {
            // An iPhone in landscape, or an iPad whose groups are wider than the screen: equal slots.
            let pitch = inner.width / Double(n)
            for (position, index) in byColumn.enumerated() {
                frames[index] = Rect(x: inner.minX + Double(position) * pitch, y: bar.minY, width: pitch, height: itemsHeight)
                leading[index] = frames[index].center.x - groups[index].width / 2
            }
        }
        let items = scene.tabBar.items.indices.map { index in
            let group = groups[index], start = leading[index], title = titles[index]
            // Right to left the icon is on the title's right: the group mirrored in its own box.
            let box = Rect(x: start, y: bar.minY, width: group.width, height: itemsHeight)
            let iconX = Self.leading(x: start + group.iconInk / 2, in: box, rightToLeft: rtl)
            let titleLeft = group.hasIcon ? start + group.iconInk + Inline.gap : start
            let titleStart = Self.leading(Rect(x: titleLeft, y: bar.minY, width: start + group.width - titleLeft, height: itemsHeight),
                                          in: box, rightToLeft: rtl).minX
            let titleX = pad ? title.anchor(inkStartingAt: titleStart) : titleStart + title.advance / 2
            return ItemLayout(frame: frames[index], iconFrame: Rect(center: Point(x: iconX, y: iconY), size: Size(width: group.iconSize, height: group.iconSize)),
                              titleBaseline: Point(x: titleX, y: bar.minY + baseline), titleWidth: title.advance,
                              hasIcon: group.hasIcon)
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
        /// The iPhone Duo's vertical glass rail (`Layout+Rail`).
        case rail
    }

    public static func kind(of scene: ResolvedScene) -> Kind {
        if scene.verticalBars?.isRail == true { return .rail }
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
        case .classic, .glass, .rail: return titleFontSize
        case .topBar: return TopBar.titleFontSize
        case .inline: return scene.device.idiom == .pad ? Inline.padTitleFontSize : Inline.compactTitleFontSize
        }
    }

    /// The unselected titles' weight: 13 pt Regular on the iPad's classic bar (UIKIT-2026.md, "iPad": the
    /// ink area of Medium is 22–24 % larger than iPadOS's; Regular matches within 1 %), Medium elsewhere
    /// (SPEC.md: the 10 pt system font, medium).
    public static func titleWeight(of scene: ResolvedScene) -> FontWeight {
        kind(of: scene) == .inline && scene.device.idiom == .pad ? .regular : .medium
    }

    /// A stand-in for the titles' extents when no measurer is given (0.55 em a character, ink filling the
    /// advance), so a layout can be built without the drawing module; every export measures them with pango.
    static func estimatedExtent(of title: String, fontSize: Double) -> TextExtent {
        let width = Double(title.count) * 0.55 * fontSize
        return TextExtent(advance: width, inkMinX: 0, inkWidth: width)
    }
}
