import Foundation

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
