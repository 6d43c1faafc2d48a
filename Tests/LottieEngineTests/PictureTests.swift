import Foundation
import LottieEngine
import XCTest

/// The picture at a frame: split position, parenting, trim paths, track mattes, repeater order, and the
/// features reported as unsupported.
final class PictureTests: XCTestCase {
    private func picture(_ layers: String, at frame: Double, assets: String = "[]") throws -> VectorPicture {
        try LottieFixture.animation(LottieFixture.document(layers: layers, assets: assets)).picture(atFrame: frame)
    }

    func testSplitPositionAnimatesEachDimensionOnItsOwn() throws {
        let x = LottieFixture.keyframes([(0, "[10]"), (10, "[30]")])
        let y = LottieFixture.keyframes([(0, "[0]"), (20, "[80]")])
        let layer = LottieFixture.shapeLayer(ks: #"{"p":{"s":true,"x":\#(x),"y":\#(y)}}"#, shapes: LottieFixture.square())
        let t = try XCTUnwrap(picture("[\(layer)]", at: 5).layerTransforms.first)
        XCTAssertEqual(t.tx, 20, accuracy: 1e-9)
        XCTAssertEqual(t.ty, 20, accuracy: 1e-9)
    }

    func testSpatialTangentsMoveAlongTheCurve() throws {
        // From (0, 0) to (100, 0) bulging down through to/ti: half-way in time is the curve's middle, below the chord.
        let p = #"{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,60],"ti":[0,60],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100,0]}]}"#
        let layer = LottieFixture.shapeLayer(ks: #"{"p":\#(p)}"#, shapes: LottieFixture.square())
        let t = try XCTUnwrap(picture("[\(layer)]", at: 5).layerTransforms.first)
        XCTAssertEqual(t.tx, 50, accuracy: 0.5)
        XCTAssertEqual(t.ty, 45, accuracy: 0.5, "the Bézier (0,0) (0,60) (100,60) (100,0) is at y = 45 in its middle")
    }

    func testAChildMovesWithItsParent() throws {
        let parent = #"{"ty":3,"ind":7,"ip":0,"op":20,"ks":{"p":{"a":0,"k":[40,0]},"r":{"a":0,"k":90}}}"#
        let child = LottieFixture.shapeLayer(index: 2, ks: #"{"p":{"a":0,"k":[10,0]}}"#, shapes: LottieFixture.square(), extra: #","parent":7"#)
        let transforms = try picture("[\(child),\(parent)]", at: 0).layerTransforms
        XCTAssertEqual(transforms.count, 1, "a null layer draws nothing")
        let t = try XCTUnwrap(transforms.first)
        // parent (translate 40, rotate 90°) · child (translate 10): the child's origin lands at (40, 10).
        XCTAssertEqual(t.tx, 40, accuracy: 1e-9)
        XCTAssertEqual(t.ty, 10, accuracy: 1e-9)
        XCTAssertEqual(t.b, 1, accuracy: 1e-9)
    }

    private func strokedPaths(_ picture: VectorPicture) -> [BezierPath] {
        picture.flattened.compactMap { if case .stroke(let path, _, _) = $0 { return path } else { return nil } }
    }

    private func line(_ y: Double) -> String {
        #"{"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,\#(y)],[100,\#(y)]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}}"#
    }

    func testTrimKeepsTheMiddleOfAPathAndWrapsWithItsOffset() throws {
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1}"#
        func trimmed(s: Double, e: Double, o: Double) throws -> [BezierContour] {
            let trim = #"{"ty":"tm","s":{"a":0,"k":\#(s)},"e":{"a":0,"k":\#(e)},"o":{"a":0,"k":\#(o)},"m":1}"#
            let layer = LottieFixture.shapeLayer(shapes: "[\(line(50)),\(stroke),\(trim)]")
            return try XCTUnwrap(strokedPaths(try picture("[\(layer)]", at: 0)).first).contours
        }
        let middle = try trimmed(s: 25, e: 75, o: 0)
        XCTAssertEqual(middle.count, 1)
        XCTAssertEqual(middle[0].vertices.first?.point.x ?? 0, 25, accuracy: 1e-6, "a trim after the stroke in the list still trims it")
        XCTAssertEqual(middle[0].vertices.last?.point.x ?? 0, 75, accuracy: 1e-6)
        // Offset 180° = half a turn: 60…90 % becomes 10…40 %... and 80…110 % wraps into 80…100 % and 0…10 %.
        let wrapped = try trimmed(s: 30, e: 60, o: 180)
        XCTAssertEqual(wrapped.count, 2, "two pieces")
        XCTAssertEqual(wrapped[0].vertices.first?.point.x ?? 0, 80, accuracy: 1e-6)
        XCTAssertEqual(wrapped[1].vertices.first?.point.x ?? 0, 0, accuracy: 1e-6)
        XCTAssertEqual(wrapped[1].vertices.last?.point.x ?? 0, 10, accuracy: 1e-6)
        let trim = #"{"ty":"tm","s":{"a":0,"k":40},"e":{"a":0,"k":40},"o":{"a":0,"k":0},"m":1}"#
        let empty = LottieFixture.shapeLayer(shapes: "[\(line(50)),\(stroke),\(trim)]")
        XCTAssertTrue(strokedPaths(try picture("[\(empty)]", at: 0)).isEmpty, "nothing when start equals end")
    }

    func testIndividualTrimRunsThroughThePathsOneAfterAnother() throws {
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":2}}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":25},"e":{"a":0,"k":75},"o":{"a":0,"k":0},"m":2}"#
        let layer = LottieFixture.shapeLayer(shapes: "[\(line(10)),\(line(20)),\(stroke),\(trim)]")
        let contours = try XCTUnwrap(strokedPaths(try picture("[\(layer)]", at: 0)).first).contours
        // 200 points of line in all: 50…150 is the second half of the first line and the first half of the second.
        XCTAssertEqual(contours.count, 2)
        XCTAssertEqual(contours[0].vertices.first?.point.x ?? 0, 50, accuracy: 1e-6)
        XCTAssertEqual(contours[0].vertices.first?.point.y ?? 0, 10, accuracy: 1e-9)
        XCTAssertEqual(contours[1].vertices.last?.point.x ?? 0, 50, accuracy: 1e-6)
        XCTAssertEqual(contours[1].vertices.last?.point.y ?? 0, 20, accuracy: 1e-9)
    }

    func testATrackMatteShowsTheNextLayerThroughTheMatteLayerWhichIsNotDrawnItself() throws {
        let matte = LottieFixture.shapeLayer(index: 1, shapes: LottieFixture.square(cx: 40, size: 20), extra: #","td":1"#)
        let content = LottieFixture.shapeLayer(index: 2, shapes: LottieFixture.square(cx: 60, size: 20), extra: #","tt":2"#)
        let top = try picture("[\(matte),\(content)]", at: 0)
        guard case .masked(let layers, _)? = top.nodes.first else { return XCTFail("the canvas clip") }
        XCTAssertEqual(layers.count, 1, "the matte layer is not drawn on its own")
        guard case .matted(let shown, let through, let mode)? = layers.first else { return XCTFail("a matted node, found \(layers)") }
        XCTAssertEqual(mode, .alphaInverted)
        XCTAssertEqual(shown.count, 1)
        XCTAssertEqual(through.count, 1)
    }

    func testEarlierItemsAreOnTopAndAFillPaintsEveryPathBeforeIt() throws {
        let red = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let blue = #"{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":50}}"#
        let circle = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]}}"#
        let box = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[30,30]},"r":{"a":0,"k":0}}"#
        let layer = LottieFixture.shapeLayer(shapes: "[\(circle),\(red),\(box),\(blue)]")
        let fills = try picture("[\(layer)]", at: 0).flattened.compactMap { node -> (Int, Paint)? in
            if case .fill(let path, let paint, _) = node { return (path.contours.count, paint) } else { return nil }
        }
        XCTAssertEqual(fills.count, 2)
        XCTAssertEqual(fills[0].0, 2, "bottom: the blue fill, painting the circle and the box")
        XCTAssertEqual(fills[0].1, .color(RGBA(red: 0, green: 0, blue: 1, alpha: 0.5)))
        XCTAssertEqual(fills[1].0, 1, "top: the red fill, painting the circle only")
    }

    func testRepeaterCopiesWhatComesBeforeIt() throws {
        let rect = #"{"ty":"rc","p":{"a":0,"k":[10,50]},"s":{"a":0,"k":[4,4]},"r":{"a":0,"k":0}}"#
        let repeater = #"{"ty":"rp","c":{"a":0,"k":4},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[20,0]},"so":{"a":0,"k":100},"eo":{"a":0,"k":40}}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = LottieFixture.shapeLayer(shapes: "[\(rect),\(repeater),\(fill)]")
        let fills = try picture("[\(layer)]", at: 0).flattened.compactMap { node -> BezierPath? in
            if case .fill(let path, _, _) = node { return path } else { return nil }
        }
        let xs = try XCTUnwrap(fills.first).contours.map { $0.vertices[0].point.x }
        XCTAssertEqual(xs, [12, 32, 52, 72], "four copies 20 apart, each square starting at its top-right corner")
    }

    func testPolystarsStartAtTheTopAndAlternateTheirRadii() throws {
        let star = #"{"ty":"sr","sy":1,"pt":{"a":0,"k":5},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":0},"ir":{"a":0,"k":10},"or":{"a":0,"k":20},"is":{"a":0,"k":0},"os":{"a":0,"k":0}}"#
        let polygon = #"{"ty":"sr","sy":2,"pt":{"a":0,"k":4},"p":{"a":0,"k":[50,50]},"r":{"a":0,"k":45},"or":{"a":0,"k":10},"os":{"a":0,"k":100}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = LottieFixture.shapeLayer(shapes: "[\(star),\(polygon),\(fill)]")
        let paths = try picture("[\(layer)]", at: 0).flattened.compactMap { node -> BezierPath? in
            if case .fill(let path, _, _) = node { return path } else { return nil }
        }
        let contours = try XCTUnwrap(paths.first).contours
        XCTAssertEqual(contours.count, 2)
        let s = contours[0].vertices
        XCTAssertEqual(s.count, 10)
        XCTAssertEqual(s[0].point.x, 50, accuracy: 1e-9)
        XCTAssertEqual(s[0].point.y, 30, accuracy: 1e-9, "the first outer point straight up")
        XCTAssertEqual((s[1].point - Vec2(50, 50)).length, 10, accuracy: 1e-9, "then an inner one")
        XCTAssertEqual(s[1].point.x, 50 + 10 * sin(.pi / 5), accuracy: 1e-9, "36° clockwise")
        // A square turned 45°, fully round: its tangents a quarter of its radius (lottie-ios's PolygonConstant).
        let p = contours[1].vertices
        XCTAssertEqual(p.count, 4)
        XCTAssertEqual(p[0].point.x, 50 + 10 * sin(.pi / 4), accuracy: 1e-9)
        XCTAssertEqual((p[0].outControl - p[0].point).length, 2.5, accuracy: 1e-9)
    }

    func testGradientStopsMergeColourAndAlphaStops() throws {
        // Two colour stops (red at 0, blue at 1) and alpha stops at 0 (1) and 0.5 (0): a stop at 0.5 too,
        // its colour half-way, its alpha 0; after 0.5 the last alpha holds.
        let gradient = #"{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[100,0]},"o":{"a":0,"k":100},"r":1,"#
            + #""g":{"p":2,"k":{"a":0,"k":[0,1,0,0, 1,0,0,1, 0,1, 0.5,0]}}}"#
        let box = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}}"#
        let layer = LottieFixture.shapeLayer(shapes: "[\(box),\(gradient)]")
        let paints = try picture("[\(layer)]", at: 0).flattened.compactMap { node -> Paint? in
            if case .fill(_, let paint, _) = node { return paint } else { return nil }
        }
        guard case .linear(let start, let end, let stops, let opacity)? = paints.first else { return XCTFail("a linear gradient: \(paints)") }
        XCTAssertEqual([start, end], [Vec2(0, 0), Vec2(100, 0)])
        XCTAssertEqual(opacity, 1)
        XCTAssertEqual(stops.map(\.offset), [0, 0.5, 1])
        XCTAssertEqual(stops.map(\.color.alpha), [1, 0, 0])
        XCTAssertEqual(stops[1].color, RGBA(red: 0.5, green: 0, blue: 0.5, alpha: 0))
    }

    func testRoundCornersRoundOnlySharpVertices() throws {
        let box = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}}"#
        let round = #"{"ty":"rd","r":{"a":0,"k":5}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}"#
        let layer = LottieFixture.shapeLayer(shapes: "[\(box),\(round),\(fill)]")
        let contour = try XCTUnwrap(picture("[\(layer)]", at: 0).flattened.compactMap { node -> BezierContour? in
            if case .fill(let path, _, _) = node { return path.contours.first } else { return nil }
        }.first)
        XCTAssertEqual(contour.vertices.count, 8, "each of the four corners becomes two vertices")
        // The top-right corner (70, 30) becomes (65, 30) → (70, 35), with handles 5·0.5519 long towards the corner.
        let a = contour.vertices[0], b = contour.vertices[1]  // the rectangle starts at its top-right corner
        XCTAssertEqual(a.point, Vec2(65, 30))
        XCTAssertEqual(a.outControl.x, 65 + 5 * 0.5519, accuracy: 1e-9)
        XCTAssertEqual(b.point, Vec2(70, 35))
        XCTAssertEqual(b.inControl.y, 35 - 5 * 0.5519, accuracy: 1e-9)
    }

    func testUnsupportedFeaturesAreNamed() throws {
        let text = #"{"ty":5,"ind":1,"ip":0,"op":20,"ks":{},"t":{}}"#
        let effect = LottieFixture.shapeLayer(index: 2, shapes: LottieFixture.square(), extra: #","ef":[{"ty":29},{"ty":5,"nm":"Slider Control"}]"#)
        let expression = LottieFixture.shapeLayer(index: 3, ks: #"{"r":{"a":0,"k":0,"x":"time * 90"}}"#, shapes: LottieFixture.square())
        let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(text),\(effect),\(expression)]"))
        XCTAssertEqual(file.unsupportedFeatures, [], "text layers, effects and expressions are drawn (effects and expressions as lottie-ios draws them)")
        XCTAssertEqual(file.warnings.count, 3, "the text without a document, the blur and the expression; an expression control draws nothing anywhere")
        XCTAssertTrue(file.warnings.map(\.description).contains("layers[0].t: a text layer without a document (t.d.k): not drawn"), "\(file.warnings)")
        let plain = try LottieFixture.animation(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: LottieFixture.square()))]"))
        XCTAssertEqual(plain.unsupportedFeatures, [])
    }

    func testPrecompTimeIsShiftedAndStretchedAndRemapped() throws {
        let inner = LottieFixture.shapeLayer(ks: #"{"r":\#(LottieFixture.keyframes([(0, "[0]"), (100, "[100]")]))}"#, shapes: LottieFixture.square(), op: 100)
        let asset = #"[{"id":"c","layers":[\#(inner)]}]"#
        func innerRotation(_ extra: String, at frame: Double) throws -> Double {
            let layer = #"{"ty":0,"ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":100,"ks":{}\#(extra)}"#
            let nodes = try picture("[\(layer)]", at: frame, assets: asset).flattened
            let groups = nodes.compactMap { if case .group(let t, _, _) = $0 { return t } else { return nil } }
            let t = try XCTUnwrap(groups.dropFirst().first, "the inner layer's group")
            return atan2(t.b, t.a) * 180 / .pi
        }
        XCTAssertEqual(try innerRotation(#","st":-10"#, at: 20), 30, accuracy: 1e-9, "st −10: inner frame 30")
        XCTAssertEqual(try innerRotation(#","sr":2"#, at: 20), 10, accuracy: 1e-9, "sr 2: half speed")
        XCTAssertEqual(try innerRotation(#","tm":\#(LottieFixture.keyframes([(0, "[1]"), (100, "[1]")]))"#, at: 50), 30, accuracy: 1e-9,
                       "tm 1 s at 30 fps: inner frame 30")
    }
}
