import Foundation
import LottieEngine
import XCTest

/// Rules where players disagree and the engine follows lottie-ios (the app's player): the skew axis, polystar
/// roundness, layer out-points. Each expected value is computed by hand from lottie-ios's code, cited in
/// the engine's doc comments, and differs from what the other players (lottie-web, ThorVG) give.
final class LottieIOSRuleTests: XCTestCase {
    private func picture(_ layers: String, at frame: Double) throws -> VectorPicture {
        try LottieFixture.animation(LottieFixture.document(layers: layers)).picture(atFrame: frame)
    }

    private func fillPaths(_ picture: VectorPicture) -> [BezierPath] {
        picture.flattened.compactMap { node -> BezierPath? in
            if case .fill(let path, _, _) = node { return path } else { return nil }
        }
    }

    // MARK: - Skew

    func testSkewAlongA45DegreeAxisLeansAsLottieIOSDoes() throws {
        // sk 30 along sa 45: lottie-ios's R(45)·shear(tan −30°)·R(−45) moves the corner (20, −20) by
        // 20·tan 30° along x and y, and keeps (−20, −20), on the skew axis (45° clockwise from x).
        // lottie-web's R(−45)·shear·R(45) would keep (20, −20) instead and move (−20, −20).
        let layer = LottieFixture.shapeLayer(ks: #"{"p":{"a":0,"k":[50,50]},"sk":{"a":0,"k":30},"sa":{"a":0,"k":45}}"#,
                                             shapes: LottieFixture.square(cx: 0, cy: 0, size: 40))
        let t = try XCTUnwrap(picture("[\(layer)]", at: 0).layerTransforms.first)
        let k = 20 * tan(30 * Double.pi / 180)
        let moved = t.apply(Vec2(20, -20)), kept = t.apply(Vec2(-20, -20))
        XCTAssertEqual(moved.x, 50 + 20 + k, accuracy: 1e-9)
        XCTAssertEqual(moved.y, 50 - 20 + k, accuracy: 1e-9)
        XCTAssertEqual(kept.x, 50 - 20, accuracy: 1e-9)
        XCTAssertEqual(kept.y, 50 - 20, accuracy: 1e-9)
    }

    func testSkewWithoutAnAxisShearsTheTopToTheRight() throws {
        // sa 0: every player agrees, x' = x − tan(sk)·y (y down): the top edge (y −20) moves right.
        let layer = LottieFixture.shapeLayer(ks: #"{"sk":{"a":0,"k":30}}"#, shapes: LottieFixture.square(cx: 0, cy: 0, size: 40))
        let t = try XCTUnwrap(picture("[\(layer)]", at: 0).layerTransforms.first)
        XCTAssertEqual(t.apply(Vec2(0, -20)).x, 20 * tan(30 * Double.pi / 180), accuracy: 1e-9)
        XCTAssertEqual(t.apply(Vec2(0, -20)).y, -20, accuracy: 1e-9)
    }

    // MARK: - Polystar roundness

    func testStarRoundnessHandlesAreTheRadiusTimesLottieIOSConstant() throws {
        // A five-pointed star, or 20 at os 100, ir 10 at is 50: handles 20·0.47829 and 10·0.5·0.47829
        // (lottie-web: 2π·20/20 = 6.28 and 1.57), along the circle, forward (clockwise) out of each point.
        let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0},"ir":{"a":0,"k":10},"or":{"a":0,"k":20},"is":{"a":0,"k":50},"os":{"a":0,"k":100}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#
        let contour = try XCTUnwrap(fillPaths(try picture("[\(LottieFixture.shapeLayer(shapes: "[\(star),\(fill)]"))]", at: 0)).first?.contours.first)
        let top = contour.vertices[0], inner = contour.vertices[1]
        XCTAssertEqual(top.outControl.x, 50 + 20 * 0.47829, accuracy: 1e-9, "forward from the top is to the right")
        XCTAssertEqual(top.outControl.y, 30, accuracy: 1e-9)
        XCTAssertEqual(top.inControl.x, 50 - 20 * 0.47829, accuracy: 1e-9)
        XCTAssertEqual((inner.outControl - inner.point).length, 10 * 0.5 * 0.47829, accuracy: 1e-9)
    }

    func testPolygonRoundnessHandlesAreAQuarterOfTheRadius() throws {
        // lottie-ios's PolygonConstant 0.25, whatever the number of points (lottie-web: 2π·10/(4·6)).
        let polygon = #"{"ty":"sr","sy":2,"pt":{"a":0,"k":6},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0},"or":{"a":0,"k":10},"os":{"a":0,"k":100}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#
        let contour = try XCTUnwrap(fillPaths(try picture("[\(LottieFixture.shapeLayer(shapes: "[\(polygon),\(fill)]"))]", at: 0)).first?.contours.first)
        XCTAssertEqual(contour.vertices.count, 6)
        for v in contour.vertices {
            XCTAssertEqual((v.outControl - v.point).length, 2.5, accuracy: 1e-9)
            XCTAssertEqual((v.inControl - v.point).length, 2.5, accuracy: 1e-9)
        }
    }

    // MARK: - Out-points

    func testALayerIsHiddenFromItsOutPointMidAnimation() throws {
        // A (op 10) hands over to B (ip 10): at frame 10 only B shows, as in After Effects and lottie-ios's
        // Core Animation engine (its Main Thread engine would show both for that one frame).
        let a = LottieFixture.shapeLayer(index: 1, shapes: LottieFixture.square(cx: 20), op: 10)
        let b = #"{"ty":4,"ind":2,"ip":10,"op":20,"st":0,"ks":{},"shapes":\#(LottieFixture.square(cx: 80))}"#
        XCTAssertEqual(try picture("[\(a),\(b)]", at: 9.999).layerTransforms.count, 1, "A alone before")
        let atTen = fillPaths(try picture("[\(a),\(b)]", at: 10))
        XCTAssertEqual(atTen.count, 1)
        XCTAssertEqual(try XCTUnwrap(atTen.first?.contours.first?.vertices.first).point.x, 85, accuracy: 1e-9, "B's square (80 ± 5)")
    }

    func testALayerEndingWithTheAnimationShowsAtProgressOne() throws {
        let layer = LottieFixture.shapeLayer(shapes: LottieFixture.square(), op: 20)
        let animation = try LottieFixture.animation(LottieFixture.document(layers: "[\(layer)]", op: 20))
        XCTAssertEqual(fillPaths(try animation.picture(atFrame: animation.frame(atProgress: 1))).count, 1)
    }
}
