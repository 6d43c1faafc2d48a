import Foundation

/// One cubic Bézier segment.
public struct CubicSegment: Sendable, Hashable {
    public var p0: Vec2, p1: Vec2, p2: Vec2, p3: Vec2

    public func point(at t: Double) -> Vec2 {
        let u = 1 - t
        return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
    }

    /// Arc length, by 8-point Gauss–Legendre quadrature of the speed: exact for straight segments
    /// whatever their parametrisation, and within 1e-6 of a point on icon-sized curves.
    public var length: Double { length(to: 1) }

    /// Arc length from `p0` to parameter `t`.
    public func length(to t: Double) -> Double {
        guard t > 0 else { return 0 }
        var total = 0.0
        for (x, w) in Self.gauss {
            let u = t * (x + 1) / 2
            total += w * speed(at: u)
        }
        return total * t / 2
    }

    /// |B′(t)|.
    func speed(at t: Double) -> Double {
        let u = 1 - t
        let d = (p1 - p0) * (3 * u * u) + (p2 - p1) * (6 * u * t) + (p3 - p2) * (3 * t * t)
        return d.length
    }

    /// Nodes and weights of 8-point Gauss–Legendre quadrature on [−1, 1] (Abramowitz & Stegun, table 25.4).
    static let gauss: [(Double, Double)] = [
        (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
        (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
    ]

    /// The part between parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1), by de Casteljau's construction.
    public func sub(from t0: Double, to t1: Double) -> CubicSegment {
        let right = split(at: t0).1
        guard t0 < 1 else { return CubicSegment(p0: p3, p1: p3, p2: p3, p3: p3) }
        return right.split(at: (t1 - t0) / (1 - t0)).0
    }

    public func split(at t: Double) -> (CubicSegment, CubicSegment) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
        let d = a.lerp(b, t), e = b.lerp(c, t), f = d.lerp(e, t)
        return (CubicSegment(p0: p0, p1: a, p2: d, p3: f), CubicSegment(p0: f, p1: e, p2: c, p3: p3))
    }

    /// The parameter at which the arc length from `p0` reaches `distance`, by bisection (50 steps: exact
    /// to 1e-15 in t).
    public func parameter(atLength distance: Double) -> Double {
        guard distance > 0 else { return 0 }
        guard distance < length else { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<50 {
            let mid = (low + high) / 2
            if length(to: mid) < distance { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
