import Foundation

/// A gradient's `g.k`: `colorCount` stops of (offset, r, g, b), then optionally (offset, alpha) pairs.
/// The alpha stops need not sit at the colour stops: the result has a stop at every offset of either,
/// colour and alpha each interpolated between their own stops.
enum GradientStops {
    static func decode(_ values: [Double], colorCount: Int) -> [GradientStop] {
        let n = min(colorCount, values.count / 4)
        guard n > 0 else { return [] }
        let colors: [(Double, Double, Double, Double)] = (0..<n).map { (k: Int) -> (Double, Double, Double, Double) in
            let o = 4 * k
            return (values[o], values[o + 1], values[o + 2], values[o + 3])
        }
        let rest = Array(values[(4 * n)...])
        let alphas: [(Double, Double)] = stride(from: 0, to: rest.count - 1, by: 2).map { (k: Int) -> (Double, Double) in (rest[k], rest[k + 1]) }
        func color(at x: Double) -> (Double, Double, Double) {
            if x <= colors[0].0 { return (colors[0].1, colors[0].2, colors[0].3) }
            for k in 1..<colors.count where x <= colors[k].0 {
                let a = colors[k - 1], b = colors[k]
                let t = b.0 > a.0 ? (x - a.0) / (b.0 - a.0) : 1
                return (a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t, a.3 + (b.3 - a.3) * t)
            }
            let last = colors[colors.count - 1]
            return (last.1, last.2, last.3)
        }
        func alpha(at x: Double) -> Double {
            guard let first = alphas.first else { return 1 }
            if x <= first.0 { return first.1 }
            for k in 1..<alphas.count where x <= alphas[k].0 {
                let a = alphas[k - 1], b = alphas[k]
                return b.0 > a.0 ? a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0) : b.1
            }
            return alphas[alphas.count - 1].1
        }
        let offsets = Array(Set(colors.map { $0.0 } + alphas.map { $0.0 })).sorted()
        return offsets.map { x in
            let c = color(at: x)
            return GradientStop(offset: x, color: RGBA(red: c.0, green: c.1, blue: c.2, alpha: min(max(alpha(at: x), 0), 1)))
        }
    }
}
