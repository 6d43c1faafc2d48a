import Foundation
import LottieEngine
import XCTest

/// Keyframe rules: values between keys follow the easing curve at fractional frames (never rounded to a
/// whole frame), hold keys hold, old and new keyframe forms agree, and no call order changes a value.
final class KeyframeTests: XCTestCase {
    /// The rotation (degrees) of a one-layer file at `frame`, read back from the layer's transform.
    private func rotation(_ r: String, at frames: [Double], options: EvaluationOptions = .init()) throws -> [Double] {
        let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(ks: #"{"r":\#(r)}"#, shapes: LottieFixture.square()))]"))
        return try frames.map { f in
            let t = try XCTUnwrap(file.picture(atFrame: f, options: options).layerTransforms.first)
            return atan2(t.b, t.a) * 180 / .pi
        }
    }

    func testLinearKeysGiveExactValuesAtFractionalFrames() throws {
        // 0 → 90 degrees over frames 0…18: frame 4.5 (25 % of plus_to_check's 18 frames) is 22.5, not frame 4's 20 or 5's 25.
        let values = try rotation(LottieFixture.keyframes([(0, "[0]"), (18, "[90]")]), at: [0, 4.5, 9, 13.5, 18])
        for (value, expected) in zip(values, [0, 22.5, 45, 67.5, 90]) { XCTAssertEqual(value, expected, accuracy: 1e-9) }
    }

    func testBezierEasingFollowsTheCSSCurve() throws {
        // `o` (0.25, 0.1), `i` (0.25, 1) is CSS's `ease`: at half time 80.24 % of the way (WebKit's UnitBezier).
        let ease = LottieFixture.keyframes([(0, "[0]"), (10, "[100]")], out: #""x":[0.25],"y":[0.1]"#, in: #""x":[0.25],"y":[1]"#)
        XCTAssertEqual(try rotation(ease, at: [5])[0], 80.24034, accuracy: 1e-3)
        // ease-in-out (0.42, 0, 0.58, 1) is symmetric: half-way at half time, and f(t) + f(1 − t) = 1.
        let inOut = LottieFixture.keyframes([(0, "[0]"), (10, "[100]")], out: #""x":[0.42],"y":[0]"#, in: #""x":[0.58],"y":[1]"#)
        let v = try rotation(inOut, at: [5, 2.5, 7.5])
        XCTAssertEqual(v[0], 50, accuracy: 1e-6)
        XCTAssertEqual(v[1] + v[2], 100, accuracy: 1e-6)
        XCTAssertLessThan(v[1], 25, "eased in: slower than linear at the start")
    }

    func testHoldKeysHoldUntilTheNextKey() throws {
        let hold = LottieFixture.keyframes([(0, "[10]"), (10, "[80]")], hold: true)
        let v = try rotation(hold, at: [0, 5, 9.999, 10, 15])
        XCTAssertEqual(v[0], 10, accuracy: 1e-9)
        XCTAssertEqual(v[1], 10, accuracy: 1e-9)
        XCTAssertEqual(v[2], 10, accuracy: 1e-9)
        XCTAssertEqual(v[3], 80, accuracy: 1e-9)
        XCTAssertEqual(v[4], 80, accuracy: 1e-9)
    }

    func testOldExportersStartEndFormMatchesTheNewForm() throws {
        let old = #"{"a":1,"k":[{"t":0,"s":[0],"e":[60],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":12}]}"#
        let new = LottieFixture.keyframes([(0, "[0]"), (12, "[60]")], out: #""x":[0.3],"y":[0]"#, in: #""x":[0.7],"y":[1]"#)
        let frames = [0, 1.5, 6, 11.25, 12, 20]
        for (a, b) in zip(try rotation(old, at: frames), try rotation(new, at: frames)) { XCTAssertEqual(a, b, accuracy: 1e-9) }
    }

    func testBeforeTheFirstAndAfterTheLastKeyTheValueIsHeld() throws {
        let keys = LottieFixture.keyframes([(5, "[30]"), (10, "[60]")])
        let v = try rotation(keys, at: [0, 4.9, 10.1, 19])
        for (value, expected) in zip(v, [30.0, 30, 60, 60]) { XCTAssertEqual(value, expected, accuracy: 1e-9, "held outside the keys") }
    }

    func testPerDimensionEasingIsAnOptionAndTheFirstDimensionIsLottieIOSs() throws {
        // Scale x eases in (slow start), y eases out (fast start): lottie-ios uses x's curve for both.
        let s = LottieFixture.keyframes([(0, "[0,0,100]"), (10, "[100,100,100]")],
                                        out: #""x":[0.9,0.1],"y":[0,0.9]"#, in: #""x":[1,0.1],"y":[1,1]"#)
        let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(ks: #"{"s":\#(s)}"#, shapes: LottieFixture.square()))]"))
        let ios = try XCTUnwrap(file.picture(atFrame: 5).layerTransforms.first)
        XCTAssertEqual(ios.a, ios.d, accuracy: 1e-12, "one curve for both dimensions")
        let each = try XCTUnwrap(file.picture(atFrame: 5, options: EvaluationOptions(perDimensionEasing: true)).layerTransforms.first)
        XCTAssertLessThan(each.a, 0.5, "x eased in")
        XCTAssertGreaterThan(each.d, 0.5, "y eased out")
    }

    func testWholeNumbersWrittenAsFloatsAreAccepted() throws {
        // `loader_24px_float_ints`: "ty": 4.0, "r": 2.0 (fill rule), "ind": 1.0.
        let json = LottieFixture.document(layers: #"[{"ty":4.0,"ind":1.0,"ip":0,"op":20,"ks":{},"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]}},{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"r":2.0},{"ty":"tr"}]}]}]"#)
        let picture = try LottieFixture.animation(json).picture(atFrame: 0)
        let rules = picture.flattened.compactMap { if case .fill(_, _, let rule) = $0 { return rule } else { return nil } }
        XCTAssertEqual(rules, [.evenOdd])
    }

    func testAnyCallOrderGivesTheSamePictures() throws {
        let keys = LottieFixture.keyframes([(0, "[0]"), (7, "[200]"), (13, "[-40]"), (20, "[90]")], out: #""x":[0.2],"y":[0.6]"#, in: #""x":[0.5],"y":[0.9]"#)
        let frames = (0..<41).map { Double($0) * 0.5 }
        let forward = try rotation(keys, at: frames)
        var generator = SystemRandomNumberGenerator()
        let shuffled = frames.indices.shuffled(using: &generator)
        let backward = try rotation(keys, at: shuffled.map { frames[$0] })
        for (k, n) in shuffled.enumerated() { XCTAssertEqual(backward[k], forward[n], accuracy: 0) }
    }
}
