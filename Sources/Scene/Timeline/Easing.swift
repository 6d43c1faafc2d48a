import Foundation

/// How a value moves from one keyframe to the next: a pure function of progress 0…1.
public enum Easing: Sendable, Equatable {
    /// Holds the first keyframe's value until the next keyframe, then jumps (a state change).
    case hold
    case linear
    /// CSS / Core Animation timing function with control points (x1, y1) and (x2, y2).
    case cubicBezier(Double, Double, Double, Double)

    /// `UIView.animate`'s default curve, `UIViewAnimationOptionCurveEaseInOut`, which is Core Animation's
    /// `kCAMediaTimingFunctionEaseInEaseOut`: cubic Bézier (0.42, 0, 0.58, 1) (SPEC.md, seed 001).
    public static let easeInEaseOut = Easing.cubicBezier(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseIn`.
    public static let easeIn = Easing.cubicBezier(0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`.
    public static let easeOut = Easing.cubicBezier(0, 0, 0.58, 1)

    /// The curve as cubic-Bézier control points `[x1, y1, x2, y2]` (CSS, `CAMediaTimingFunction`, SMIL's
    /// `keySplines`); linear is `[0, 0, 1, 1]`, and so is a hold, which has no curve.
    public var controlPoints: [Double] {
        if case let .cubicBezier(x1, y1, x2, y2) = self { return [x1, y1, x2, y2] }
        return [0, 0, 1, 1]
    }

    /// Eased progress for linear progress `p` (clamped to 0…1).
    public func callAsFunction(_ p: Double) -> Double {
        let p = min(max(p, 0), 1)
        switch self {
        case .hold: return p >= 1 ? 1 : 0
        case .linear: return p
        case let .cubicBezier(x1, y1, x2, y2): return Self.bezier(p, x1, y1, x2, y2)
        }
    }

    /// Solves x(s) = p for the curve parameter s (Newton's method, then bisection), returns y(s).
    private static func bezier(_ p: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if p == 0 || p == 1 { return p }
        func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
        }
        func slope(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
        }
        var s = p
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - p
            if abs(error) < 1e-12 { return coordinate(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = p
        for _ in 0..<60 {
            let x = coordinate(s, x1, x2)
            if abs(x - p) < 1e-12 { break }
            if x < p { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }
}

extension Easing {
    /// The part of this curve from progress 0 to `p`, stretched to fill 0…1 again: what is left of a segment
    /// cut short (by the loop's end). For a cubic Bézier this is de Casteljau's split, renormalised.
    public func truncated(at p: Double) -> Easing {
        guard case let .cubicBezier(x1, y1, x2, y2) = self, p > 0, p < 1 else { return self }
        let s = Self.parameter(forX: p, x1, x2)
        func lerp(_ a: (Double, Double), _ b: (Double, Double), _ s: Double) -> (Double, Double) {
            (a.0 + (b.0 - a.0) * s, a.1 + (b.1 - a.1) * s)
        }
        let p0 = (0.0, 0.0), p1 = (x1, y1), p2 = (x2, y2), p3 = (1.0, 1.0)
        let q1 = lerp(p0, p1, s), m = lerp(p1, p2, s), r2 = lerp(p2, p3, s)
        let q2 = lerp(q1, m, s), r1 = lerp(m, r2, s)
        let end = lerp(q2, r1, s)
        guard end.0 > 0, end.1 > 0 else { return .linear }
        return .cubicBezier(q1.0 / end.0, q1.1 / end.1, q2.0 / end.0, q2.1 / end.1)
    }

    /// The curve parameter s at which x(s) = p (bisection; x is monotonic for x1, x2 in 0…1).
    static func parameter(forX p: Double, _ x1: Double, _ x2: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            let s = (low + high) / 2
            let u = 1 - s
            let x = 3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s
            if x < p { low = s } else { high = s }
        }
        return (low + high) / 2
    }
}
