@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import PNGExport
import Resolving
import Scene
import TestSupport
@testable import WebPExport
import XCTest

/// Animated WebP, decoded back with libwebp's demuxer.
final class WebPExportTests: XCTestCase {
    /// Lossless: the frame the WebP shows at each frame's time is that frame's PNG, pixel for pixel; frame i
    /// starts at round(i · 1000 / fps) ms (never more than half a millisecond from i × 1000 / fps), the
    /// durations add up to the loop, and frames equal to the one before are merged into it.
    func testLosslessFramesAreThePNGFramesAtTheirTimes() throws {
        let scene = try loadFixture("parity.json")  // 6 s at 20 fps: slides, a spin, a Lottie clip, a bounce
        let animation = Animation(scene)
        let data = try WebPExporter(animation, pdf: InProcessPDFConverter()).data()
        let webp = try DecodedWebP(data: data)
        let settings = scene.export
        XCTAssertEqual(webp.loopCount, 0, "loops forever")
        XCTAssertEqual(webp.frames.last?.end, Int((settings.duration * 1000).rounded()), "the durations add up to the loop")
        XCTAssertLessThan(webp.frames.count, settings.frameCount, "still stretches are merged")
        let starts = Set((0...settings.frameCount).map { WebPExporter.millisecond(ofFrame: $0, fps: settings.fps) })
        for frame in webp.frames {
            XCTAssertTrue(starts.contains(frame.end), "a frame ends at \(frame.end) ms, where no frame starts")
        }
        for k in 0..<settings.frameCount {
            XCTAssertLessThanOrEqual(abs(Double(WebPExporter.millisecond(ofFrame: k, fps: settings.fps)) - Double(k) * 1000 / settings.fps), 0.5)
        }
        let rasterizer = try Rasterizer(scene: animation.scene, graph: animation.fittingText(PangoText.Measurer()).graph,
                                        pdf: InProcessPDFConverter())
        for k in stride(from: 0, to: settings.frameCount, by: 3) {
            let shown = try XCTUnwrap(webp.frame(at: Double(WebPExporter.millisecond(ofFrame: k, fps: settings.fps)) + 0.5))
            let expected = try rasterizer.render(at: settings.time(ofFrame: k)).straightRGBA()
            XCTAssertTrue(shown == expected, "frame \(k) differs from its PNG")
        }
    }

    /// Lossy at a quality: close to the frames, smaller at a lower quality, its loop count kept, and never
    /// larger than the lossless WebP (each frame's blended lossless rectangle is among its candidates: on
    /// flat UI it often wins; the lossy files were larger than the lossless before, 51.2 KB against 42.6).
    func testLossyFollowsItsQuality() throws {
        let animation = Animation(try loadFixture("spin.json"))
        func lossy(_ quality: Double?) throws -> Data {
            var exporter = WebPExporter(animation, pdf: InProcessPDFConverter())
            exporter.quality = quality
            exporter.options.playback = .plays(2)
            return try exporter.data()
        }
        let lossless = try lossy(nil), high = try lossy(90), low = try lossy(10)
        XCTAssertLessThan(low.count, high.count)
        XCTAssertLessThanOrEqual(high.count, lossless.count)
        XCTAssertLessThanOrEqual(try lossy(60).count, lossless.count)
        let decoded = try DecodedWebP(data: high)
        XCTAssertEqual(decoded.loopCount, 2)
        let first = Picture(rgba: try XCTUnwrap(decoded.frames.first).rgba, width: decoded.width, height: decoded.height)
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        assertSimilar(first, Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height), minimumPSNR: 35, "webp-lossy")
    }

    /// Lossy at quality 30: every frame the WebP shows, at every frame's time, is within 36 dB of that
    /// frame's PNG, on the demo's slide to its screenshot at half scale (0.8 s at 20 fps). libwebp's
    /// animation encoder kept pixels within 14 levels of the frame before as they were, so colours drifted:
    /// 35.4 dB on this cut, 29.0 dB late in the whole demo's loop.
    func testLossyIsRightOnEveryFrame() throws {
        let file = packageRoot.appendingPathComponent("Assets/demo/scene.json")
        let scene = try SceneResolver.load(file, displayName: file.lastPathComponent)
        let animation = Animation(scene).atFrameRate(20).scaled(to: 0.5).retimed(start: 6.5, speed: 1, frameCount: 16)
        var exporter = WebPExporter(animation, pdf: InProcessPDFConverter())
        exporter.quality = 30
        let webp = try DecodedWebP(data: try exporter.data())
        let settings = animation.scene.export
        XCTAssertEqual(webp.frames.last?.end, Int((settings.duration * 1000).rounded()), "the durations add up to the loop")
        let rasterizer = try Rasterizer(scene: animation.scene, graph: animation.fittingText(PangoText.Measurer()).graph,
                                        pdf: InProcessPDFConverter())
        var lowest = Double.infinity
        for k in 0..<settings.frameCount {
            let shown = try XCTUnwrap(webp.frame(at: Double(WebPExporter.millisecond(ofFrame: k, fps: settings.fps)) + 0.5))
            let expected = try rasterizer.render(at: settings.time(ofFrame: k))
            let truth = Picture(rgba: expected.straightRGBA(), width: expected.width, height: expected.height)
            let picture = Picture(rgba: shown, width: webp.width, height: webp.height)
            lowest = min(lowest, picture.psnr(truth))
            assertSimilar(picture, truth, minimumPSNR: 36, "webp-q30-frame-\(k)")
        }
        print("lossy WebP at quality 30: lowest frame \(String(format: "%.2f", lowest)) dB")
    }

    /// The path a @3x screen takes (each rectangle encoded alone, in the memory of the frame before, cleared
    /// in place), forced on small frames: every frame decodes to its own pixels lossless, and within the
    /// 36 dB floor lossy (noisy rectangles no lossy quality brings to it are kept lossless).
    func testRectanglesEncodedAloneInTheFrameBeforesMemoryDecodeExactly() throws {
        let width = 64, height = 48
        var random = SplitMix(7)
        var frames: [[UInt8]] = []
        var frame = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<6 {
            // A changing rectangle, larger or smaller each time, opaque (so it is cleared and blended), and once
            // a translucent one (so it is not).
            let (x0, y0, w, h) = [(0, 0, 64, 48), (4, 6, 50, 30), (10, 2, 20, 40), (0, 0, 64, 48), (30, 20, 12, 12), (2, 2, 60, 44)][index]
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) where random.next() % 3 != 0 {
                    let i = (y * width + x) * 4
                    frame[i] = UInt8(random.next() % 256); frame[i + 1] = UInt8(random.next() % 4 * 60); frame[i + 2] = UInt8(x * 4)
                    frame[i + 3] = index == 4 ? 128 : 255
                }
            }
            frames.append(frame)
        }
        for quality in [nil, 80.0] as [Double?] {
            let muxer = try WebPFrameMuxer(width: width, height: height, loopCount: 0, quality: quality, pendingBytes: 64)
            for (index, frame) in frames.enumerated() { try muxer.add(rgba: frame, at: index * 100) }
            let decoded = try DecodedWebP(data: try muxer.finish(at: 600))
            XCTAssertEqual(decoded.frames.count, frames.count)
            for (index, frame) in frames.enumerated() {
                let shown = try XCTUnwrap(decoded.frame(at: Double(index * 100) + 50))
                if quality == nil {
                    XCTAssertTrue(shown == frame, "lossless frame \(index) is its own pixels")
                } else {
                    let psnr = Picture(rgba: shown, width: width, height: height).psnr(Picture(rgba: frame, width: width, height: height))
                    XCTAssertGreaterThanOrEqual(psnr, WebPFrameMuxer.minimumPSNR, "lossy frame \(index): the floor, or lossless")
                }
            }
        }
    }
}
