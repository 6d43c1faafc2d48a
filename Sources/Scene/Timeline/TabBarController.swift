import Foundation

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

    init(scene: ResolvedScene, layout: Layout) {
        self.scene = scene
        self.layout = layout
        selectedIndex = scene.tabBar.initialSelectedIndex
        selection = [(0, selectedIndex)]
        // Selecting the center item at launch goes through no delegate call, so nothing spins yet.
    }

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
        case .point(let p):
            hit = layout.hitTest(p)
            target = "point (\(p.x.shortText), \(p.y.shortText)) → \(Self.describe(hit))"
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
        }
    }

    private static func describe(_ hit: Layout.HitTarget) -> String {
        switch hit {
        case .item(let index): return "item \(index)"
        case .centerButton: return "center button"
        case .barBackground: return "tab bar background"
        case .content: return "content"
        case .outside: return "outside"
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
        if let slide = scene.transition {
            let running = TransitionInterval(start: t, end: t + slide.duration, from: from, to: index,
                                             direction: scene.enteringSide(from: from, to: index) == "right" ? 1 : -1,
                                             easing: slide.easing)
            transition = running
            transitions.append(running)
            events.append(TimelineEvent(time: t, kind: .transitionStart, from: from, to: index))
        }
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
        return Timeline(duration: duration, events: ordered, selection: selection, spins: spins, transitions: transitions,
                        iconAnimations: iconAnimations)
    }
}

extension Layout.HitTarget {
    var itemIndex: Int? {
        if case .item(let index) = self { return index }
        return nil
    }
}
