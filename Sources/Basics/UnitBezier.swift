/// A timing curve: the cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), as Core
/// Animation's `CAMediaTimingFunction(controlPoints:)`, CSS's and SMIL's `cubic-bezier()`, and After Effects'
/// and Lottie's keyframe easing define it. Progress x in 0…1 maps to output y; x must be monotonic in the
/// curve's parameter s (x1 and x2 within 0…1), y may overshoot. The one solver of such curves in tabanim:
/// the timeline's easings, their retiming, and Lottie keyframes.
public struct UnitBezier: Sendable, Hashable {
    public var x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// One coordinate of the curve at parameter `s`, its control values `c1` and `c2` (from 0 to 1).
    public static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }

    /// The derivative of `coordinate` by `s`.
    public static func slope(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }

    /// The output at progress `x` (0 and 1 exactly at the ends): x(s) = `x` solved by Newton's method
    /// (8 steps, to 1e-12), then by bisection where Newton stalls, and y(s) returned.
    public func y(atX x: Double) -> Double {
        if x == 0 || x == 1 { return x }
        var s = x
        for _ in 0..<8 {
            let error = Self.coordinate(s, x1, x2) - x
            if abs(error) < 1e-12 { return Self.coordinate(s, y1, y2) }
            let d = Self.slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let guess = Self.coordinate(s, x1, x2)
            if abs(guess - x) < 1e-12 { break }
            if guess < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return Self.coordinate(s, y1, y2)
    }

    /// The parameter s at which x(s) = `x`, by 64 bisections (exact to the last bit of a Double).
    public func parameter(forX x: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            let s = (low + high) / 2
            if Self.coordinate(s, x1, x2) < x { low = s } else { high = s }
        }
        return (low + high) / 2
    }

    /// The part of the curve from progress 0 to `x` (0 < x < 1), stretched to fill 0…1 again: de Casteljau's
    /// split at the parameter where x(s) = `x`, renormalised. nil when that part does not rise (no curve).
    public func prefix(toX x: Double) -> UnitBezier? {
        let s = parameter(forX: x)
        func lerp(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
            (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s)
        }
        let p0 = (0.0, 0.0), p1 = (x1, y1), p2 = (x2, y2), p3 = (1.0, 1.0)
        let q1 = lerp(p0, p1), m = lerp(p1, p2), r2 = lerp(p2, p3)
        let q2 = lerp(q1, m), r1 = lerp(m, r2)
        let end = lerp(q2, r1)
        guard end.0 > 0, end.1 > 0 else { return nil }
        return UnitBezier(q1.0 / end.0, q1.1 / end.1, q2.0 / end.0, q2.1 / end.1)
    }

    /// The part of the curve from progress `x` (0 < x < 1) to 1, stretched to fill 0…1 again: the second half
    /// of de Casteljau's split, renormalised, overshooting curves included. nil where the curve is back at its
    /// end value at `x` (only an overshooting curve can be): no renormalised curve exists.
    public func suffix(fromX x: Double) -> UnitBezier? {
        let s = parameter(forX: x)
        func lerp(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s)
        }
        let p1 = (x: x1, y: y1), p2 = (x: x2, y: y2), p3 = (x: 1.0, y: 1.0)
        let p12 = lerp(p1, p2), p23 = lerp(p2, p3)
        let p123 = lerp(p12, p23)
        let start = lerp(lerp(lerp((x: 0, y: 0), p1), p12), p123)
        guard 1 - start.x > 1e-12, abs(1 - start.y) > 1e-12 else { return nil }
        func normalised(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
            ((point.x - start.x) / (1 - start.x), (point.y - start.y) / (1 - start.y))
        }
        let c1 = normalised(p123), c2 = normalised(p23)
        return UnitBezier(c1.x, c1.y, c2.x, c2.y)
    }
}
