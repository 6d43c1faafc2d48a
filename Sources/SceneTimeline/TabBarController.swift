import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import Spec

/// The one state machine that runs the script, speaking UIKit's words. It reproduces
/// `UITabBarController` with the seeds' delegate (seed 000's `MCTabBarController`, seed 001's animator).
struct TabBarController {
    private let scene: ResolvedScene
    private let layout: Layout
    private(set) var selectedIndex: Int
    /// When the rotation under the seed's key "key" was (re)added, if it is on the layer.
    private var spinStart: TimeInterval?
    /// The running transition, if any.
    private var transition: TransitionInterval?
    /// Seed 002's `self.animationView`: the icon animation still playing, if any.
    private var iconAnimation: IconAnimationInterval?
    /// The script entry being handled (counting from 0).
    private var scriptIndex = 0

    private var events: [TimelineEvent] = []
    private var selection: [(time: TimeInterval, index: Int)]
    private var spins: [SpinInterval] = []
    private var transitions: [TransitionInterval] = []
    private var iconAnimations: [IconAnimationInterval] = []
    /// What the glass bar shows (minimized, searching), and since when.
    private var barState = BarState.expanded
    private var barStates: [(time: TimeInterval, state: BarState)] = [(0, .expanded)]
    private var scrolls: [ScrollInterval] = []
    /// The tab selected before the search field opened: closing it comes back there.
    private var beforeSearch: Int?

    /// The layouts of the Duo's postures from their times on (`script[i].posture`): a tap by point meets the
    /// screen shown at its moment.
    private let postureLayouts: [(time: TimeInterval, layout: Layout)]

    init(scene: ResolvedScene, layout: Layout, postureLayouts: [(time: TimeInterval, layout: Layout)] = []) {
        self.scene = scene
        self.layout = layout
        self.postureLayouts = postureLayouts
        selectedIndex = scene.tabBar.initialSelectedIndex
        selection = [(0, selectedIndex)]
        // Selecting the center item at launch goes through no delegate call, so nothing spins yet.
    }

    /// The screen shown at `t`: the Duo's posture then, or the scene's one screen.
    private func layout(at t: TimeInterval) -> Layout { postureLayouts.last { $0.time <= t }?.layout ?? layout }

    /// The item the center button stands for (seed 000: `selectedIndex = 2`).
    private var centerIndex: Int? { scene.centerButton?.selects }

    // MARK: - Taps

    mutating func handle(_ tap: Tap, scriptIndex: Int) {
        let t = tap.time
        self.scriptIndex = scriptIndex
        finishTransition(before: t)
        finishIconAnimation(before: t)
        let hit: Layout.HitTarget
        let target: String
        switch tap.target {
        case .item(let index): hit = .item(index); target = "item \(index)"
        case .centerButton: hit = .centerButton; target = "center button"
        case .point(let p) where scene.sidebar?.isShown(before: t) == true && layout(at: t).sidebar != nil:
            // The sidebar shows: its rows take the tap (the bar is gone).
            hit = layout(at: t).sidebar?.hitTest(p) ?? .content
            target = "point (\(p.x.shortText), \(p.y.shortText)) → sidebar: \(Self.describe(hit))"
        case .point(let p):
            hit = layout(at: t).hitTest(p, state: barState)
            target = "point (\(p.x.shortText), \(p.y.shortText)) → \(Self.describe(hit))"
        }
        if case .item(let index) = tap.target, barState != .expanded, index != layout.detached {
            // An item by index while the bar is not full: the selected one is the minimized bar's icon;
            // the others are not on screen.
            events.append(TimelineEvent(time: t, kind: .tap, item: index, target: target, scriptIndex: scriptIndex))
            if barState == .minimized, index == selectedIndex { return expand(at: t, "tap on the minimized bar") }
            return ignore(t, scriptIndex, barState == .minimized ? "the bar is minimized: item \(index) is not on screen (tap the minimized bar first)"
                                                                 : "the search field is open: item \(index) is not on screen (close the search first)")
        }
        events.append(TimelineEvent(time: t, kind: .tap, item: hit.itemIndex, target: target, scriptIndex: scriptIndex))

        // UIKit ignores touches while a non-interactive transition animates: the transition context calls
        // `beginIgnoringInteractionEvents` until `completeTransition:` (UIKit's
        // `_UIViewControllerOneToOneTransitionContext`; the same rule stops a second push on a navigation
        // controller mid-animation). So a tap during a slide does nothing at all, the center button included.
        if let running = transition {
            return ignore(t, scriptIndex, "transition \(running.from)→\(running.to) running until \(running.end.shortText) s")
        }
        switch hit {
        case .item(let index): userSelect(index, at: t)
        case .centerButton: centerButtonTapped(at: t)
        case .barBackground: ignore(t, scriptIndex, "hit the tab bar below its items (safe area)")
        case .content: ignore(t, scriptIndex, "hit the tab's content, not the tab bar")
        case .outside: ignore(t, scriptIndex, "outside the screen")
        case .accessory: ignore(t, scriptIndex, "hit the bottom accessory: the app's own control; the bar does not change")
        case .minimizedBar: expand(at: t, "tap on the minimized bar")
        case .searchField: ignore(t, scriptIndex, "hit the search field (tabanim draws no keyboard)")
        case .closeSearch: closeSearch(at: t)
        }
    }

    private static func describe(_ hit: Layout.HitTarget) -> String {
        switch hit {
        case .item(let index): return "item \(index)"
        case .centerButton: return "center button"
        case .barBackground: return "tab bar background"
        case .content: return "content"
        case .outside: return "outside"
        case .accessory: return "accessory"
        case .minimizedBar: return "minimized bar"
        case .searchField: return "search field"
        case .closeSearch: return "close search"
        }
    }

    private mutating func ignore(_ t: TimeInterval, _ scriptIndex: Int, _ reason: String) {
        events.append(TimelineEvent(time: t, kind: .tapIgnored, reason: reason, scriptIndex: scriptIndex))
    }

    // MARK: - UITabBarController

    /// A tap on a bar item: UIKit selects it (with the delegate's animator when it changes), then calls the
    /// delegate's `didSelect`, also when the item was already selected (SPEC.md: re-taps call `didSelect`).
    private mutating func userSelect(_ index: Int, at t: TimeInterval) {
        setSelectedIndex(index, at: t, programmatic: false)
        didSelect(index, at: t)
    }

    /// `selectedIndex = index`. Setting the current index again changes nothing. UIKit consults the
    /// delegate's animator for programmatic selection too (SPEC.md), so both paths slide.
    private mutating func setSelectedIndex(_ index: Int, at t: TimeInterval, programmatic: Bool) {
        let from = selectedIndex
        guard index != from else { return }
        selectedIndex = index
        selection.append((t, index))
        events.append(TimelineEvent(time: t, kind: .select, item: index, from: from, to: index, programmatic: programmatic))
        if index == layout.detached, scene.tabBar.detached?.opensSearchField == true {
            beforeSearch = from
            setBarState(.searching, at: t, kind: .searchOpen, "the search tab is apart: selected, the bar becomes its search field")
        } else if barState != .expanded {
            setBarState(.expanded, at: t, kind: barState == .searching ? .searchClose : .expand,
                        barState == .searching ? "another tab was selected" : "a tab was selected (tabanim's choice: its content starts unminimized)")
        }
        if let slide = scene.transition {
            let running = TransitionInterval(start: t, end: t + slide.duration, from: from, to: index,
                                             direction: scene.enteringSide(from: from, to: index) == "right" ? 1 : -1,
                                             easing: slide.easing)
            transition = running
            transitions.append(running)
            events.append(TimelineEvent(time: t, kind: .transitionStart, from: from, to: index))
        }
    }

    // MARK: - iOS 26's glass bar: scrolls, minimize, search

    /// `script[i].scroll` on the selected tab: from where it is, by the distance, kept between the top and
    /// the content's end (`Layout.scrollLimits`). With `minimizeBehavior`, scrolling one way minimizes the
    /// bar as the scroll starts and the other way expands it (UIKit's rule; starting at once is chosen).
    mutating func handle(_ scroll: Scroll) {
        let t = scroll.time
        finishTransition(before: t)
        finishIconAnimation(before: t)
        let tab = selectedIndex
        let from = scrolls.offset(of: tab, at: t)
        let limit = layout.scrollLimits[safe: tab] ?? 0
        let to = min(max(from + scroll.distance, 0), limit)
        var reason: String?
        if abs(to - (from + scroll.distance)) > 0.5 {  // not for what is left of a fling still slowing
            reason = to < from + scroll.distance ? "stopped at the content's end (\(limit.shortText) pt down)" : "stopped at the top"
        }
        func points(_ value: Double) -> String { ((value * 10).rounded() / 10).shortText }
        events.append(TimelineEvent(time: t, kind: .scroll, item: tab, target: "\(points(scroll.distance)) pt: \(points(from)) → \(points(to)) pt",
                                    reason: reason))
        guard to != from else { return }
        var interval = ScrollInterval(tab: tab, start: t, end: t + scroll.duration, from: from, to: to, easing: scroll.easing)
        interval.fling = scroll.fling  // stopped at an edge: the same curve over the shorter way (chosen: no rubber band)
        scrolls.append(interval)
        let down = to > from
        // The Duo's rail has no minimized form (`SceneResolver.railWarnings`).
        guard layout.kind != .rail else { return }
        switch (scene.tabBar.minimizeBehavior, barState) {
        case (.onScrollDown, .expanded) where down, (.onScrollUp, .expanded) where !down:
            setBarState(.minimized, at: t, kind: .minimize, "scrolled \(down ? "down" : "up") (minimizeBehavior \"\(scene.tabBar.minimizeBehavior.rawValue)\")")
        case (.onScrollDown, .minimized) where !down, (.onScrollUp, .minimized) where down:
            setBarState(.expanded, at: t, kind: .expand, "scrolled \(down ? "down" : "up")")
        default:
            break
        }
    }

    private mutating func setBarState(_ state: BarState, at t: TimeInterval, kind: TimelineEvent.Kind, _ reason: String) {
        guard state != barState else { return }
        barState = state
        if barStates.last?.time == t { barStates.removeLast() }
        barStates.append((t, state))
        events.append(TimelineEvent(time: t, kind: kind, reason: reason))
    }

    private mutating func expand(at t: TimeInterval, _ reason: String) {
        setBarState(.expanded, at: t, kind: .expand, reason)
    }

    /// The close circle: the search ends and the tab selected before it comes back (in code: no `didSelect`).
    private mutating func closeSearch(at t: TimeInterval) {
        let back = beforeSearch ?? scene.tabBar.initialSelectedIndex
        setBarState(.expanded, at: t, kind: .searchClose, "the search field's close circle")
        setSelectedIndex(back, at: t, programmatic: true)
    }

    // MARK: - The seeds' delegate

    /// Seed 000's `tabBarController:didSelectViewController:`: the center item spins the button, any other
    /// item removes all its animations.
    private mutating func didSelect(_ index: Int, at t: TimeInterval) {
        events.append(TimelineEvent(time: t, kind: .didSelect, item: index))
        if let center = centerIndex {
            if index == center { addRotation(at: t) } else { removeRotation(at: t) }
        }
        playIconAnimation(index, at: t)
    }

    /// Seed 002's `setupAnaimationWithTabBarController:`: stop the animation still playing (its completion
    /// removes it and shows its icon), then hide the tapped item's icon and play its animation once.
    private mutating func playIconAnimation(_ index: Int, at t: TimeInterval) {
        if var playing = iconAnimation {
            playing.end = t
            playing.stoppedBy = scriptIndex
            iconAnimations.append(playing)
            events.append(TimelineEvent(time: t, kind: .iconAnimationStop, item: playing.item,
                                        reason: "stopped by the didSelect of script[\(scriptIndex)]", scriptIndex: scriptIndex))
            iconAnimation = nil
        }
        guard let animation = scene.tabBar.items[index].animation else { return }
        iconAnimation = IconAnimationInterval(item: index, start: t, end: t + animation.duration, stoppedBy: nil)
        events.append(TimelineEvent(time: t, kind: .iconAnimationStart, item: index))
    }

    /// Records the playing icon animation as finished if it ended at or before `t`.
    private mutating func finishIconAnimation(before t: TimeInterval) {
        guard let playing = iconAnimation, playing.end <= t else { return }
        iconAnimations.append(playing)
        events.append(TimelineEvent(time: playing.end, kind: .iconAnimationEnd, item: playing.item))
        iconAnimation = nil
    }

    /// Seed 000's `buttonAction:`: `selectedIndex = 2` (programmatic: no `didSelect`), then the rotation.
    private mutating func centerButtonTapped(at t: TimeInterval) {
        guard let center = centerIndex else { return }
        setSelectedIndex(center, at: t, programmatic: true)
        addRotation(at: t)
    }

    /// `addAnimation:forKey:@"key"`: replaces an animation under the same key, so it restarts from 0°.
    private mutating func addRotation(at t: TimeInterval) {
        if let start = spinStart {
            spins.append(SpinInterval(start: start, end: t))
            events.append(TimelineEvent(time: t, kind: .spinRestart, item: centerIndex))
        } else {
            events.append(TimelineEvent(time: t, kind: .spinStart, item: centerIndex))
        }
        spinStart = t
    }

    /// `removeAllAnimations`: the model value was never changed, so the button is at 0° on the next frame.
    private mutating func removeRotation(at t: TimeInterval) {
        guard let start = spinStart else { return }
        spins.append(SpinInterval(start: start, end: t))
        events.append(TimelineEvent(time: t, kind: .spinStop, item: centerIndex))
        spinStart = nil
    }

    /// Ends the running transition if it completed at or before `t`.
    private mutating func finishTransition(before t: TimeInterval) {
        guard let running = transition, running.end <= t else { return }
        events.append(TimelineEvent(time: running.end, kind: .transitionEnd, from: running.from, to: running.to))
        transition = nil
    }

    // MARK: - Result

    mutating func finish() -> Timeline {
        let duration = scene.export.duration
        finishTransition(before: duration)
        finishIconAnimation(before: duration)
        if let start = spinStart { spins.append(SpinInterval(start: start, end: duration)) }
        if let playing = iconAnimation { iconAnimations.append(playing) }  // still playing when the loop ends
        let ordered = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var timeline = Timeline(duration: duration, events: ordered, selection: selection, spins: spins, transitions: transitions,
                                iconAnimations: iconAnimations)
        timeline.scrolls = scrolls
        timeline.barStates = barStates
        return timeline
    }
}

extension Layout.HitTarget {
    var itemIndex: Int? {
        if case .item(let index) = self { return index }
        return nil
    }
}
