import Foundation

/// A property: one value, or keyframes. `value(at:)` is a pure function of the frame (fractional): it
/// searches the keyframes each time, caching no cursor, so any call order gives the same answer.
public enum Animated<Value: Interpolatable>: Sendable, Equatable {
    case fixed(Value)
    /// Sorted by time, never empty.
    case keyframed([Keyframe<Value>])

    public var isAnimated: Bool { if case .keyframed = self { return true } else { return false } }

    /// Zero at every key (a mask expansion that changes nothing).
    var isZero: Bool {
        switch self {
        case .fixed(let v): return (v as? Vector)?.values.allSatisfy { $0 == 0 } ?? false
        case .keyframed(let keys): return keys.allSatisfy { ($0.value as? Vector)?.values.allSatisfy { $0 == 0 } ?? false }
        }
    }

    public func value(at frame: Double, options: EvaluationOptions = .init()) -> Value {
        switch self {
        case .fixed(let v): return v
        case .keyframed(let keys):
            guard let first = keys.first else { preconditionFailure("decoded keyframes are never empty") }
            if !(frame > first.time) || keys.count == 1 { return first.value }
            // The last keyframe at or before `frame`, by binary search.
            var low = 0, high = keys.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if keys[mid].time <= frame { low = mid } else { high = mid - 1 }
            }
            let key = keys[low]
            guard low + 1 < keys.count else { return key.value }
            let next = keys[low + 1]
            if key.hold { return key.value }
            let end = key.endValue ?? next.value
            let span = next.time - key.time
            guard span > 0 else { return end }
            let linear = (frame - key.time) / span
            return key.value.interpolated(to: end, linear: linear, easing: key.easing, options: options,
                                          spatial: (key.spatialOut, key.spatialIn))
        }
    }
}

/// How the engine reads what players disagree on.
public struct EvaluationOptions: Sendable, Equatable {
    /// `true`: each dimension of a value eases by its own entry of `o.x`, `o.y`, `i.x`, `i.y` (After
    /// Effects, lottie-web). `false`: the first entry serves every dimension, as lottie-ios decodes a
    /// `Vector1D` from an array (its `Vectors.swift`), which is what iOS shows.
    public var perDimensionEasing = false
    /// `true`: a trim path whose `s`, `e` or `o` moves leaves the stroked paths whole, each stroke carrying
    /// what it keeps as `StrokeStyle.trim` (for the SVG writer's dashes). What a dash cannot say exactly
    /// (a fill of a trimmed path, a dashed stroke, a path modified after the trim, a trimmed path drawn
    /// through a transform that is not a similarity) is cut as usual.
    public var trimsAsDashes = false
    public init(perDimensionEasing: Bool = false, trimsAsDashes: Bool = false) {
        self.perDimensionEasing = perDimensionEasing
        self.trimsAsDashes = trimsAsDashes
    }
}

/// A value keyframes can move between.
public protocol Interpolatable: Sendable, Equatable {
    func interpolated(to end: Self, linear: Double, easing: KeyframeEasing, options: EvaluationOptions,
                      spatial: (Vec2?, Vec2?)) -> Self
}
