import Basics
@testable import Drawing
import Foundation
import Graph
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// The status bar as measured on 402-pt iPhones, iOS 16–26 (UIKIT-2026.md, "Status bar"): the battery body
/// 25 × 13 pt at x 339.33, the time's baseline and the cellular bars' bottom at 38.67 pt, in light and dark;
/// drawn alike by the PNG, the GIF and the SVG in every browser.
final class StatusBarTests: XCTestCase {
    private func animation(style: String, device: String = "iphone-17", scale: Int = 3, statusBar: String = "true") throws -> Animation {
        let json = """
            {"device": "\(device)", "interfaceStyle": "\(style)", "export": {"scale": \(scale), "fps": 10, "duration": 1},
             "statusBar": \(statusBar),
             "centerButton": null, "tabBar": {"items": [{"title": "Home"}, {"title": "Profile"}]},
             "contents": [{"color": "systemBackground", "rows": 0}, {"color": "systemBackground", "rows": 0}]}
            """
        let spec = try SceneSpec.parse(Data(json.utf8), file: "status.json")
        return Animation(try SceneResolver(file: "status.json", baseDirectory: fixtureURL("")).resolve(spec))
    }

    private func picture(_ animation: Animation) throws -> Picture {
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    /// The box, in points, of the pixels in `region` (points) that differ from the background by more than
    /// `threshold` (of 255) in any channel.
    private func ink(in picture: Picture, region: Rect, background: Int, threshold: Int = 40, scale: Double = 3) -> Rect? {
        var xs: [Int] = [], ys: [Int] = []
        for y in Int(region.minY * scale)..<Int(region.maxY * scale) {
            for x in Int(region.minX * scale)..<Int(region.maxX * scale) {
                let p = picture.pixel(x, y)
                if abs(p.r - background) > threshold || abs(p.g - background) > threshold || abs(p.b - background) > threshold {
                    xs.append(x); ys.append(y)
                }
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Rect(x: Double(minX) / scale, y: Double(minY) / scale, width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
    }

    func testTheIPhone17StatusBarIsWhereTheCapturesShowIt() throws {
        for (style, background) in [("light", 255), ("dark", 0)] {
            let picture = try picture(try animation(style: style))
            // The battery body (its outline, 40 % ink): x 339.33–364.33, 13 pt tall, 0.33 pt below the baseline.
            let battery = try XCTUnwrap(ink(in: picture, region: Rect(x: 336, y: 20, width: 29, height: 25), background: background, threshold: 30), style)
            XCTAssertEqual(battery.minX, 339.33, accuracy: 0.5, "\(style): the battery's left edge")
            XCTAssertEqual(battery.width, 25, accuracy: 0.5, "\(style): the battery's width")
            XCTAssertEqual(battery.height, 13, accuracy: 0.5, "\(style): the battery's height")
            XCTAssertEqual(battery.maxY, 39, accuracy: 0.5, "\(style): the battery's bottom")
            // The time's digits stand on the baseline at 38.67 pt, centred near x 74.
            let time = try XCTUnwrap(ink(in: picture, region: Rect(x: 40, y: 15, width: 70, height: 30), background: background), style)
            XCTAssertEqual(time.maxY, 38.67, accuracy: 0.5, "\(style): the time's baseline")
            XCTAssertEqual(time.center.x, 74, accuracy: 1.5, "\(style): the time's centre")
            // The cellular bars: x 288.33–307.67, their bottom on the baseline, the tallest 12.33 pt.
            let bars = try XCTUnwrap(ink(in: picture, region: Rect(x: 285, y: 20, width: 24, height: 22), background: background), style)
            XCTAssertEqual(bars.minX, 288.33, accuracy: 0.5, "\(style): the bars' left")
            XCTAssertEqual(bars.maxX, 307.67, accuracy: 0.5, "\(style): the bars' right")
            XCTAssertEqual(bars.maxY, 38.67, accuracy: 0.5, "\(style): the bars' bottom")
            XCTAssertEqual(bars.height, 12.33, accuracy: 0.5, "\(style): the tallest bar")
        }
    }

    /// `statusBar`'s object: two bars lit (the others at 20 % ink), the battery at 40 %, no Dynamic Island.
    func testTheSignalTheChargeAndTheIslandFollowTheScene() throws {
        let options = try picture(try animation(style: "light", statusBar: #"{"signal": 2, "battery": 40, "dynamicIsland": false}"#))
        // The bars' middles at x 290, 295.33, 300.67, 306 pt, a point above their bottom: black, black, then 20 %.
        let levels = [290.0, 295.33, 300.67, 306].map { options.pixel(Int($0 * 3), Int(37.5 * 3)).r }
        XCTAssertEqual(levels[0], 0, accuracy: 10); XCTAssertEqual(levels[1], 0, accuracy: 10)
        XCTAssertEqual(levels[2], 204, accuracy: 10, "an unlit bar: 20 % of black over white")
        XCTAssertEqual(levels[3], 204, accuracy: 10)
        // The fill: from x 341.33, 40 % of its 21 pt.
        let fill = try XCTUnwrap(ink(in: options, region: Rect(x: 340.5, y: 28, width: 23, height: 7), background: 255, threshold: 128))
        XCTAssertEqual(fill.width, 8.4, accuracy: 0.5, "40 % of 21 pt")
        XCTAssertNil(ink(in: options, region: Rect(x: 150, y: 16, width: 100, height: 30), background: 255), "no Dynamic Island")
        XCTAssertNotNil(ink(in: try picture(try animation(style: "light")), region: Rect(x: 150, y: 16, width: 100, height: 30), background: 255),
                        "the island by default")
    }

    func testTheSVGDrawsItInEveryBrowserAsTheGIF() throws {
        for style in ["light", "dark"] {
            let animation = try animation(style: style, scale: 1)
            let folder = try temporaryFolder()
            let decoded = try decodedGIF(of: animation, in: folder)
            let expected = decoded.picture(0)
            func top(_ p: Picture) -> Picture { p.cropped(x: 0, y: 0, width: p.width, height: 54) }
            for (browser, pictures) in try playInEveryBrowser(animation, frames: [0], width: decoded.width, height: decoded.height, in: folder) {
                assertSimilar(top(pictures[0]), top(expected), minimumPSNR: 30, "\(browser)-status-bar-\(style)")
            }
        }
    }
}
