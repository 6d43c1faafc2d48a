import Foundation

/// One vertex of a cubic Bézier contour: the point, and its incoming and outgoing control points
/// (absolute, unlike Lottie's `i`/`o`, which are relative to the vertex).
public struct BezierVertex: Sendable, Hashable {
    public var point: Vec2
    public var inControl: Vec2
    public var outControl: Vec2
    public init(point: Vec2, inControl: Vec2, outControl: Vec2) {
        self.point = point; self.inControl = inControl; self.outControl = outControl
    }
    public init(_ point: Vec2) { self.init(point: point, inControl: point, outControl: point) }
}

/// A contour: vertices joined by cubic segments, closed back to the first vertex when `closed`.
public struct BezierContour: Sendable, Hashable {
    public var vertices: [BezierVertex]
    public var closed: Bool
    public init(vertices: [BezierVertex], closed: Bool) { self.vertices = vertices; self.closed = closed }

    /// Segment count: `n − 1` open, `n` closed.
    public var segmentCount: Int { vertices.isEmpty ? 0 : (closed ? vertices.count : vertices.count - 1) }

    /// Segment `k` (from 0) as its four control points.
    public func segment(_ k: Int) -> CubicSegment {
        let from = vertices[k], to = vertices[(k + 1) % vertices.count]
        return CubicSegment(p0: from.point, p1: from.outControl, p2: to.inControl, p3: to.point)
    }

    public func transformed(_ m: Affine) -> BezierContour {
        BezierContour(vertices: vertices.map {
            BezierVertex(point: m.apply($0.point), inControl: m.apply($0.inControl), outControl: m.apply($0.outControl))
        }, closed: closed)
    }

    public var reversed: BezierContour {
        var flipped = vertices.reversed().map { BezierVertex(point: $0.point, inControl: $0.outControl, outControl: $0.inControl) }
        if closed, !flipped.isEmpty { flipped.insert(flipped.removeLast(), at: 0) }  // keep the same first vertex
        return BezierContour(vertices: flipped, closed: closed)
    }

    /// Arc length, each segment measured by `CubicSegment.length`.
    public var length: Double { (0..<segmentCount).reduce(0) { $0 + segment($1).length } }
}

/// A path: any number of contours, filled together (so that the fill rule applies across them).
public struct BezierPath: Sendable, Hashable {
    public var contours: [BezierContour]
    public init(_ contours: [BezierContour] = []) { self.contours = contours }
    public func transformed(_ m: Affine) -> BezierPath { BezierPath(contours.map { $0.transformed(m) }) }
    public var isEmpty: Bool { contours.allSatisfy { $0.vertices.isEmpty } }
}
