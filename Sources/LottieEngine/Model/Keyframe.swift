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
