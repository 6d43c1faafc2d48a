import Basics
import Drawing
import Foundation
import Graph
import Graphics
import Resolving
import Scene
import SceneLayout

/// What the app would show wrong, told before export (`validate`, and warnings on `export`; `--strict`
/// fails on them): something drawn over a title or an icon, text or icons too faint against what is behind
/// them, a tap target too small. The picture stays as UIKit draws it: the check tells, it moves nothing.
///
/// - Covered: the raised centre button over an item's title or icon (the iPad's centred items run under
///   it), a badge under the button, or a badge hiding a third or more of its own icon (landscape's small icons), at
///   the first moment it shows.
/// - Contrast below WCAG 2.2's 3:1 for non-text contrast and large text (SC 1.4.11, 1.4.3; the bar's 10 pt
///   titles are held to 3:1 as their icons are, tabanim's choice): the status bar and the navigation title
///   (the label colour) over each tab's colour, and the selected and unselected items over the bar. Colours
///   with alpha are composited over what is behind them (the bar over the first tab's colour). The glass
///   bar's material and screenshots are not judged: what is behind them varies pixel by pixel.
/// - The glass bar of an iPhone: what the raised button, the accessory and the search field cover, and when
///   (`DesignCheck+GlassBar.swift`).
/// - Tap targets under 44 × 44 pt (Apple's Human Interface Guidelines, "Buttons").
enum DesignCheck {
    static let minimumContrast = 3.0
    static let minimumTarget = 44.0
    /// A template picture opaque over this share of its box draws as a square (chosen: a rounded icon
    /// background leaves its corners, about 10 %, clear).
    static let minimumSolidShare = 0.85

    static func warnings(_ animation: Animation) -> [Diagnostic] {
        let scene = animation.scene, layout = animation.layout
        var found: [Diagnostic] = []
        func warn(_ keyPath: KeyPath?, _ message: String) { found.append(Diagnostic(file: scene.file, keyPath: keyPath, message: message)) }
        let items = KeyPath.root.appending("tabBar").appending("items")
        let device = scene.device.name

        // The raised button on the Duo's rail: seed 000 computes its frame from the screen's width in the
        // bar's coordinates, x (W − w)/2 from the rail's left edge: past the screen's right edge.
        if layout.kind == .rail, let button = layout.centerButton, let spec = scene.centerButton {
            let covered = layout.items.indices.filter { overlap(layout.items[$0].frame, button) > 0 }
            let what = covered.isEmpty ? "it covers no item" : "it covers item" + (covered.count == 1 ? " " : "s ") + covered.map(String.init).joined(separator: ", ")
            warn(KeyPath.root.appending("centerButton"),
                 "on \(device)'s vertical rail the raised centre button lands at x \(button.minX.shortText)–\(button.maxX.shortText), y \(button.minY.shortText)–\(button.maxY.shortText) pt (seed 000's frame, ((screen width − \(button.width.shortText)) / 2, −\(button.height.shortText) / 2) in the rail's coordinates)\(button.minX >= layout.screen.maxX ? ", past the screen's right edge: not seen, no tap reaches it" : ""); \(what); item \(spec.selects), which it selects, is tapped on the rail")
        }
        // Covered by the raised button.
        if layout.kind != .rail, let button = layout.centerButton, let spec = scene.centerButton {
            for (index, item) in layout.items.enumerated() where index < scene.tabBar.items.count {
                let title = scene.tabBar.items[index].title
                if !title.isEmpty, overlap(titleBox(item, layout: layout, text: title, animation: animation), button) > 0 {
                    warn(items.appending(index).appending("title"),
                         "\"\(title)\" is drawn under the raised centre button on \(device): UIKit draws the button over it; leave item \(index)'s title empty (the button stands for it), or drop the button on this device")
                } else if hasIcon(scene.tabBar.items[index]), item.hasIcon, index != spec.selects || !title.isEmpty,
                          overlap(item.iconFrame, button) > 0.25 * area(item.iconFrame) {
                    warn(items.appending(index).appending("icon"),
                         "item \(index)'s icon is drawn under the raised centre button on \(device); give the item under the button no icon")
                }
            }
            for (index, start, value) in badges(scene) where index < layout.items.count {
                if overlap(badgeBox(value, item: layout.items[index], layout: layout, scene: scene), button) > 0 {
                    warn(items.appending(index).appending("badge"),
                         "the badge \"\(value)\" of item \(index) runs under the raised centre button at \(start.shortText) s on \(device); a shorter value stays clear")
                }
            }
        }
        // A badge hiding its own icon.
        for (index, start, value) in badges(scene) where index < layout.items.count && layout.items[index].hasIcon && hasIcon(scene.tabBar.items[index]) {
            let icon = layout.items[index].iconFrame
            let hidden = overlap(badgeBox(value, item: layout.items[index], layout: layout, scene: scene), icon) / max(area(icon), 1)
            if hidden > 1.0 / 3 {
                warn(items.appending(index).appending("badge"),
                     "the badge \"\(value)\" of item \(index) hides \(Int((hidden * 100).rounded())) % of its icon at \(start.shortText) s on \(device)")
            }
        }

        // Contrast.
        let label = scene.colors.label, style = scene.interfaceStyle.rawValue
        let backdrop = scene.interfaceStyle == .dark ? Color(red: 0, green: 0, blue: 0) : Color(red: 1, green: 1, blue: 1)
        for (index, content) in scene.contents.enumerated() where content.screenshot == nil {
            let behind = content.color.over(backdrop)
            let ratio = contrast(label.over(behind), behind)
            guard ratio < minimumContrast else { continue }
            var what: [String] = []
            if scene.showsStatusBar, scene.device.safeAreaTop >= 20 { what.append("the status bar") }
            if !content.title.isEmpty { what.append("the navigation title \"\(content.title)\"") }
            guard !what.isEmpty else { continue }
            warn(KeyPath.root.appending("contents").appending(index).appending("color"),
                 "\(what.joined(separator: " and ")) (\(style) mode's label colour, \(label.hex)) on \(content.color.hex): contrast \(ratioText(ratio)), below WCAG's \(ratioText(minimumContrast)); give the colour a \(style) value, {\"light\": \"…\", \"dark\": \"…\"}")
        }
        if scene.tabBar.style != .glass, let first = scene.contents.first {
            let bar = scene.tabBar.backgroundColor.over(first.color.over(backdrop))
            for (key, color, who) in [("tintColor", scene.tabBar.tintColor, "the selected item"),
                                      ("unselectedItemTintColor", scene.tabBar.unselectedItemTintColor, "the unselected items")] {
                let ratio = contrast(color.over(bar), bar)
                guard ratio < minimumContrast else { continue }
                warn(KeyPath.root.appending("tabBar").appending(key),
                     "\(who) (\(color.hex)) on the bar (\(bar.hex)) in \(style) mode: contrast \(ratioText(ratio)), below WCAG's \(ratioText(minimumContrast))")
            }
        }

        found += glassBarWarnings(animation)
        found += templateIcons(animation)

        // Tap targets.
        // (The rail's tabs each get the rail's 48 pt across and 50 pt along it, `Layout.Rail`.)
        if layout.kind != .rail, let narrowest = layout.items.map(\.frame).min(by: { $0.width < $1.width }), narrowest.width < minimumTarget {
            warn(items, "each item is \(narrowest.width.shortText) pt wide on \(device), under the \(minimumTarget.shortText) pt a tap target needs: fewer items")
        }
        if layout.kind != .rail, let button = layout.centerButton, min(button.width, button.height) < minimumTarget {
            warn(KeyPath.root.appending("centerButton").appending("size"),
                 "the centre button is \(button.width.shortText) × \(button.height.shortText) pt, under the \(minimumTarget.shortText) × \(minimumTarget.shortText) pt a tap target needs")
        }
        return found
    }

    /// Each full-colour picture drawn as a template: UIKit keeps its alpha only, a solid square in the tint.
    /// Said by `validate` and `export`, and on the review page.
    static func templateIcons(_ animation: Animation) -> [Diagnostic] {
        let scene = animation.scene
        var found: [Diagnostic] = []
        let items = KeyPath.root.appending("tabBar").appending("items")
        for (index, item) in scene.tabBar.items.enumerated() where item.rendering == .template {
            for (key, asset) in [("icon", item.icon), ("selectedIcon", item.selectedIcon)] {
                guard let asset, asset.symbol == nil, asset.standIn == nil, key == "icon" || item.selectedIcon != item.icon,
                      let coverage = AssetCheck.coverage(of: asset, pdf: IsolatedPDFConverter.tabanim),
                      coverage.opaque >= minimumSolidShare, coverage.colored else { continue }
                found.append(Diagnostic(file: scene.file, keyPath: items.appending(index).appending(key),
                                        message: "item \(index)'s \(key == "icon" ? "icon" : "selected icon") \(asset.displayName) is an opaque full-colour picture (\(Int((coverage.opaque * 100).rounded())) % of its box opaque) drawn as a template: UIKit keeps only its alpha, so it draws as a solid square in the tint; give it \"rendering\": \"original\", or a transparent background"))
            }
        }
        return found
    }

    /// Every badge value an item shows and when it first shows it: the item's own from 0 s, then the script's.
    private static func badges(_ scene: ResolvedScene) -> [(item: Int, start: TimeInterval, value: String)] {
        var out: [(Int, TimeInterval, String)] = []
        for (index, item) in scene.tabBar.items.enumerated() { if let badge = item.badge { out.append((index, 0, badge)) } }
        for change in scene.badgeChanges { if let value = change.value { out.append((change.item, change.time, value)) } }
        var seen = Set<String>()
        return out.filter { seen.insert("\($0.0) \($0.2)").inserted }
    }

    /// The badge's capsule: an 18 pt disc at `Layout.badgeCenter`, growing with its 13 pt text (its width
    /// estimated here at 7.5 pt a character, a digit's advance, plus 5 pt a side): both ways, or, inline with
    /// an icon, over the icon, away from the title (`SceneGraphBuilder.badges`).
    private static func badgeBox(_ value: String, item: Layout.ItemLayout, layout: Layout, scene: ResolvedScene) -> Rect {
        let rtl = scene.isRightToLeft
        let center = layout.badgeCenter(of: item, glass: scene.tabBar.style == .glass, rightToLeft: rtl)
        let width = max(18, Double(value.count) * 7.5 + 10)
        guard layout.kind == .inline, item.hasIcon else { return Rect(center: center, size: Size(width: width, height: 18)) }
        // Left to right it grows leftwards from 9 pt past its centre; right to left, mirrored about its centre.
        return Layout.leading(Rect(x: center.x + 9 - width, y: center.y - 9, width: width, height: 18),
                              in: Rect(x: center.x, y: center.y, width: 0, height: 0), rightToLeft: rtl)
    }

    /// The title's ink box: its width measured as drawn (at most its label's), from its cap height above
    /// the baseline to its descenders below.
    static func titleBox(_ item: Layout.ItemLayout, layout: Layout, text: String, animation: Animation) -> Rect {
        let scene = animation.scene
        let measured = item.titleWidth > 0 ? item.titleWidth
            : PangoText.Measurer().width(of: text, fontSize: layout.titleFontSize, weight: layout.titleWeight, family: scene.tabBar.titleFamily, language: scene.locale)
        let width = min(measured, item.titleMaximumWidth), size = layout.titleFontSize
        return Rect(x: item.titleBaseline.x - width / 2, y: item.titleBaseline.y - 0.72 * size, width: width, height: 0.95 * size)
    }

    private static func hasIcon(_ item: TabBarItem) -> Bool { item.icon != nil || item.selectedIcon != nil || item.animation != nil }

    static func area(_ r: Rect) -> Double { max(r.width, 0) * max(r.height, 0) }

    static func overlap(_ a: Rect, _ b: Rect) -> Double {
        max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) * max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// WCAG 2.2's contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05), relative luminance.
    static func contrast(_ a: Color, _ b: Color) -> Double {
        func luminance(_ c: Color) -> Double {
            func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    private static func ratioText(_ ratio: Double) -> String { String(format: "%.1f:1", ratio) }
}

extension Color {
    /// This colour drawn over an opaque `backdrop` (source over).
    func over(_ backdrop: Color) -> Color {
        Color(red: red * alpha + backdrop.red * (1 - alpha), green: green * alpha + backdrop.green * (1 - alpha),
              blue: blue * alpha + backdrop.blue * (1 - alpha))
    }

}
