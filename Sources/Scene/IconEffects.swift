import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import SceneTimeline
import Spec

/// The built-in icon effects as tracks on the icon's group. Each play runs from its start until it
/// finishes or is stopped; then the icon is back to identity at once (the animation was removed).
enum IconEffects {
    /// Bounce: scale keyframes 1, 1.4, 0.9, 1.15, 0.95, 1.02, 1, evenly spaced, the effect's curve on each step.
    static let bounceScales = [1, 1.4, 0.9, 1.15, 0.95, 1.02, 1]

    static func apply(_ effect: IconEffect, plays: [IconAnimationInterval], center: Point, to group: inout Group) {
        guard !plays.isEmpty else { return }
        switch effect.kind {
        case .bounce:
            let track = steps(bounceScales, effect, plays)
            group.motion.append(.scale(track, center: center))
        case .rotate:
            group.motion.append(.rotation(degrees: steps([0, 360], effect, plays), center: center))
        case .flip:
            // The icon turns about its vertical axis: its width goes to −1 (the back, mirrored) and back.
            group.motion.append(.scale(x: steps([1, -1, 1], effect, plays), y: steps([1, 1, 1], effect, plays), center: center))
        }
    }

    /// `values` spread evenly over each play, cut where the play was stopped, identity afterwards.
    private static func steps(_ values: [Double], _ effect: IconEffect, _ plays: [IconAnimationInterval]) -> Track {
        let rest = values[0]
        var keys = [Keyframe(0, rest)]
        let step = effect.duration / Double(values.count - 1)
        for play in plays {
            for (k, value) in values.enumerated() {
                let t = play.start + Double(k) * step
                if t >= play.end {
                    // Stopped mid-step: the value where it was, then back to rest.
                    let previous = keys[keys.count - 1]
                    let p = (play.end - previous.time) / step
                    keys.append(Keyframe(play.end, previous.value + (value - previous.value) * effect.easing(p)))
                    break
                }
                keys.append(Keyframe(t, value, k < values.count - 1 ? effect.easing : .hold))
            }
            keys.append(Keyframe(play.end, rest))
        }
        return Track(keys)
    }
}
