import Foundation
import Graph
import Resolving
import Scene
import XCTest

/// `SceneGraph.retimed` (behind `--from`, `--to` and `--speed`): the cut shows, at output time u, what the
/// loop shows at start + speed · u, including inside an eased segment the cut starts in.
final class RetimingTests: XCTestCase {
    func testTheRemainderOfACurveIsTheRestOfTheSameCurve() {
        let curves: [Easing] = [.easeInEaseOut, .easeIn, .easeOut, .cubicBezier(0.3, -0.4, 0.6, 1.5), .linear, .hold]
        for curve in curves {
            for p in [0.1, 0.35, 0.5, 0.8] {
                let rest = curve.remainder(after: p)
                let start = curve(p)
                guard abs(1 - start) > 1e-6 else { continue }
                for q in stride(from: 0.0, through: 1.0, by: 0.05) {
                    let expected = (curve(p + q * (1 - p)) - start) / (1 - start)
                    XCTAssertEqual(rest(q), expected, accuracy: 1e-6, "\(curve) after \(p) at \(q)")
                }
            }
        }
    }

    func testARetimedTrackIsTheTrackSeenFromStartAtSpeed() {
        let track = Track([Keyframe(0, 0), Keyframe(0.5, 0, .easeInEaseOut), Keyframe(1.5, -393), Keyframe(1.5, 0),
                           Keyframe(2, 10, .linear), Keyframe(3, 250), Keyframe(3, 0, .hold), Keyframe(4, 1)])
        for (start, speed) in [(0.0, 1.0), (0.8, 0.5), (1.5, 2.0), (2.25, 0.25), (3.5, 1.0)] {
            let cut = track.retimed(start: start, speed: speed)
            for u in stride(from: 0.0, through: 6, by: 0.01) {
                XCTAssertEqual(cut.value(at: u), track.value(at: start + speed * u), accuracy: 1e-6, "from \(start) at speed \(speed), u = \(u)")
            }
        }
    }

    func testARetimedGraphSamplesLikeTheWholeLoop() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/seed000.json")
        let scene = try SceneResolver.load(fixture)
        let animation = Animation(scene)
        let graph = animation.graph
        let cut = animation.retimed(start: 0.8, speed: 0.5, frameCount: Int(2 * scene.export.fps)).graph
        XCTAssertEqual(cut.duration, 2)
        for u in stride(from: 0.0, to: 2, by: 0.1) {
            let expected = graph.sample(at: 0.8 + 0.5 * u), actual = cut.sample(at: u)
            XCTAssertEqual(actual.count, expected.count, "the same things are drawn at u = \(u)")
            for (a, b) in zip(actual, expected) {
                let t = a.transform, s = b.transform
                XCTAssertEqual([t.a, t.b, t.c, t.d, t.tx, t.ty, a.opacity], [s.a, s.b, s.c, s.d, s.tx, s.ty, b.opacity],
                               accuracy: 1e-6, "u = \(u)")
            }
        }
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, message, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, message, file: file, line: line) }
}
