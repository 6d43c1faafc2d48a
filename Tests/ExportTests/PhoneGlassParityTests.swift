import Basics
@testable import Drawing
import Foundation
import Graph
import Graphics
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// Issue 47's done-when, in pixels: on an iPhone glass scene with `minimizeBehavior: "onScrollDown"` a scroll of
/// 600 pt moves the content by 600 pt and minimizes the bar to a small capsule holding the selected icon at the
/// leading edge, the accessory inline beside it; scrolling back brings the full capsule and the accessory above
/// it; the search tab is a circle right of the capsule and opens its field. The GIF's frames are checked where
/// the motion happens, and the SVG played in every browser against them (≥ 33 dB whole, ≥ 30 dB in the bar).
final class PhoneGlassParityTests: XCTestCase {
    /// Content a scroll can be measured on: a 402 × 2000 pt capture, teal, with a black band from 700 to 720 pt.
    private func tallCapture(in folder: URL) throws -> URL {
        let width = 402, height = 2000
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let band = (700..<720).contains(y)
            for x in 0..<width {
                let i = (y * width + x) * 4
                rgba[i] = 0; rgba[i + 1] = band ? 0 : 128; rgba[i + 2] = band ? 0 : 128; rgba[i + 3] = 255
            }
        }
        let url = folder.appendingPathComponent("tall.png")
        try ImageSurface(straightRGBA: rgba, width: width, height: height).pngData().write(to: url)
        return url
    }

    private func animation(_ folder: URL, os: String = "26", last: String) throws -> Animation {
        try FileManager.default.copyItem(at: fixtureURL("icons"), to: folder.appendingPathComponent("icons"))
        let icons = "icons"
        let json = """
            { "device": "iphone-17", "os": "\(os)", "centerButton": null, "export": { "fps": 10, "duration": 4.4, "scale": 1 },
              "transition": "none",
              "tabBar": { "minimizeBehavior": "onScrollDown",
                          "accessory": {"image": "\(icons)/home.svg", "title": "Blue in Green", "subtitle": "Miles Davis"},
                          "items": [{"title": "Home", "icon": "\(icons)/home.svg"}, {"title": "Discover", "icon": "\(icons)/discover.svg"},
                                    {"title": "Profile", "icon": "\(icons)/profile.svg"}, \(last)] },
              "contents": [{"screenshot": "tall.png"}, {"color": "#FFCC00"}, {"color": "#FFFFFF"}, {"color": "#34C759", "rows": 4}],
              "script": [{"at": 0.2, "scroll": {"by": 600, "duration": 0.6}}, {"at": 1.6, "scroll": {"by": -600, "duration": 0.6}},
                         {"at": 2.6, "tap": 3}, {"at": 3.4, "tap": {"x": 370, "y": 829}}] }
            """
        _ = try tallCapture(in: folder)
        let spec = try SceneSpec.parse(Data(json.utf8), file: "bars2026.json")
        return Animation(try SceneResolver(file: "bars2026.json", baseDirectory: folder).resolve(spec))
    }

    private func isTeal(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r < 30 && abs(p.g - 128) < 30 && abs(p.b - 128) < 30 }
    private func isTint(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r < 60 && abs(p.g - 122) < 40 && p.b > 200 }

    func testTheBarMinimizesOnScrollAndEveryExportAgrees() throws {
        let folder = try temporaryFolder()
        let animation = try animation(folder, last: #"{"title": "Search", "icon": "icons/discover.svg", "role": "search"}"#)
        let decoded = try decodedGIF(of: animation, in: folder)
        let layout = animation.layout
        let capsule = try XCTUnwrap(layout.capsule), small = try XCTUnwrap(layout.minimized), accessory = try XCTUnwrap(layout.accessory)
        let expanded = decoded.picture(1), minimized = decoded.picture(12), back = decoded.picture(24), searching = decoded.picture(32)

        // The content moved by the scrolled distance: the band from 700 pt is at 100 pt, then back at 700.
        XCTAssertEqual(expanded.pixel(200, 710).g, 0, "the band before the scroll")
        XCTAssertTrue(isTeal(expanded.pixel(200, 110)))
        XCTAssertEqual(minimized.pixel(200, 110).g, 0, "600 pt up after the scroll")
        XCTAssertTrue(isTeal(minimized.pixel(200, 710)))
        XCTAssertEqual(back.pixel(200, 710).g, 0, "and back")

        // Minimized: the full capsule's right part shows the content; the small capsule at the leading edge
        // holds the selected icon in the tint; the accessory stands inline beside it, none above the bar.
        let gap = (x: Int(small.capsule.maxX + 4), y: Int(small.capsule.center.y))
        XCTAssertTrue(isTeal(minimized.pixel(gap.x, gap.y)), "between the small capsule and the inline accessory: content")
        XCTAssertFalse(isTeal(expanded.pixel(gap.x, gap.y)), "the full capsule covers it")
        XCTAssertFalse(isTeal(back.pixel(gap.x, gap.y)), "and again after scrolling back")
        func tintPixels(_ p: Picture, in box: Rect) -> Int {
            var count = 0
            for y in Int(box.minY)..<Int(box.maxY) { for x in Int(box.minX)..<Int(box.maxX) where isTint(p.pixel(x, y)) { count += 1 } }
            return count
        }
        XCTAssertGreaterThan(tintPixels(minimized, in: small.capsule), 40, "the selected icon, tinted, in the minimized capsule")
        XCTAssertEqual(tintPixels(expanded, in: small.capsule), tintPixels(back, in: small.capsule), "the full bar comes back as it was")
        let above = (x: Int(accessory.maxX - 12), y: Int(accessory.center.y))
        XCTAssertFalse(isTeal(expanded.pixel(above.x, above.y)), "the accessory above the full bar")
        XCTAssertTrue(isTeal(minimized.pixel(above.x, above.y)), "not above the minimized bar")
        let inline = try XCTUnwrap(small.accessory)
        XCTAssertFalse(isTeal(minimized.pixel(Int(inline.maxX - 12), Int(inline.center.y))), "inline beside the minimized bar")

        // The search circle right of the capsule; selected, the bar is the search field (its close circle at
        // the trailing edge, where the capsule's end was content before).
        let circle = layout.items[3].frame
        XCTAssertGreaterThanOrEqual(circle.minX, capsule.maxX + 8)
        let field = try XCTUnwrap(layout.searchField)
        // The ✕ is the label's black; the content under the field is green (52, 199, 89): g tells them apart.
        let cross = searching.pixel(Int(field.close.center.x), Int(field.close.center.y))
        XCTAssertTrue(cross.r < 80 && cross.g < 80, "the close circle's ✕, found \(cross)")

        // Every export: the SVG in every browser, at rest, mid-morph and mid-scroll, and the search field.
        let frames = [1, 4, 6, 12, 18, 24, 28, 32, 38]
        let top = Int(accessory.minY - 20), bottom = Int(layout.screen.height)
        for (browser, pictures) in try playInEveryBrowser(animation, frames: frames, width: decoded.width, height: decoded.height, in: folder) {
            for (frame, picture) in zip(frames, pictures) {
                let expected = decoded.picture(frame)
                let label = "\(browser)-bars2026-frame\(frame)"
                func bar(_ p: Picture) -> Picture { p.cropped(x: 0, y: top, width: p.width, height: bottom - top) }
                print("\(label): whole \(String(format: "%.1f", picture.psnr(expected))) dB, bar \(String(format: "%.1f", bar(picture).psnr(bar(expected)))) dB")
                assertSimilar(picture, expected, minimumPSNR: 33, label)
                assertSimilar(bar(picture), bar(expected), minimumPSNR: 30, label + "-bar")
            }
        }
    }

    /// The raster formats draw the same picture: the lossless WebP's frame is the PNG frame pixel for pixel, and
    /// the GIF's is that frame through its palette, mid-crossfade, minimized, mid-scroll and with the field.
    func testTheWebPAndThePNGFramesShowTheGIFsPicture() throws {
        let folder = try temporaryFolder()
        let animation = try animation(folder, last: #"{"title": "Search", "icon": "icons/discover.svg", "role": "search"}"#)
        try assertRasterFormatsAgree(animation, frames: [4, 12, 18, 28, 32], in: folder)
    }

    /// A fling's deceleration is sampled into keyframes (no Bézier is an exponential): the browsers play them
    /// as the GIF draws them, mid-fling and as it slows, the large title scrolling under the bar.
    func testAFlingPlaysInTheBrowsersAsInTheGIF() throws {
        let folder = try temporaryFolder()
        let json = """
            { "device": "iphone-17", "os": "26", "centerButton": null, "export": { "fps": 10, "duration": 2.5, "scale": 1 },
              "tabBar": { "minimizeBehavior": "onScrollDown", "items": [{"title": "Home"}, {"title": "Search", "role": "search"}] },
              "contents": [{"color": "#FFCC00", "rows": 40, "title": "Listen Now", "largeTitle": true}],
              "script": [{"at": 0.1, "scroll": {"by": 900, "fling": true}}] }
            """
        let spec = try SceneSpec.parse(Data(json.utf8), file: "fling.json")
        let animation = Animation(try SceneResolver(file: "fling.json", baseDirectory: folder).resolve(spec))
        let decoded = try decodedGIF(of: animation, in: folder)
        let frames = [2, 4, 7, 12, 20]
        for (browser, pictures) in try playInEveryBrowser(animation, frames: frames, width: decoded.width, height: decoded.height, in: folder) {
            for (frame, picture) in zip(frames, pictures) {
                let label = "\(browser)-fling-frame\(frame)"
                print("\(label): whole \(String(format: "%.1f", picture.psnr(decoded.picture(frame)))) dB")
                assertSimilar(picture, decoded.picture(frame), minimumPSNR: 33, label)
            }
        }
    }

    func testTheProminentTabStaysVisibleWhileTheBarIsMinimized() throws {
        let folder = try temporaryFolder()
        let animation = try animation(folder, os: "27", last: #"{"title": "New", "icon": "icons/home.svg", "role": "prominent"}"#)
        let decoded = try decodedGIF(of: animation, in: folder)
        let circle = try XCTUnwrap(animation.layout.minimized?.detached)
        // Its tinted circle, beside the icon's white, while the bar is minimized.
        let minimized = decoded.picture(12)
        XCTAssertTrue(isTint(minimized.pixel(Int(circle.minX + 6), Int(circle.center.y))), "the prominent tab's tinted circle")
        let full = animation.layout.items[3].frame
        XCTAssertTrue(isTint(decoded.picture(1).pixel(Int(full.minX + 6), Int(full.center.y))), "and before, full size")
    }
}
