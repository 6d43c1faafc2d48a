import Foundation
import Graph
import Narrative
import Resolving
import Review
import Scene
import SceneTimeline

/// `tabanim timeline SCENE [--json]`: what the script did, and why.
enum TimelineCommand: Command {
    static let spec = CommandSpec(
        name: "timeline",
        abstract: "Print the resolved timeline: taps, selections, didSelect calls, spins and transitions.",
        discussion: """
            Each tap is run through one tab bar controller that follows UIKit's rules; ignored taps say why. \
            The JSON also gives, under "spec", the numbers to build the bar from: device, bar metrics, item \
            frames, colors, the button, the spin, the transition's curve and each icon animation (the same \
            numbers as the spec table of 'tabanim review').
            """,
        arguments: [SharedOptions.scene],
        options: [.init(name: "json", valueName: nil, help: "Print stable JSON instead of a table.")] + SharedOptions.safeguards,
        examples: ["tabanim timeline scene.json", "tabanim timeline scene.json --json | jq '.events[]'"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let animation = try LoadedScene(arguments.positionals[0], safeguards: try Safeguards(arguments)).animation
        if arguments.flag("json") {
            try console.outJSON(TimelineReport(animation))
        } else {
            console.out(table(animation.scene, animation.timeline))
        }
    }

    static func table(_ scene: ResolvedScene, _ timeline: Timeline) -> String {
        var lines = ["loop \(timeline.duration.shortText) s at \(scene.export.fps.shortText) fps (\(scene.export.frameCount) frames)", ""]
        lines.append("    time  event                 detail")
        for event in timeline.events {
            let time = String(format: "%7.2fs", event.time)
            let kind = event.kind.rawValue.padding(toLength: 21, withPad: " ", startingAt: 0)
            lines.append("\(time)  \(kind) \(detail(event, scene))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func title(_ index: Int?, _ scene: ResolvedScene) -> String {
        guard let index else { return "" }
        let title = scene.tabBar.items[index].title
        return title.isEmpty ? "item \(index)" : "item \(index) \(title)"
    }

    /// The tap's key in the file (`script[3]`): the timeline counts taps in time order, the file may not.
    private static func scriptKey(_ event: TimelineEvent, _ scene: ResolvedScene) -> String {
        guard let index = event.scriptIndex, scene.script.indices.contains(index) else { return "script" }
        return scene.script[index].keyPath.description
    }

    static func detail(_ event: TimelineEvent, _ scene: ResolvedScene) -> String {
        switch event.kind {
        case .tap: return "\(event.target ?? "")  (\(scriptKey(event, scene)))"
        case .tapIgnored: return "\(scriptKey(event, scene)): \(event.reason ?? "")"
        case .select:
            return "selectedIndex \(event.from ?? 0) → \(event.to ?? 0)" + (event.programmatic == true ? " (programmatic)" : " (user)")
        case .didSelect: return title(event.item, scene)
        case .spinStart, .spinRestart, .spinStop: return "center button"
        case .transitionStart, .transitionEnd:
            let from = event.from ?? 0, to = event.to ?? 0
            return "slide \(from) → \(to), new content from the \(scene.enteringSide(from: from, to: to))"
        case .iconAnimationStart, .iconAnimationEnd:
            return "\(title(event.item, scene)): \(SceneSummary.animationName(event.item, scene))"
        case .iconAnimationStop:
            return "\(title(event.item, scene)): \(event.reason ?? "stopped")"
        case .badge:
            return "\(title(event.item, scene)): " + (event.badge.map { "badgeValue \"\($0)\"" } ?? "badgeValue nil") + "  (\(event.target ?? ""))"
        case .scroll:
            let key = scene.scrolls.first { $0.time == event.time }?.keyPath.description ?? "script"
            return "\(title(event.item, scene)) content \(event.target ?? "")" + (event.reason.map { ", \($0)" } ?? "") + "  (\(key))"
        case .minimize, .expand, .searchOpen, .searchClose: return event.reason ?? ""
        case .posture: return "\(event.target ?? ""): \(event.reason ?? "")"
        case .sidebar: return "sidebar \(event.target ?? "")"
        case .press: return "rail pressed for \(event.target ?? ""), every label shown"
        }
    }
}
