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

/// The home indicator as measured (UIKIT-2026.md, "Home indicator"): on iPhones round(0.3575 × width) × 5 pt
/// (144 on 402-pt screens), centred, its bottom 8 pt above the screen's bottom; 315 × 5.5 pt, 7.5 pt up, on a
/// 1024-pt iPad; black over light classic bars, (76,76,76) over the dark classic bar, about (94,94,96) under
/// the light glass bar. Drawn alike by the PNG, the GIF and the SVG in every browser.
final class HomeIndicatorTests: XCTestCase {
    private func animation(_ extra: String, device: String = "iphone-16-pro", barStyle: String = "classic", scale: Int = 3) throws -> Animation {
        let json = """
            {"device": "\(device)", "export": {"scale": \(scale), "fps": 10, "duration": 1}, "centerButton": null,
             "tabBar": {"style": "\(barStyle)", "items": [{"title": "Home"}, {"title": "Profile"}]}\(extra)}
            """
        let spec = try SceneSpec.parse(Data(json.utf8), file: "home.json")
        return Animation(try SceneResolver(file: "home.json", baseDirectory: fixtureURL("")).resolve(spec))
    }

    private func picture(_ animation: Animation) throws -> Picture {
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    /// The box of pixels within 40 of `color` in the screen's bottom 20 pt, in points.
    private func capsule(in picture: Picture, color: (Int, Int, Int), scale: Double) -> Rect? {
        var xs: [Int] = [], ys: [Int] = []
        let top = picture.height - Int(20 * scale)
        for y in top..<picture.height {
            for x in 0..<picture.width {
                let p = picture.pixel(x, y)
                if abs(p.r - color.0) <= 40, abs(p.g - color.1) <= 40, abs(p.b - color.2) <= 40 { xs.append(x); ys.append(y) }
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return Rect(x: Double(minX) / scale, y: Double(minY) / scale,
                    width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
    }

    func testTheCapsuleIsWhereAndWhatTheScreenshotsShow() throws {
        for (extra, color, name) in [("", (0, 0, 0), "light"), (#", "interfaceStyle": "dark""#, (76, 76, 76), "dark")] {
            let animation = try animation(extra)
            let box = try XCTUnwrap(capsule(in: try picture(animation), color: color, scale: 3), "\(name): a capsule")
            let screen = animation.layout.screen
            XCTAssertEqual(box.width, 144, accuracy: 0.5, name)
            XCTAssertEqual(box.height, 5, accuracy: 0.5, name)
            XCTAssertEqual(box.center.x, screen.width / 2, accuracy: 0.5, "\(name): centred")
            XCTAssertEqual(screen.height - box.maxY, 8, accuracy: 0.5, "\(name): its bottom 8 pt above the screen's")
        }
        // Under the light glass bar it reads about (94,94,96).
        let glass = try picture(try animation("", barStyle: "glass"))
        let centre = glass.pixel(glass.width / 2, glass.height - Int(10.5 * 3))
        XCTAssertEqual([centre.r, centre.g, centre.b], [94, 94, 96], "the glass scene's reading")
    }

    /// The width follows the screen's (portrait) width; the iPad's is its own capsule.
    func testTheWidthFollowsTheScreenByTheMeasuredRule() throws {
        for (device, width, height, gap) in [("iphone-16-pro", 144.0, 5.0, 8.0), ("iphone-16-pro-max", 157, 5, 8), ("iphone-15", 140, 5, 8),
                                             ("ipad-air-13", 315, 5.5, 7.5)] {
            let animation = try animation("", device: device, scale: 2)
            let box = try XCTUnwrap(capsule(in: try picture(animation), color: (0, 0, 0), scale: 2), device)
            let screen = animation.layout.screen
            XCTAssertEqual(box.width, width, accuracy: 0.5, device)
            XCTAssertEqual(box.height, height, accuracy: 0.5, device)
            XCTAssertEqual(screen.height - box.maxY, gap, accuracy: 0.5, device)
            XCTAssertEqual(box.center.x, screen.width / 2, accuracy: 0.5, device)
        }
    }

    func testNoIndicatorWithAHomeButtonOrWhenTheSceneHidesIt() throws {
        for (extra, device) in [("", "iphone-se"), (#", "homeIndicator": false"#, "iphone-16-pro")] {
            let picture = try picture(try animation(extra, device: device))
            XCTAssertNil(capsule(in: picture, color: (0, 0, 0), scale: 3), "\(device)\(extra): no capsule")
        }
    }

    func testTheSVGDrawsItInEveryBrowserAsTheGIF() throws {
        for style in ["light", "dark"] {
            // At 1×: WebKit's virtual screen is not tall enough for the 2× screen.
            let animation = try animation(#", "interfaceStyle": "\#(style)""#, scale: 1)
            let folder = try temporaryFolder()
            let decoded = try decodedGIF(of: animation, in: folder)
            let expected = decoded.picture(0)
            // The bottom 20 pt: the indicator and the bar's safe area around it.
            func bottom(_ p: Picture) -> Picture { p.cropped(x: 0, y: p.height - 20, width: p.width, height: 20) }
            XCTAssertNotNil(capsule(in: expected, color: style == "light" ? (0, 0, 0) : (76, 76, 76), scale: 1), "the GIF has it")
            for (browser, pictures) in try playInEveryBrowser(animation, frames: [0], width: decoded.width, height: decoded.height, in: folder) {
                assertSimilar(bottom(pictures[0]), bottom(expected), minimumPSNR: 33, "\(browser)-home-indicator-\(style)")
            }
        }
    }
}
