@testable import Drawing
import Foundation
@testable import GIFExport
import Graph
import Outputs
import Resolving
@testable import Review
@testable import SVGExport
import Scene
import TestSupport
import XCTest

/// Headless Chromium plays the exported SVG paused at chosen times; its screenshots are compared with
/// tabanim's own frames. Skipped, saying so, where no Chromium is installed (`apt-get install chromium`).
final class BrowserTests: XCTestCase {
    /// The Chromium `Browser` finds (TABANIM_CHROMIUM first), or a skip that says so.
    private func chromium() throws -> Browser {
        guard let browser = Browser.chromium else {
            throw XCTSkip("Chromium not found (apt-get install chromium, or set TABANIM_CHROMIUM): browser tests skipped")
        }
        return browser
    }

    /// Screenshots of the SVG, paused at each time, inline in a page whose script seeks its clock.
    private func screenshots(_ svg: Data, width: Int, height: Int, at times: [Double]) throws -> [Picture] {
        let browser = try chromium()
        let folder = try temporaryFolder()
        var markup = String(decoding: svg, as: UTF8.self)
        if let end = markup.range(of: "?>") { markup = String(markup[end.upperBound...]) }
        let page = folder.appendingPathComponent("page.html")
        try """
        <!doctype html><html><body style="margin:0;overflow:hidden;background:#fff">\(markup)
        <script>
        const svg = document.querySelector('svg');
        svg.pauseAnimations();
        svg.setCurrentTime(parseFloat(new URLSearchParams(location.search).get('t')));
        </script></body></html>
        """.write(to: page, atomically: true, encoding: .utf8)
        return try times.map { t in try browser.screenshot("\(page.absoluteString)?t=\(t)", width: width, height: height, in: folder) }
    }

    private func render(_ scene: ResolvedScene, at t: Double) throws -> Picture {
        let rasterizer = try Rasterizer(scene: scene, graph: Animation(scene).graph, pdf: InProcessPDFConverter())
        let surface = try rasterizer.render(at: t)
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    func testTheBrowserPlaysTheSpin() throws {
        let scene = try loadFixture("spin-long.json")  // spins from 0.5 s to the end, period 3 s
        let svg = try SVGExporter(Animation(scene), pdf: InProcessPDFConverter()).document()
        let size = try render(scene, at: 0)
        let times = [1.0, 2.0, 1.2, 4.2]
        let shots = try screenshots(svg, width: size.width, height: size.height, at: times)
        for (t, shot) in zip(times, shots) {
            let expected = 360 * (t - 0.5) / 3
            let measured = try XCTUnwrap(buttonAngle(shot, scene), "no button at \(t) s")
            XCTAssertLessThan(angleDifference(measured, expected), 3, "browser at \(t) s: \(measured)°, expected \(expected)°")
        }
        XCTAssertGreaterThan(shots[0].differingPixels(shots[1]), 200, "0.5 s and 1.5 s into the spin differ")
        assertSimilar(shots[2], shots[3], minimumPSNR: 40, "one-period-apart")
    }

    /// Seed 001's slide at the middle of a transition: the browser puts the incoming content's edge where
    /// the GIF frame has it (both measured to a fraction of a pixel from colour coverage along one row).
    func testTheBrowserSlidesLikeTheGIF() throws {
        let scene = try loadFixture("slide.json")  // red 0 → green 2 from 0.5 s to 1.5 s; green 2 → blue 1 from 1.7 s
        let animation = Animation(scene)
        let url = try temporaryFolder().appendingPathComponent("slide.gif")
        try GIFExporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(url))
        let gif = try DecodedGIF(path: url.path, playedAt: scene.export.fps)
        let times = [0.75, 1.0, 2.2]
        let shots = try screenshots(try SVGExporter(animation, pdf: InProcessPDFConverter()).document(), width: gif.width, height: gif.height, at: times)
        func coverage(_ picture: Picture, channel: Int) -> Double {
            (0..<picture.width).reduce(0.0) { $0 + Double(picture.rgba[(400 * picture.width + $1) * 4 + channel]) / 255 }
        }
        for (t, shot) in zip(times, shots) {
            let frame = gif.picture(Int((t * scene.export.fps).rounded()))
            let channel = t < 1.7 ? 1 : 2  // green, then blue, is the incoming colour
            let browserEdge = coverage(shot, channel: channel), gifEdge = coverage(frame, channel: channel)
            print("slide at \(t) s: incoming content covers \(browserEdge) px in the browser, \(gifEdge) px in the GIF")
            XCTAssertEqual(browserEdge, gifEdge, accuracy: 0.5, "t = \(t)")
        }
    }

    /// The browser's picture at t against tabanim's frame at t. Anti-aliasing and text rasterisation differ
    /// between Chromium (Skia) and cairo: measured 35.5–36.3 dB, so the bar is 33 dB. A wrong angle barely
    /// moves the PSNR of the whole strip, so the button's angle is compared on its own.
    func testBrowserAndRasterizerShowTheSamePicture() throws {
        let scene = try loadFixture("spin.json")
        let svg = try SVGExporter(Animation(scene), pdf: InProcessPDFConverter()).document()
        let times = [0.0, 1.0, 1.9, 2.5, 3.5]
        let first = try render(scene, at: 0)
        let shots = try screenshots(svg, width: first.width, height: first.height, at: times)
        for (t, shot) in zip(times, shots) {
            let frame = try render(scene, at: t)
            print("browser vs frame at \(t) s: PSNR \(String(format: "%.1f", shot.psnr(frame))) dB, \(shot.differingPixels(frame)) pixels differ")
            assertSimilar(shot, frame, minimumPSNR: 33, "browser-\(t)")
            let browserAngle = try XCTUnwrap(buttonAngle(shot, scene)), frameAngle = try XCTUnwrap(buttonAngle(frame, scene))
            XCTAssertLessThan(angleDifference(browserAngle, frameAngle), 3, "button angle at \(t) s")
        }
    }

    // MARK: - The SVG plays exactly like the GIF

    /// Chromium paused at each moment against the GIF's frame at that moment (decoded with giflib), on a
    /// scene with every kind of motion. Measured on this machine: 36.5–38.8 dB and 77–167 pixels that differ
    /// by more than 96 in a channel, all of it Skia's and cairo's anti-aliasing of the same edges (glyphs,
    /// the button's rim). A 24 pt icon drawn in the wrong place or state in this 375 × 667 picture costs
    /// about 4 dB and some 400 such pixels, so the bars are 32 dB and 300 pixels.
    func testTheBrowserPlaysTheSVGLikeTheGIF() throws {
        let scene = try loadFixture("parity.json")
        let animation = Animation(scene)
        let url = try temporaryFolder().appendingPathComponent("parity.gif")
        try GIFExporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(url))
        let gif = try DecodedGIF(path: url.path, playedAt: scene.export.fps)
        let moments: [(String, Double)] = [
            ("start", 0), ("slide starts", 0.5), ("spin", 0.8), ("slide middle", 1.0), ("slide ends", 1.5),
            ("slide left + Lottie", 2.25), ("Lottie", 2.6), ("bounce", 3.65), ("after", 5.0), ("loop end", 5.95),
        ]
        let shots = try screenshots(try SVGExporter(animation, pdf: InProcessPDFConverter()).document(), width: gif.width, height: gif.height,
                                    at: moments.map(\.1))
        var table = ["moment                 t (s)   PSNR (dB)   pixels > 96"]
        for ((name, t), shot) in zip(moments, shots) {
            let frame = gif.picture(Int((t * scene.export.fps).rounded()))
            let psnr = shot.psnr(frame), differing = shot.differingPixels(frame)
            table.append(String(format: "%@ %5.2f   %9.1f   %11d", name.padding(toLength: 22, withPad: " ", startingAt: 0), t, psnr, differing))
            assertSimilar(shot, frame, minimumPSNR: 32, "parity-\(t)")
            XCTAssertLessThanOrEqual(differing, 300, "t = \(t): \(shot.writeDiff(against: frame, named: "parity-pixels-\(t)"))")
        }
        print("SVG in Chromium vs GIF frame:\n" + table.joined(separator: "\n"))
        // The seam: the last frame leads back into the first.
        assertSimilar(shots[shots.count - 1], shots[0], minimumPSNR: 40, "loop-seam")
    }

    /// Inside `<img>` (no script, no seeking) the SVG plays by itself: two screenshots 1.5 s apart differ.
    /// Taken through the DevTools protocol (Tests/Support/chromium_cdp.py), since `--screenshot` captures right
    /// after load and images do not follow virtual time.
    func testTheSVGAnimatesInsideAnImgElement() throws {
        let browser = try chromium()
        let scene = try loadFixture("spin-long.json")
        let folder = try temporaryFolder()
        try SVGExporter(Animation(scene), pdf: InProcessPDFConverter()).document().write(to: folder.appendingPathComponent("anim.svg"))
        try #"<!doctype html><html><body style="margin:0"><img src="anim.svg"></body></html>"#
            .write(to: folder.appendingPathComponent("img.html"), atomically: true, encoding: .utf8)
        let size = try render(scene, at: 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Tests/Support/chromium_cdp.py").path, browser.executable,
                             folder.appendingPathComponent("img.html").absoluteString, String(size.width), String(size.height),
                             folder.appendingPathComponent("shot").path, "300", "1800"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message)
        let early = try Picture(png: folder.appendingPathComponent("shot-0.png"))
        let late = try Picture(png: folder.appendingPathComponent("shot-1.png"))
        XCTAssertGreaterThan(early.differingPixels(late), 200, "the button turns between the two screenshots")
    }
}
