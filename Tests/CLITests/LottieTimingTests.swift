import Drawing
import Foundation
import GIFExport
import Graphics
import TestSupport
import XCTest

/// A Lottie icon in the GIF is the frame lottie-ios shows at that moment, ip + (t − start) · fr unrounded,
/// drawn by the same engine as `tabanim lottie`: not the nearest whole frame.
final class LottieTimingTests: CLITestCase {
    func testTheGIFShowsTheLottieFrameAtTheExactTimeOfEachFrame() throws {
        let out = try folder()
        let square = packageRoot.appendingPathComponent("Tests/Fixtures/lottie/square.json").path
        // The square turns 90° and grows over 10 frames at 10 fps: 9° a frame, so a third of a frame shows.
        try write("""
            { "device": "iphone-se", "export": { "fps": 30, "duration": 2, "scale": 2, "region": "tabBar", "margin": 4 },
              "transition": "none", "centerButton": null,
              "tabBar": { "items": [ { "title": "A", "animation": { "lottie": "\(square)", "rendering": "original" } }, { "title": "B" } ] },
              "script": [ { "at": 0.5, "tap": 0 } ] }
            """, to: out.appendingPathComponent("scene.json"))
        let export = try tabanim(["export", "scene.json", "-o", "a.gif", "--allow-outside"], in: out)
        XCTAssertEqual(export.status, 0, export.stderr)
        let gif = try DecodedGIF(path: out.appendingPathComponent("a.gif").path, playedAt: 30)
        // Item 0's 24 pt icon box at 2×: the bar's first half, centred 18.6 pt below the bar's top (49 pt bar,
        // no home indicator on the iPhone SE; the region starts 4 pt above the hairline).
        let barTop = 4 + 1.0 / 2, centreX = 375.0 / 4, centreY = barTop + 18.6
        let origin = (x: (centreX - 12) * 2, y: (centreY - 12) * 2)  // 163.5, 22.2 px: between pixels
        let box = (x: Int(origin.x.rounded(.down)), y: Int(origin.y.rounded(.down)), size: 49)
        func reference(_ progress: Double) throws -> Picture {
            let name = "p\(progress).png"
            let result = try tabanim(["lottie", square, "--progress", String(progress), "--scale", "2", "-o", name], in: out)
            XCTAssertEqual(result.status, 0, result.stderr)
            let frame = try ImageSurface(png: try Data(contentsOf: out.appendingPathComponent(name)))
            let surface = try ImageSurface(width: box.size, height: box.size)
            let context = try CairoContext(surface)
            context.setColor((1, 1, 1, 1))  // the bar's white under the icon
            context.paint()
            // Where the GIF puts it, a fraction of a pixel into the crop.
            context.draw(frame, x: origin.x - Double(box.x), y: origin.y - Double(box.y), width: Double(frame.width), height: Double(frame.height))
            return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        }
        for k in [19, 28, 35] {  // 0.633, 0.933, 1.167 s: playheads 1⅓, 4⅓, 6⅔ frames
            let playhead = (Double(k) / 30 - 0.5) * 10
            let shown = Picture(rgba: gif.frames[k].rgba, width: gif.width, height: gif.height).cropped(x: box.x, y: box.y, width: box.size, height: box.size)
                .boxBlurred()
            // Both sides blurred 3 × 3: the GIF draws the engine's vectors at the box's fractional place,
            // the reference resamples `tabanim lottie`'s whole-pixel PNG there, which softens its edges
            // (31–33 dB raw against the exact frame); the blur sets that aside and keeps the timing.
            let exact = try reference(playhead / 10).boxBlurred(), whole = try reference(playhead.rounded(.down) / 10).boxBlurred()
            let name = "lottie-frame-\(k)"
            print("\(name): \(String(format: "%.1f", shown.psnr(exact))) dB against frame \(playhead), \(String(format: "%.1f", shown.psnr(whole))) dB against frame \(playhead.rounded(.down))")
            XCTAssertGreaterThan(shown.psnr(exact), 35, "\(name): the exact frame; diff \(shown.writeDiff(against: exact, named: name))")
            XCTAssertGreaterThan(shown.psnr(exact), shown.psnr(whole) + 6, "\(name): not the whole frame before it")
        }
    }
}
