import Foundation

/// Numbers of any dimension: a scalar is one entry, a position two or three, a colour four, a gradient
/// `4·p + 2·q` (`g.k`).
public struct Vector: Interpolatable, Hashable {
    public var values: [Double]
    public init(_ values: [Double]) { self.values = values }
    public subscript(_ i: Int) -> Double { i < values.count ? values[i] : 0 }
    public var x: Double { self[0] }
    public var y: Double { values.count > 1 ? values[1] : values.first ?? 0 }
    public var point: Vec2 { Vec2(x, self[1]) }

    public func interpolated(to end: Vector, linear: Double, easing: KeyframeEasing, options: EvaluationOptions,
                             spatial: (Vec2?, Vec2?)) -> Vector {
        let count = min(values.count, end.values.count)
        // A position with spatial tangents moves along the curve s, s + to, e + ti, e, at constant speed
        // along it (lottie-ios measures the path's length the same way).
        if let to = spatial.0, let ti = spatial.1, count >= 2, to != .zero || ti != .zero {
            let start = point, stop = end.point
            let curve = CubicSegment(p0: start, p1: start + to, p2: stop + ti, p3: stop)
            let eased = easing.progress(linear, dimension: 0)
            let p: Vec2
            if eased <= 0 || eased >= 1 {
                p = start.lerp(stop, eased)  // overshooting easings leave the curve along its chord
            } else {
                p = curve.point(at: curve.parameter(atLength: eased * curve.length))
            }
            var out = values
            out[0] = p.x; out[1] = p.y
            for d in 2..<count { out[d] = values[d] + (end.values[d] - values[d]) * eased }
            return Vector(out)
        }
        var out = values
        var firstProgress: Double?
        for d in 0..<count {
            let progress: Double
            if options.perDimensionEasing { progress = easing.progress(linear, dimension: d) } else {
                if firstProgress == nil { firstProgress = easing.progress(linear, dimension: 0) }
                progress = firstProgress ?? linear
            }
            out[d] = values[d] + (end.values[d] - values[d]) * progress
        }
        return Vector(out)
    }
}

/// A Lottie shape value (`ks.k` of a path): vertices `v` with tangents `i`/`o` relative to them, closed `c`.
public struct ShapeValue: Interpolatable, Hashable {
    public var vertices: [Vec2]
    public var inTangents: [Vec2]
    public var outTangents: [Vec2]
    public var closed: Bool

    public var contour: BezierContour {
        BezierContour(vertices: vertices.indices.map { k in
            BezierVertex(point: vertices[k], inControl: vertices[k] + inTangents[k], outControl: vertices[k] + outTangents[k])
        }, closed: closed)
    }

    /// Vertex by vertex; shapes whose vertex counts differ jump at the end (lottie-ios does the same).
    public func interpolated(to end: ShapeValue, linear: Double, easing: KeyframeEasing, options: EvaluationOptions,
                             spatial: (Vec2?, Vec2?)) -> ShapeValue {
        let t = easing.progress(linear, dimension: 0)
        guard vertices.count == end.vertices.count else { return t < 1 ? self : end }
        func mix(_ a: [Vec2], _ b: [Vec2]) -> [Vec2] { zip(a, b).map { $0.lerp($1, t) } }
        return ShapeValue(vertices: mix(vertices, end.vertices), inTangents: mix(inTangents, end.inTangents),
                          outTangents: mix(outTangents, end.outTangents), closed: closed)
    }
}
