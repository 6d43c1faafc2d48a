import Basics
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
        case let .cubicBezier(x1, y1, x2, y2): return UnitBezier(x1, y1, x2, y2).y(atX: p)
        }
    }
}

extension Easing {
    /// The part of this curve from progress 0 to `p`, stretched to fill 0…1 again: what is left of a segment
    /// cut short (by the loop's end). For a cubic Bézier this is de Casteljau's split, renormalised.
    public func truncated(at p: Double) -> Easing {
        guard case let .cubicBezier(x1, y1, x2, y2) = self, p > 0, p < 1 else { return self }
        guard let part = UnitBezier(x1, y1, x2, y2).prefix(toX: p) else { return .linear }
        return .cubicBezier(part.x1, part.y1, part.x2, part.y2)
    }
}
