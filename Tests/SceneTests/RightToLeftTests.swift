import Basics
import Foundation
import Graph
import Scene
import XCTest

/// `"layoutDirection": "rightToLeft"`: UIKit's mirrored bar (item 0 rightmost) and mirrored slide.
final class RightToLeftTests: XCTestCase {
    func testItemZeroIsRightmostAndTheButtonStaysCentred() throws {
        let ltr = Animation(try resolve("{}")), rtl = Animation(try resolve(#"{"layoutDirection": "rightToLeft"}"#))
        let width = rtl.layout.screen.width
        XCTAssertEqual(rtl.layout.items[0].frame.maxX, width, accuracy: 1e-9, "item 0 in the rightmost column")
        XCTAssertEqual(rtl.layout.items[4].frame.minX, 0, accuracy: 1e-9)
        for index in 0..<5 {
            XCTAssertEqual(rtl.layout.items[index].frame.center.x, width - ltr.layout.items[index].frame.center.x, accuracy: 1e-9)
        }
        XCTAssertEqual(rtl.layout.centerButton, ltr.layout.centerButton)
        XCTAssertEqual(rtl.layout.hitTest(Point(x: width - 10, y: rtl.layout.bar.minY + 20)), .item(0))
    }

    /// Going to a higher index, the new content comes in from the left (and leaves to the right).
    func testTheSlideIsMirrored() throws {
        let scene = try resolve(#"{"layoutDirection": "rightToLeft", "export": {"duration": 3}, "script": [{"at": 1, "tap": 3}]}"#)
        let animation = Animation(scene)
        let slide = try XCTUnwrap(animation.timeline.transitions.first)
        XCTAssertEqual(slide.direction, -1)
        XCTAssertEqual(scene.enteringSide(from: 0, to: 3), "left")
        func offset(_ tab: Int, _ t: Double) -> Double {
            guard case .group(let contents) = animation.graph.root.children[0], case .group(let group) = contents.children[tab] else { return .nan }
            for case .translation(let x, _) in group.motion { return x.value(at: t) }
            return 0
        }
        let width = animation.layout.screen.width
        for p in [0.25, 0.5, 0.75] {
            XCTAssertEqual(offset(3, 1 + p), -width * (1 - Easing.easeInEaseOut(p)), accuracy: 1e-9, "enters from the left")
            XCTAssertEqual(offset(0, 1 + p), width * Easing.easeInEaseOut(p), accuracy: 1e-9, "leaves to the right")
        }
    }
}
