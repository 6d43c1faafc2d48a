import Drawing
import Foundation
import Graph
import Outputs
import Scene
import enum Basics.SVGNumber

/// The tracks of one animated property over one loop, written the way SMIL animates: `keyTimes` (fractions
/// of the loop), `values` (one number per track at each key time), and per segment a `keySplines` curve.
/// Jumps become zero-length segments (equal key times). Properties that only ever hold their values become
/// `calcMode="discrete"`.
///
/// Every curve plays exactly in every engine: a curve whose control values leave 0…1 (an overshoot), which
/// SMIL forbids, is written as the in-range pieces it splits into (`Easing.unitPieces`), each its own
/// segment; a curve that cannot be split that way, or tracks of one property keyed differently, are
/// sampled at the frame rate (linear between the samples, exact at every frame).
struct SMILAnimation: Equatable {
    enum CalcMode: String { case discrete, spline }

    var calcMode: CalcMode
    var keyTimes: [Double]
    /// One entry per key time, each with one value per track.
    var values: [[Double]]
    /// One per segment, for `calcMode="spline"`; every control value within 0…1.
    var keySplines: [Easing]

    /// `nil` when the tracks do not change within `0 ..< duration`. `frameRate` is where sampling, when
    /// needed, takes its values.
    init?(_ tracks: [Track], duration: TimeInterval, frameRate: Double) {
        precondition(!tracks.isEmpty, "an animation has at least one track")
        let times = Array(Set(tracks.flatMap { $0.keyframes.map(\.time) }.filter { $0 > 0 && $0 < duration })).sorted()
        func values(at t: TimeInterval) -> [Double] { tracks.map { $0.value(at: t) } }
        let holdsOnly = tracks.allSatisfy { track in
            zip(track.keyframes, track.keyframes.dropFirst()).allSatisfy { $0.easing == .hold || $0.value == $1.value }
        }
        if holdsOnly {
            var keyTimes = [0.0], keyValues = [values(at: 0)]
            for t in times where values(at: t) != keyValues.last {
                keyTimes.append(t / duration)
                keyValues.append(values(at: t))
            }
            guard keyValues.count > 1 else { return nil }
            self.init(calcMode: .discrete, keyTimes: keyTimes, values: keyValues, keySplines: [])
            return
        }
        var builder = SplineBuilder(duration: duration, first: values(at: 0))
        var start = 0.0
        for end in times + [duration] {
            builder.segment(tracks.map { Span($0, from: start, to: end) }, from: start, to: end, frameRate: frameRate)
            let after = values(at: end)
            if end < duration, after != builder.values.last {  // a jump: zero-length segment
                builder.append(time: end, after, .linear)
            }
            start = end
        }
        guard Set(builder.values).count > 1 else { return nil }
        self.init(calcMode: .spline, keyTimes: builder.keyTimes, values: builder.values, keySplines: builder.splines)
    }

    init(calcMode: CalcMode, keyTimes: [Double], values: [[Double]], keySplines: [Easing]) {
        self.calcMode = calcMode
        self.keyTimes = keyTimes
        self.values = values
        self.keySplines = keySplines
    }

    /// Rounded down to the microsecond of the loop: a state change written a hair late would show the state
    /// before an event at the event's own time, where tabanim's frames (right-continuous) show the state after.
    var keyTimesAttribute: String { keyTimes.map { SVGNumber.time(($0 * 1_000_000).rounded(.down) / 1_000_000) }.joined(separator: ";") }

    var keySplinesAttribute: String {
        keySplines.map { $0.controlPoints.map { SVGNumber.time($0) }.joined(separator: " ") }.joined(separator: ";")
    }
}

/// What one track does between two neighbouring key times of its property: holds a value, or moves from
/// one keyframe to the next on a curve, of which the segment plays progress `from` to `to`.
private struct Span {
    var constant: Double?
    var key = Keyframe(0, 0)
    var next = Keyframe(0, 0)
    var from = 0.0
    var to = 1.0

    init(_ track: Track, from start: TimeInterval, to end: TimeInterval) {
        let keys = track.keyframes
        guard let index = keys.lastIndex(where: { $0.time <= start }), index + 1 < keys.count,
              keys[index].easing != .hold, keys[index].value != keys[index + 1].value else {
            constant = track.value(at: start)
            return
        }
        key = keys[index]
        next = keys[index + 1]
        let span = next.time - key.time
        from = (start - key.time) / span
        to = min((end - key.time) / span, 1)
    }

    /// Whether two moving spans follow one curve over the same progress, so one spline serves both.
    func movesLike(_ other: Span) -> Bool {
        key.time == other.key.time && next.time == other.next.time && key.easing == other.key.easing
    }

    /// The track's value where the curve's output is `output` (a constant span ignores it).
    func value(output: Double) -> Double {
        constant ?? key.value + (next.value - key.value) * output
    }
}

/// Key times, values and splines, appended segment by segment.
private struct SplineBuilder {
    let duration: TimeInterval
    var keyTimes = [0.0]
    var values: [[Double]]
    var splines: [Easing] = []

    init(duration: TimeInterval, first: [Double]) {
        self.duration = duration
        values = [first]
    }

    mutating func append(time: TimeInterval, _ value: [Double], _ curve: Easing) {
        keyTimes.append(time / duration)
        values.append(value)
        splines.append(curve == .hold ? .linear : curve)
    }

    /// The segment from `start` to `end`: one spline when every moving track follows one in-range curve,
    /// the curve's in-range pieces when it overshoots, else values sampled at each frame.
    mutating func segment(_ spans: [Span], from start: TimeInterval, to end: TimeInterval, frameRate: Double) {
        let moving = spans.filter { $0.constant == nil }
        guard let lead = moving.first else {
            append(time: end, spans.map { $0.value(output: 0) }, .linear)
            return
        }
        if moving.allSatisfy({ $0.movesLike(lead) }),
           let pieces = lead.key.easing.unitPieces(from: lead.from, to: lead.to) {
            let span = lead.next.time - lead.key.time
            for piece in pieces {
                let t = piece.endProgress >= lead.to ? end : min(lead.key.time + piece.endProgress * span, end)
                append(time: t, spans.map { $0.value(output: piece.endOutput) }, piece.curve)
            }
            return
        }
        // Sampled: exact at every frame time, straight between them.
        // Frame k is at k / fps, never a running sum.
        var frame = (start * frameRate).rounded(.down) + 1
        while frame / frameRate < end - 1e-9 {
            append(time: frame / frameRate, spans.map { $0.sampled(at: frame / frameRate) }, .linear)
            frame += 1
        }
        append(time: end, spans.map { $0.sampled(at: end) }, .linear)
    }
}

private extension Span {
    /// The value at time `t` within the span's segment, the end included (before any jump there).
    func sampled(at t: TimeInterval) -> Double {
        if let constant { return constant }
        let p = min(max((t - key.time) / (next.time - key.time), 0), 1)
        return key.value + (next.value - key.value) * key.easing(p)
    }
}
