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

/// Issue 55's done-when, measured in rendered pixels: on the iPhone Duo's outer display in portrait, four tabs
/// on a dark glass rail over black content span x 394–442 and y 442–654 pt, each icon centred 31 + 50·i pt
/// below the rail's top; in inner landscape the rail's right edge is 24 pt from the screen's and its bottom
/// 24 pt above the screen's; inner portrait draws the bottom bar. The GIF and the SVG in every browser agree.
final class DuoRailTests: XCTestCase {
    /// A square icon (a 16-pt block centred in its 24-pt box): its ink's centroid is the icon's centre.
    private func writeSquareIcon(in folder: URL) throws {
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><rect x="4" y="4" width="16" height="16" fill="#000"/></svg>"##
        try Data(svg.utf8).write(to: folder.appendingPathComponent("square.svg"))
    }

    private func animation(_ folder: URL, display: String, orientation: String = "portrait", scale: Double = 2, extra: String = "",
                           badge: String? = nil, script: String = "[]", duration: Double = 1, fps: Double = 10) throws -> Animation {
        try writeSquareIcon(in: folder)
        let item = #"{"title": "Tab", "icon": "square.svg"}"#
        let second = badge.map { #"{"title": "Tab", "icon": "square.svg", "badge": "\#($0)"}"# } ?? item
        let json = """
            { "device": "iphone-duo-\(display)", "orientation": "\(orientation)", "interfaceStyle": "dark", "centerButton": null,
              "statusBar": false, "homeIndicator": false, "transition": "none",
              "export": { "fps": \(fps), "duration": \(duration), "scale": \(scale) },
              "tabBar": { "items": [\(item), \(second), \(item), \(item)]\(extra) },
              "contents": [{"color": "#000000", "title": ""}, {"color": "#000000", "title": ""}, {"color": "#000000", "title": ""}, {"color": "#000000", "title": ""}],
              "script": \(script) }
            """
        return try ExportTests.animation(json: json, file: "duo.json", in: folder)
    }

    /// The centroid (in points) of the icons' ink in `band`: the white unselected and the tinted selected
    /// icon, brighter than the glass and the pill.
    private func iconCentre(_ p: Picture, scale: Double, in band: Rect) -> Point? {
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in Int(band.minY * scale)..<Int(band.maxY * scale) {
            for x in Int(band.minX * scale)..<Int(band.maxX * scale) {
                let c = p.pixel(x, y)
                guard max(c.r, c.g, c.b) > 150 else { continue }
                sx += Double(x) + 0.5; sy += Double(y) + 0.5; n += 1
            }
        }
        return n > 0 ? Point(x: sx / n / scale, y: sy / n / scale) : nil
    }

    func testOuterPortraitRailSpansTheMeasuredBoxAndCentresEachIcon() throws {
        let folder = try temporaryFolder()
        let animation = try animation(folder, display: "outer")
        XCTAssertEqual(animation.layout.kind, .rail)
        let p = try pngFrame(animation)
        // The rail, from the pixels: the right part of the screen below its middle (no other ink there).
        let box = try XCTUnwrap(inkBox(p, scale: 2, in: Rect(x: 300, y: 300, width: 166, height: 378)))
        XCTAssertEqual(box.minX, 394, accuracy: 1); XCTAssertEqual(box.maxX, 442, accuracy: 1)
        XCTAssertEqual(box.minY, 442, accuracy: 1); XCTAssertEqual(box.maxY, 654, accuracy: 1)
        for i in 0..<4 {
            let centre = 442 + 31 + 50 * Double(i)
            let found = try XCTUnwrap(iconCentre(p, scale: 2, in: Rect(x: 394, y: centre - 22, width: 48, height: 44)), "icon \(i)")
            XCTAssertEqual(found.y, centre, accuracy: 1, "icon \(i) 31 + 50·\(i) pt below the rail's top")
            XCTAssertEqual(found.x, 418, accuracy: 1, "icon \(i) in the rail's middle")
        }
        // A control, so the check can fail: the same scene opted out has no rail there.
        let flat = try pngFrame(try self.animation(try temporaryFolder(), display: "outer", extra: #", "verticalBehavior": "disabled""#))
        let bottom = try XCTUnwrap(inkBox(flat, scale: 2, in: Rect(x: 0, y: 500, width: 466, height: 178)))
        XCTAssertLessThan(bottom.minX, 30, "opted out: the horizontal capsule, 21 pt from the left")
        XCTAssertNil(inkBox(flat, scale: 2, in: Rect(x: 394, y: 300, width: 72, height: 280)), "nothing where the rail was")
    }

    func testInnerLandscapeRailStandsOffTheRightAndBottomEdges() throws {
        let animation = try animation(try temporaryFolder(), display: "inner", orientation: "landscape", scale: 1)
        XCTAssertEqual(animation.layout.screen.size, Size(width: 951, height: 669))
        let p = try pngFrame(animation)
        let box = try XCTUnwrap(inkBox(p, scale: 1, in: Rect(x: 700, y: 200, width: 251, height: 469)))
        XCTAssertEqual(951 - box.maxX, 24, accuracy: 1, "right edge 24 pt from the screen's")
        XCTAssertEqual(669 - box.maxY, 24, accuracy: 1, "bottom 24 pt above the screen's")
        XCTAssertEqual(box.width, 48, accuracy: 1)
        XCTAssertEqual(box.height, 212, accuracy: 1)
    }

    func testInnerPortraitDrawsTheBottomBar() throws {
        let animation = try animation(try temporaryFolder(), display: "inner", scale: 1)
        XCTAssertEqual(animation.layout.kind, .glass)
        let p = try pngFrame(animation)
        // The glass capsule at the bottom: 21 pt from each side, 62 pt tall, its bottom 21 pt above the screen's.
        let box = try XCTUnwrap(inkBox(p, scale: 1, in: Rect(x: 0, y: 600, width: 669, height: 351)))
        XCTAssertEqual(box.minX, 21, accuracy: 1); XCTAssertEqual(box.maxX, 669 - 21, accuracy: 1)
        XCTAssertEqual(box.maxY, 951 - 21, accuracy: 1)
        XCTAssertNil(inkBox(p, scale: 1, in: Rect(x: 560, y: 300, width: 109, height: 300)), "no rail at the right")
    }

    /// Pressed (`script[i].press`), the rail widens inwards to 72 pt, its outer edge still 24 pt from the
    /// screen's, and every tab shows its label; it narrows again when the finger lifts.
    func testAPressWidensTheRailAndShowsEveryLabel() throws {
        let folder = try temporaryFolder()
        let animation = try animation(folder, display: "outer", scale: 1, script: #"[{"at": 0.5, "press": 1}]"#, duration: 2)
        let rest = try XCTUnwrap(inkBox(try pngFrame(animation, at: 0.2), scale: 1, in: Rect(x: 300, y: 300, width: 166, height: 378)))
        let pressed = try XCTUnwrap(inkBox(try pngFrame(animation, at: 1.2), scale: 1, in: Rect(x: 300, y: 300, width: 166, height: 378)))
        XCTAssertEqual(rest.minX, 394, accuracy: 1)
        XCTAssertEqual(pressed.minX, 442 - 72, accuracy: 1, "72 pt wide"); XCTAssertEqual(pressed.maxX, 442, accuracy: 1, "its outer edge kept")
        XCTAssertEqual(pressed.minY, 442, accuracy: 1); XCTAssertEqual(pressed.maxY, 654, accuracy: 1)
        // Each tab's label: bright ink below its icon, where the rail at rest has none.
        func labelInk(_ p: Picture, tab: Int) -> Int {
            let y0 = 442 + 31 + 50 * tab + 10, x0 = 376
            return (y0..<(y0 + 9)).reduce(0) { sum, y in sum + (x0..<436).filter { max(p.pixel($0, y).r, p.pixel($0, y).g, p.pixel($0, y).b) > 150 }.count }
        }
        let atRest = try pngFrame(animation, at: 0.2), down = try pngFrame(animation, at: 1.2), after = try pngFrame(animation, at: 1.9)
        for tab in 0..<4 {
            XCTAssertGreaterThan(labelInk(down, tab: tab), 15, "tab \(tab)'s label while pressed")
            XCTAssertLessThan(labelInk(atRest, tab: tab), 5, "no label at rest")
            XCTAssertLessThan(labelInk(after, tab: tab), 5, "none after the finger lifts")
        }
        XCTAssertEqual(animation.timeline.selectedIndex(at: 1.9), 0, "a press selects nothing")
    }

    /// The pill glides down the rail between taps (one by index, one by a point on the rail); the GIF's frames
    /// and the SVG in every browser agree, whole and in the rail's strip.
    func testTheRailsPillMovesDownAndEveryExportAgrees() throws {
        let folder = try temporaryFolder()
        let script = #"[{"at": 0.3, "tap": 2}, {"at": 1.3, "tap": {"x": 418, "y": 623}}, {"at": 2.2, "tap": 1}, {"at": 2.5, "press": 0.4}]"#
        let animation = try animation(folder, display: "outer", badge: "4", script: script, duration: 3, fps: 10)
        XCTAssertEqual(animation.timeline.selectedIndex(at: 2), 3, "the point (418, 623) is on tab 3")
        let decoded = try decodedGIF(of: animation, in: folder)
        // The pill (lighter than the glass) beside each icon: on tab 0 at first, on tab 2 after the first tap,
        // on tab 3 after the tap by point; tab 1's badge in red.
        func pill(_ frame: Int, _ tab: Int) -> Int { decoded.picture(frame).pixel(2 * 403, 2 * (473 + 50 * tab)).g }
        XCTAssertGreaterThan(pill(0, 0), pill(0, 2) + 15, "at rest on tab 0")
        XCTAssertGreaterThan(pill(10, 2), pill(10, 0) + 15, "moved down to tab 2")
        XCTAssertGreaterThan(pill(20, 3), pill(20, 2) + 15, "then to tab 3")
        let badge = decoded.picture(0).pixel(2 * 423, 2 * (523 - 9))
        XCTAssertTrue(badge.r > 200 && badge.g < 90, "tab 1's badge, 5 pt right of and 9 above its icon's centre: \(badge)")
        let frames = [0, 4, 6, 10, 15, 20, 25, 26, 28, 29]
        let strip = Int(394 - 20) * 2
        for (browser, pictures) in try playInEveryBrowser(animation, frames: frames, width: decoded.width, height: decoded.height, in: folder) {
            for (frame, picture) in zip(frames, pictures) {
                let expected = decoded.picture(frame)
                let label = "\(browser)-duo-rail-frame\(frame)"
                func bar(_ p: Picture) -> Picture { p.cropped(x: strip, y: 0, width: p.width - strip, height: p.height) }
                print("\(label): whole \(String(format: "%.1f", picture.psnr(expected))) dB, rail \(String(format: "%.1f", bar(picture).psnr(bar(expected)))) dB")
                assertSimilar(picture, expected, minimumPSNR: 33, label)
                assertSimilar(bar(picture), bar(expected), minimumPSNR: 30, label + "-rail")
            }
        }
    }
}

/// Postures (`script[i].posture`): the Duo unfolds and turns, the scene laid out again on each display, the
/// bar moving between its forms; one output holds the loop on a canvas as large as the largest display.
final class DuoPostureTests: XCTestCase {
    private func animation(_ folder: URL) throws -> Animation {
        let json = """
            { "device": "iphone-duo-outer", "interfaceStyle": "dark", "centerButton": null, "statusBar": false, "homeIndicator": false,
              "transition": "none", "export": { "fps": 10, "duration": 4, "scale": 1 },
              "tabBar": { "items": [{"title": "A"}, {"title": "B", "badge": "2"}, {"title": "C"}, {"title": "D"}] },
              "contents": [{"color": "#000000", "title": ""}, {"color": "#000000", "title": ""}, {"color": "#000000", "title": ""}, {"color": "#000000", "title": ""}],
              "script": [{"at": 0.5, "tap": 1}, {"at": 1, "posture": "unfold"}, {"at": 2, "posture": "landscape"}, {"at": 2.6, "tap": {"x": 903, "y": 614}},
                         {"at": 3, "posture": "fold"}] }
            """
        return try ExportTests.animation(json: json, file: "fold.json", in: folder)
    }

    func testTheBarMovesBetweenItsFormsAndEveryExportAgrees() throws {
        let folder = try temporaryFolder()
        let animation = try animation(folder)
        XCTAssertEqual(animation.scene.postures.map(\.device.name), ["iphone-duo-inner", "iphone-duo-inner", "iphone-duo-outer"])
        XCTAssertEqual(animation.scene.postures.map { $0.verticalBars?.isRail }, [false, true, true])
        XCTAssertEqual(animation.graph.viewport, Rect(x: 0, y: 0, width: 951, height: 951), "the largest display each way")
        XCTAssertEqual(animation.timeline.selectedIndex(at: 2.7), 3, "the tap by point meets inner landscape's rail")
        let decoded = try decodedGIF(of: animation, in: folder)
        XCTAssertEqual(decoded.width, 951); XCTAssertEqual(decoded.height, 951)
        // Outer portrait: the rail at x 394–442, y 442–654.
        let outer = try XCTUnwrap(inkBox(decoded.picture(5), in: Rect(x: 300, y: 300, width: 200, height: 400)))
        XCTAssertEqual(outer.minX, 394, accuracy: 1); XCTAssertEqual(outer.maxY, 654, accuracy: 1)
        // Unfolded, inner portrait: the bottom capsule, 21 pt from the sides of the 669-pt screen.
        let inner = try XCTUnwrap(inkBox(decoded.picture(15), in: Rect(x: 0, y: 800, width: 951, height: 151)))
        XCTAssertEqual(inner.minX, 21, accuracy: 1); XCTAssertEqual(inner.maxX, 648, accuracy: 1); XCTAssertEqual(inner.maxY, 930, accuracy: 1)
        XCTAssertNil(inkBox(decoded.picture(15), in: Rect(x: 300, y: 300, width: 200, height: 400)), "the outer display's rail is gone")
        // Turned: the rail 24 pt from the right and bottom of the 951 × 669 screen.
        let landscape = try XCTUnwrap(inkBox(decoded.picture(25), in: Rect(x: 700, y: 200, width: 251, height: 469)))
        XCTAssertEqual(landscape.maxX, 927, accuracy: 1); XCTAssertEqual(landscape.maxY, 645, accuracy: 1)
        // Folded again, still in landscape: the outer display 678 × 466, its rail 24 pt from its right edge, black around it.
        let folded = try XCTUnwrap(inkBox(decoded.picture(38), in: Rect(x: 500, y: 150, width: 300, height: 316)))
        XCTAssertEqual(folded.maxX, 678 - 24, accuracy: 1); XCTAssertEqual(folded.maxY, 466 - 24, accuracy: 1)
        XCTAssertNil(inkBox(decoded.picture(38), in: Rect(x: 680, y: 0, width: 271, height: 951)), "black right of the outer display")
        XCTAssertNil(inkBox(decoded.picture(38), in: Rect(x: 0, y: 468, width: 951, height: 483)), "and below it")
        let frames = [5, 11, 12, 15, 21, 22, 25, 31, 35, 38]
        for (browser, pictures) in try playInEveryBrowser(animation, frames: frames, width: decoded.width, height: decoded.height, in: folder) {
            for (frame, picture) in zip(frames, pictures) {
                let expected = decoded.picture(frame)
                let label = "\(browser)-duo-posture-frame\(frame)"
                // The bar's region: the right strip and the bottom band of every display.
                func bar(_ p: Picture) -> Picture { p.cropped(x: 370, y: 400, width: p.width - 370, height: p.height - 400) }
                print("\(label): whole \(String(format: "%.1f", picture.psnr(expected))) dB, bar \(String(format: "%.1f", bar(picture).psnr(bar(expected)))) dB")
                assertSimilar(picture, expected, minimumPSNR: 33, label)
                assertSimilar(bar(picture), bar(expected), minimumPSNR: 30, label + "-bar")
            }
        }
    }
}
