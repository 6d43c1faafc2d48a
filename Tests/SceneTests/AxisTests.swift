import Basics
import Foundation
@testable import SceneLayout
import XCTest

/// A bar's items along y are the same layout as along x, turned: the axis maps (along, across) to frames.
final class AxisTests: XCTestCase {
    func testAVerticalFrameIsTheHorizontalOneTransposed() {
        let horizontal = Axis.horizontal.rect(main: 10, length: 50, cross: 700, thickness: 49)
        let vertical = Axis.vertical.rect(main: 10, length: 50, cross: 700, thickness: 49)
        XCTAssertEqual(horizontal, Rect(x: 10, y: 700, width: 50, height: 49))
        XCTAssertEqual(vertical, Rect(x: 700, y: 10, width: 49, height: 50))
        XCTAssertEqual(Axis.vertical.point(main: 3, cross: 4), Point(x: 4, y: 3))
        XCTAssertEqual(Axis.vertical.main(of: vertical).start, 10)
        XCTAssertEqual(Axis.vertical.main(of: vertical).length, 50)
        XCTAssertEqual(Axis.vertical.cross(of: vertical).thickness, 49)
    }

    func testGlassCellsAlongYMatchThoseAlongXOnTheTransposedCapsule() {
        let capsule = Rect(x: 21, y: 792, width: 360, height: 62)
        let rail = Rect(x: capsule.minY, y: capsule.minX, width: capsule.height, height: capsule.width)
        for count in [2, 3, 4, 5] {
            let widths = (0..<count).map { Double(30 + 7 * $0) }
            let across = Layout.Glass.cells(contentWidths: widths, in: capsule, along: .horizontal)
            let down = Layout.Glass.cells(contentWidths: widths, in: rail, along: .vertical)
            XCTAssertEqual(across.map(\.x), down.map(\.x), "\(count) items")
            XCTAssertEqual(across.map(\.width), down.map(\.width), "\(count) items")
            // A control, so the check can fail: the rail's cells do not start at the capsule's x.
            XCTAssertNotEqual(Layout.Glass.cells(contentWidths: widths, in: rail, along: .horizontal).map(\.x), down.map(\.x))
        }
    }
}
