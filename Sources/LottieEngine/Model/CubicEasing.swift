import Foundation
import struct Basics.UnitBezier

/// A keyframe's easing: its out and in tangents as a unit cubic Bézier (`o` and `i` of the Lottie file), y at
/// x solved by tabanim's one timing-curve solver (`UnitBezier`).
struct CubicEasing {
    let curve: UnitBezier

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        // x must stay monotonic: After Effects keeps the time handles within the segment, so does lottie-ios.
        curve = UnitBezier(min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)
    }

    func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if curve.x1 == curve.y1, curve.x2 == curve.y2 { return x }  // linear
        return curve.y(atX: x)
    }
}
