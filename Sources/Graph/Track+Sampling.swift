import Basics
import Foundation

extension Track {
    /// Keyframes that follow `f` from `start` to `end` within `tolerance`: `f` sampled every `step` seconds
    /// (and at `end`), joined by straight lines, keeping only the samples a straight line between its kept
    /// neighbours would miss by more than `tolerance`. The first keyframe is at `start`, the last at `end`
    /// with `f(end)`; every keyframe but the last is linear. For motion no curve of `Easing` describes (a
    /// spring): raster exporters and the SVG read the same keyframes, so they agree by construction.
    package static func sampling(from start: TimeInterval, to end: TimeInterval, step: TimeInterval, tolerance: Double,
                         _ f: (TimeInterval) -> Double) -> [Keyframe] {
        guard end > start, step > 0 else { return [Keyframe(start, f(start))] }
        let count = Int(((end - start) / step).rounded(.up))
        // Sample k at start + k · step (never a running sum), the last at `end` exactly.
        let times = (0...count).map { k in k == count ? end : start + Double(k) * step }
        let values = times.map(f)
        var kept = [0]
        var anchor = 0
        var candidate = 1
        while candidate < times.count {
            // Can the line from the anchor to candidate + 1 still stand for every sample between them?
            let next = candidate + 1
            if next < times.count, Self.line(from: anchor, to: next, times, values, within: tolerance) {
                candidate = next
                continue
            }
            kept.append(candidate)
            anchor = candidate
            candidate += 1
        }
        return kept.enumerated().map { number, index in
            Keyframe(times[index], values[index], number == kept.count - 1 ? .hold : .linear)
        }
    }

    private static func line(from a: Int, to b: Int, _ times: [TimeInterval], _ values: [Double], within tolerance: Double) -> Bool {
        let span = times[b] - times[a]
        guard span > 0 else { return false }
        for k in (a + 1)..<b {
            let expected = values[a] + (values[b] - values[a]) * (times[k] - times[a]) / span
            if abs(expected - values[k]) > tolerance { return false }
        }
        return true
    }
}
