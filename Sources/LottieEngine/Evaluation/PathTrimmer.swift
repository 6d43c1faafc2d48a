import Foundation

/// Trim paths (`tm`): keeps the part of each path between `start` and `end` of its length, shifted by
/// `offset` turns, wrapping round past the end as After Effects does.
struct PathTrimmer {
    /// Fractions of the length, 0…1 (the file's `s`, `e` percent / 100 and `o` degrees / 360).
    var start: Double
    var end: Double
    var offset: Double

    /// The ranges kept, as fractions 0…1: one, or two when the range wraps round the end; `nil` keeps all.
    var ranges: [(Double, Double)]? {
        var s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        if s > e { swap(&s, &e) }
        if e - s >= 1 - 1e-9 { return nil }
        if e - s <= 1e-9 { return [] }
        var a = s + offset, b = e + offset
        let shift = a.rounded(.down)
        a -= shift; b -= shift
        return b <= 1 ? [(a, b)] : [(a, 1), (0, b - 1)]
    }

    /// Each path trimmed on its own (`m` 1, simultaneously).
    func trimEach(_ paths: [BezierPath]) -> [BezierPath] {
        guard let ranges else { return paths }
        return paths.map { path in
            let lengths = Self.segmentLengths(path)
            let total = lengths.joined().reduce(0, +)
            return BezierPath(ranges.flatMap { Self.cut(path, lengths, from: $0.0 * total, to: $0.1 * total) })
        }
    }

    /// The paths trimmed as one long path, one after another (`m` 2, individually).
    func trimTogether(_ paths: [BezierPath]) -> [BezierPath] {
        guard let ranges else { return paths }
        let lengths = paths.map(Self.segmentLengths)
        let totals = lengths.map { $0.joined().reduce(0, +) }
        let whole = totals.reduce(0, +)
        var before = 0.0
        return paths.indices.map { n in
            defer { before += totals[n] }
            return BezierPath(ranges.flatMap { range in
                Self.cut(paths[n], lengths[n], from: range.0 * whole - before, to: range.1 * whole - before)
            })
        }
    }

    static func segmentLengths(_ path: BezierPath) -> [[Double]] {
        path.contours.map { c in (0..<c.segmentCount).map { c.segment($0).length } }
    }

    /// The contours' pieces between arc lengths `from` and `to`, measured along the contours one after another.
    static func cut(_ path: BezierPath, _ lengths: [[Double]], from: Double, to: Double) -> [BezierContour] {
        guard to > from else { return [] }
        var pieces: [BezierContour] = []
        var position = 0.0
        for (n, contour) in path.contours.enumerated() {
            var current: [BezierVertex] = []
            for k in 0..<contour.segmentCount {
                let length = lengths[n][k], a = position, b = position + length
                position = b
                guard b > from, a < to, length > 0 else { continue }
                let t0 = max(0, (from - a) / length), t1 = min(1, (to - a) / length)
                let segment = contour.segment(k)
                // Whole segments (most of a long path) are kept as they are, without searching their parameters.
                let p0 = t0 > 0 ? segment.parameter(atLength: t0 * length) : 0
                let p1 = t1 < 1 ? segment.parameter(atLength: t1 * length) : 1
                let piece = p0 == 0 && p1 == 1 ? segment : segment.sub(from: p0, to: p1)
                if current.isEmpty {
                    current.append(BezierVertex(point: piece.p0, inControl: piece.p0, outControl: piece.p1))
                } else {
                    current[current.count - 1].outControl = piece.p1
                }
                current.append(BezierVertex(point: piece.p3, inControl: piece.p2, outControl: piece.p3))
            }
            if !current.isEmpty { pieces.append(BezierContour(vertices: current, closed: false)) }
        }
        return pieces
    }
}

/// Round corners (`rd`): each sharp vertex (no tangents) becomes a curve starting `radius` before it and
/// ending `radius` after it (at most half of either edge), as lottie-web's `RoundCornersModifier`.
enum CornerRounder {
    static func round(_ path: BezierPath, radius: Double) -> BezierPath {
        guard radius > 0 else { return path }
        return BezierPath(path.contours.map { round($0, radius: radius) })
    }

    static func round(_ contour: BezierContour, radius: Double) -> BezierContour {
        let v = contour.vertices, n = v.count
        guard n >= 2 else { return contour }
        var out: [BezierVertex] = []
        for k in 0..<n {
            let vertex = v[k]
            let sharp = vertex.inControl == vertex.point && vertex.outControl == vertex.point
            let isEnd = !contour.closed && (k == 0 || k == n - 1)
            guard sharp, !isEnd else { out.append(vertex); continue }
            let previous = v[(k + n - 1) % n].point, next = v[(k + 1) % n].point
            let toPrevious = previous - vertex.point, toNext = next - vertex.point
            let lp = toPrevious.length, ln = toNext.length
            guard lp > 0, ln > 0 else { out.append(vertex); continue }
            let a = vertex.point + toPrevious * (min(radius, lp / 2) / lp)
            let b = vertex.point + toNext * (min(radius, ln / 2) / ln)
            let c = ShapeGeometry.kappa  // a quarter circle when the corner is square
            out.append(BezierVertex(point: a, inControl: a, outControl: a + (vertex.point - a) * c))
            out.append(BezierVertex(point: b, inControl: b + (vertex.point - b) * c, outControl: b))
        }
        return BezierContour(vertices: out, closed: contour.closed)
    }
}
