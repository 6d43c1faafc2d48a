import Foundation
import LottieEngine
import XCTest

/// Files made to crash or hang a player: each ends in a clear error (with the JSON key path) within a
/// bounded time, never a crash.
final class HostileInputTests: XCTestCase {
    /// What "bounded" means here: not a speed (that is for benchmarks) but no hang. These inputs would run for
    /// hours unbounded; bounded, each takes well under a second in a debug build on an idle machine, and the
    /// suite also runs under AddressSanitizer (several times slower) on a loaded CI machine.
    static let hangBound: TimeInterval = 30

    /// The error reading (and drawing frame 0 of) `json`, which must come within `seconds`.
    private func failure(_ json: String, within seconds: Double = hangBound, file: StaticString = #filePath, line: UInt = #line) -> LottieFileError? {
        let start = Date()
        defer { XCTAssertLessThan(Date().timeIntervalSince(start), seconds, "bounded time", file: file, line: line) }
        do {
            let animation = try LottieAnimation(data: Data(json.utf8))
            _ = try animation.picture(atFrame: 0)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testDeepJSONNestingIsRefused() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let error = failure(LottieFixture.document(layers: "[]").replacingOccurrences(of: #""assets":[]"#, with: #""assets":[],"x":\#(deep)"#))
        XCTAssertEqual(error?.message, "nesting deeper than 128 levels")
        let deeper = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(failure(deeper)?.message, "nesting deeper than 128 levels", "found by the bounds, before the parser's own depth limit")
    }

    func testDeeplyNestedGroupsAreRefusedWithTheirKeyPath() {
        var shapes = LottieFixture.square()
        for _ in 0..<40 { shapes = #"[{"ty":"gr","it":\#(shapes)}]"# }
        let error = failure(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: shapes))]"))
        XCTAssertEqual(error?.message, "shape groups nested deeper than 32 levels")
        XCTAssertEqual(error?.keyPath.hasPrefix("layers[0].shapes[0].it[0].it[0]"), true, error?.keyPath ?? "")
    }

    func testHugeKeyframeCountsAreRefused() {
        let keys = (0...LottieLimits.maxKeyframes).map { #"{"t":\#($0),"s":[\#($0)]}"# }.joined(separator: ",")
        let layer = LottieFixture.shapeLayer(ks: #"{"r":{"a":1,"k":[\#(keys)]}}"#, shapes: LottieFixture.square())
        let error = failure(LottieFixture.document(layers: "[\(layer)]"))
        XCTAssertEqual(error?.keyPath, "layers[0].ks.r.k")
        XCTAssertEqual(error?.message, "more than 10000 keyframes in one property")
    }

    /// Foundation's parser takes 2.2 s and 775 MB for 20,000 layers (4.9 MB): the counts are bounded as
    /// the document is parsed (`JSONParser.Bounds`). The rule: a document over a bound is refused for that
    /// bound even when what follows is not JSON at all (the parser stops where the bound is passed).
    func testBoundsAreCheckedAsTheDocumentIsParsed() {
        let layer = LottieFixture.shapeLayer(shapes: "[]")
        let layers = failure(LottieFixture.document(layers: "[" + Array(repeating: layer, count: 20_000).joined(separator: ",") + ",garbage"))
        XCTAssertEqual(layers?.description, "layers[2000]: more than 2000 layers")
        let keys = (0..<300_000).map { #"{"t":\#($0),"s":[0]}"# }.joined(separator: ",")
        let track = failure(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(ks: #"{"r":{"a":1,"k":[\#(keys),"#, shapes: "[]"))"))
        XCTAssertEqual(track?.description, "layers[0].ks.r.k: more than 10000 keyframes in one property")
        let objects = Array(repeating: #"{"a":{}}"#, count: 30_000).joined(separator: ",")
        let many = failure(LottieFixture.document(layers: "[]").replacingOccurrences(of: #""assets":[]"#, with: #""assets":[],"x":[\#(objects)]"#))
        XCTAssertEqual(many?.description, "x[24999].a: more than 50000 JSON objects (an icon needs far fewer)")
        let items = Array(repeating: #"{"ty":"fl"}"#, count: 20_001).joined(separator: ",")
        let shapes = failure(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: "[\(items)]"))]"))
        XCTAssertEqual(shapes?.description, "layers[0].shapes[20000]: more than 20000 shape items")
    }

    func testCyclicPrecompReferencesAreRefused() {
        func precomp(_ id: String) -> String { #"{"ty":0,"ind":1,"refId":"\#(id)","w":100,"h":100,"ip":0,"op":20,"ks":{}}"# }
        let assets = #"[{"id":"a","layers":[\#(precomp("b"))]},{"id":"b","layers":[\#(precomp("a"))]}]"#
        let error = failure(LottieFixture.document(layers: "[\(precomp("a"))]", assets: assets))
        XCTAssertEqual(error?.message, #"precomp cycle: "a" contains itself (a → b → a)"#)
        XCTAssertEqual(error?.keyPath, "assets[1].layers[0].refId")
        XCTAssertEqual(error?.kind, .precompCycle, "named as a cycle, so that no other player is asked")
    }

    func testMissingAssetsSkipTheirLayersWithOneWarningPerId() throws {
        // Two layers naming the missing precomp "comp_2", one a missing image, one square: the square is
        // drawn, each missing id warned about once, at its first use.
        func precomp(_ id: String) -> String { #"{"ty":0,"ind":9,"refId":"\#(id)","w":100,"h":100,"ip":0,"op":20,"ks":{}}"# }
        let image = #"{"ty":2,"ind":8,"refId":"img_0","ip":0,"op":20,"ks":{}}"#
        let layers = "[\(precomp("comp_2")),\(image),\(LottieFixture.shapeLayer(shapes: LottieFixture.square())),\(precomp("comp_2"))]"
        let animation = try LottieFixture.animation(LottieFixture.document(layers: layers))
        XCTAssertEqual(animation.warnings.map(\.description), [
            #"layers[0].refId: no asset has id "comp_2": the layer is not drawn"#,
            #"layers[1].refId: no embedded image asset has id "img_0": the layer is not drawn"#,
        ])
        XCTAssertEqual(animation.warnings.map(\.kind), [.missingAsset, .missingAsset])
        XCTAssertEqual(animation.unsupportedFeatures, [], "nothing the engine lacks: the file is wrong, the rest is drawn")
        let fills = try animation.picture(atFrame: 0).flattened.filter { if case .fill = $0 { return true } else { return false } }
        XCTAssertEqual(fills.count, 1, "the square")
    }

    func testEmptyFontAndGlyphListsAreNotText() throws {
        let square = LottieFixture.shapeLayer(shapes: LottieFixture.square())
        func features(_ extra: String) throws -> [String] {
            let document = LottieFixture.document(layers: "[\(square)]").dropLast() + extra + "}"
            return try LottieFixture.animation(String(document)).unsupportedFeatures
        }
        XCTAssertEqual(try features(#","fonts":{"list":[]},"chars":[]"#), [])
        XCTAssertEqual(try features(#","fonts":{"list":[{"fName":"A","fFamily":"A","fStyle":"Regular","ascent":70}]}"#), [], "fonts without text layers draw nothing and need nothing")
    }

    func testNaNAndHugeNumbersAreRefused() {
        let huge = LottieFixture.shapeLayer(ks: #"{"p":{"a":0,"k":[1e308,0]}}"#, shapes: LottieFixture.square())
        let error = failure(LottieFixture.document(layers: "[\(huge)]"))
        XCTAssertEqual(error?.keyPath, "layers[0].ks.p.k[0]")
        XCTAssertEqual(error?.message.hasSuffix("is out of range (at most ±10000000.0)"), true, error?.message ?? "")
        // JSON has no NaN and no infinity: a file that writes them is not JSON.
        let nan = LottieFixture.shapeLayer(ks: #"{"r":{"a":0,"k":NaN}}"#, shapes: LottieFixture.square())
        XCTAssertEqual(failure(LottieFixture.document(layers: "[\(nan)]"))?.message.hasPrefix("not valid JSON"), true)
        let overflow = LottieFixture.shapeLayer(ks: #"{"r":{"a":0,"k":1e400}}"#, shapes: LottieFixture.square())
        XCTAssertEqual(failure(LottieFixture.document(layers: "[\(overflow)]"))?.message.hasPrefix("not valid JSON"), true)
    }

    func testRepeatersInsideRepeatersAreBounded() {
        var shapes = LottieFixture.square()
        let repeater = #"{"ty":"rp","c":{"a":0,"k":1000},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[1,0]}}}"#
        for _ in 0..<4 { shapes = #"[{"ty":"gr","it":[\#(shapes.dropFirst().dropLast()),\#(repeater),{"ty":"tr"}]}]"# }
        let error = failure(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: shapes))]"))
        XCTAssertEqual(error?.message, "more than 100000 paths in one frame (repeaters inside repeaters?)")
    }

    func testTrimmingAHugePathTakesBoundedTime() throws {
        let n = 40_000
        let v = (0..<n).map { "[\($0 % 100),\($0 / 100)]" }.joined(separator: ","), zero = Array(repeating: "[0,0]", count: n).joined(separator: ",")
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"c":true,"v":[\#(v)],"i":[\#(zero)],"o":[\#(zero)]}}}"#
        let trim = #"{"ty":"tm","s":{"a":0,"k":10},"e":{"a":0,"k":90},"o":{"a":0,"k":33},"m":1}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1}}"#
        let start = Date()
        let animation = try LottieAnimation(data: Data(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: "[\(path),\(trim),\(stroke)]"))]").utf8))
        let picture = try animation.picture(atFrame: 3.5)
        XCTAssertLessThan(Date().timeIntervalSince(start), Self.hangBound, "bounded time")
        let strokes = picture.flattened.filter { if case .stroke = $0 { return true } else { return false } }
        XCTAssertEqual(strokes.count, 1)
    }

    func testPrecompsShowingPrecompsAreBounded() {
        // Twelve levels, each showing the next 50 times: 50¹² layers if nothing stopped it.
        func level(_ n: Int) -> String {
            let layers = (0..<50).map { _ in #"{"ty":0,"refId":"p\#(n + 1)","w":100,"h":100,"ip":0,"op":20,"ks":{}}"# }
            return #"{"id":"p\#(n)","layers":[\#(layers.joined(separator: ","))]}"#
        }
        let assets = "[" + (0..<12).map(level).joined(separator: ",") + #",{"id":"p12","layers":[\#(LottieFixture.shapeLayer(shapes: LottieFixture.square()))]}]"#
        let top = #"{"ty":0,"refId":"p0","w":100,"h":100,"ip":0,"op":20,"ks":{}}"#
        XCTAssertEqual(failure(LottieFixture.document(layers: "[\(top)]", assets: assets))?.message,
                       "more than 10000 layers in one frame (precomps showing precomps)")
    }

    func testMissingAndMistypedFieldsNameTheirKey() {
        XCTAssertEqual(failure(#"{"w":10,"h":10,"fr":30,"ip":0,"layers":[]}"#), LottieFileError("op", "is missing"))
        let layer = LottieFixture.shapeLayer(shapes: #"[{"ty":"rc","s":{"a":0,"k":"big"}}]"#)
        XCTAssertEqual(failure(LottieFixture.document(layers: "[\(layer)]")), LottieFileError("layers[0].shapes[0].s.k", "expected an array of numbers, found a string"))
        XCTAssertEqual(failure("[1, 2]")?.message, "not a Lottie animation (no top-level object)")
    }
}
