import Basics
import Foundation

/// A value at a time, and how the value travels to the next keyframe.
public struct Keyframe: Sendable, Equatable {
    /// Seconds from the start of the loop.
    public var time: TimeInterval
    public var value: Double
    /// The curve from this keyframe to the next one.
    public var easing: Easing

    public init(_ time: TimeInterval, _ value: Double, _ easing: Easing = .hold) {
        self.time = time
        self.value = value
        self.easing = easing
    }
}

/// An animated number over the loop: keyframes sorted by time. Two keyframes may share a time: that is
/// a jump, and at that instant the later keyframe wins (values are right-continuous).
/// Before the first keyframe the value is the first one's; after the last, the last one's.
public struct Track: Sendable, Equatable {
    public private(set) var keyframes: [Keyframe]

    /// `keyframes` must be sorted by time (ties allowed).
    public init(_ keyframes: [Keyframe]) {
        precondition(!keyframes.isEmpty, "a track needs at least one keyframe")
        precondition(zip(keyframes, keyframes.dropFirst()).allSatisfy { $0.time <= $1.time }, "keyframes must be sorted by time")
        self.keyframes = keyframes
    }

    public static func constant(_ value: Double) -> Track { Track([Keyframe(0, value)]) }

    public var isConstant: Bool { keyframes.allSatisfy { $0.value == keyframes[0].value } }

    /// The value at `t`: a pure function, no cached cursor.
    public func value(at t: TimeInterval) -> Double {
        // Index of the last keyframe whose time is <= t (binary search).
        var low = 0, high = keyframes.count
        while low < high {
            let mid = (low + high) / 2
            if keyframes[mid].time <= t { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return keyframes[0].value }
        let current = keyframes[low - 1]
        guard low < keyframes.count else { return current.value }
        let next = keyframes[low]
        let span = next.time - current.time
        let progress = span > 0 ? (t - current.time) / span : 1
        return current.value + (next.value - current.value) * current.easing(progress)
    }
}

extension Track {
    /// A 0/1 hold track that follows `isOn`, evaluated at each breakpoint (values are right-continuous).
    public static func steps(_ breakpoints: [TimeInterval], _ isOn: (TimeInterval) -> Bool) -> Track {
        var keys = [Keyframe(0, isOn(0) ? 1 : 0)]
        for t in Set(breakpoints).sorted() where t > 0 {
            let value: Double = isOn(t) ? 1 : 0
            if value != keys.last!.value { keys.append(Keyframe(t, value)) }
        }
        return Track(keys)
    }
}
