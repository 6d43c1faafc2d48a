import Drawing
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

    // MARK: - What draws nothing, and colours

    private func fills(_ picture: VectorPicture) -> [RGBA] {
        picture.flattened.compactMap { node -> RGBA? in
            if case .fill(_, .color(let c), _) = node { return c } else { return nil }
        }
    }

    func testALayerOrGroupScaledToZeroDrawsNothingAndThenGrows() throws {
        // A pop-in: the layer's scale from 0 % at frame 0 to 100 % at 10; a group inside another layer at 0 %.
        let pop = LottieFixture.keyframes([(0, "[0,0,100]"), (10, "[100,100,100]")])
        let growing = LottieFixture.shapeLayer(index: 1, ks: #"{"s":\#(pop)}"#, shapes: LottieFixture.square())
        let flatGroup = #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":1},{"ty":"tr","s":{"a":0,"k":[0,100]}}]}]"#
        let flat = LottieFixture.shapeLayer(index: 2, shapes: flatGroup)
        XCTAssertEqual(fills(try picture("[\(growing),\(flat)]", at: 0)).count, 0, "collapsed to a point and a line: nothing")
        XCTAssertEqual(fills(try picture("[\(growing),\(flat)]", at: 5)).count, 1, "half grown: the red square")
        // Drawn through cairo at every frame without an error (it refuses a singular matrix).
        let animation = try LottieFixture.animation(LottieFixture.document(layers: "[\(growing),\(flat)]"))
        for frame in [0.0, 0.5, 5] { _ = try LottieVectorRenderer().render(try animation.picture(atFrame: frame), scale: 2) }
    }

    func testALayerTurnedEdgeOnDrawsNothing() throws {
        // rx 90: cos 90° is 6e-17, not 0, so the layer is a line of no width, which Core Animation does not draw.
        let edgeOn = LottieFixture.shapeLayer(ks: #"{"rx":{"a":0,"k":90}}"#, shapes: LottieFixture.square(), extra: #","ddd":1"#)
        XCTAssertEqual(fills(try picture("[\(edgeOn)]", at: 0)).count, 0)
        let tilted = LottieFixture.shapeLayer(ks: #"{"rx":{"a":0,"k":60}}"#, shapes: LottieFixture.square(), extra: #","ddd":1"#)
        XCTAssertEqual(fills(try picture("[\(tilted)]", at: 0)).count, 1)
    }

    func testColoursAreReadAsLottieIOSReadsThem() throws {
        func square(_ color: String) -> String {
            LottieFixture.shapeLayer(shapes: #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"fl","c":{"a":0,"k":\#(color)},"o":{"a":0,"k":50},"r":1},{"ty":"tr"}]}]"#)
        }
        // A fourth component does not make a fill transparent: only the opacity does (o 50).
        XCTAssertEqual(fills(try picture("[\(square("[0,0,1,0]"))]", at: 0)), [RGBA(red: 0, green: 0, blue: 1, alpha: 0.5)])
        // 0–255 components, all of red, green and blue above 1, are bytes.
        XCTAssertEqual(fills(try picture("[\(square("[255,51,102,255]"))]", at: 0)), [RGBA(red: 1, green: 0.2, blue: 0.4, alpha: 0.5)])
        // One component above 1 is not a byte: it is clamped.
        XCTAssertEqual(fills(try picture("[\(square("[2,0,0.5]"))]", at: 0)), [RGBA(red: 1, green: 0, blue: 0.5, alpha: 0.5)])
    }

    func testMaskModesAndSilentLayersFollowLottieIOS() throws {
        let rectangle = #"{"a":0,"k":{"c":true,"v":[[0,0],[60,0],[60,60],[0,60]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}"#
        for (mode, warned) in [("f", false), ("l", false), ("d", true)] {
            let masked = LottieFixture.shapeLayer(shapes: LottieFixture.square(),
                                                  extra: #","hasMask":true,"masksProperties":[{"mode":"\#(mode)","pt":\#(rectangle),"o":{"a":0,"k":100}}]"#)
            let animation = try LottieFixture.animation(LottieFixture.document(layers: "[\(masked)]"))
            XCTAssertEqual(animation.unsupportedFeatures.contains("mask mode \(mode)"), warned, mode)
        }
        // An audio layer (ty 6) and a camera (13) draw nothing in lottie-ios either: no warning.
        let audio = #"{"ty":6,"ind":2,"ip":0,"op":20,"st":0,"ks":{}}"#, camera = #"{"ty":13,"ind":3,"ip":0,"op":20,"st":0,"ks":{}}"#
        let animation = try LottieFixture.animation(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: LottieFixture.square())),\(audio),\(camera)]"))
        XCTAssertEqual(animation.unsupportedFeatures, [])
    }
}
