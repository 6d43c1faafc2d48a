import Foundation
import Graph
import LottieEngine
import Scene

/// Where a Lottie clip's frames fall in the scene's loop: the clip's playhead (`FrameSequence.playhead`)
/// cut into pieces over which the shown frame holds or runs forwards at the file's own rate, so that a
/// property keyed in the file's frames becomes a `Track` in the loop's seconds with the file's own curves
/// (an affine change of time keeps a timing curve as it is). Before a play and after it the frame holds
/// (the first frame, or the out point, where the playhead is clamped: `FrameSequence.playhead(at:)`); a
/// tap that plays the clip again jumps back to its in point.
struct LottieTimeline {
    /// One stretch of the loop: from `start` to `end` seconds the frame goes from `from` to `to`, linearly
    /// (the same frame when it holds).
    struct Piece {
        var start: TimeInterval, end: TimeInterval
        var from: Double, to: Double

        func time(ofFrame f: Double) -> TimeInterval {
            to == from ? start : start + (f - from) / (to - from) * (end - start)
        }
    }

    let pieces: [Piece]
    /// The clip's in point and out point (its own frames).
    let inPoint: Double
    let outPoint: Double

    /// `nil` when the playhead moves other than linearly (the scene never keys it so).
    init?(_ sequence: FrameSequence, inPoint: Double, outPoint: Double, duration: TimeInterval) {
        self.inPoint = inPoint
        self.outPoint = outPoint
        let span = max(outPoint - inPoint, 0)
        let keys = sequence.playhead.keyframes
        func clamped(_ p: Double) -> Double { inPoint + min(max(p, 0), span) }
        var pieces: [Piece] = []
        if let first = keys.first, first.time > 0 {
            pieces.append(Piece(start: 0, end: min(first.time, duration), from: clamped(first.value), to: clamped(first.value)))
        }
        for (k, key) in keys.enumerated() where key.time < duration {
            let next = k + 1 < keys.count ? keys[k + 1] : nil
            let end = min(next?.time ?? duration, duration)
            guard end > key.time else { continue }
            guard let next, next.value != key.value, key.easing != .hold else {
                pieces.append(Piece(start: max(key.time, 0), end: end, from: clamped(key.value), to: clamped(key.value)))
                continue
            }
            guard key.easing == .linear, next.value > key.value else { return nil }
            // p(t) = v0 + rate·(t − t0), clamped to the clip's frames: runs from where it enters them to where it leaves.
            let rate = (next.value - key.value) / (next.time - key.time)
            let enter = key.time + max(0 - key.value, 0) / rate
            let leave = key.time + (span - key.value) / rate
            let runStart = max(key.time, min(enter, end)), runEnd = max(runStart, min(leave, end))
            if runStart > key.time { pieces.append(Piece(start: key.time, end: runStart, from: inPoint, to: inPoint)) }
            if runEnd > runStart {
                let p0 = key.value + rate * (runStart - key.time), p1 = key.value + rate * (runEnd - key.time)
                pieces.append(Piece(start: runStart, end: runEnd, from: clamped(p0), to: clamped(p1)))
            }
            if end > runEnd { pieces.append(Piece(start: runEnd, end: end, from: clamped(span), to: clamped(span))) }
        }
        if pieces.isEmpty { pieces = [Piece(start: 0, end: duration, from: inPoint, to: inPoint)] }
        self.pieces = pieces
    }

    /// `track` (keyed in the clip's frames) over the loop, in seconds. Each curve that a piece plays part
    /// of keeps exactly that part (`Easing.unitPieces`, already in SMIL's range); one that cannot be cut so
    /// is sampled every half frame, straight between the samples.
    func sceneTrack(_ track: Track) -> Track {
        var out: [Graph.Keyframe] = []
        func add(_ t: TimeInterval, _ v: Double, _ e: Easing) {
            let time = max(t, out.last?.time ?? 0)
            if let last = out.last, last.time == time, last.value == v { out[out.count - 1].easing = e; return }
            out.append(Graph.Keyframe(time, v, e))
        }
        let keys = track.keyframes
        for piece in pieces {
            guard piece.to > piece.from else {
                add(piece.start, track.value(at: piece.from), .hold)
                continue
            }
            let inside = keys.map(\.time).filter { $0 > piece.from && $0 < piece.to }
            let cuts = [piece.from] + inside + [piece.to]
            for (g0, g1) in zip(cuts, cuts.dropFirst()) where g1 > g0 {
                guard let j = keys.lastIndex(where: { $0.time <= g0 }), j + 1 < keys.count,
                      keys[j].easing != .hold, keys[j].value != keys[j + 1].value, keys[j + 1].time > keys[j].time else {
                    add(piece.time(ofFrame: g0), track.value(at: g0), .hold)
                    continue
                }
                let key = keys[j], next = keys[j + 1], span = next.time - key.time
                let from = (g0 - key.time) / span, to = (g1 - key.time) / span
                if let parts = key.easing.unitPieces(from: from, to: to) {
                    for part in parts {
                        add(piece.time(ofFrame: key.time + part.startProgress * span), key.value + (next.value - key.value) * part.startOutput, part.curve)
                    }
                } else {
                    var g = g0
                    while g < g1 - 1e-9 {
                        add(piece.time(ofFrame: g), track.value(at: g), .linear)
                        g += 0.5
                    }
                }
                // The end of this part of the curve (its left limit: a jump at g1 follows).
                add(piece.time(ofFrame: g1), key.value + (next.value - key.value) * key.easing(to), .hold)
            }
            add(piece.end, track.value(at: piece.to), .hold)
        }
        return Track(out.isEmpty ? [Graph.Keyframe(0, track.value(at: inPoint))] : Self.withoutFlatKeys(out))
    }

    /// Drops each keyframe whose neighbours both hold its value (the curves on either side are flat
    /// whatever they are), so that a clip resting between plays costs no key.
    static func withoutFlatKeys(_ keys: [Graph.Keyframe]) -> [Graph.Keyframe] {
        var out: [Graph.Keyframe] = []
        for (k, key) in keys.enumerated() {
            if let last = out.last, k + 1 < keys.count, last.value == key.value, keys[k + 1].value == key.value { continue }
            out.append(key)
        }
        return out
    }
}

/// A property of a Lottie file as `Track`s in the file's frames, one per dimension, with the file's own
/// curves: `o`/`i` of each keyframe (the first entry's curve for every dimension, as the engine plays by
/// default), a hold where `h` is 1, an old exporter's end value `e` reached at the next keyframe, then a
/// jump. `nil` for what no one curve describes (a position moving along a path with spatial tangents).
enum LottieTracks {
    static func tracks(_ property: Animated<Vector>, dimensions: Int, scale: Double = 1, offset: Double = 0) -> [Track]? {
        switch property {
        case .fixed(let v):
            return (0..<dimensions).map { .constant(v[$0] * scale + offset) }
        case .keyframed(let keys):
            if dimensions >= 2, keys.contains(where: { ($0.spatialOut ?? .zero) != .zero || ($0.spatialIn ?? .zero) != .zero }) { return nil }
            return (0..<dimensions).map { d in
                var out: [Graph.Keyframe] = []
                for (k, key) in keys.enumerated() {
                    let next = k + 1 < keys.count ? keys[k + 1] : nil
                    out.append(Graph.Keyframe(key.time, key.value[d] * scale + offset, easing(key)))
                    if let next, let end = key.endValue, end != next.value, !key.hold {
                        out.append(Graph.Keyframe(next.time, end[d] * scale + offset))
                    }
                }
                return Track(out)
            }
        }
    }

    /// A keyframe's curve as the scene's `Easing`.
    static func easing(_ key: LottieEngine.Keyframe<Vector>) -> Easing {
        if key.hold { return .hold }
        let c = key.easing.curve()
        return c.x1 == c.y1 && c.x2 == c.y2 ? .linear : .cubicBezier(c.x1, c.y1, c.x2, c.y2)
    }

    /// `f` sampled every half frame from `start` to `end`, straight between the samples.
    static func sampled(from start: Double, to end: Double, _ f: (Double) -> Double) -> Track {
        var keys: [Graph.Keyframe] = []
        var g = start
        while g < end - 1e-9 {
            keys.append(Graph.Keyframe(g, f(g), .linear))
            g += 0.5
        }
        keys.append(Graph.Keyframe(end, f(end)))
        return Track(keys)
    }
}
