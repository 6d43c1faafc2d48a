import Foundation
import Graph
import Scene
import XCTest

final class AnimationTests: XCTestCase {
    func testEaseInEaseOutMatchesCoreAnimation() {
        let ease = Easing.easeInEaseOut
        XCTAssertEqual(ease(0), 0)
        XCTAssertEqual(ease(1), 1)
        XCTAssertEqual(ease(0.5), 0.5, accuracy: 1e-9, "symmetric curve")
        // Reference values of cubic-bezier(0.42, 0, 0.58, 1), as browsers compute them.
        XCTAssertEqual(ease(0.25), 0.1291, accuracy: 1e-3)
        XCTAssertEqual(ease(0.75), 0.8709, accuracy: 1e-3)
        var last = 0.0
        for i in 1...100 {
            let value = ease(Double(i) / 100)
            XCTAssertGreaterThanOrEqual(value, last)
            last = value
        }
    }

    func testTruncatedCurveFollowsTheOriginal() {
        let ease = Easing.easeInEaseOut
        let cut = 0.6
        let part = ease.truncated(at: cut)
        for i in 0...20 {
            let q = Double(i) / 20
            XCTAssertEqual(part(q) * ease(cut), ease(q * cut), accuracy: 1e-6)
        }
    }

    func testTracksJumpAndAreRightContinuous() {
        let track = Track([Keyframe(1, 0, .linear), Keyframe(3, 90), Keyframe(3, 0)])
        XCTAssertEqual(track.value(at: 0), 0)
        XCTAssertEqual(track.value(at: 2), 45)
        XCTAssertEqual(track.value(at: 2.999), 89.955, accuracy: 1e-9)
        XCTAssertEqual(track.value(at: 3), 0, "at a jump the later keyframe wins")
        XCTAssertEqual(track.value(at: 10), 0)
    }

    func testSamplingIsPureWhateverTheOrder() throws {
        let graph = Animation(try resolve(#"{"script": [{"at": 0.5, "tap": "center"}, {"at": 2, "tap": 4}]}"#)).graph
        let times = (0..<60).map { Double($0) / 20 }
        let forwards = times.map { describe(graph.sample(at: $0)) }
        let backwards = times.reversed().map { describe(graph.sample(at: $0)) }
        XCTAssertEqual(forwards, backwards.reversed())
    }

    private func describe(_ commands: [DrawCommand]) -> String {
        commands.map { "\($0.transform) \($0.opacity)" }.joined(separator: "|")
    }

    /// The button's rotation in the scene graph, in degrees mod 360.
    private func angle(_ graph: SceneGraph, at t: Double) -> Double {
        for child in graph.root.children {
            if case .group(let group) = child, group.name == "center-button" {
                guard case .rotation(let track, _)? = group.motion.first else { return 0 }
                let degrees = track.value(at: t)
                return (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            }
        }
        XCTFail("no center button")
        return .nan
    }

    func testSpinAngleIsLinearFromEachStartAndZeroAfterStop() throws {
        let graph = Animation(try resolve(
            #"{"export": {"duration": 12}, "script": [{"at": 1, "tap": "center"}, {"at": 5.5, "tap": "center"}, {"at": 9, "tap": 0}]}"#)).graph
        for t in stride(from: 0.0, to: 12, by: 0.1) {
            let expected: Double
            switch t {
            case ..<1: expected = 0
            case ..<5.5: expected = (360 * (t - 1) / 3).truncatingRemainder(dividingBy: 360)
            case ..<9: expected = (360 * (t - 5.5) / 3).truncatingRemainder(dividingBy: 360)
            default: expected = 0
            }
            let difference = abs(angle(graph, at: t) - expected)
            XCTAssertLessThan(min(difference, 360 - difference), 1e-6, "at t = \(t)")
        }
    }

    func testSlideFollowsTheEaseCurve() throws {
        let scene = try resolve(#"{"export": {"duration": 4}, "script": [{"at": 1, "tap": 3}, {"at": 2.5, "tap": 1}]}"#)
        let animation = Animation(scene)
        let graph = animation.graph
        func offset(_ tab: Int, _ t: Double) -> Double? {
            guard case .group(let contents) = graph.root.children[0], case .group(let group) = contents.children[tab] else { return nil }
            guard group.opacity(at: t) > 0 else { return nil }
            for case .translation(let x, _) in group.motion { return x.value(at: t) }
            return 0
        }
        let width = 393.0
        for p in stride(from: 0.0, to: 1, by: 0.05) {
            // To a higher index: the new content enters from the right, the old one leaves to the left.
            XCTAssertEqual(offset(3, 1 + p)!, width * (1 - Easing.easeInEaseOut(p)), accuracy: 1e-9)
            XCTAssertEqual(offset(0, 1 + p)!, -width * Easing.easeInEaseOut(p), accuracy: 1e-9)
            // To a lower index: the mirror image.
            XCTAssertEqual(offset(1, 2.5 + p)!, -width * (1 - Easing.easeInEaseOut(p)), accuracy: 1e-9)
            XCTAssertEqual(offset(3, 2.5 + p)!, width * Easing.easeInEaseOut(p), accuracy: 1e-9)
        }
        XCTAssertNil(offset(0, 2.0), "the old content is gone when the slide ends")
        XCTAssertEqual(offset(3, 2.0), 0)
    }
}

/// UIKit's tail truncation, with a measurer that gives every character 10 pt.
final class TextFittingTests: XCTestCase {
    private func width(_ string: String) -> Double { Double(string.count) * 10 }

    func testTheLongestStartThatFitsWithAnEllipsis() {
        XCTAssertEqual(TextFitting.fit("Home", width: 40, measure: width), "Home", "fits exactly")
        XCTAssertEqual(TextFitting.fit("Notifications", width: 60, measure: width), "Notif…")
        XCTAssertEqual(TextFitting.fit("Set up now", width: 50, measure: width), "Set…", "no space before the ellipsis")
        XCTAssertEqual(TextFitting.fit("设置和隐私中心", width: 25, measure: width), "设…")
        XCTAssertEqual(TextFitting.fit("Anything", width: 5, measure: width), "…", "nothing else fits")
        for limit in stride(from: 10.0, to: 200, by: 10) {
            let shown = TextFitting.fit(String(repeating: "x", count: 30), width: limit, measure: width)
            XCTAssertLessThanOrEqual(width(shown), limit)
            XCTAssertGreaterThan(width(shown) + 10, limit, "the longest that fits at \(limit)")
        }
    }
}
