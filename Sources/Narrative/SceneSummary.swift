import Foundation
import Graph
import Resolving
import Scene
import Spec

/// One line that says what a resolved scene is, for `validate` and `--verbose`.
package enum SceneSummary {
    package static func describe(_ animation: Animation) -> String {
        let scene = animation.scene
        let device = scene.device
        var parts = ["\(device.name) (\(device.size.width.shortText)×\(device.size.height.shortText) pt\(device.orientation == .landscape ? ", landscape" : ""))"]
        let style: String
        switch animation.layout.kind {
        case .classic: style = styleReason(scene).isEmpty ? "" : " on the classic bar"
        case .glass: style = " on the iOS \(scene.os.glassRules.major) glass bar"
        case .topBar: style = " on the iPad's floating top bar"
        case .inline: style = device.idiom == .pad ? " on the iPad's classic bar" : " on the compact-height bar"
        case .rail: style = " on the iOS \(scene.os.glassRules.number) vertical glass rail"
        }
        if case .roundedScreen(_, _, let radius, _) = animation.graph.matte { parts[0] += ", screen corners \(radius.shortText) pt" }
        parts.append("\(scene.tabBar.items.count) item\(scene.tabBar.items.count == 1 ? "" : "s")\(style)\(styleReason(scene))")
        if let vertical = scene.verticalBars { parts.append("bar form: " + vertical.reason) }
        for posture in scene.postures {
            let device = posture.device
            let form = posture.verticalBars.map { $0.isRail ? "the rail" : "the bottom bar" } ?? "the bar"
            parts.append("at \(posture.time.shortText) s \(device.name) (\(device.size.width.shortText)×\(device.size.height.shortText) pt, \(device.orientation.rawValue)) with \(form)")
        }
        if let sidebar = scene.sidebar {
            let form = sidebar.onFoldable ? "the Duo's sidebar (kept in inner landscape only)"
                : sidebar.floating ? "iPadOS 26's floating glass sidebar" : "iPadOS 18's sidebar column"
            parts.append("\(form), \(sidebar.initiallyShown ? "shown" : "hidden") at the start" + (sidebar.changes.isEmpty ? "" : ", \(sidebar.changes.count) sidebar change\(sidebar.changes.count == 1 ? "" : "s")"))
        }
        parts += phoneGlassParts(scene)
        if let button = scene.centerButton { parts.append("center button selects item \(button.selects)") }
        if let transition = scene.transition { parts.append("slide \(transition.duration.shortText) s") } else { parts.append("no transition") }
        let ignored = animation.timeline.events.filter { $0.kind == .tapIgnored }.count
        parts.append("\(scene.script.count) tap\(scene.script.count == 1 ? "" : "s")" + (ignored > 0 ? " (\(ignored) ignored)" : ""))
        let scrolls = scene.scrolls.count
        if scrolls > 0 { parts.append("\(scrolls) scroll\(scrolls == 1 ? "" : "s")") }
        let badges = scene.badgeChanges.count
        if badges > 0 { parts.append("\(badges) badge change\(badges == 1 ? "" : "s")") }
        parts.append("\(scene.export.duration.shortText) s loop at \(scene.export.fps.shortText) fps (\(scene.export.frameCount) frames)")
        return parts.joined(separator: ", ")
    }

    /// The late-2026 bar's parts, and which item stands apart and why (iOS 26 and 27 differ).
    static func phoneGlassParts(_ scene: ResolvedScene) -> [String] {
        let bar = scene.tabBar
        var parts: [String] = []
        if let apart = bar.detached { parts.append(apart.reason) }
        if let inside = TabBar.inlineSearchReason(bar.items, os: scene.os, detached: bar.detached), bar.style == .glass, scene.device.idiom == .phone {
            parts.append(inside)
        }
        if bar.minimizeBehavior != .never { parts.append("minimizes \(bar.minimizeBehavior == .onScrollDown ? "on scroll down" : "on scroll up")") }
        if bar.accessory != nil { parts.append("bottom accessory") }
        return parts
    }

    /// Why the bar is the one drawn, when `os` chose it: ` (tabBar.style "glass" from "os": the default on iOS 26)`.
    /// Nothing when the scene gave the style or named no release (the classic bar, as always).
    static func styleReason(_ scene: ResolvedScene) -> String {
        guard case .byOS(let os) = scene.tabBar.styleChoice else { return "" }
        let name = os.name(for: scene.device.idiom)
        let first = Release.first(with: .floatingBar, on: scene.device.idiom)
        let why = os.has(.floatingBar, on: scene.device.idiom) ? "the default on \(name)" : "the only bar before \(first.name(for: scene.device.idiom))"
        return " (tabBar.style \"\(scene.tabBar.style.rawValue)\" from \"os\": \(why))"
    }

    /// What item `item`'s icon plays: "Lottie home.json", "bounce effect".
    package static func animationName(_ item: Int?, _ scene: ResolvedScene) -> String {
        switch item.flatMap({ scene.tabBar.items[$0].animation }) {
        case .lottie(let clip)?: return "Lottie \(clip.asset.displayName)"
        case .effect(let effect)?: return "\(effect.kind.rawValue) effect"
        case nil: return ""
        }
    }
}
