import Foundation
import Graph
import Resolving
import Scene
import SceneTimeline

/// The review page's words: each timeline event as what happened and why (in UIKit's terms), the taps for
/// the scrubber, and the spec table from `TimelineReport.Spec`, every row naming the JSON keys it shows.
package struct ReviewNarrative {
    let story: Storyboard
    package let report: TimelineReport

    package init(_ animation: Animation) {
        story = Storyboard(animation)
        report = TimelineReport(animation)
    }

    var scene: ResolvedScene { story.scene }
    private var timeline: Timeline { story.timeline }

    // MARK: - Events

    /// One row per timeline event, in the timeline's order.
    package var events: [NarratedEvent] {
        timeline.events.map { NarratedEvent(time: $0.time, kind: $0.kind.rawValue, what: what($0), why: why($0)) }
    }

    /// Where and when the script taps, on the exported picture; red when the tap did nothing.
    package var taps: [NarratedTap] {
        let ignored = Set(timeline.events.filter { $0.kind == .tapIgnored }.compactMap(\.scriptIndex))
        let region = story.layout.exportRegion
        return scene.script.enumerated().map { index, tap in
            let point = story.touchPoint(tap.target).flatMap { point in region.contains(point) ? point : nil }
            return NarratedTap(time: tap.time, ignored: ignored.contains(index),
                                  x: point.map { ($0.x - region.minX) / region.width }, y: point.map { ($0.y - region.minY) / region.height },
                                  diameter: 44 / region.width)
        }
    }

    private func name(_ item: Int?) -> String { item.map(story.name(ofItem:)) ?? "" }

    private func tapped(_ event: TimelineEvent) -> String {
        guard let index = event.scriptIndex, scene.script.indices.contains(index) else { return "a tap" }
        return story.describe(scene.script[index].target, at: event.time)
    }

    private func what(_ event: TimelineEvent) -> String {
        let period = scene.centerButton?.spinPeriod.shortText ?? ""
        switch event.kind {
        case .tap: return "Tap on \(tapped(event))"
        case .tapIgnored: return "Tap on \(tapped(event)) ignored"
        case .select: return "selectedIndex \(event.from ?? 0) → \(event.to ?? 0) (\(name(event.to)))"
        case .didSelect: return "didSelect \(name(event.item))"
        case .spinStart: return "Button starts spinning: a turn every \(period) s, linear, forever"
        case .spinRestart: return "Button spin restarts from 0°"
        case .spinStop: return "Button stops spinning and snaps to 0°"
        case .transitionStart:
            let slide = scene.transition.map { " (\($0.duration.shortText) s, \(curveName($0.easing)))" } ?? ""
            return "Slide \(event.from ?? 0) → \(event.to ?? 0) starts, new content from the \(scene.enteringSide(from: event.from ?? 0, to: event.to ?? 0))" + slide
        case .transitionEnd: return "Slide \(event.from ?? 0) → \(event.to ?? 0) ends"
        case .iconAnimationStart: return "\(name(event.item)) icon animates: \(SceneSummary.animationName(event.item, scene))"
        case .iconAnimationEnd: return "\(name(event.item)) animation ends; the icon shows again"
        case .iconAnimationStop: return "\(name(event.item)) animation stopped; the icon shows again"
        case .badge: return Storyboard.badgePhrase(event, name: name(event.item))
        case .scroll: return "\(name(event.item)) scrolls \(event.target ?? "")"
        case .minimize: return "The bar minimizes to \(name(timeline.selectedIndex(at: event.time)))'s icon"
        case .expand: return "The bar expands"
        case .searchOpen: return "The bar becomes the search field"
        case .searchClose: return "The search field closes; the bar comes back"
        case .posture: return "The device changes to \(event.target ?? "")"
        case .sidebar: return "The sidebar is \(event.target ?? "")"
        case .press: return "The rail is pressed for \(event.target ?? ""): every label shows"
        }
    }

    private func why(_ event: TimelineEvent) -> String {
        switch event.kind {
        case .tap:
            guard let index = event.scriptIndex, scene.script.indices.contains(index) else { return "the script" }
            return "\(scene.script[index].keyPath) in the scene"
        case .tapIgnored:
            let reason = event.reason ?? ""
            let sliding = timeline.transitions.contains { $0.start <= event.time && event.time < $0.end }
            return sliding ? "\(reason): UIKit ignores touches until a transition completes" : reason
        case .select:
            return event.programmatic == true ? "the button's action sets it in code (programmatic: no didSelect)" : "a tap on the bar item"
        case .didSelect: return "UIKit calls the delegate for taps on the bar, re-taps included"
        case .spinStart, .spinRestart:
            let again = event.kind == .spinRestart ? "; the same key replaces the running one" : ""
            return (selectedThroughBar(at: event.time) ? "didSelect on the center item adds the rotation" : "the button's action adds the rotation") + again
        case .spinStop:
            let other = timeline.events.last { $0.kind == .didSelect && $0.time == event.time }?.item
            return "didSelect on \(other.map(story.name(ofItem:)) ?? "another item") removes the button's animations"
        case .transitionStart:
            return "selectedIndex changed and the delegate's animator runs (for programmatic selection too)"
        case .transitionEnd:
            return "the slide's \(scene.transition?.duration.shortText ?? "") s are over: taps work again"
        case .iconAnimationStart: return "didSelect on \(name(event.item)) plays it once (programmatic selection does not)"
        case .iconAnimationEnd: return "played once, to the end"
        case .iconAnimationStop: return (event.reason ?? "stopped") + ": a new didSelect removes the one still playing"
        case .badge:
            let how = scene.tabBar.badgeAnimation == .pop ? "it pops in (tabBar.badgeAnimation)" : "UIKit changes a badge at once"
            return "\(event.target ?? "the script") sets badgeValue in code; \(how)"
        case .scroll:
            let how = scene.scrolls.first { $0.time == event.time }.map { scroll in
                "\(scroll.keyPath) in the scene: " + (scroll.fling ? "a fling, decelerating as UIScrollView does, \(scroll.duration.shortText) s to rest"
                                                                  : "\(scroll.duration.shortText) s, \(curveName(scroll.easing))")
            } ?? "the script"
            return event.reason.map { "\(how); \($0)" } ?? how
        case .minimize, .expand, .searchOpen, .searchClose, .posture: return event.reason ?? ""
        case .sidebar: return "script: the sidebar button"
        case .press: return "script: a finger on the rail"
        }
    }

    private func selectedThroughBar(at t: TimeInterval) -> Bool {
        timeline.events.contains { $0.kind == .didSelect && $0.time == t && $0.item == scene.centerButton?.selects }
    }

    private func curveName(_ easing: Easing) -> String {
        easing.coreAnimationName ?? "cubic-bezier(\(easing.controlPoints.map(\.shortText).joined(separator: ", ")))"
    }
}
