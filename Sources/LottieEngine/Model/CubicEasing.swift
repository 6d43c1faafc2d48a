import Foundation

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
