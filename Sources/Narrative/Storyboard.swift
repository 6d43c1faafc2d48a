import Basics
import Foundation
import Graph
import Resolving
import Scene
import SceneLayout
import SceneTimeline

/// Chooses the moments of a storyboard sheet and words their captions from the timeline: what a reviewer
/// needs to follow the animation without playing it.
package struct Storyboard {
    package let animation: Animation
    var scene: ResolvedScene { animation.scene }
    var layout: Layout { animation.layout }
    var timeline: Timeline { animation.timeline }

    package init(_ animation: Animation) {
        self.animation = animation
    }

    /// Times closer than this are one moment.
    private static let tolerance = 1e-9

    // MARK: - Moments

    /// The start, every moment something happens, and the middle of each slide (the only moment a still
    /// shows both contents), within the loop.
    package func eventMoments() -> [TimeInterval] {
        let times = [0] + timeline.events.map(\.time) + timeline.transitions.map { ($0.start + $0.end) / 2 }
        return Self.distinct(times.filter { $0 < timeline.duration })
    }

    /// 0, `step`, 2 · `step`, … before the loop's end.
    package func regularMoments(every step: TimeInterval) -> [TimeInterval] {
        let count = Int((timeline.duration / step - Self.tolerance).rounded(.up))
        return (0..<max(count, 1)).map { Double($0) * step }
    }

    private static func distinct(_ times: [TimeInterval]) -> [TimeInterval] {
        var result: [TimeInterval] = []
        for time in times.sorted() where result.last.map({ time - $0 > tolerance }) ?? true { result.append(time) }
        return result
    }

    // MARK: - Panels

    /// A panel at each of `times`: at each event, what happens at that moment (`every` nil); every so often,
    /// what happened since the previous frame.
    package func panels(at times: [TimeInterval], every: TimeInterval?) -> [SheetPanel] {
        times.enumerated().map { index, t in
            guard let every else { return panel(at: t, since: nil) }
            return panel(at: t, since: index > 0 ? times[index - 1] : (t > 0 ? t - every : nil))
        }
    }

    /// The panel at `t`, telling what happened since `previous` (exclusive), or exactly at `t` when nil.
    func panel(at t: TimeInterval, since previous: TimeInterval?) -> SheetPanel {
        let events = timeline.events.filter { event in
            if let previous { return event.time > previous + Self.tolerance && event.time <= t + Self.tolerance }
            return abs(event.time - t) <= Self.tolerance
        }
        var phrases = events.flatMap(phrases(for:))
        if t == 0 { phrases.insert("start, \(name(ofItem: timeline.selectedIndex(at: 0))) selected", at: 0) }
        if phrases.isEmpty { phrases = state(at: t) }
        let time = String(format: "%.2f s", t)
        let touches = events.filter { $0.kind == .tap }.compactMap { tap -> SheetTouch? in
            guard let index = tap.scriptIndex, let point = touchPoint(scene.script[index].target) else { return nil }
            let ignored = events.contains { $0.kind == .tapIgnored && $0.scriptIndex == index }
            return SheetTouch(point: point, ignored: ignored)
        }
        return SheetPanel(time: t, caption: ([time] + phrases).joined(separator: " · "), emphasized: time.count, touches: touches)
    }

    /// "tap 首页", "slide 2→0", "spin starts"…; nothing for events a viewer cannot see (`didSelect`).
    private func phrases(for event: TimelineEvent) -> [String] {
        switch event.kind {
        case .tap:
            guard let index = event.scriptIndex else { return ["tap"] }
            return ["tap " + describe(scene.script[index].target, at: event.time)]
        case .tapIgnored:
            return ["ignored, " + whyIgnored(event)]
        case .select:
            let slides = timeline.events.contains { $0.kind == .transitionStart && $0.time == event.time }
            return slides ? [] : ["select \(event.from ?? 0)→\(event.to ?? 0)"]
        case .didSelect: return []
        case .transitionStart: return ["slide \(event.from ?? 0)→\(event.to ?? 0)"]
        case .transitionEnd: return ["slide \(event.from ?? 0)→\(event.to ?? 0) done"]
        case .spinStart: return ["spin starts"]
        case .spinRestart: return ["spin restarts from 0°"]
        case .spinStop: return ["spin stops"]
        case .iconAnimationStart: return ["\(name(ofItem: event.item ?? 0)) icon animates"]
        case .iconAnimationEnd: return []
        case .iconAnimationStop: return ["\(name(ofItem: event.item ?? 0)) animation stopped"]
        case .badge: return [Self.badgePhrase(event, name: name(ofItem: event.item ?? 0))]
        case .scroll: return ["scroll \(event.target ?? "")"]
        case .minimize: return ["bar minimizes"]
        case .expand: return ["bar expands"]
        case .searchOpen: return ["search field opens"]
        case .searchClose: return ["search closes"]
        case .posture: return ["now \(event.target ?? "")"]
        case .sidebar: return ["sidebar \(event.target ?? "")"]
        case .press: return ["rail pressed"]
        }
    }

    /// "badge 5 on 发现", "empty badge on 我", "badge cleared on 首页".
    static func badgePhrase(_ event: TimelineEvent, name: String) -> String {
        switch event.badge {
        case nil: return "badge cleared on \(name)"
        case ""?: return "empty badge on \(name)"
        case let value?: return "badge \(value) on \(name)"
        }
    }

    /// When nothing happens at a moment: what is going on.
    private func state(at t: TimeInterval) -> [String] {
        var state: [String] = []
        if let slide = timeline.transitions.first(where: { $0.start < t && t < $0.end }) {
            let progress = slide.easing((t - slide.start) / (slide.end - slide.start))
            state.append("sliding \(slide.from)→\(slide.to), \(Int((progress * 100).rounded())) % across")
        }
        if timeline.spins.contains(where: { $0.start < t && t < $0.end }) { state.append("button spinning") }
        return state.isEmpty ? ["\(name(ofItem: timeline.selectedIndex(at: t))) selected"] : state
    }

    private func whyIgnored(_ event: TimelineEvent) -> String {
        if let slide = timeline.transitions.first(where: { $0.start <= event.time && event.time < $0.end }) {
            return "slide \(slide.from)→\(slide.to) still running"
        }
        guard let index = event.scriptIndex, case .point(let point) = scene.script[index].target else { return event.reason ?? "" }
        switch layout.hitTest(point, state: timeline.barState(before: event.time)) {
        case .barBackground: return "below the items"
        case .content: return "not on the bar"
        case .outside: return "off the screen"
        case .accessory: return "the accessory"
        case .searchField: return "the search field"
        case .item, .centerButton, .minimizedBar, .closeSearch: return event.reason ?? ""
        }
    }

    /// "首页", "button", "(196.5, 752) → button".
    func describe(_ target: Tap.Target, at t: TimeInterval) -> String {
        switch target {
        case .item(let index): return name(ofItem: index)
        case .centerButton: return "button"
        case .point(let point):
            let spot = "(\(point.x.shortText), \(point.y.shortText))"
            switch layout.hitTest(point, state: timeline.barState(before: t)) {
            case .centerButton: return "\(spot) → button"
            case .item(let index): return "\(spot) → \(name(ofItem: index))"
            case .minimizedBar: return "\(spot) → minimized bar"
            case .closeSearch: return "\(spot) → close search"
            case .accessory: return "\(spot) → accessory"
            default: return spot
            }
        }
    }

    /// The item's title, or "item 3" when it has none.
    func name(ofItem index: Int) -> String {
        let title = scene.tabBar.items[index].title
        return title.isEmpty ? "item \(index)" : title
    }

    /// Where a finger lands for a tap: the middle of an item's column or of the button, or the point itself.
    func touchPoint(_ target: Tap.Target) -> Point? {
        switch target {
        case .item(let index): return layout.items[index].frame.center
        case .centerButton: return layout.centerButton?.center
        case .point(let point): return point
        }
    }
}
