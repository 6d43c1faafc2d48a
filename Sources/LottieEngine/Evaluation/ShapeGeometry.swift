import Foundation

/// The paths of Lottie's parametric shapes, each starting and turning where lottie-ios and lottie-web
/// start and turn them (trim paths depend on it).
enum ShapeGeometry {
    /// A cubic's control distance for a quarter circle: 4/3·(√2 − 1) ≈ 0.5523 (lottie-ios uses 0.5519,
    /// the optimum by error; the difference is invisible).
    static let kappa = 0.5519

    /// `el`: from the top, clockwise (right, bottom, left); `reversed` counter-clockwise.
    static func ellipse(center c: Vec2, size s: Vec2, reversed: Bool) -> BezierContour {
        let rx = s.x / 2, ry = s.y / 2, kx = rx * kappa, ky = ry * kappa
        let top = BezierVertex(point: Vec2(c.x, c.y - ry), inControl: Vec2(c.x - kx, c.y - ry), outControl: Vec2(c.x + kx, c.y - ry))
        let right = BezierVertex(point: Vec2(c.x + rx, c.y), inControl: Vec2(c.x + rx, c.y - ky), outControl: Vec2(c.x + rx, c.y + ky))
        let bottom = BezierVertex(point: Vec2(c.x, c.y + ry), inControl: Vec2(c.x + kx, c.y + ry), outControl: Vec2(c.x - kx, c.y + ry))
        let left = BezierVertex(point: Vec2(c.x - rx, c.y), inControl: Vec2(c.x - rx, c.y + ky), outControl: Vec2(c.x - rx, c.y - ky))
        let contour = BezierContour(vertices: [top, right, bottom, left], closed: true)
        return reversed ? contour.reversed : contour
    }

    /// `rc`: from the top-right corner (below its rounding), clockwise, as lottie-web's `RectShapeProperty`.
    static func rectangle(center c: Vec2, size s: Vec2, radius: Double, reversed: Bool) -> BezierContour {
        let w = s.x / 2, h = s.y / 2
        let r = max(0, min(radius, w, h))
        let k = r * (1 - kappa)
        var vertices: [BezierVertex]
        if r == 0 {
            vertices = [Vec2(c.x + w, c.y - h), Vec2(c.x + w, c.y + h), Vec2(c.x - w, c.y + h), Vec2(c.x - w, c.y - h)].map { BezierVertex($0) }
        } else {
            func v(_ x: Double, _ y: Double, inDx: Double, inDy: Double, outDx: Double, outDy: Double) -> BezierVertex {
                BezierVertex(point: Vec2(x, y), inControl: Vec2(x + inDx, y + inDy), outControl: Vec2(x + outDx, y + outDy))
            }
            let (x0, x1, y0, y1) = (c.x - w, c.x + w, c.y - h, c.y + h)
            let d = r - k  // control distance along the edge: r·kappa
            vertices = [
                v(x1, y0 + r, inDx: 0, inDy: -d, outDx: 0, outDy: 0),
                v(x1, y1 - r, inDx: 0, inDy: 0, outDx: 0, outDy: d),
                v(x1 - r, y1, inDx: d, inDy: 0, outDx: 0, outDy: 0),
                v(x0 + r, y1, inDx: 0, inDy: 0, outDx: -d, outDy: 0),
                v(x0, y1 - r, inDx: 0, inDy: d, outDx: 0, outDy: 0),
                v(x0, y0 + r, inDx: 0, inDy: 0, outDx: 0, outDy: -d),
                v(x0 + r, y0, inDx: -d, inDy: 0, outDx: 0, outDy: 0),
                v(x1 - r, y0, inDx: 0, inDy: 0, outDx: d, outDy: 0),
            ]
        }
        let contour = BezierContour(vertices: vertices, closed: true)
        return reversed ? contour.reversed : contour
    }

    /// `sr`: a star (outer and inner points alternating) or a polygon, from the top (turned by `r`),
    /// clockwise. Roundness turns each point's tangents along the circle, `os` or `is` percent of the point's
    /// radius times 0.47829 for a star and 0.25 for a polygon, whatever the number of points: lottie-ios's
    /// `BezierPath.star` (`StarNode.PolystarConstant`) and `BezierPath.polygon` (`PolygonNode.PolygonConstant`),
    /// which both of its engines draw. lottie-web (`ShapeModifiers` `convertStarToPath` /
    /// `convertPolygonToPath`) uses 2πr / 4n for both instead (n the number of points): the same for a
    /// polygon of 2π points, 0.31·r where lottie-ios has 0.48·r for a five-pointed star. tabanim follows
    /// lottie-ios, the app's player. A fractional `pt` is rounded down (lottie-ios grows a partial point).
    /// lottie-ios's `StarNode.PolystarConstant` and `PolygonNode.PolygonConstant`.
    static let starRoundness = 0.47829
    static let polygonRoundness = 0.25

    static func polystar(_ star: Polystar, at frame: Double, _ options: EvaluationOptions) -> BezierContour {
        let count = Int(min(max(star.points.value(at: frame, options: options).x, 0), 1000).rounded(.down))
        guard count >= 1 else { return BezierContour(vertices: [], closed: true) }
        let c = star.position.value(at: frame, options: options).point
        let rotation = star.rotation.value(at: frame, options: options).x * .pi / 180
        let outer = star.outerRadius.value(at: frame, options: options).x
        let inner = star.innerRadius.value(at: frame, options: options).x
        let outerRound = star.outerRoundness.value(at: frame, options: options).x / 100
        let innerRound = star.innerRoundness.value(at: frame, options: options).x / 100
        let corners = star.isStar ? count * 2 : count
        let step = 2 * .pi / Double(corners)
        var vertices: [BezierVertex] = []
        var angle = rotation - .pi / 2
        for k in 0..<corners {
            let isOuter = !star.isStar || k % 2 == 0
            let radius = isOuter ? outer : inner
            let roundness = isOuter ? outerRound : innerRound
            let p = Vec2(c.x + radius * cos(angle), c.y + radius * sin(angle))
            let t = Vec2(-sin(angle), cos(angle)) * (radius * roundness * (star.isStar ? Self.starRoundness : Self.polygonRoundness))
            vertices.append(BezierVertex(point: p, inControl: p - t, outControl: p + t))
            angle += step
        }
        let contour = BezierContour(vertices: vertices, closed: true)
        return star.reversed ? contour.reversed : contour
    }
}
