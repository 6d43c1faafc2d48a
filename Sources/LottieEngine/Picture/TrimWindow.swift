import Foundation

/// What a trim path (`tm`) keeps of one contour, as a dash: with the contour's length counted as
/// `pathLength`, the positions x kept are those where (x + `dashOffset`) mod 1 lies in 0 ..< `length`.
/// That is SVG's `pathLength`, `stroke-dasharray="length 1−length"` and `stroke-dashoffset`, so the SVG
/// writer can move a trim on the file's own keyframes (issue 37). The engine's pictures cut the path
/// instead (`PathTrimmer`); windows appear only with `EvaluationOptions.trimsAsDashes`.
public struct TrimWindow: Sendable, Hashable {
    /// The contour's share of the length the trim runs along (1 for a path trimmed on its own).
    public var pathLength: Double
    /// The kept fraction, 0…1 (`e` − `s`, clamped as `PathTrimmer` clamps them).
    public var length: Double
    /// Where the kept part starts, negated: the contour's start along the trimmed length minus (`s` + `o`),
    /// not wrapped (the pattern repeats every 1), so that it moves on the keyframes' own curves.
    public var dashOffset: Double

    public init(pathLength: Double, length: Double, dashOffset: Double) {
        self.pathLength = pathLength; self.length = length; self.dashOffset = dashOffset
    }
}

extension PathTrimmer {
    /// The windows of `paths`' contours (one array per path, one window per contour), measured as
    /// `trimEach` (each path on its own) or `trimTogether` (all as one long path) cut them; `nil` when a
    /// path has no length to share out.
    func windows(_ paths: [BezierPath], together: Bool) -> [[TrimWindow]]? {
        var s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        if s > e { swap(&s, &e) }
        let kept = e - s >= 1 - 1e-9 ? 1 : (e - s <= 1e-9 ? 0 : e - s)
        let lengths = paths.map { $0.contours.map(\.length) }
        let totals = lengths.map { $0.reduce(0, +) }
        let whole = totals.reduce(0, +)
        guard together ? whole > 0 : totals.allSatisfy({ $0 > 0 }) else { return nil }
        var before = 0.0
        return lengths.indices.map { n in
            let span = together ? whole : totals[n]
            if !together { before = 0 }
            return lengths[n].map { length in
                defer { before += length }
                return TrimWindow(pathLength: length / span, length: kept, dashOffset: before / span - (s + offset))
            }
        }
    }
}
