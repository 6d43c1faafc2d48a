import Basics
import Foundation
import Graph
import Spec

/// The script's scrolls.
extension SceneResolver {
    /// A programmatic scroll's default duration: UIKit does not publish the duration of
    /// `setContentOffset(_:animated:)`; 0.5 s is chosen. Its curve is linear: Apple documents that it animates
    /// "at a constant velocity to the new offset".
    static let defaultScrollDuration = 0.5
    /// The farthest one scroll may go, in points: 100 screens of the tallest iPhone (a bound, chosen).
    static let maximumScroll = 100_000.0

    /// `script[i].scroll`.
    func scroll(_ spec: ScrollSpec, at time: TimeInterval, _ path: KeyPath, _ problems: inout Problems) -> Scroll? {
        let scrollPath = path.appending("scroll")
        guard let by = spec.by else { problems.add(scrollPath.appending("by"), "missing: how far to scroll, in points (positive scrolls down)"); return nil }
        guard let distance = problems.check(by, scrollPath.appending("by"), in: -Self.maximumScroll...Self.maximumScroll, unit: "pt") else { return nil }
        if spec.fling == true {
            for (key, given) in [("duration", spec.duration != nil), ("curve", spec.curve != nil)] where given {
                problems.add(scrollPath.appending(key), "a fling's time and curve come from UIScrollView's deceleration; remove \"\(key)\" or \"fling\"")
            }
            var fling = Scroll(time: time, distance: distance, duration: Fling.duration(distance), easing: .linear, keyPath: path)
            fling.fling = true
            return fling
        }
        let duration = problems.check(spec.duration, scrollPath.appending("duration"), in: 0.01...30, unit: "s") ?? Self.defaultScrollDuration
        return Scroll(time: time, distance: distance, duration: duration, easing: spec.curve.map(Self.easing) ?? .linear, keyPath: path)
    }
}
