import Basics
import Foundation
import Graph
import Scene

/// Two scenes side by side on one clock, as one scene graph that every exporter draws: A on the left and
/// B on the right, each in the part of its screen it exports (`export.region`), under a label; each
/// change's region outlined on both while the two pictures of it differ (`SceneComparison.Change.differs`).
/// The clock runs over the longer loop; the shorter scene stays as its loop ends until both start again.
public struct ComparisonPicture {
    /// Space above the pictures for their labels, between them, and around them (points; chosen).
    public static let labelHeight = 22.0
    public static let gap = 12.0
    public static let margin = 8.0
    /// The outline's width and colour (chosen: a red that stands out on the light and dark bars alike).
    public static let outlineWidth = 2.0
    public static let outlineColor = Color(rgb: 255, 45, 85)

    public let graph: SceneGraph
    /// Where each scene's picture stands in the combined one (points).
    public let panelA: Rect
    public let panelB: Rect
    private let offsetA: Point
    private let offsetB: Point

    /// `labels`: what stands over each picture ("A · before.json").
    public init(_ a: Animation, _ b: Animation, comparison: SceneComparison, labels: (String, String)) {
        let (viewA, viewB) = (a.graph.viewport, b.graph.viewport)
        let top = Self.margin + Self.labelHeight
        panelA = Rect(x: Self.margin, y: top, width: viewA.width, height: viewA.height)
        panelB = Rect(x: panelA.maxX + Self.gap, y: top, width: viewB.width, height: viewB.height)
        offsetA = Point(x: panelA.minX - viewA.minX, y: panelA.minY - viewA.minY)
        offsetB = Point(x: panelB.minX - viewB.minX, y: panelB.minY - viewB.minY)
        let viewport = Rect(x: 0, y: 0, width: panelB.maxX + Self.margin, height: top + max(viewA.height, viewB.height) + Self.margin)
        let page = a.graph.matte.color.alpha < 1 ? Color.white : a.graph.matte.color
        let ink = page.red * 0.299 + page.green * 0.587 + page.blue * 0.114 > 0.5 ? Color(rgb: 60, 60, 67) : Color(rgb: 235, 235, 245)
        var children: [Node] = []
        for (name, animation, panel, offset, label, region) in [("a", a, panelA, offsetA, labels.0, \SceneComparison.Change.regionA),
                                                                ("b", b, panelB, offsetB, labels.1, \SceneComparison.Change.regionB)] {
            let scene = Group(name: "\(name)-scene", children: [.group(animation.graph.root)],
                              motion: [.translation(x: .constant(offset.x), y: .constant(offset.y))])
            children.append(.group(Group(name: "side-\(name)", children: [.shape(Shape(frame: panel, fill: animation.graph.matte.color)), .group(scene)],
                                         clip: panel)))
            children.append(.text(Text(string: label, fontSize: 13, weight: .semibold, color: ink,
                                       baseline: Point(x: panel.minX, y: top - 7), alignment: .leading, maximumWidth: panel.width)))
            let outlines = comparison.changes.enumerated().compactMap { number, change -> Node? in
                guard let rect = change[keyPath: region], !change.differs.isEmpty else { return nil }
                let moved = Rect(x: rect.minX + offset.x, y: rect.minY + offset.y, width: rect.width, height: rect.height)
                return .group(Self.outline(moved, named: "change-\(number)-\(name)", shown: change.differs, within: panel))
            }
            if !outlines.isEmpty { children.append(.group(Group(name: "outlines-\(name)", children: outlines, clip: panel))) }
        }
        graph = SceneGraph(root: Group(name: "comparison", children: children), viewport: viewport,
                           duration: comparison.duration, matte: .full(page))
    }

    /// A rectangle's outline, drawn inside `rect` grown by the outline's width (kept within `panel`),
    /// shown during `shown`.
    static func outline(_ rect: Rect, named name: String, shown: [SceneComparison.Interval], within panel: Rect) -> Group {
        let w = outlineWidth
        let minX = max(rect.minX - w, panel.minX), maxX = min(rect.maxX + w, panel.maxX)
        let minY = max(rect.minY - w, panel.minY), maxY = min(rect.maxY + w, panel.maxY)
        let edges = [Rect(x: minX, y: minY, width: maxX - minX, height: w), Rect(x: minX, y: maxY - w, width: maxX - minX, height: w),
                     Rect(x: minX, y: minY, width: w, height: maxY - minY), Rect(x: maxX - w, y: minY, width: w, height: maxY - minY)]
        let breakpoints = shown.flatMap { [$0.start, $0.end] }
        let always = shown.count == 1 && shown[0].start <= 0
        return Group(name: name, children: edges.map { .shape(Shape(frame: $0, fill: outlineColor)) },
                     motion: always ? [] : [.opacity(.steps(breakpoints) { t in shown.contains { $0.contains(t) } })])
    }

    /// A point of A's (or B's) screen, in the combined picture's points.
    public func pointA(_ point: Point) -> Point { Point(x: point.x + offsetA.x, y: point.y + offsetA.y) }
    public func pointB(_ point: Point) -> Point { Point(x: point.x + offsetB.x, y: point.y + offsetB.y) }
}

extension Animation {
    /// `tabanim diff`'s animation: `picture` played on its clock at `fps`, drawn at this animation's scale.
    public func comparing(_ picture: ComparisonPicture, fps: Double) -> Animation {
        showing(picture.graph, fps: fps)
    }
}
