import Drawing
import Foundation
import Graphics
import LottieEngine
import TestSupport
import XCTest

/// Text layers (`ty` 5): glyph-based text from the file's `chars` against ThorVG's frames of the same
/// fixture, documents that switch at their keyframes, and what is read but not drawn.
final class TextLayerTests: XCTestCase {
    private func fixture(_ name: String) throws -> LottieAnimation {
        try LottieAnimation(data: Data(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/lottie/\(name)")))
    }

    /// Straight RGBA at `frame`, 2 px per point.
    private func render(_ animation: LottieAnimation, frame: Double) throws -> [UInt8] {
        try LottieVectorRenderer().render(animation.picture(atFrame: frame), scale: 2).straightRGBA()
    }

    /// PSNR of two straight-RGBA images composited on white, over the rows `rows` (pixels) only.
    private func psnr(_ a: [UInt8], _ b: [UInt8], width: Int, rows: Range<Int>) -> Double {
        var sum = 0.0, count = 0
        for y in rows {
            for x in 0..<width {
                let o = (y * width + x) * 4
                for c in 0..<3 {
                    func onWhite(_ p: [UInt8]) -> Double { Double(p[o + c]) * Double(p[o + 3]) / 255 + 255 * (1 - Double(p[o + 3]) / 255) }
                    let d = onWhite(a) - onWhite(b)
                    sum += d * d
                    count += 1
                }
            }
        }
        let mse = sum / Double(count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// `text_glyphs.json` (made by `Tests/Fixtures/lottie/make_text.py`) against ThorVG's frames
    /// (`bench/lottie/reference.py`): centred, tracked, a ring glyph drawn non-zero.
    func testGlyphBasedTextMatchesThorVG() throws {
        let animation = try fixture("text_glyphs.json")
        XCTAssertEqual(animation.unsupportedFeatures, [], "text is drawn by the engine")
        // ThorVG switches documents at frame 10; lottie-ios's Core Animation engine, and tabanim, keep the first
        // (see the next test): at 0.75 the drawing is ThorVG's at 0.
        for (progress, name) in [(0.0, "0"), (0.75, "0")] {
            let ours = try render(animation, frame: animation.frame(atProgress: progress))
            let png = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/lottie/text_glyphs@thorvg-\(name).png"))
            let reference = try ImageSurface(png: png).straightRGBA()
            XCTAssertEqual(ours.count, reference.count)
            // The text's rows: 45 − 30·0.7 = 24 pt to 45 + 36 = 81 pt.
            let score = psnr(ours, reference, width: 200, rows: 44..<166)
            XCTAssertGreaterThan(score, 40, "progress \(progress): \(score) dB against ThorVG in the text's rows")
        }
    }

    /// The fixture with a text animator that changes nothing (`"a": [{"s": {"t": 0}, "a": {}}]`), which makes
    /// lottie-ios play the layer in its Main Thread engine (its tracking then the animator's: 1).
    private func withAnimator(animation name: String) throws -> LottieAnimation {
        let json = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/lottie/\(name)"), encoding: .utf8)
        let animated = json.replacingOccurrences(of: #""a":[]"#, with: #""a":[{"s":{"t":0},"a":{}}]"#)
        XCTAssertNotEqual(animated, json)
        return try LottieAnimation(data: Data(animated.utf8))
    }

    /// Without animators lottie-ios's Core Animation engine shows the first document at every frame ("IT"),
    /// and a note says the others are not shown; the change at frame 10 never happens.
    func testWithoutAnimatorsTheFirstDocumentStays() throws {
        let animation = try fixture("text_glyphs.json")
        XCTAssertEqual(animation.warnings.map(\.description),
                       ["layers[0].t.d.k: only the first of its 2 text documents is shown, as lottie-ios's Core Animation engine shows it"])
        XCTAssertEqual(try render(animation, frame: 15), try render(animation, frame: 0))
    }

    /// With animators (lottie-ios's Main Thread engine) documents hold: "IT" until frame 10, then "LOT" and a
    /// second line, with nothing in between (lottie-ios's text keyframes step).
    func testWithAnimatorsDocumentsSwitchAtTheirKeyframes() throws {
        let animation = try withAnimator(animation: "text_glyphs.json")
        func inked(_ rgba: [UInt8], x: Double, y: Double) -> Bool { rgba[(Int(y * 2) * 200 + Int(x * 2)) * 4 + 3] > 128 }
        let before = try render(animation, frame: 9.99), at = try render(animation, frame: 10)
        // "IT" centred: 30·(0.4 + 0.7) + 2·1.5 = 36 pt wide, from 32 to 68; "LOT" 63 pt, from 18.5.
        XCTAssertFalse(inked(before, x: 25, y: 40), "no L before frame 10")
        XCTAssertTrue(inked(at, x: 25, y: 40), "the L's foot from frame 10")
        XCTAssertFalse(inked(before, x: 50, y: 75), "one line before frame 10")
        XCTAssertTrue(inked(at, x: 48, y: 75), "the second line (36 pt lower) from frame 10")
        XCTAssertEqual(try render(animation, frame: 5), try render(animation, frame: 0), "no interpolation between documents")
    }

    func testTheLayoutFollowsSizeTrackingAndJustification() throws {
        func layer(_ j: Int, tracking: Double = 0, box: String = "") -> String {
            #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":[50,50]}},"t":{"d":{"k":[{"t":0,"s":{"t":"II","f":"B","s":50,"fc":[0,0,0],"j":\#(j),"tr":\#(tracking)\#(box)}}]},"a":[]}}"#
        }
        let chars = #""fonts":{"list":[{"fName":"B","fFamily":"B","fStyle":"R","ascent":80}]},"chars":[{"ch":"I","size":100,"style":"R","w":40,"fFamily":"B","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]],"v":[[0,-100],[40,-100],[40,0],[0,0]]}}}]}]}}]"#
        func bounds(_ layers: String) throws -> (minX: Double, maxX: Double, minY: Double) {
            var doc = LottieFixture.document(layers: "[\(layers)]")
            doc.insert(contentsOf: chars + ",", at: doc.index(after: doc.startIndex))
            let picture = try LottieAnimation(data: Data(doc.utf8)).picture(atFrame: 0)
            var xs: [Double] = [], ys: [Double] = []
            for case .fill(let path, _, _) in picture.flattened {
                for contour in path.contours { for v in contour.vertices { xs.append(v.point.x); ys.append(v.point.y) } }
            }
            return (xs.min() ?? .nan, xs.max() ?? .nan, ys.min() ?? .nan)
        }
        // Two glyphs 20 pt wide at size 50, each advancing 20 + 50·100/1000 = 25 pt with tracking 100.
        XCTAssertEqual(try bounds(layer(0)).minX, 0, accuracy: 1e-9, "left: starts at the origin")
        XCTAssertEqual(try bounds(layer(0)).maxX, 40, accuracy: 1e-9)
        XCTAssertEqual(try bounds(layer(0, tracking: 100)).maxX, 45, accuracy: 1e-9, "tracking s·tr/1000 after each character")
        XCTAssertEqual(try bounds(layer(1)).maxX, 0, accuracy: 1e-9, "right: ends at the origin")
        XCTAssertEqual(try bounds(layer(2)).minX, -20, accuracy: 1e-9, "center")
        XCTAssertEqual(try bounds(layer(0)).minY, -50, accuracy: 1e-9, "the first baseline at the origin, glyphs at s/100")
        // A box 30 pt wide at (5, 10): "II" does not wrap (no space); the first baseline the ascent (80 %) below its top.
        let boxed = try bounds(layer(1, box: #","sz":[60,40],"ps":[5,10]"#))
        XCTAssertEqual(boxed.maxX, 65, accuracy: 1e-9, "right-aligned in the box")
        XCTAssertEqual(boxed.minY, 10 + 40 - 50, accuracy: 1e-9, "first baseline at ps.y + ascent·s/100")
        // lottie-ios knows 0, 1 and 2: After Effects' justified forms (3…6) and anything else draw at the left.
        for j in [3, 4, 5, 6, 9] {
            XCTAssertEqual(try bounds(layer(j, box: #","sz":[60,40],"ps":[5,10]"#)).minX, 5, accuracy: 1e-9, "j \(j): at the box's left")
        }
    }

    /// Text animators apply to the whole text as lottie-ios's Main Thread engine applies them: the last
    /// one's transform and opacity around the text, its tracking (1 when it gives none), the last fill colour
    /// any animator gives; range selectors are not read, and a warning says so.
    func testTextAnimatorsApplyToTheWholeText() throws {
        func picture(_ animators: String) throws -> (LottieAnimation, [VectorNode]) {
            let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"II","f":"B","s":50,"fc":[0,0,0],"j":0,"tr":100}}]},"a":\#(animators)}}"#
            let chars = #""chars":[{"ch":"I","size":100,"style":"R","w":40,"fFamily":"B","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,-100],[40,-100],[0,0]]}}}]}]}}],"#
            var doc = LottieFixture.document(layers: "[\(layer)]")
            doc.insert(contentsOf: chars, at: doc.index(after: doc.startIndex))
            let animation = try LottieAnimation(data: Data(doc.utf8))
            return (animation, try animation.picture(atFrame: 0).flattened)
        }
        let (plain, none) = try picture("[]")
        XCTAssertEqual(plain.warnings, [])
        let (animated, nodes) = try picture(#"[{"s":{"t":0},"a":{"fc":{"a":0,"k":[0,0,1]}}},{"s":{"t":0},"a":{"p":{"a":0,"k":[10,5]},"o":{"a":0,"k":50}}}]"#)
        XCTAssertEqual(animated.warnings.map(\.description),
                       ["layers[0].t.a: text animators are applied to the whole text, as lottie-ios's Main Thread engine applies them (range selectors are not read)"])
        let groups = nodes.compactMap { node -> (Affine, Double)? in if case .group(let t, let o, _) = node { return (t, o) } else { return nil } }
        XCTAssertEqual(groups.last?.0, .translation(10, 5), "the last animator's position")
        XCTAssertEqual(groups.last?.1, 0.5, "and opacity")
        func fill(_ nodes: [VectorNode]) -> (paint: Paint, maxX: Double)? {
            for case .fill(let path, let paint, _) in nodes { return (paint, path.contours.flatMap(\.vertices).map(\.point.x).max() ?? 0) }
            return nil
        }
        XCTAssertEqual(fill(nodes)?.paint, .color(RGBA(red: 0, green: 0, blue: 1, alpha: 1)), "the first animator's fill colour")
        // Tracking: the document's 100 (5 pt) without animators; lottie-ios's 1 (0.05 pt) with them.
        XCTAssertEqual(fill(none)?.maxX ?? 0, 20 + 5 + 20, accuracy: 1e-9)
        XCTAssertEqual(fill(nodes)?.maxX ?? 0, 20 + 0.05 + 20, accuracy: 1e-9)
    }

    /// `sc`/`sw` stroke the glyphs `sw` percent of the size wide (CoreText's `strokeWidth`, which lottie-ios
    /// hands `sw`), under the fill, or over it with `of`.
    func testStrokesAreUnderTheFillUnlessStrokeOverFill() throws {
        func nodes(_ over: Bool) throws -> [VectorNode] {
            let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"I","f":"B","s":40,"fc":[1,0,0],"sc":[0,0,1],"sw":5,"of":\#(over),"j":0,"tr":0}}]},"a":[]}}"#
            let chars = #""chars":[{"ch":"I","size":100,"style":"Regular","w":40,"fFamily":"B","data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":{"c":true,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[0,-100],[40,-100],[0,0]]}}}]}]}}],"#
            var doc = LottieFixture.document(layers: "[\(layer)]")
            doc.insert(contentsOf: chars, at: doc.index(after: doc.startIndex))
            return try LottieAnimation(data: Data(doc.utf8)).picture(atFrame: 0).flattened.filter {
                switch $0 { case .fill, .stroke: return true; default: return false }
            }
        }
        let under = try nodes(false), over = try nodes(true)
        guard case .stroke(_, _, let style)? = under.first, case .fill? = under.last else { return XCTFail("stroke then fill: \(under)") }
        XCTAssertEqual(style.width, 2, accuracy: 1e-9, "5 % of 40 pt")
        guard case .fill? = over.first, case .stroke? = over.last else { return XCTFail("fill then stroke with of: \(over)") }
    }

    func testALongDocumentIsRefusedByItsKeyPath() {
        let long = String(repeating: "a", count: TextContent.maxCharacters + 1)
        let layer = #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"\#(long)","f":"F","s":10}}]}}}"#
        XCTAssertThrowsError(try LottieFixture.animation(LottieFixture.document(layers: "[\(layer)]"))) { error in
            XCTAssertEqual("\(error)", "layers[0].t.d.k[0].s.t: 10001 characters is more than the limit of 10000")
        }
    }
}
