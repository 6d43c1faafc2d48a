import Basics
import Foundation
import Graph

extension Timeline {
    /// 1 while tab `index`'s content is scrolled more than `threshold` points down, else 0: switched where
    /// each scroll crosses it (found by bisection: a scroll is monotonic).
    public func scrolledPast(_ threshold: Double, tab index: Int) -> Track {
        let runs = scrolls.filter { $0.tab == index }
        func past(_ t: TimeInterval) -> Bool { scrollOffset(of: index, at: t) > threshold }
        var breakpoints: [TimeInterval] = []
        for (number, run) in runs.enumerated() {
            let end = min(run.end, number + 1 < runs.count ? runs[number + 1].start : .infinity)
            breakpoints += [run.start, end]
            guard past(run.start) != past(end) else { continue }
            var low = run.start, high = end
            for _ in 0..<50 where high - low > 1e-6 {
                let mid = (low + high) / 2
                if past(mid) == past(end) { high = mid } else { low = mid }
            }
            breakpoints.append(high)
        }
        return Track.steps(breakpoints, past)
    }

    /// The content's vertical move: −(the offset scrolled) over the loop; nil for a tab that never scrolls.
    public func scrollTrack(_ index: Int) -> Track? {
        let scrolls = scrolls.filter { $0.tab == index }
        guard !scrolls.isEmpty else { return nil }
        var keys = [Keyframe(0, 0)]
        for (number, scroll) in scrolls.enumerated() {
            // A scroll cut short by the next one ends where that one starts.
            let end = min(scroll.end, number + 1 < scrolls.count ? scrolls[number + 1].start : .infinity, duration)
            if scroll.fling {
                // No Bézier is an exponential: sampled, as the pill's spring (every exporter reads these keys).
                keys += Track.sampling(from: scroll.start, to: end, step: 1 / PillSpring.sampleRate, tolerance: ScrollInterval.samplingTolerance) { -scroll.offset(at: $0) }
                continue
            }
            let easing = end < scroll.end ? scroll.easing.truncated(at: (end - scroll.start) / (scroll.end - scroll.start)) : scroll.easing
            keys += [Keyframe(scroll.start, -scroll.from, easing), Keyframe(end, -scroll.offset(at: end))]
        }
        return Track(keys)
    }
}
