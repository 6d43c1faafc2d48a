import Basics
import Foundation
import Graph

/// The glass bar's selection pill moving between cells on a spring, as a function of time.
public enum PillSpring {
    /// The pill's spring: SwiftUI's and UIKit's default, `Animation.spring(duration: 0.5, bounce: 0)` and
    /// `UIView.animate(springDuration: 0.5, bounce: 0)` (Apple's documented defaults), which is a critically
    /// damped spring of angular frequency ω = 2π / 0.5 s. UIKit does not publish the glass bar's own; the
    /// default is what an app's own selection indicator gets, it settles without overshoot (as the
    /// screenshots' pill, never seen past a cell), and it reaches 99 % of the way in 0.53 s, about the slide's
    /// 0.3 s plus the pill's visible glide. A new selection retargets it from where it is, keeping its
    /// speed, as SwiftUI's springs do.
    public static let duration = 0.5
    /// Samples per second of the spring's keyframes, and how far (in points) a straight line between two of
    /// them may stray from the spring: both exporters draw these same keyframes.
    public static let sampleRate = 240.0
    public static let tolerance = 0.02
    /// How far the selected look (0…1, `glassSelection`) may stray from the spring's between two keyframes.
    public static let selectionTolerance = 0.002

    /// One stretch of the pill's motion from a selection change (or the start) to the next: x(τ) =
    /// target + (a + b·τ)·e^(−ωτ), τ seconds after `start`.
    public struct Segment: Sendable {
        var start: TimeInterval
        var target: Double
        var a: Double
        var b: Double

        public static let omega = 2 * Double.pi / PillSpring.duration

        public func position(at t: TimeInterval) -> Double {
            let tau = max(t - start, 0)
            return target + (a + b * tau) * exp(-Self.omega * tau)
        }

        public func velocity(at t: TimeInterval) -> Double {
            let tau = max(t - start, 0)
            return (b - Self.omega * (a + b * tau)) * exp(-Self.omega * tau)
        }

        /// When it is within 0.005 pt of its target for good (at most 3 s on).
        public var settled: TimeInterval {
            var tau = 0.0
            while tau < 3, (abs(a) + abs(b) * tau) * exp(-Self.omega * tau) >= 0.005 { tau += 1 / PillSpring.sampleRate }
            return start + tau
        }
    }


    /// The spring's segments for `selection` (each selection of an item, by time): the pill starts at rest on
    /// `centres[first]` and each selection retargets it, keeping its speed; a selection of `detached` (the
    /// item apart, which has no cell) leaves it where it goes.
    public static func segments(centres: [Double], selection: [(time: TimeInterval, index: Int)], first: Int, skipping detached: Int?) -> [Segment] {
        var segments = [Segment(start: 0, target: centres[first], a: 0, b: 0)]
        for change in selection.dropFirst() where change.index != detached {
            let last = segments[segments.count - 1]
            let target = centres[change.index]
            let a = last.position(at: change.time) - target
            let b = last.velocity(at: change.time) + Segment.omega * a
            segments.append(Segment(start: change.time, target: target, a: a, b: b))
        }
        return segments
    }

    /// A track of `value(pill centre x)` over a loop of `duration`: sampled while the spring moves (every
    /// exporter draws these same keyframes), held while it rests, exactly on its target once settled.
    public static func track(_ segments: [Segment], duration: TimeInterval, tolerance: Double = tolerance, _ value: (Double) -> Double) -> Track {
        var keys: [Keyframe] = []
        for (number, segment) in segments.enumerated() {
            let next = number + 1 < segments.count ? segments[number + 1].start : duration
            guard segment.start < duration else { break }
            let settled = segment.settled
            let end = min(settled, next)
            var run = Track.sampling(from: segment.start, to: end, step: 1 / sampleRate, tolerance: tolerance) {
                value(segment.position(at: $0))
            }
            if end == settled { run[run.count - 1].value = value(segment.target) }  // at rest: exactly on its cell
            keys += run
        }
        return Track(keys.isEmpty ? [Keyframe(0, value(segments[0].target))] : keys)
    }
}
