import Basics
import Foundation
import Graph
import Scene

extension SceneComparison {
    /// When each change shows: both pictures sampled at every frame of the clock (the longer loop at the
    /// higher rate), and a change's region differs at t when the draw commands standing in it (their
    /// centre inside it) do not draw the same in A's region as in B's.
    struct Moments {
        /// Samples at most this many moments (a frame every so often on a long loop); chosen: a 60 s loop at 20 fps.
        static let maximumSamples = 1_200
        let times: [TimeInterval]
        let duration: TimeInterval
        private let a: Animation
        private let b: Animation

        init(_ a: Animation, _ b: Animation, duration: TimeInterval, fps: Double) {
            let frames = max(1, Int((duration * fps).rounded(.up)))
            let stride = max(1, (frames + Self.maximumSamples - 1) / Self.maximumSamples)
            times = Swift.stride(from: 0, to: frames, by: stride).map { Double($0) / fps }
            self.duration = duration
            self.a = a
            self.b = b
        }

        /// `changes` with the stretches of the clock where each one's regions differ. Each moment is
        /// sampled once for every change, and let go before the next.
        func marking(_ changes: [Change]) -> [Change] {
            var flags = [[Bool]](repeating: [], count: changes.count)
            for t in times {
                let (sampleA, sampleB) = (a.graph.sample(at: t), b.graph.sample(at: t))
                for (index, change) in changes.enumerated() {
                    let inA = change.regionA.map { Self.standing(in: $0, sampleA) } ?? []
                    let inB = change.regionB.map { Self.standing(in: $0, sampleB) } ?? []
                    flags[index].append(!Self.same(inA, change.regionA, inB, change.regionB))
                }
            }
            return zip(changes, flags).map { change, flags in
                var change = change
                change.differs = intervals(flags)
                return change
            }
        }

        /// Runs of true as intervals: a sample's moment to the next's (the last to the clock's end).
        private func intervals(_ flags: [Bool]) -> [Interval] {
            var result: [Interval] = []
            for (index, flag) in flags.enumerated() where flag {
                let end = index + 1 < times.count ? times[index + 1] : duration
                if let last = result.last, last.end == times[index] {
                    result[result.count - 1].end = end
                } else {
                    result.append(Interval(start: times[index], end: end))
                }
            }
            return result
        }

        /// The commands whose centre is inside `region` (screen points).
        static func standing(in region: Rect, _ commands: [DrawCommand]) -> [DrawCommand] {
            commands.filter { region.contains($0.transform.apply(center(of: $0.primitive))) }
        }

        /// Two regions draw the same when their commands do once each is moved to the other's place.
        static func same(_ a: [DrawCommand], _ regionA: Rect?, _ b: [DrawCommand], _ regionB: Rect?) -> Bool {
            guard let regionA, let regionB else { return a.isEmpty && b.isEmpty }
            let dx = regionA.minX - regionB.minX, dy = regionA.minY - regionB.minY
            let moved = b.map { command in
                var command = command
                command.transform = Affine.translation(dx, dy).concatenating(command.transform)
                command.clips = []
                return command
            }
            let unclipped = a.map { command in
                var command = command
                command.clips = []
                return command
            }
            return unclipped.drawsTheSame(as: moved)
        }

        static func center(of primitive: DrawCommand.Primitive) -> Point {
            switch primitive {
            case .shape(let shape): return shape.frame.center
            case .text(let text): return Point(x: text.baseline.x, y: text.baseline.y - text.fontSize / 3)
            case .image(let image): return image.frame.center
            case .frame(let sequence, _): return sequence.frame.center
            case .shadow(let shadow): return shadow.frame.center
            case .backdrop(let backdrop, _): return backdrop.frame.center
            }
        }
    }
}
