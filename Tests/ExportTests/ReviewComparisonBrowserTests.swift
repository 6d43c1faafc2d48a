import Basics
import Foundation
import Graph
@testable import Review
import TestSupport
import XCTest

/// A comparison's page in every installed browser at 1280 × 720: each scene's mark stands around the changed
/// item, on both phones, above the fold. The pictures are made to be found: a screen-sized SVG, grey, with
/// item 3's frame (the demo's, 235.8, 769, 78.6 × 49 pt) filled in pure blue; the mark must frame the blue.
final class ReviewComparisonBrowserTests: XCTestCase {
    private static let item = Rect(x: 235.8, y: 769, width: 78.6, height: 49)
    private static let screen = Rect(x: 0, y: 0, width: 393, height: 852)
    private static let bar = Rect(x: 0, y: 729, width: 393, height: 123)

    private func variant(_ label: String) -> ReviewPage.Variant {
        let i = Self.item
        let svg = Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="393" height="852" viewBox="0 0 393 852">\
            <rect width="393" height="852" fill="#dddddd"/><rect x="0" y="769" width="393" height="83" fill="#f4f4f4"/>\
            <rect x="\(i.minX)" y="\(i.minY)" width="\(i.width)" height="\(i.height)" fill="#0000ff"/></svg>
            """.utf8)
        var variant = ReviewPage.Variant(
            label: label, title: "\(label.lowercased()).json", summary: "iPhone 15", svg: svg, pixelWidth: 393, pixelHeight: 852,
            duration: 12, fps: 30, events: [.init(time: 0.5, kind: "tap", what: "Tap on 发现", why: "script[0] in the scene")],
            taps: [], spec: [], downloads: [], storyboard: nil, notes: [])
        variant.viewport = Self.screen
        variant.barRegion = Self.bar
        variant.marks = [.init(frame: Self.item, shown: [(start: 0, end: 12)], what: "item 3 title")]
        return variant
    }

    /// The bounding box of the pixels `matching` in columns `columns`.
    private func box(_ shot: Picture, columns: Range<Int>, matching: ((r: Int, g: Int, b: Int)) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var found: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in 0..<shot.height {
            for x in columns where matching(shot.pixel(x, y)) {
                found = (min(found?.minX ?? x, x), min(found?.minY ?? y, y), max(found?.maxX ?? x, x), max(found?.maxY ?? y, y))
            }
        }
        return found
    }

    func testTheMarksFrameTheChangedItemOnBothPhonesAboveTheFold() throws {
        var page = ReviewPage(title: "a.json vs b.json", variants: [variant("A"), variant("B")], generator: "tabanim test")
        page.changeSummary = "1 change: item 3 title"
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("compare.html")
        try page.html().write(to: url)
        let browsers = try Browser.installed()
        print("comparison page in: \(browsers.map(\.name).joined(separator: ", "))")
        for browser in browsers {
            let shot = try browser.screenshot(url.absoluteString + "?t=1", width: 1280, height: 720, in: folder)
            let halves = [0..<shot.width / 2, shot.width / 2..<shot.width]
            for (side, columns) in zip(["A", "B"], halves) {
                let blue = box(shot, columns: columns) { $0.r < 40 && $0.g < 40 && $0.b > 215 }
                let red = box(shot, columns: columns) { $0.r > 215 && $0.g < 90 && $0.b > 50 && $0.b < 130 }
                guard let blue, let red else {
                    XCTFail("\(browser.name), \(side): the item (\(blue.map { "\($0)" } ?? "not found")) and its mark (\(red.map { "\($0)" } ?? "not found")) are both shown")
                    continue
                }
                // The phone shows the bar over the page's width: the item is drawn large enough to read.
                XCTAssertGreaterThan(blue.maxX - blue.minX, 100, "\(browser.name), \(side): item 3 is \(blue.maxX - blue.minX) px wide")
                // The mark's 3 px border stands just outside the item's frame, on every side.
                for (edge, markEdge, itemEdge) in [("left", red.minX, blue.minX - 3), ("top", red.minY, blue.minY - 3),
                                                   ("right", red.maxX, blue.maxX + 3), ("bottom", red.maxY, blue.maxY + 3)] {
                    XCTAssertLessThanOrEqual(abs(markEdge - itemEdge), 2, "\(browser.name), \(side): the mark's \(edge) edge at \(markEdge), the item's + 3 at \(itemEdge)")
                }
                XCTAssertLessThan(red.maxY, 720, "\(browser.name), \(side): the mark is above the fold")
            }
        }
    }
}
