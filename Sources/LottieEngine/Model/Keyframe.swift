import Foundation

/// One clean keyframe, whatever raw form the file used (`s`/`e` pairs of old exporters, a lone `t` at the
/// end, numbers wrapped in arrays): decoded by `KeyframeDecoder` as lottie-ios's `KeyframeData` → `Keyframe`.
public struct Keyframe<Value: Sendable & Equatable>: Sendable, Equatable {
    /// `t`, in the layer's frames.
    public var time: Double
    /// `s`: the value from this keyframe on.
    public var value: Value
    /// `e` when the file gives one (old exporters); else the next keyframe's `s` is the end.
    public var endValue: Value?
    /// `h`: 1 holds `value` until the next keyframe.
    public var hold: Bool
    /// `o` and `i`: the easing of the segment that starts here, per dimension (one entry for all).
    public var easing: KeyframeEasing
    /// `to` and `ti`: the spatial tangents of a position's path to the next keyframe (relative).
    public var spatialOut: Vec2?
    public var spatialIn: Vec2?
}

/// The easing curve of one keyframe segment: a cubic Bézier from (0, 0) to (1, 1) through (`o.x`, `o.y`)
/// and (`i.x`, `i.y`), given per dimension when the arrays are longer than one.
public struct KeyframeEasing: Sendable, Equatable {
    public var outX: [Double], outY: [Double], inX: [Double], inY: [Double]
    public static let linear = KeyframeEasing(outX: [0], outY: [0], inX: [1], inY: [1])

    /// The control points for dimension `d` (from 0); a shorter array's last entry serves the rest.
    func controls(_ d: Int) -> (Double, Double, Double, Double) {
        func pick(_ a: [Double], _ fallback: Double) -> Double { a.isEmpty ? fallback : a[min(d, a.count - 1)] }
        return (pick(outX, 0), pick(outY, 0), pick(inX, 1), pick(inY, 1))
    }

    /// Eased progress for dimension `d` at linear progress `x` (0…1).
    func progress(_ x: Double, dimension d: Int) -> Double {
        let (x1, y1, x2, y2) = controls(d)
        return CubicEasing(x1: x1, y1: y1, x2: x2, y2: y2).value(at: x)
    }
}

/// A CSS-style `cubic-bezier(x1, y1, x2, y2)` timing curve: y at x, x solved by bisection (bounded, exact to 1e-9).
struct CubicEasing {
    var x1: Double, y1: Double, x2: Double, y2: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        // x must stay monotonic: After Effects keeps the time handles within the segment, so does lottie-ios.
        self.x1 = min(max(x1, 0), 1); self.y1 = y1; self.x2 = min(max(x2, 0), 1); self.y2 = y2
    }

    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x1 == y1, x2 == y2 { return x }  // linear
        func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var low = 0.0, high = 1.0, t = x
        for _ in 0..<60 {
            let guess = bezier(t, x1, x2)
            if abs(guess - x) < 1e-10 { break }
            if guess < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return bezier(t, y1, y2)
    }
}

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
    public init(perDimensionEasing: Bool = false) { self.perDimensionEasing = perDimensionEasing }
}

/// A value keyframes can move between.
public protocol Interpolatable: Sendable, Equatable {
    func interpolated(to end: Self, linear: Double, easing: KeyframeEasing, options: EvaluationOptions,
                      spatial: (Vec2?, Vec2?)) -> Self
}
