import Basics
@testable import Drawing
import Foundation
@testable import GIFExport
import Graph
@testable import MP4Export
import Outputs
@testable import PNGExport
import Resolving
@testable import SVGExport
import Scene
import Spec
import TestSupport
@testable import WebPExport
import XCTest

/// `export.screenCorners`: every format clips the picture to the screen's rounded corners (the iPhone 16
/// Pro's 62 pt), transparent where it has alpha (PNG, WebP, SVG), the background's colour where it has none
/// (GIF, MP4). Each checks a pixel in the corner and one just inside the arc, and the same scene without the
/// key is red in the corner (so the check can fail).
final class ScreenCornerTests: XCTestCase {
    /// At 1×, the top-left corner: the arc's centre is (62, 62). Pixel (16, 16)'s centre is 64.3 pt from it
    /// (2.3 pt outside the screen), pixel (20, 20)'s 58.7 pt (3.3 pt inside); (0, 0) is deep in the corner.
    private let corner = (x: 0, y: 0), outside = (x: 16, y: 16), inside = (x: 20, y: 20)
    private let red = (r: 255, g: 0, b: 0)

    private func animation(corners: Bool) throws -> Animation {
        let json = """
            { "device": "iphone-16-pro", "statusBar": false, "export": { "scale": 1, "fps": 5, "duration": 1, "screenCorners": \(corners) },
              "contents": [{"color": "#FF0000"}, {}, {}, {}, {}] }
            """
        let scene = try SceneResolver(file: "corners.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "corners.json"))
        return Animation(scene)
    }

    private func rgba(_ rgba: [UInt8], width: Int, _ p: (x: Int, y: Int)) -> [Int] {
        let o = (p.y * width + p.x) * 4
        return (0..<4).map { Int(rgba[o + $0]) }
    }

    private func assertNear(_ found: [Int], _ expected: [Int], tolerance: Int = 0, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(found, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(what): \(found), expected \(expected)", file: file, line: line)
    }

    func testPNGAndWebPCornersAreTransparent() throws {
        let rounded = try animation(corners: true), square = try animation(corners: false)
        let png = try PNGExporter(rounded, pdf: InProcessPDFConverter()).frame(at: 0)
        let pixels = png.straightRGBA()
        for p in [corner, outside] { assertNear(rgba(pixels, width: png.width, p), [0, 0, 0, 0], "PNG outside the screen at \(p)") }
        assertNear(rgba(pixels, width: png.width, inside), [255, 0, 0, 255], "PNG just inside the arc")
        let plain = try PNGExporter(square, pdf: InProcessPDFConverter()).frame(at: 0)
        assertNear(rgba(plain.straightRGBA(), width: plain.width, corner), [255, 0, 0, 255], "PNG without screenCorners")

        let webp = try DecodedWebP(data: try WebPExporter(rounded, pdf: InProcessPDFConverter()).data())
        let first = try XCTUnwrap(webp.frames.first).rgba
        for p in [corner, outside] { assertNear(rgba(first, width: webp.width, p), [0, 0, 0, 0], "WebP outside the screen at \(p)") }
        assertNear(rgba(first, width: webp.width, inside), [255, 0, 0, 255], "WebP just inside the arc")
        // `--background` names what is seen where the screen is not: the corners too.
        let matted = try PNGExporter(rounded.withBackground(Color(red: 0, green: 0, blue: 1, alpha: 1)), pdf: InProcessPDFConverter()).frame(at: 0)
        assertNear(rgba(matted.straightRGBA(), width: matted.width, corner), [0, 0, 255, 255], "PNG over --background blue")
    }

    func testGIFAndMP4CornersTakeTheBackground() throws {
        let folder = try temporaryFolder()
        let rounded = try animation(corners: true)
        let white = [255, 255, 255, 255]  // the light scene's systemBackground
        let gif = try decodedGIF(of: rounded, in: folder)
        let first = try XCTUnwrap(gif.frames.first).rgba
        for p in [corner, outside] { assertNear(rgba(first, width: gif.width, p), white, "GIF outside the screen at \(p)") }
        assertNear(rgba(first, width: gif.width, inside), [255, 0, 0, 255], "GIF just inside the arc")
        let square = try decodedGIF(of: try animation(corners: false), in: folder)
        assertNear(rgba(try XCTUnwrap(square.frames.first).rgba, width: square.width, corner), [255, 0, 0, 255], "GIF without screenCorners")

        let ffmpeg = "/usr/bin/ffmpeg"
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else { throw XCTSkip("ffmpeg not found (apt-get install ffmpeg): the MP4 half skipped") }
        let mp4 = folder.appendingPathComponent("corners.mp4"), png = folder.appendingPathComponent("corners-0.png")
        try MP4Exporter(rounded, pdf: InProcessPDFConverter()).export(to: OutputFile(mp4))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-v", "error", "-y", "-i", mp4.path, "-vframes", "1", png.path]
        try process.run()
        process.waitUntilExit()
        let decoded = try Picture(png: png)
        // H.264 in 4:2:0 blurs colour over 2 × 2 pixels and quantizes: a tolerance, far from the arc.
        assertNear(rgba(decoded.rgba, width: decoded.width, corner), white, tolerance: 12, "MP4 in the corner")
        assertNear(rgba(decoded.rgba, width: decoded.width, (x: 40, y: 40)), [255, 0, 0, 255], tolerance: 12, "MP4 inside the screen")
    }

    /// The SVG in each browser, over the page's white: the corner shows the page (nothing is drawn there),
    /// just inside the arc the content.
    func testSVGCornersAreTransparentInEveryBrowser() throws {
        let folder = try temporaryFolder()
        let rounded = try animation(corners: true)
        let svg = String(decoding: try SVGExporter(rounded, pdf: InProcessPDFConverter()).document(), as: UTF8.self)
        XCTAssertTrue(svg.contains("rx=\"62\""), "the screen's clip has the preset's radius")
        // The GIF's corners take the scene's white background, the page's colour: the two agree whole.
        let gif = try decodedGIF(of: rounded, in: folder)
        let gifFrame = Picture(rgba: try XCTUnwrap(gif.frames.first).rgba, width: gif.width, height: gif.height)
        for (browser, shots) in try playInEveryBrowser(rounded, frames: [0], width: 402, height: 874, in: folder) {
            let shot = try XCTUnwrap(shots.first)
            assertSimilar(shot, gifFrame, minimumPSNR: 33, "\(browser) SVG against the GIF")
            assertSimilar(shot.cropped(x: 0, y: 0, width: 80, height: 80), gifFrame.cropped(x: 0, y: 0, width: 80, height: 80),
                          minimumPSNR: 30, "\(browser) SVG against the GIF in the top-left corner")
            for p in [corner, outside] {
                assertNear([shot.pixel(p.x, p.y).r, shot.pixel(p.x, p.y).g, shot.pixel(p.x, p.y).b], [255, 255, 255], tolerance: 8, "\(browser) outside the screen at \(p)")
            }
            assertNear([shot.pixel(inside.x, inside.y).r, shot.pixel(inside.x, inside.y).g, shot.pixel(inside.x, inside.y).b], [red.r, red.g, red.b],
                       tolerance: 8, "\(browser) just inside the arc")
        }
    }

    /// A frame drawn over the one before (a GIF's and WebP's workers redraw only what changed) is the frame
    /// drawn afresh, pixel for pixel, when the pill and the spinning button move near the rounded corners.
    func testRedrawingOverTheFrameBeforeKeepsTheCornersExact() throws {
        let json = """
            { "device": "iphone-16-pro", "os": "26", "export": { "scale": 2, "fps": 20, "duration": 2.5, "screenCorners": true },
              "script": [{"at": 0.2, "tap": 4}, {"at": 0.9, "tap": 0}, {"at": 1.5, "tap": "center"}] }
            """
        let scene = try SceneResolver(file: "corners.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "corners.json"))
        let graph = Animation(scene).graph
        let fresh = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        let redrawing = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        var last: Rasterizer.Drawn?
        var partly = 0
        for index in 0..<scene.export.frameCount {
            let t = scene.export.time(ofFrame: index)
            let drawn = try redrawing.redraw(graph.sample(at: t), at: t, over: last)
            last = drawn
            if drawn.changed != nil { partly += 1 }
            let expected = try fresh.render(at: t).straightRGBA(), got = drawn.surface.straightRGBA()
            XCTAssertTrue(got == expected, "frame \(index): \(zip(got, expected).filter { $0 != $1 }.count) bytes differ from the frame drawn afresh")
        }
        XCTAssertGreaterThan(partly, scene.export.frameCount / 2, "most frames redrawn in part")
        let corner = try fresh.render(at: 0).straightRGBA()
        XCTAssertEqual(corner[3], 0, "the corner is transparent")
    }
}
