import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import SceneTimeline
import Spec

/// iOS 26's floating glass bar (`tabBar.style: "glass"`): the capsule, what shows through it, and the
/// selection pill that moves between the items' cells on a spring. Numbers: UIKIT-2026.md and `GlassMaterial`.
extension SceneGraphBuilder {
    /// The pill's spring: SwiftUI's and UIKit's default, `Animation.spring(duration: 0.5, bounce: 0)` and
    /// `UIView.animate(springDuration: 0.5, bounce: 0)` (Apple's documented defaults), which is a critically
    /// damped spring of angular frequency ω = 2π / 0.5 s. UIKit does not publish the glass bar's own; the
    /// default is what an app's own selection indicator gets, it settles without overshoot (as the
    /// screenshots' pill, never seen past a cell), and it reaches 99 % of the way in 0.53 s, about the slide's
    /// 0.3 s plus the pill's visible glide. A new selection retargets it from where it is, keeping its
    /// speed, as SwiftUI's springs do.
    static let pillSpringDuration = 0.5
    /// Samples per second of the spring's keyframes, and how far (in points) a straight line between two of
    /// them may stray from the spring: both exporters draw these same keyframes.
    static let springSampleRate = 240.0
    static let pillTolerance = 0.02

    /// Behind the items: the shadow, the rim, the content seen through the glass, the selection pill.
    func glassBackground(_ material: GlassMaterial, capsule: Rect, contents: Group) -> [Node] {
        // The shadow, the ~1 pt rim (the capsule in the rim's colour, its inside covered by the glass 1 pt
        // in), and the glass.
        var nodes = platter(material, capsule, contents)
        if let cell = layout.items[safe: pillStart]?.frame {
            let start = cell.center.x
            let motion = pillTrack { $0 - start }
            let widths = Set(capsuleCells.map(\.width))
            var pill = widths.count > 1 ? sizedPill(cell, fill: material.pill)
                : Group(name: "selection-pill", children: [
                    .shape(Shape(frame: cell, cornerRadius: cell.height / 2, fill: material.pill)),
                ], motion: motion.isConstant ? [] : [.translation(x: motion)])
            if let gate = capsuleSelected { pill.motion.insert(.opacity(gate), at: 0) }
            nodes.append(.group(pill))
        }
        return nodes
    }

    /// The cells of the items in the capsule (not the one apart): where the pill can rest.
    private var capsuleCells: [Rect] {
        layout.items.indices.filter { $0 != layout.detached }.map { layout.items[$0].frame }
    }

    /// The item the pill starts on: the one selected, or the first in the capsule when the one apart is.
    private var pillStart: Int {
        let first = timeline.selection[0].index
        return first == layout.detached ? (layout.items.indices.first { $0 != layout.detached } ?? first) : first
    }

    /// 1 while an item in the capsule is selected, 0 while the item apart is (the pill waits where it was,
    /// unseen); nil without an item apart.
    var capsuleSelected: Track? {
        guard let apart = layout.detached else { return nil }
        return stepTrack(timeline.selection.map(\.time)) { timeline.selectedIndex(at: $0) != apart }
    }

    /// The pill of a bar whose cells differ in width (the iPad's top bar, each cell its title + 32.25 pt):
    /// its centre on the spring, its width passing linearly from cell to cell with its centre. Drawn as two
    /// round ends, each moved by its edge's track, and the middle between their centres, moved with the
    /// left one and stretched from there (a stretched capsule would flatten its ends).
    private func sizedPill(_ cell: Rect, fill: Color) -> Group {
        let cells = capsuleCells.sorted { $0.center.x < $1.center.x }
        func width(at x: Double) -> Double {
            guard let first = cells.first, let last = cells.last else { return cell.width }
            if x <= first.center.x { return first.width }
            if x >= last.center.x { return last.width }
            for (a, b) in zip(cells, cells.dropFirst()) where x <= b.center.x {
                let f = (x - a.center.x) / max(b.center.x - a.center.x, 1e-9)
                return a.width + (b.width - a.width) * f
            }
            return last.width
        }
        let radius = cell.height / 2
        let left = pillTrack { x in x - width(at: x) / 2 - cell.minX }
        let right = pillTrack { x in x + width(at: x) / 2 - cell.maxX }
        let middleWidth = max(cell.width - 2 * radius, 0.01)
        let stretch = pillTrack { x in max(width(at: x) - 2 * radius, 0.01) / middleWidth }
        func moved(_ track: Track, _ node: Node) -> Node {
            .group(Group(name: "selection-pill-part", children: [node], motion: track.isConstant ? [] : [.translation(x: track)]))
        }
        let end = Size(width: cell.height, height: cell.height)
        let middle = Group(name: "selection-pill-middle", children: [
            .shape(Shape(frame: Rect(x: cell.minX + radius, y: cell.minY, width: middleWidth, height: cell.height), fill: fill)),
        ], motion: stretch.isConstant ? [] : [.scale(x: stretch, y: Track(stretch.keyframes.map { Keyframe($0.time, 1, $0.easing) }), center: Point(x: cell.minX + radius, y: cell.center.y))])
        return Group(name: "selection-pill", children: [
            moved(left, .shape(Shape(frame: Rect(x: cell.minX, y: cell.minY, width: end.width, height: end.height), cornerRadius: radius, fill: fill))),
            moved(right, .shape(Shape(frame: Rect(x: cell.maxX - cell.height, y: cell.minY, width: end.width, height: end.height), cornerRadius: radius, fill: fill))),
            moved(left, .group(middle)),
        ])
    }

    /// How selected item `index` looks at each moment, 0…1: 1 − (the pill's distance from its cell) / the
    /// pitch between cells, so an icon and title change colour as the pill passes over them.
    func glassSelection(_ index: Int) -> Track {
        let cells = capsuleCells.map(\.center.x).sorted()
        guard cells.count > 1 else { return .constant(1) }
        let centre = layout.items[index].frame.center.x
        let pitch = cells[1] - cells[0]
        return pillTrack(tolerance: 0.002) { x in min(max(1 - abs(x - centre) / pitch, 0), 1) }
    }

    // MARK: - The pill's spring

    /// One stretch of the pill's motion from a selection change (or the start) to the next: x(τ) =
    /// target + (a + b·τ)·e^(−ωτ), τ seconds after `start`.
    private struct SpringSegment {
        var start: TimeInterval
        var target: Double
        var a: Double
        var b: Double

        static let omega = 2 * Double.pi / SceneGraphBuilder.pillSpringDuration

        func position(at t: TimeInterval) -> Double {
            let tau = max(t - start, 0)
            return target + (a + b * tau) * exp(-Self.omega * tau)
        }

        func velocity(at t: TimeInterval) -> Double {
            let tau = max(t - start, 0)
            return (b - Self.omega * (a + b * tau)) * exp(-Self.omega * tau)
        }

        /// When it is within 0.005 pt of its target for good (at most 3 s on).
        var settled: TimeInterval {
            var tau = 0.0
            while tau < 3, (abs(a) + abs(b) * tau) * exp(-Self.omega * tau) >= 0.005 { tau += 1 / SceneGraphBuilder.springSampleRate }
            return start + tau
        }
    }

    /// The pill centre's spring, one segment per selection.
    private var springSegments: [SpringSegment] {
        let centres = layout.items.map(\.frame.center.x)
        var segments = [SpringSegment(start: 0, target: centres[pillStart], a: 0, b: 0)]
        for change in timeline.selection.dropFirst() where change.index != layout.detached {
            let last = segments[segments.count - 1]
            let target = centres[change.index]
            let a = last.position(at: change.time) - target
            let b = last.velocity(at: change.time) + SpringSegment.omega * a
            segments.append(SpringSegment(start: change.time, target: target, a: a, b: b))
        }
        return segments
    }

    /// A track of `value(pill centre x)` over the loop: sampled while the spring moves, held while it rests.
    private func pillTrack(tolerance: Double = SceneGraphBuilder.pillTolerance, _ value: (Double) -> Double) -> Track {
        let segments = springSegments
        let duration = timeline.duration
        var keys: [Keyframe] = []
        for (number, segment) in segments.enumerated() {
            let next = number + 1 < segments.count ? segments[number + 1].start : duration
            guard segment.start < duration else { break }
            let settled = segment.settled
            let end = min(settled, next)
            var run = Track.sampling(from: segment.start, to: end, step: 1 / Self.springSampleRate, tolerance: tolerance) {
                value(segment.position(at: $0))
            }
            if end == settled { run[run.count - 1].value = value(segment.target) }  // at rest: exactly on its cell
            keys += run
        }
        return Track(keys.isEmpty ? [Keyframe(0, value(segments[0].target))] : keys)
    }
}
