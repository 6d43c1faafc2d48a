import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import Spec

/// What happened when the script ran, in order, in UIKit's words.
public struct TimelineEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A tap from the script, with what it hit.
        case tap
        /// A tap that changed nothing, with `reason`.
        case tapIgnored = "tap-ignored"
        /// `selectedIndex` changed (`programmatic`: set in code, as the center button does).
        case select
        /// The delegate's `tabBarController:didSelectViewController:` ran (user taps on the bar only).
        case didSelect
        case spinStart = "spin-start"
        /// The rotation was added again under the same key: it restarts from 0°.
        case spinRestart = "spin-restart"
        /// `removeAllAnimations`: the button snaps to 0°.
        case spinStop = "spin-stop"
        case transitionStart = "transition-start"
        case transitionEnd = "transition-end"
        /// Seed 002: the icon is hidden and its animation plays (or a built-in effect starts).
        case iconAnimationStart = "icon-animation-start"
        /// The animation finished: removed, and the (selected) icon shown again.
        case iconAnimationEnd = "icon-animation-end"
        /// A new `didSelect` stopped it early: removed at once, its icon shown again.
        case iconAnimationStop = "icon-animation-stop"
        /// `badgeValue` set in code (`badge`: the new text, nil when cleared).
        case badge
        /// The selected tab's content scrolled (`target`: how far; `reason`: why less than asked).
        case scroll
        /// The glass bar minimized (`tabBar.minimizeBehavior`), with `reason`.
        case minimize
        /// The minimized bar expanded again, with `reason`.
        case expand
        /// A detached search tab was selected: the bar became the search field.
        case searchOpen = "search-open"
        /// The search field's close circle: the bar came back.
        case searchClose = "search-close"
        /// The iPhone Duo folded, unfolded or turned (`target`: the display; `reason`: the bar's form there).
        case posture
        /// The iPad's sidebar shown or hidden (`target`: which).
        case sidebar
        /// The Duo's rail pressed (`target`: for how long).
        case press
    }

    public var time: TimeInterval
    public var kind: Kind
    /// The item concerned, counting from 0.
    public var item: Int?
    public var from: Int?
    public var to: Int?
    public var programmatic: Bool?
    /// What a tap hit ("item 2", "center button", "point (196, 790) → center button").
    public var target: String?
    public var reason: String?
    /// The tap's position in `script`, counting from 0.
    public var scriptIndex: Int?
    /// A badge event's new value; nil when it clears the badge.
    public var badge: String?

    public init(time: TimeInterval, kind: Kind, item: Int? = nil, from: Int? = nil, to: Int? = nil,
                programmatic: Bool? = nil, target: String? = nil, reason: String? = nil, scriptIndex: Int? = nil,
                badge: String? = nil) {
        self.time = time; self.kind = kind; self.item = item; self.from = from; self.to = to
        self.programmatic = programmatic; self.target = target; self.reason = reason; self.scriptIndex = scriptIndex
        self.badge = badge
    }
}

/// A spin of the center button: 0° at `start`, linear, one turn per period, until `end`.
public struct SpinInterval: Sendable, Equatable {
    public var start: TimeInterval
    /// When it was removed or restarted, or the loop's end.
    public var end: TimeInterval
}

/// A slide between two tabs' contents.
public struct TransitionInterval: Sendable, Equatable {
    public var start: TimeInterval
    public var end: TimeInterval
    public var from: Int
    public var to: Int
    /// +1: the new content enters from the right (to a higher index, left to right); −1: from the left.
    public var direction: Int
    public var easing: Easing
}

/// A scroll of one tab's content: its offset (points scrolled down) from `from` at `start` to `to` at `end`.
public struct ScrollInterval: Sendable, Equatable {
    public var tab: Int
    public var start: TimeInterval
    public var end: TimeInterval
    public var from: Double
    public var to: Double
    public var easing: Easing
    /// A flick: `Fling.progress` instead of `easing`.
    public var fling = false
    /// How far (points) a straight line between two keyframes of a fling's sampled curve may stray from it.
    public static let samplingTolerance = 0.05

    /// The offset at `t` within the interval.
    package func offset(at t: TimeInterval) -> Double {
        let span = end - start
        let progress = span > 0 ? min(max((t - start) / span, 0), 1) : 1
        return from + (to - from) * (fling ? Fling.progress(progress * span, of: span) : easing(progress))
    }
}

extension Array where Element == ScrollInterval {
    /// How far tab `tab`'s content is scrolled down at `t`: where its last scroll begun by then has it (each
    /// scroll starts where the one before it was, cut short or not).
    package func offset(of tab: Int, at t: TimeInterval) -> Double {
        guard let last = last(where: { $0.tab == tab && $0.start <= t }) else { return 0 }
        return last.offset(at: Swift.min(t, last.end))
    }
}

/// An icon animation on one item: from `start` until it finished or was stopped at `end`.
public struct IconAnimationInterval: Sendable, Equatable {
    public var item: Int
    public var start: TimeInterval
    public var end: TimeInterval
    /// Stopped before its natural end by the `didSelect` of this tap (its position in `script`).
    public var stoppedBy: Int?
}

/// A badge shown on one item with one value, from `start` until `end` (changed, cleared, or the loop's end).
public struct BadgeInterval: Sendable, Equatable {
    public var item: Int
    public var start: TimeInterval
    public var end: TimeInterval
    public var value: String
    /// Set by the script (not shown from the start): it pops in when `badgeAnimation` is "pop".
    public var isChange: Bool

    /// `badgeAnimation: "pop"`: the badge's scale as a value set by the script appears at `start`: 0 → 1.2
    /// (ease out, 0.15 s) → 1 (ease in and out, 0.15 s). Chosen: UIKit animates no badge; this is the pop
    /// apps commonly add.
    public static func popKeyframes(from start: TimeInterval) -> [Keyframe] {
        [Keyframe(0, 1), Keyframe(start, 0, .easeOut), Keyframe(start + 0.15, 1.2, .easeInEaseOut), Keyframe(start + 0.3, 1)]
    }
}

/// The script run through the tab bar controller: every event, and the intervals that drive the picture.
public struct Timeline: Sendable, Equatable {
    public var duration: TimeInterval
    public var events: [TimelineEvent]
    /// `(time, selectedIndex)` from t = 0 on; the first entry is at 0.
    public var selection: [(time: TimeInterval, index: Int)]
    public var spins: [SpinInterval]
    public var transitions: [TransitionInterval]
    public var iconAnimations: [IconAnimationInterval]
    /// Every badge shown, per item in time order.
    public var badges: [BadgeInterval] = []
    /// Every scroll, in time order.
    public var scrolls: [ScrollInterval] = []
    /// `(time, state)` of the bar from t = 0 on; the first entry is at 0.
    public var barStates: [(time: TimeInterval, state: BarState)] = [(0, .expanded)]
    /// The iPad's sidebar, 0 (hidden) … 1 (shown), sliding at each `script[i].sidebar` (`sidebarDuration`);
    /// nil without a sidebar.
    public var sidebar: Track?

    /// The sidebar's slide and the top bar's fade: 0.35 s on UIView's ease-in-ease-out. Chosen (UIKIT-2026.md:
    /// "the morph's timing was not measured"), as the glass bar's morphs (`Layout.MinimizeMetrics.morphDuration`).
    public static let sidebarDuration = 0.35
    /// A fold, unfold or turn of the iPhone Duo (`script[i].posture`): the screens crossfade over 0.35 s on
    /// ease-in-ease-out. Chosen (UIKIT-2026.md: Apple's animation between the displays was not measured).
    public static let postureDuration = 0.35
    /// The Duo's rail pressed (`script[i].press`), 0 … 1, widening over `pressDuration` as the finger lands and
    /// narrowing as it lifts; nil without a press.
    public var railPressed: Track?
    /// Chosen (not measured): 0.2 s on ease-in-ease-out each way.
    public static let pressDuration = 0.2

    public static func == (lhs: Timeline, rhs: Timeline) -> Bool {
        lhs.duration == rhs.duration && lhs.events == rhs.events && lhs.spins == rhs.spins
            && lhs.transitions == rhs.transitions && lhs.iconAnimations == rhs.iconAnimations
            && lhs.selection.map(\.time) == rhs.selection.map(\.time) && lhs.selection.map(\.index) == rhs.selection.map(\.index)
            && lhs.scrolls == rhs.scrolls && lhs.barStates.map(\.time) == rhs.barStates.map(\.time)
            && lhs.barStates.map(\.state) == rhs.barStates.map(\.state) && lhs.sidebar == rhs.sidebar && lhs.railPressed == rhs.railPressed
    }

    /// Runs the scene's script. A pure function of the scene; built once per run, by `Animation`.
    package init(_ scene: ResolvedScene, layout: Layout, postureLayouts: [(time: TimeInterval, layout: Layout)] = []) {
        var controller = TabBarController(scene: scene, layout: layout, postureLayouts: postureLayouts)
        // Taps and scrolls in time order; at the same time, taps first (a scroll's own order is kept).
        var scrolls = scene.scrolls[...]
        for (index, tap) in scene.script.enumerated() {
            while let scroll = scrolls.first, scroll.time < tap.time { controller.handle(scroll); scrolls.removeFirst() }
            controller.handle(tap, scriptIndex: index)
        }
        for scroll in scrolls { controller.handle(scroll) }
        self = controller.finish()
        addBadges(scene)
        addScriptedChanges(scene)
        if !scene.railPresses.isEmpty {
            railPressed = Track.crossfading(initial: 0, changes: scene.railPresses.flatMap { [(time: $0.time, target: 1.0), (time: $0.time + $0.duration, target: 0.0)] },
                                            duration: Self.pressDuration, end: duration)
        }
        sidebar = scene.sidebar.map { bar in
            Track.crossfading(initial: bar.initiallyShown ? 1 : 0, changes: bar.changes.map { (time: $0.time, target: $0.shown ? 1 : 0) },
                              duration: Self.sidebarDuration, end: duration)
        }
    }

    /// The postures, the sidebar's changes and the rail's presses: the window's, the split view's and the
    /// finger's, not the tab bar controller's; listed with the rest.
    private mutating func addScriptedChanges(_ scene: ResolvedScene) {
        let added = scene.postures.map { posture in
            TimelineEvent(time: posture.time, kind: .posture,
                          target: "\(posture.device.name), \(posture.device.orientation.rawValue) (\(posture.device.size.width.shortText)×\(posture.device.size.height.shortText) pt)",
                          reason: posture.verticalBars?.reason, scriptIndex: Self.scriptIndex(posture.keyPath))
        } + (scene.sidebar?.changes ?? []).map { change in
            TimelineEvent(time: change.time, kind: .sidebar, target: change.shown ? "shown" : "hidden", scriptIndex: Self.scriptIndex(change.keyPath))
        } + scene.railPresses.map { press in
            TimelineEvent(time: press.time, kind: .press, target: "\(press.duration.shortText) s", scriptIndex: Self.scriptIndex(press.keyPath))
        }
        guard !added.isEmpty else { return }
        events = (events + added).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// `script[i]`'s i.
    private static func scriptIndex(_ keyPath: KeyPath) -> Int? {
        if case .index(let index)? = keyPath.components.last { return index }
        return nil
    }

    /// `badgeValue` is a plain property: UIKit shows each value at once, and the bar's state machine does not
    /// involve it (a badge changes during a slide too).
    private mutating func addBadges(_ scene: ResolvedScene) {
        var added: [TimelineEvent] = []
        for (index, item) in scene.tabBar.items.enumerated() {
            var current = item.badge, since = 0.0, changed = false
            func close(at t: TimeInterval) {
                if let value = current, t > since { badges.append(BadgeInterval(item: index, start: since, end: t, value: value, isChange: changed)) }
            }
            for change in scene.badgeChanges where change.item == index {
                added.append(TimelineEvent(time: change.time, kind: .badge, item: index, target: change.keyPath.description,
                                           badge: change.value))
                guard change.value != current else { continue }
                close(at: change.time)
                current = change.value
                since = change.time
                changed = true
            }
            close(at: duration)
        }
        guard !added.isEmpty else { return }
        events = (events + added).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    init(duration: TimeInterval, events: [TimelineEvent], selection: [(time: TimeInterval, index: Int)],
         spins: [SpinInterval], transitions: [TransitionInterval], iconAnimations: [IconAnimationInterval]) {
        self.duration = duration; self.events = events; self.selection = selection
        self.spins = spins; self.transitions = transitions; self.iconAnimations = iconAnimations
    }

    /// What the bar shows at `t` (the state it is entering during a morph).
    public func barState(at t: TimeInterval) -> BarState {
        barStates.last { $0.time <= t }?.state ?? .expanded
    }

    /// What the bar showed just before `t`: what a tap at `t` met.
    public func barState(before t: TimeInterval) -> BarState {
        barStates.last { $0.time < t }?.state ?? .expanded
    }

    /// How far tab `tab`'s content is scrolled down at `t`, in points.
    public func scrollOffset(of tab: Int, at t: TimeInterval) -> Double {
        scrolls.offset(of: tab, at: t)
    }

    /// `selectedIndex` at `t`.
    public func selectedIndex(at t: TimeInterval) -> Int {
        selection.last { $0.time <= t }?.index ?? selection[0].index
    }
}
