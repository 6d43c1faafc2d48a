import Basics
import Foundation

/// A part of an easing curve whose own curve has every control value within 0…1, as SMIL's `keySplines`
/// require (SMIL 3.0 §3.6.3: "each control point value must be in the range 0 to 1"; an engine given
/// others ignores the animation or plays it wrongly: Chromium showed an overshooting slide finished at its
/// middle).
public struct EasingPiece: Sendable, Equatable {
    /// Where the piece starts and ends in the whole curve's progress (x, time) and output (y, value).
    public var startProgress: Double
    public var endProgress: Double
    public var startOutput: Double
    public var endOutput: Double
    /// The piece's curve from its start to its end, renormalised to 0…1 both ways: exactly the whole
    /// curve's path between the two points.
    public var curve: Easing
}

extension Easing {
    /// Whether every control value lies within 0…1 (a hold and linear have none outside).
    public var isWithinUnitSquare: Bool {
        controlPoints.allSatisfy { (0...1).contains($0) }
    }

    /// The curve from progress `from` to `to` as end-to-end pieces that each fit SMIL's unit square: cut
    /// where the output turns (an overshoot's peak), then halved until each piece's control values are in
    /// range. Exact: each piece is the same cubic over a sub-range of its parameter, and a cubic's part
    /// from s = a to b has the control points B(a) + (b − a)/3 · B′(a) and B(b) − (b − a)/3 · B′(b).
    /// nil when `maximumDepth` halvings do not suffice (then the caller samples the curve).
    public func unitPieces(from: Double = 0, to: Double = 1, maximumDepth: Int = 12) -> [EasingPiece]? {
        let from = min(max(from, 0), 1), to = min(max(to, from), 1)
        guard case let .cubicBezier(x1, y1, x2, y2) = self else {
            return [EasingPiece(startProgress: from, endProgress: to, startOutput: self(from), endOutput: self(to),
                                curve: self == .hold ? .hold : .linear)]
        }
        let curve = UnitBezier(x1, y1, x2, y2)
        let start = from == 0 ? 0 : curve.parameter(forX: from)
        let end = to == 1 ? 1 : curve.parameter(forX: to)
        let cuts = [start] + curve.outputTurns.filter { $0 > start && $0 < end } + [end]
        var pieces: [EasingPiece] = []
        for (a, b) in zip(cuts, cuts.dropFirst()) {
            guard curve.split(a, b, depth: maximumDepth, into: &pieces) else { return nil }
        }
        return pieces.isEmpty ? [EasingPiece(startProgress: from, endProgress: to, startOutput: self(from), endOutput: self(to), curve: .linear)]
            : pieces
    }
}

/// A timing curve by its parameter s: its points, turns and in-range pieces.
private extension UnitBezier {
    func point(_ s: Double) -> (x: Double, y: Double) {
        (Self.coordinate(s, x1, x2), Self.coordinate(s, y1, y2))
    }

    func derivative(_ s: Double) -> (x: Double, y: Double) {
        (Self.slope(s, x1, x2), Self.slope(s, y1, y2))
    }

    /// The parameters in (0, 1) where the output stops rising or falling: roots of y′(s) =
    /// 3[y1 + (2·y2 − 4·y1)·s + (3·y1 − 3·y2 + 1)·s²].
    var outputTurns: [Double] {
        let a = 3 * y1 - 3 * y2 + 1, b = 2 * y2 - 4 * y1, c = y1
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots = [(-b - root) / (2 * a), (-b + root) / (2 * a)]
            }
        }
        return roots.filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted()
    }

    /// Appends the part from s = a to b as in-range pieces; false when `depth` halvings are not enough.
    func split(_ a: Double, _ b: Double, depth: Int, into pieces: inout [EasingPiece]) -> Bool {
        let p0 = point(a), p3 = point(b)
        let width = p3.x - p0.x
        guard width > 1e-12 else { return true }  // no time passes: nothing to play
        let d0 = derivative(a), d3 = derivative(b), third = (b - a) / 3
        let c1 = (x: p0.x + third * d0.x, y: p0.y + third * d0.y)
        let c2 = (x: p3.x - third * d3.x, y: p3.y - third * d3.y)
        let height = p3.y - p0.y
        var controls = [(c1.x - p0.x) / width, 0, (c2.x - p0.x) / width, 0]
        if abs(height) > 1e-12 {
            controls[1] = (c1.y - p0.y) / height
            controls[3] = (c2.y - p0.y) / height
        } else {
            // The output does not move on this piece (it lies between two turns, or is flat): any curve.
            controls = [0, 0, 1, 1]
        }
        let tolerance = 1e-9
        if controls.allSatisfy({ $0 >= -tolerance && $0 <= 1 + tolerance }) {
            let c = controls.map { min(max($0, 0), 1) }
            pieces.append(EasingPiece(startProgress: p0.x, endProgress: p3.x, startOutput: p0.y, endOutput: p3.y,
                                      curve: c == [0, 0, 1, 1] ? .linear : .cubicBezier(c[0], c[1], c[2], c[3])))
            return true
        }
        guard depth > 0 else { return false }
        let middle = (a + b) / 2
        return split(a, middle, depth: depth - 1, into: &pieces) && split(middle, b, depth: depth - 1, into: &pieces)
    }
}
