import Basics
import Foundation
import Graph
import Scene
import XCTest

final class LayoutTests: XCTestCase {
    func testBarAndItemsFollowUIKit() throws {
        let layout = Animation(try resolve("{}")).layout  // iPhone 15: 393 × 852 pt, 34 pt bottom inset
        XCTAssertEqual(layout.bar, Rect(x: 0, y: 852 - 83, width: 393, height: 83))
        XCTAssertEqual(layout.hairline.height, 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(layout.hairline.maxY, layout.bar.minY, accuracy: 1e-12)
        for (i, item) in layout.items.enumerated() {
            XCTAssertEqual(item.frame.center.x, (Double(i) + 0.5) * 393 / 5, accuracy: 1e-9)
            XCTAssertEqual(item.iconFrame.center.y, 769 + 18.6, accuracy: 1e-9)
            XCTAssertEqual(item.titleBaseline.y, 769 + 44.9, accuracy: 1e-9)
        }
        XCTAssertEqual(layout.centerButton?.center, Point(x: 196.5, y: 769), "seed 000: centre on the bar's top edge")
        XCTAssertEqual(layout.content.maxY, 769, "opaque bar: content ends at the bar's top")
        XCTAssertEqual(Animation(try resolve(#"{"tabBar": {"translucent": true}}"#)).layout.content.maxY, 852)
        XCTAssertEqual(Animation(try resolve(#"{"device": "iphone-se"}"#)).layout.bar.height, 49)
    }

    func testHitTestingFollowsTheSeedsOverride() throws {
        let layout = Animation(try resolve("{}")).layout
        XCTAssertEqual(layout.hitTest(Point(x: 196.5, y: 745)), .centerButton, "the part above the bar still hits the button")
        XCTAssertEqual(layout.hitTest(Point(x: 196.5, y: 790)), .centerButton, "the button covers the center item")
        XCTAssertEqual(layout.hitTest(Point(x: 196.5, y: 810)), .item(2), "below the button: the placeholder item")
        XCTAssertEqual(layout.hitTest(Point(x: 10, y: 780)), .item(0))
        XCTAssertEqual(layout.hitTest(Point(x: 392, y: 780)), .item(4))
        XCTAssertEqual(layout.hitTest(Point(x: 10, y: 840)), .barBackground)
        XCTAssertEqual(layout.hitTest(Point(x: 10, y: 745)), .content)
        XCTAssertEqual(layout.hitTest(Point(x: -1, y: 780)), .outside)
    }

    func testTabBarRegionShowsTheRaisedButtonAndMargin() throws {
        let layout = Animation(try resolve(#"{"export": {"region": "tabBar", "margin": 10}}"#)).layout
        XCTAssertEqual(layout.exportRegion, Rect(x: 0, y: 769 - 28 - 10, width: 393, height: 852 - 731))
    }
}
