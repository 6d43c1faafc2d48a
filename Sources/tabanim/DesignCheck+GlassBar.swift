import Basics
import Foundation
import Resolving
import Scene
import SceneLayout
import SceneTimeline

/// The design check on the glass bar of an iPhone (`tabBar.minimizeBehavior`, the accessory, a search tab
/// apart, a prominent tab): what the seeds' raised button, made for the flat bar, covers there, and what the
/// accessory or search field covers; each named with the first moment it shows (the bar's states as the
/// timeline runs them: `Timeline.barStates`).
///
/// - The raised button over the minimized capsule, over the accessory (above the bar, or inline beside the
///   minimized capsule), or over the search field while search is open: UIKit draws it over them.
/// - The raised button while the bar is minimized: the bar it stood on has shrunk to a capsule in the corner,
///   so it floats over the content.
/// - The accessory over an item's title (the search field and the minimized bar replace the items).
/// - A prominent tab and the raised button in one scene: two tabs stand out at once.
extension DesignCheck {
    static func glassBarWarnings(_ animation: Animation) -> [Diagnostic] {
        let scene = animation.scene, layout = animation.layout, timeline = animation.timeline
        var found: [Diagnostic] = []
        func warn(_ keyPath: KeyPath?, _ message: String) { found.append(Diagnostic(file: scene.file, keyPath: keyPath, message: message)) }
        let bar = KeyPath.root.appending("tabBar"), buttonPath = KeyPath.root.appending("centerButton")
        let device = scene.device.name

        /// The first moment the bar shows `state`, nil when it never does; the expanded bar from 0 s.
        func first(_ state: BarState) -> TimeInterval? {
            state == .expanded ? 0 : timeline.barStates.first { $0.state == state }?.time
        }
        func at(_ t: TimeInterval) -> String { "\(t.shortText) s" }
        let accessoryName = scene.tabBar.accessory.map { accessory in
            accessory.title.isEmpty ? "the accessory" : "the accessory (\"\(Excerpt.of(accessory.title))\")"
        } ?? "the accessory"

        if let button = layout.centerButton {
            if let expanded = layout.accessory, overlap(button, expanded) > 0 {
                warn(buttonPath, "the raised centre button covers \(accessoryName) above the bar from 0 s on \(device): UIKit draws the button over it; the glass bar's tabs need no raised button")
            }
            if let minimized = layout.minimized, let t = first(.minimized) {
                let reason = "minimizeBehavior \"\(scene.tabBar.minimizeBehavior.rawValue)\""
                if overlap(button, minimized.capsule) > 0 {
                    warn(buttonPath, "the raised centre button covers the minimized bar's capsule while the bar is minimized, from \(at(t)) (\(reason)) on \(device)")
                }
                if let inline = minimized.accessory, overlap(button, inline) > 0 {
                    warn(buttonPath, "the raised centre button covers \(accessoryName) beside the minimized bar, from \(at(t)) (\(reason)) on \(device)")
                }
                let underBar = [minimized.capsule, minimized.accessory, minimized.detached].compactMap { $0 }.reduce(0) { $0 + overlap(button, $1) }
                if area(button) - underBar > 0 {
                    warn(buttonPath, "the raised centre button floats over the content while the bar is minimized, from \(at(t)) (\(reason)) on \(device): the bar it stood on has shrunk to its capsule; drop the button on the glass bar, or keep the bar from minimizing (\"minimizeBehavior\": \"never\")")
                }
            }
            if let search = layout.searchField, let t = first(.searching), overlap(button, search.field) > 0 {
                let prompt = scene.tabBar.detached.map { scene.tabBar.items[$0.index].searchPrompt } ?? ""
                warn(buttonPath, "the raised centre button covers the search field\(prompt.isEmpty ? "" : " (its prompt \"\(Excerpt.of(prompt))\")") while search is open, from \(at(t)) on \(device): UIKit draws the button over it")
            }
            if let prominent = scene.tabBar.items.firstIndex(where: { $0.role == .prominent }) {
                let raised = scene.centerButton.map { " (it selects item \($0.selects))" } ?? ""
                warn(bar.appending("items").appending(prominent).appending("role"),
                     "item \(prominent) is a prominent tab and the scene keeps the seeds' raised centre button\(raised): two tabs stand out from 0 s; keep one")
            }
        }

        // The accessory over an item's title, while the full bar shows its titles. (The search field and the
        // minimized bar replace the items: no title shows beside them.)
        if let accessory = layout.accessory {
            for (index, item) in layout.items.enumerated() where index < scene.tabBar.items.count && index != scene.tabBar.detached?.index {
                let title = scene.tabBar.items[index].title
                guard !title.isEmpty, overlap(titleBox(item, layout: layout, text: title, animation: animation), accessory) > 0 else { continue }
                warn(bar.appending("items").appending(index).appending("title"),
                     "\(accessoryName) covers \"\(Excerpt.of(title))\", item \(index)'s title, from 0 s on \(device)")
            }
        }
        return found
    }
}
