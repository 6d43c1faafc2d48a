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
    /// Behind the items: the shadow, the rim, the content seen through the glass, the selection pill.
    func glassBackground(_ material: GlassMaterial, capsule: Rect, contents: Group) -> [Node] {
        // The shadow, the ~1 pt rim (the capsule in the rim's colour, its inside covered by the glass 1 pt
        // in), and the glass.
        var nodes = platter(material, capsule, contents)
        if let cell = layout.items[safe: pillStart]?.frame {
            let start = along(cell)
            let motion = pillTrack { $0 - start }
            let widths = Set(capsuleCells.map(\.width))
            // Along the bar's axis: across a horizontal bar, down the Duo's rail.
            let moved: [Motion] = motion.isConstant ? [] : layout.axis == .vertical
                ? [.translation(x: Track(motion.keyframes.map { Keyframe($0.time, 0, $0.easing) }), y: motion)] : [.translation(x: motion)]
            var pill = widths.count > 1 ? sizedPill(cell, fill: material.pill)
                : Group(name: "selection-pill", children: [
                    .shape(Shape(frame: cell, cornerRadius: min(cell.width, cell.height) / 2, fill: material.pill)),
                ], motion: moved)
            if let gate = capsuleSelected { pill.motion.insert(.opacity(gate), at: 0) }
            nodes.append(.group(pill))
        }
        return nodes
    }

    /// A frame's centre along the bar's axis (x on a horizontal bar, y on the rail).
    private func along(_ frame: Rect) -> Double {
        let (start, length) = layout.axis.main(of: frame)
        return start + length / 2
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
        return Track.steps(timeline.selection.map(\.time)) { timeline.selectedIndex(at: $0) != apart }
    }

    /// The pill of a bar whose cells differ in width (the iPad's top bar, each cell its title + 32.25 pt):
    /// its centre on the spring, its width passing linearly from cell to cell with its centre. Drawn as two
    /// round ends, each moved by its edge's track, and the middle between their centres, moved with the
    /// left one and stretched from there (a stretched capsule would flatten its ends).
    private func sizedPill(_ cell: Rect, fill: Color) -> Group {
        let cells = capsuleCells.sorted { $0.center.x < $1.center.x }
        func width(at x: Double) -> Double { Layout.pillWidth(at: x, over: cells, resting: cell) }
        let parts = Layout.pillParts(on: cell), radius = parts.radius
        let left = pillTrack { x in x - width(at: x) / 2 - cell.minX }
        let right = pillTrack { x in x + width(at: x) / 2 - cell.maxX }
        let stretch = pillTrack { x in max(width(at: x) - 2 * radius, Layout.minimumPillMiddle) / parts.middle.width }
        func moved(_ track: Track, _ node: Node) -> Node {
            .group(Group(name: "selection-pill-part", children: [node], motion: track.isConstant ? [] : [.translation(x: track)]))
        }
        let middle = Group(name: "selection-pill-middle", children: [
            .shape(Shape(frame: parts.middle, fill: fill)),
        ], motion: stretch.isConstant ? [] : [.scale(x: stretch, y: Track(stretch.keyframes.map { Keyframe($0.time, 1, $0.easing) }),
                                                      center: Point(x: parts.middle.minX, y: cell.center.y))])
        return Group(name: "selection-pill", children: [
            moved(left, .shape(Shape(frame: parts.leftEnd, cornerRadius: radius, fill: fill))),
            moved(right, .shape(Shape(frame: parts.rightEnd, cornerRadius: radius, fill: fill))),
            moved(left, .group(middle)),
        ])
    }

    /// How selected item `index` looks at each moment, 0…1: 1 − (the pill's distance from its cell) / the
    /// pitch between cells, so an icon and title change colour as the pill passes over them.
    func glassSelection(_ index: Int) -> Track {
        let cells = capsuleCells.map(along).sorted()
        guard cells.count > 1 else { return .constant(1) }
        let centre = along(layout.items[index].frame)
        let pitch = cells[1] - cells[0]
        return pillTrack(tolerance: PillSpring.selectionTolerance) { x in min(max(1 - abs(x - centre) / pitch, 0), 1) }
    }

    // MARK: - The pill's spring

    /// The pill centre's spring (`PillSpring`), one segment per selection of an item in the capsule.
    private var springSegments: [PillSpring.Segment] {
        PillSpring.segments(centres: layout.items.map { along($0.frame) }, selection: timeline.selection, first: pillStart, skipping: layout.detached)
    }

    /// A track of `value(pill centre x)` over the loop: sampled while the spring moves, held while it rests.
    private func pillTrack(tolerance: Double = PillSpring.tolerance, _ value: (Double) -> Double) -> Track {
        PillSpring.track(springSegments, duration: timeline.duration, tolerance: tolerance, value)
    }
}
