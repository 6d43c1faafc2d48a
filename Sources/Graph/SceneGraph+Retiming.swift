import Basics
import Foundation

extension SceneGraph {
    /// A part of the animation played at another speed: output time u shows what the whole loop shows at
    /// `start + u · speed` (speed 0.5 is slow motion), for a new loop of `duration` seconds. Every track is
    /// re-keyed, so raster exporters and the SVG's SMIL play the cut exactly as they play a whole loop.
    /// A pure function of the graph, like `sample(at:)`: `retimed(…).sample(at: u) == sample(at: start + u · speed)`.
    package func retimed(start: TimeInterval, speed: Double, duration: TimeInterval) -> SceneGraph {
        precondition(speed > 0, "speed must be positive")
        var graph = self
        graph.root = root.retimed(start: start, speed: speed)
        graph.duration = duration
        return graph
    }
}

extension Group {
    func retimed(start: TimeInterval, speed: Double) -> Group {
        var group = self
        group.motion = motion.map { $0.retimed(start: start, speed: speed) }
        group.children = children.map { child in
            switch child {
            case .group(let nested): return .group(nested.retimed(start: start, speed: speed))
            case .sequence(var sequence):
                sequence.playhead = sequence.playhead.retimed(start: start, speed: speed)
                return .sequence(sequence)
            case .backdrop(var backdrop):
                backdrop.source = backdrop.source.retimed(start: start, speed: speed)
                return .backdrop(backdrop)
            case .shape, .text, .image, .shadow: return child
            }
        }
        return group
    }
}

extension Motion {
    func retimed(start: TimeInterval, speed: Double) -> Motion {
        func cut(_ track: Track) -> Track { track.retimed(start: start, speed: speed) }
        switch self {
        case .translation(let x, let y): return .translation(x: cut(x), y: cut(y))
        case .rotation(let degrees, let center): return .rotation(degrees: cut(degrees), center: center)
        case .scale(let x, let y, let center): return .scale(x: cut(x), y: cut(y), center: center)
        case .opacity(let track): return .opacity(cut(track))
        }
    }
}

extension Track {
    /// The track seen from `start` on at `speed`: value(at: u) of the result is value(at: start + u · speed).
    /// Keyframes before `start` are dropped; a segment that `start` cuts keeps the rest of its curve exactly.
    public func retimed(start: TimeInterval, speed: Double) -> Track {
        let moved = { (key: Keyframe) in Keyframe((key.time - start) / speed, key.value, key.easing) }
        guard let current = keyframes.lastIndex(where: { $0.time <= start }) else {
            // Everything happens after `start`; before its first keyframe a track holds the first value.
            return Track(keyframes.map(moved))
        }
        let key = keyframes[current]
        var easing = key.easing
        if current + 1 < keyframes.count, key.time < start {
            let next = keyframes[current + 1]
            easing = key.easing.remainder(after: (start - key.time) / (next.time - key.time))
        }
        return Track([Keyframe(0, value(at: start), easing)] + keyframes[(current + 1)...].map(moved))
    }
}

extension Easing {
    /// The part of this curve from progress `p` to 1, stretched to fill 0…1 again: what is left of a segment
    /// that a cut starts in the middle of. For a cubic Bézier this is the second half of de Casteljau's split
    /// at the parameter where x = p, renormalised; overshooting curves included. Where the curve is back at
    /// its end value at `p` (only overshooting curves can be), no renormalised curve exists and the rest is
    /// taken as linear.
    public func remainder(after p: Double) -> Easing {
        guard case let .cubicBezier(x1, y1, x2, y2) = self, p > 0, p < 1 else { return self }
        guard let rest = UnitBezier(x1, y1, x2, y2).suffix(fromX: p) else { return .linear }
        return .cubicBezier(rest.x1, rest.y1, rest.x2, rest.y2)
    }
}
