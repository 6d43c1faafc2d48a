import Basics
import Foundation

/// A flick of a scroll view: how it decelerates after the finger lifts (`script[i].scroll.fling`).
public enum Fling {
    /// UIScrollView's deceleration after a flick: the velocity is multiplied by `decelerationRate` every
    /// millisecond (`UIScrollView.DecelerationRate.normal`, 0.998, Apple's documentation; the per-millisecond
    /// reading is Apple's own projection, WWDC 2018 "Designing Fluid Interfaces": distance = v / 1000 · r /
    /// (1 − r)). So the offset is D · (1 − r^(1000 τ)), a time constant of 0.5 s.
    public static let decelerationRate = 0.998
    /// The fling is over when less than half a point is left (chosen: no pixel moves after that at 1×).
    package static let rest = 0.5

    /// A fling's length for a distance: until less than `rest` is left (3.5 s for 600 pt), at least 0.1 s.
    public static func duration(_ distance: Double) -> TimeInterval {
        let d = abs(distance)
        guard d > rest else { return 0.1 }
        return max(0.1, log(rest / d) / (1000 * log(decelerationRate)))
    }

    /// How much of the way a fling of `duration` seconds has gone `tau` seconds in: 0 … 1, exactly 1 at its end.
    package static func progress(_ tau: TimeInterval, of duration: TimeInterval) -> Double {
        let k = 1000 * log(decelerationRate)
        return (1 - exp(k * tau)) / (1 - exp(k * duration))
    }
}
