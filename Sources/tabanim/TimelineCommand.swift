import Foundation
import Scene

/// `tabanim timeline SCENE [--json]`: what the script did, and why.
enum TimelineCommand: Command {
    static let spec = CommandSpec(
        name: "timeline",
        abstract: "Print the resolved timeline: taps, selections, didSelect calls, spins and transitions.",
        discussion: "Each tap is run through one tab bar controller that follows UIKit's rules; ignored taps say why.",
        arguments: [SharedOptions.scene],
        options: [.init(name: "json", valueName: nil, help: "Print stable JSON instead of a table.")] + SharedOptions.safeguards,
        examples: ["tabanim timeline scene.json", "tabanim timeline scene.json --json | jq '.events[]'"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let scene = try LoadedScene(arguments.positionals[0], safeguards: try Safeguards(arguments)).scene
        let timeline = Timeline(scene, layout: Layout(scene))
        if arguments.flag("json") {
            try console.outJSON(TimelineReport(scene: scene, timeline: timeline))
        } else {
            console.out(table(scene, timeline))
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

    private static func detail(_ event: TimelineEvent, _ scene: ResolvedScene) -> String {
        switch event.kind {
        case .tap: return "\(event.target ?? "")  (\(scriptKey(event, scene)))"
        case .tapIgnored: return "\(scriptKey(event, scene)): \(event.reason ?? "")"
        case .select:
            return "selectedIndex \(event.from ?? 0) → \(event.to ?? 0)" + (event.programmatic == true ? " (programmatic)" : " (user)")
        case .didSelect: return title(event.item, scene)
        case .spinStart, .spinRestart, .spinStop: return "center button"
        case .transitionStart, .transitionEnd:
            let from = event.from ?? 0, to = event.to ?? 0
            return "slide \(from) → \(to), new content from the \(to > from ? "right" : "left")"
        case .iconAnimationStart, .iconAnimationEnd:
            return "\(title(event.item, scene)): \(animationName(event.item, scene))"
        case .iconAnimationStop:
            return "\(title(event.item, scene)): \(event.reason ?? "stopped")"
        }
    }

    static func animationName(_ item: Int?, _ scene: ResolvedScene) -> String {
        switch item.flatMap({ scene.tabBar.items[$0].animation }) {
        case .lottie(let clip)?: return "Lottie \(clip.asset.displayName)"
        case .effect(let effect)?: return "\(effect.kind.rawValue) effect"
        case nil: return ""
        }
    }
}

/// The stable JSON form of a timeline. Times in seconds; indices count from 0.
struct TimelineReport: Encodable {
    struct Event: Encodable {
        var time: Double
        var kind: String
        var item: Int?
        var from: Int?
        var to: Int?
        var programmatic: Bool?
        var target: String?
        var reason: String?
        var script: Int?
    }

    struct Spin: Encodable {
        var start: Double
        var end: Double
        var period: Double
    }

    struct Transition: Encodable {
        var start: Double
        var end: Double
        var from: Int
        var to: Int
        /// "right": the new content enters from the right.
        var direction: String
        var curve: [Double]
    }

    var scene: String
    var duration: Double
    var fps: Double
    var frames: Int
    var events: [Event]
    var spins: [Spin]
    var transitions: [Transition]
    var iconAnimations: [IconAnimation]

    struct IconAnimation: Encodable {
        var item: Int
        var start: Double
        var end: Double
        /// "lottie" or the effect's name.
        var kind: String
        var file: String?
        /// The script entry whose didSelect stopped it early.
        var stoppedBy: Int?
    }

    init(scene: ResolvedScene, timeline: Timeline) {
        self.scene = scene.file
        duration = timeline.duration
        fps = scene.export.fps
        frames = scene.export.frameCount
        events = timeline.events.map {
            Event(time: $0.time, kind: $0.kind.rawValue, item: $0.item, from: $0.from, to: $0.to,
                  programmatic: $0.programmatic, target: $0.target, reason: $0.reason, script: $0.scriptIndex)
        }
        let period = scene.centerButton?.spinPeriod ?? 0
        spins = timeline.spins.map { Spin(start: $0.start, end: $0.end, period: period) }
        transitions = timeline.transitions.map {
            let curve: [Double]
            switch $0.easing {
            case let .cubicBezier(x1, y1, x2, y2): curve = [x1, y1, x2, y2]
            default: curve = [0, 0, 1, 1]
            }
            return Transition(start: $0.start, end: $0.end, from: $0.from, to: $0.to,
                              direction: $0.direction > 0 ? "right" : "left", curve: curve)
        }
        iconAnimations = timeline.iconAnimations.map { play in
            var kind = "", file: String?
            switch scene.tabBar.items[play.item].animation {
            case .lottie(let clip)?: kind = "lottie"; file = clip.asset.displayName
            case .effect(let effect)?: kind = effect.kind.rawValue
            case nil: break
            }
            return IconAnimation(item: play.item, start: play.start, end: play.end, kind: kind, file: file, stoppedBy: play.stoppedBy)
        }
    }
}
