import Basics
@testable import Drawing
import Foundation
import Graph
import Graphics
@testable import PNGExport
import Resolving
import Scene
@testable import SceneLayout
import Spec
import TestSupport
import XCTest

/// Issue 55's done-when for the iPad sidebar, in rendered pixels: on an iPadOS 26 iPad with the sidebar shown,
/// the panel's left edge is 10 pt from the screen's, its top 32 pt below the top, 270 pt wide, and the selected
/// row a 238 × 44 capsule 16 pt inside it; iPadOS 18 draws the 320-pt column. A toggle exports alike as GIF and
/// as SVG in every browser.
final class SidebarTests: XCTestCase {
    /// Contents a saturated green, so the sidebar's greys stand apart from it.
    private func animation(_ folder: URL, os: String, script: String = "[]", style: String = "light", duration: Double = 1, rows: Int = 0) throws -> Animation {
        let json = """
            { "device": "ipad-pro-13", "orientation": "landscape", "os": "\(os)", "centerButton": null, "interfaceStyle": "\(style)",
              "statusBar": false, "homeIndicator": false, "transition": "none",
              "export": { "fps": 10, "duration": \(duration), "scale": 1 },
              "tabBar": { "sidebar": "shown", "selectedIndex": 1,
                          "items": [{"title": "Home"}, {"title": "Discover"}, {"title": "Extensions", "section": "Library"}, {"title": "Albums", "section": "Library"}] },
              "contents": [{"color": "#00C000", "title": "", "rows": \(rows)}, {"color": "#00C000", "title": ""}, {"color": "#00C000", "title": "Extensions", "rows": \(rows)}, {"color": "#00C000", "title": ""}],
              "script": \(script) }
            """
        return try ExportTests.animation(json: json, file: "pad.json", in: folder)
    }

    private func isGreen(_ c: (r: Int, g: Int, b: Int)) -> Bool { c.r < 40 && c.g > 150 && c.b < 40 }

    /// Along row `y`, the first and last x (points) whose pixel passes `test`; nil if none does.
    private func span(_ p: Picture, y: Int, _ test: ((r: Int, g: Int, b: Int)) -> Bool) -> (Int, Int)? {
        let xs = (0..<p.width).filter { test(p.pixel($0, y)) }
        return xs.first.map { ($0, xs.last! + 1) }
    }

    func testTheFloatingPanelAndItsSelectedCapsuleStandWhereMeasured() throws {
        let animation = try animation(try temporaryFolder(), os: "26")
        let p = try pngFrame(animation)
        // The panel: not the green content, from the left, at mid height.
        let panel = try XCTUnwrap(span(p, y: 500) { !self.isGreen($0) })
        XCTAssertEqual(panel.0, 10, accuracy: 1, "10 pt from the left edge"); XCTAssertEqual(panel.1 - panel.0, 270, accuracy: 1, "270 pt wide")
        XCTAssertTrue(isGreen(p.pixel(5, 500)), "content left of the panel")
        let column = (0..<p.height).filter { !isGreen(p.pixel(140, $0)) }
        XCTAssertEqual(try XCTUnwrap(column.first), 32, accuracy: 1, "its top 32 pt below the screen's")
        XCTAssertEqual(p.height - (try XCTUnwrap(column.last)) - 1, 10, accuracy: 1, "its bottom 10 pt above the screen's")
        // The selected row (item 1): the capsule (219) 16 pt inside the panel, 238 × 44 pt.
        let row = try XCTUnwrap(animation.layout.sidebar?.rows[1].selection)
        func isCapsule(_ c: (r: Int, g: Int, b: Int)) -> Bool { abs(c.r - 219) <= 3 && abs(c.g - 219) <= 3 && abs(c.b - 219) <= 3 }
        let across = try XCTUnwrap(span(p, y: Int(row.center.y), isCapsule))
        XCTAssertEqual(across.0 - panel.0, 16, accuracy: 1); XCTAssertEqual(across.1 - across.0, 238, accuracy: 1)
        XCTAssertEqual(panel.1 - across.1, 16, accuracy: 1)
        let down = (0..<p.height).filter { isCapsule(p.pixel(Int(row.center.x), $0)) }
        XCTAssertEqual(Double(try XCTUnwrap(down.last) - (try XCTUnwrap(down.first)) + 1), 44, accuracy: 1, "44 pt tall")
        // A control, so the check can fail: the unselected row has no capsule.
        let other = try XCTUnwrap(animation.layout.sidebar?.rows[0].selection)
        XCTAssertLessThan((0..<p.width).filter { isCapsule(p.pixel($0, Int(other.center.y))) }.count, 20, "only text's antialiased edges")
    }

    func testIPadOS18DrawsTheFlushColumnWithItsHairline() throws {
        let p = try pngFrame(try animation(try temporaryFolder(), os: "18"))
        let column = try XCTUnwrap(span(p, y: 500) { !self.isGreen($0) })
        XCTAssertEqual(column.0, 0); XCTAssertEqual(column.1, 320, accuracy: 1)
        XCTAssertEqual(p.pixel(100, 500).r, 245, accuracy: 2, "the column (245, 246, 244)")
        XCTAssertLessThan(p.pixel(319, 500).r, 235, "the hairline at its right edge")
        XCTAssertEqual((0..<p.height).filter { isGreen(p.pixel(100, $0)) }.count, 0, "full height")
    }

    func testSectionsHeadTheirTabsAndTapsOnRowsSelect() throws {
        let animation = try animation(try temporaryFolder(), os: "26", script: #"[{"at": 0.2, "tap": {"x": 140, "y": 280}}, {"at": 0.5, "sidebar": "hide"}]"#)
        let sidebar = try XCTUnwrap(animation.layout.sidebar)
        XCTAssertEqual(sidebar.headers.map(\.title), ["Library"])
        XCTAssertEqual(sidebar.rows[2].selection.minY - sidebar.rows[1].selection.maxY, SidebarLayout.headerHeight, "the header between rows 1 and 2")
        XCTAssertEqual(sidebar.rows[1].selection.minY - sidebar.rows[0].selection.minY, 44, "rows 44 pt apart")
        XCTAssertEqual(animation.timeline.selectedIndex(at: 0.3), 3, "the point (140, 280) is on row 3 (Albums)")
        // While it shows, the content is laid out beside it: from the panel's trailing edge to the screen's.
        let beside = try XCTUnwrap(animation.layout.besideSidebar(safeAreaTop: 24, rightToLeft: false))
        XCTAssertEqual(beside.readable, Rect(x: 280, y: 0, width: 1376 - 280, height: 1032))
        XCTAssertEqual(beside.navigation(scale: 2, rightToLeft: false).inlineTitle.x, 280 + (1376 - 280) / 2.0)
        XCTAssertEqual(beside.placeholderRows(1, below: 100, scrolledTo: 0, rightToLeft: false).first?.bar.minX, 280 + 16)
        XCTAssertEqual(beside.placeholderRows(1, below: 100, scrolledTo: 0, rightToLeft: true).first?.line.maxX, 1376 - 16, "mirrored in its part")
        // Hidden: the panel has slid out, the content shows where it was.
        let hidden = try pngFrame(animation, at: 0.95)
        XCTAssertTrue(isGreen(hidden.pixel(140, 500)))
    }

    /// The sidebar hides, then shows again; the GIF's frames and the SVG in every browser agree, whole and in
    /// the sidebar's part of the screen, before, during and after each slide, the content's rows crossfading
    /// between the full width and the part beside the sidebar.
    func testAToggleExportsAlikeInEveryFormat() throws {
        let folder = try temporaryFolder()
        let animation = try animation(folder, os: "26", script: #"[{"at": 0.4, "sidebar": "hide"}, {"at": 1.4, "sidebar": "toggle"}, {"at": 2.2, "tap": 2}]"#,
                                      style: "dark", duration: 3, rows: 3)
        let decoded = try decodedGIF(of: animation, in: folder)
        XCTAssertFalse(isGreen(decoded.picture(0).pixel(140, 500)), "shown at first")
        XCTAssertTrue(isGreen(decoded.picture(10).pixel(140, 500)), "hidden after the slide")
        XCTAssertFalse(isGreen(decoded.picture(20).pixel(140, 500)), "shown again")
        let frames = [0, 5, 6, 10, 15, 16, 20, 25]
        for (browser, pictures) in try playInEveryBrowser(animation, frames: frames, width: decoded.width, height: decoded.height, in: folder) {
            for (frame, picture) in zip(frames, pictures) {
                let expected = decoded.picture(frame)
                let label = "\(browser)-sidebar-frame\(frame)"
                func bar(_ p: Picture) -> Picture { p.cropped(x: 0, y: 0, width: 300, height: p.height) }
                print("\(label): whole \(String(format: "%.1f", picture.psnr(expected))) dB, sidebar \(String(format: "%.1f", bar(picture).psnr(bar(expected)))) dB")
                assertSimilar(picture, expected, minimumPSNR: 33, label)
                assertSimilar(bar(picture), bar(expected), minimumPSNR: 30, label + "-sidebar")
            }
        }
    }
}
