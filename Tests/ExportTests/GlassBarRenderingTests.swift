@testable import Drawing
import Foundation
import Graph
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// The glass bar as drawn, measured in frames at 3× on the 402 pt preset (the screenshots' device) against
/// UIKIT-2026.md: every edge within one device pixel.
final class GlassBarRenderingTests: XCTestCase {
    private let titles = ["HOME", "MAIL", "TIME", "LINE"]  // capitals: the ink ends on the baseline

    private func frame(_ json: String, at t: TimeInterval) throws -> (Picture, Animation) {
        let scene = try SceneResolver(file: "glass.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "glass.json"))
        let animation = Animation(scene)
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: t)
        return (Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height), animation)
    }

    private func scene(style: String = "light", extra: String = "", items: String? = nil, script: String = "[]") -> String {
        let items = items ?? titles.map { "{\"title\": \"\($0)\", \"icon\": \"icons/square.svg\"}" }.joined(separator: ", ")
        let background = style == "light" ? "#F2F2F7" : "#000000"
        return """
            { "device": "iphone-16-pro", "interfaceStyle": "\(style)", "export": { "scale": 3 }, \(extra)
              "tabBar": { "style": "glass", "items": [\(items)] },
              "contents": [{"color": "\(background)"}, {"color": "\(background)"}, {"color": "\(background)"}, {"color": "\(background)"}],
              "script": \(script) }
            """
    }

    private func luminance(_ p: (r: Int, g: Int, b: Int)) -> Int { (p.r + p.g + p.b) / 3 }

    private func near(_ p: (r: Int, g: Int, b: Int), _ expected: (Int, Int, Int), _ tolerance: Int) -> Bool {
        abs(p.r - expected.0) <= tolerance && abs(p.g - expected.1) <= tolerance && abs(p.b - expected.2) <= tolerance
    }

    /// The first index of `range` where `test` holds.
    private func first(_ range: some Sequence<Int>, where test: (Int) -> Bool) -> Int? { range.first(where: test) }

    func testTheCapsulePillIconAndTitleStandWhereTheScreenshotsHaveThem() throws {
        let (picture, _) = try frame(scene(extra: #""centerButton": null,"#), at: 0)
        let middle = 822 * 3  // the capsule's middle row: its top 791 pt + 31 pt
        // Capsule: 21 pt from the left and right (63 and 1143 px), top 791 pt (2373 px), bottom 853 pt (2559 px).
        // The rim is white; beside and below it the shadow darkens the content.
        let light = { (x: Int, y: Int) in self.luminance(picture.pixel(x, y)) >= 248 }
        XCTAssertEqual(try XCTUnwrap(first(0..<600) { light($0, middle) }), 63, accuracy: 1, "capsule's left edge")
        XCTAssertEqual(try XCTUnwrap(first((600..<1206).reversed()) { light($0, middle) }), 1142, accuracy: 1, "capsule's right edge")
        XCTAssertEqual(try XCTUnwrap(first(2200..<2622) { light(603, $0) }), 2373, accuracy: 1, "capsule's top")
        XCTAssertEqual(try XCTUnwrap(first((2400..<2622).reversed()) { light(603, $0) }), 2558, accuracy: 1, "capsule's bottom")
        XCTAssertTrue(near(picture.pixel(603, 2385), (251, 251, 255), 2), "interior over (242,242,247): \(picture.pixel(603, 2385))")
        XCTAssertLessThan(luminance(picture.pixel(603, 2559 + 15)), luminance(picture.pixel(603, 2373 - 15)), "the shadow is stronger below")

        // The pill under item 0: x 25 … 120 pt, y 795 … 849 pt, (233,233,237).
        let pill = { (x: Int, y: Int) in self.luminance(picture.pixel(x, y)) < 243 }
        XCTAssertEqual(try XCTUnwrap(first(66..<400) { pill($0, middle) }), 75, accuracy: 1, "pill's left end")
        XCTAssertEqual(try XCTUnwrap(first((66..<400).reversed()) { pill($0, middle) }), 359, accuracy: 1, "pill's right end")
        XCTAssertEqual(try XCTUnwrap(first(2376..<2500) { pill(217, $0) }), 2385, accuracy: 1, "pill's top")
        XCTAssertEqual(try XCTUnwrap(first((2500..<2556).reversed()) { pill(217, $0) }), 2546, accuracy: 1, "pill's bottom")
        XCTAssertTrue(near(picture.pixel(100, middle), (233, 233, 237), 2), "pill \(picture.pixel(100, middle))")

        // Item 1 (unselected): its square icon's ink centred 24 pt below the capsule's top (815 pt), its
        // title's ink ending on the baseline 48.6 pt below it (839.6 pt = 2518.8 px).
        let cell = Int((21 + 4 + 257.0 / 3) * 3), cellEnd = cell + 95 * 3
        var inkRows: [Int] = [], inkColumns: [Int] = [], darkest = (r: 255, g: 255, b: 255)
        for y in 2400..<2490 {
            for x in cell..<cellEnd where luminance(picture.pixel(x, y)) < 128 {
                inkRows.append(y); inkColumns.append(x)
                if luminance(picture.pixel(x, y)) < luminance(darkest) { darkest = picture.pixel(x, y) }
            }
        }
        let iconCentreY = Double(try XCTUnwrap(inkRows.min()) + XCTUnwrap(inkRows.max()) + 1) / 2
        XCTAssertEqual(iconCentreY, 815 * 3, accuracy: 1, "icon centre")
        XCTAssertEqual(Double(try XCTUnwrap(inkColumns.min()) + XCTUnwrap(inkColumns.max()) + 1) / 2, (21 + 4 + 257.0 / 3 + 47.5) * 3, accuracy: 1)
        XCTAssertTrue(near(darkest, (25, 25, 29), 3), "unselected (25,25,29): \(darkest)")
        let titleRows = (2490..<2540).filter { y in (cell..<cellEnd).contains { luminance(picture.pixel($0, y)) < 150 } }
        XCTAssertEqual(Double(try XCTUnwrap(titleRows.max()) + 1), 839.6 * 3, accuracy: 1, "title baseline")
    }

    func testTheDarkGlassBarHasTheMeasuredColours() throws {
        let (picture, _) = try frame(scene(style: "dark", extra: #""centerButton": null,"#), at: 0)
        XCTAssertTrue(near(picture.pixel(603, 2385), (19, 19, 19), 2), "interior over black: \(picture.pixel(603, 2385))")
        XCTAssertTrue(near(picture.pixel(100, 822 * 3), (53, 53, 53), 2), "pill: \(picture.pixel(100, 822 * 3))")
        let cell = Int((21 + 4 + 257.0 / 3 + 47.5) * 3)
        XCTAssertTrue(near(picture.pixel(cell, 815 * 3), (243, 243, 243), 3), "unselected icon: \(picture.pixel(cell, 815 * 3))")
        XCTAssertTrue(near(picture.pixel(603, 2559 + 15), (0, 0, 0), 1), "no shadow in dark mode")
    }

    /// The pill's centre along the row 6 pt below the capsule's top (above the icons), in points: the middle
    /// of the longest run of its colour (the shadowed content beside the capsule's ends reads alike, but
    /// only for a few pixels).
    private func pillCentre(_ picture: Picture) -> Double? {
        var best: Range<Int>?, start: Int?
        for x in 60...1146 {
            let inPill = x < 1146 && (226...240).contains(luminance(picture.pixel(x, 797 * 3)))
            if inPill, start == nil { start = x }
            if !inPill, let first = start {
                if (best?.count ?? 0) < x - first { best = first..<x }
                start = nil
            }
        }
        guard let run = best, run.count > 30 else { return nil }
        return Double(run.lowerBound + run.upperBound) / 2 / 3
    }

    func testThePillIsBetweenTheCellsDuringASelectionChangeAndOnTheNewCellAfter() throws {
        let json = scene(extra: #""centerButton": null,"#, script: #"[{"at": 0.5, "tap": 2}]"#)
        let (during, animation) = try frame(json, at: 0.6)
        let centres = animation.layout.items.map(\.frame.center.x)
        let omega = 2 * Double.pi / 0.5, tau = 0.1
        let spring = centres[0] + (centres[2] - centres[0]) * (1 - (1 + omega * tau) * exp(-omega * tau))
        let moving = try XCTUnwrap(pillCentre(during))
        XCTAssertGreaterThan(moving, centres[0] + 10)
        XCTAssertLessThan(moving, centres[2] - 10)
        XCTAssertEqual(moving, spring, accuracy: 1.0 / 3, "on the spring, 0.1 s after the tap")
        let (after, _) = try frame(json, at: 2)
        XCTAssertEqual(try XCTUnwrap(pillCentre(after)), centres[2], accuracy: 1.0 / 3, "at rest on the new cell")
    }

    func testTheCenterButtonIsCentredOnTheCapsulesTopEdgeAndBadgesSitWhereIOS26PutsThem() throws {
        let items = ["{\"title\": \"A\"}", "{\"title\": \"B\", \"badge\": \"3\"}", "{\"title\": \"\"}", "{\"title\": \"D\"}", "{\"title\": \"E\"}"]
        let (picture, animation) = try frame(scene(items: items.joined(separator: ", ")), at: 0)
        // The built-in button: a disc in the default tint (systemBlue, (0,122,255)), 56 pt, centred on 791 pt.
        let rows = (2200..<2622).filter { near(picture.pixel(603, $0), (0, 122, 255), 24) }
        let centre = Double(try XCTUnwrap(rows.min()) + XCTUnwrap(rows.max()) + 1) / 2 / 3
        XCTAssertEqual(centre, 791, accuracy: 1, "the button's centre on the capsule's top edge")
        // The badge: systemRed, centred ~5 pt right of item 1's centre and ~11 pt below its cell's top.
        var red: [(x: Int, y: Int)] = []
        for y in 2300..<2500 {
            for x in 300..<700 where near(picture.pixel(x, y), (255, 59, 48), 30) { red.append((x, y)) }
        }
        XCTAssertFalse(red.isEmpty, "a badge is drawn")
        let cell = animation.layout.items[1].frame
        let badgeX = Double(red.map(\.x).min()! + red.map(\.x).max()! + 1) / 2 / 3
        let badgeY = Double(red.map(\.y).min()! + red.map(\.y).max()! + 1) / 2 / 3
        XCTAssertEqual(badgeX, cell.center.x + 5, accuracy: 1)
        XCTAssertEqual(badgeY, cell.minY + 11, accuracy: 1)
    }
}
