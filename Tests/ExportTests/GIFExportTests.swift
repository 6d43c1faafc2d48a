@testable import Drawing
@testable import Exporting
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

final class GIFExportTests: XCTestCase {
    func testDelaysNeverDriftMoreThanOneCentisecond() {
        XCTAssertEqual(Array(GIFTiming.delays(frameCount: 6, fps: 30)), [3, 4, 3, 3, 4, 3])
        for fps in [7.0, 12.5, 24, 25, 29.97, 30, 48, 50] {
            let delays = GIFTiming.delays(frameCount: 500, fps: fps)
            var total = 0
            for (i, delay) in delays.enumerated() {
                total += delay
                XCTAssertLessThanOrEqual(abs(Double(total) - 100 * Double(i + 1) / fps), 0.5 + 1e-9, "\(fps) fps, frame \(i)")
                XCTAssertGreaterThanOrEqual(delay, GIFTiming.minimumDelay, "\(fps) fps")
            }
        }
    }

    /// Exports a fixture to a GIF and decodes it back with giflib.
    /// The GIF of `scene` decoded, as written (`asWritten`) or with a frame per frame of the animation.
    private func exportAndDecode(_ scene: ResolvedScene, asWritten: Bool = false) throws -> DecodedGIF {
        let url = try temporaryFolder().appendingPathComponent("out.gif")
        try GIFExporter(Animation(scene), pdf: InProcessPDFConverter()).export(to: OutputFile(url))
        let gif = try DecodedGIF(path: url.path)
        return asWritten ? gif : gif.playing(fps: scene.export.fps)
    }

    /// The review page's GIF, written in memory, is byte for byte the file an export writes.
    func testTheGIFInMemoryIsTheFile() throws {
        let exporter = GIFExporter(Animation(try loadFixture("parity.json")), pdf: InProcessPDFConverter())
        let url = try temporaryFolder().appendingPathComponent("file.gif")
        try exporter.export(to: OutputFile(url))
        let (data, _) = try exporter.encoded(named: "memory.gif")
        XCTAssertGreaterThan(data.count, 1000)
        XCTAssertEqual(data, try Data(contentsOf: url))
    }

    /// `--quality` for a GIF: lossy LZW is smaller than the default, smaller still at a lower quality,
    /// and every frame stays within 36 dB of its PNG frame (pixels move at most `lossyLevels` from their
    /// colour: 5 levels at 90, 8.8 at 70).
    func testLossyGIFIsSmallerAndStaysCloseOnEveryFrame() throws {
        let scene = try loadFixture("parity.json")
        let input = PreparedAnimation(Animation(scene), pdf: InProcessPDFConverter())
        func gif(_ quality: Double?) throws -> (data: Data, decoded: DecodedGIF) {
            let data = try GIFExporter(input, options: EncodingOptions(quality: quality)).encoded(named: "q.gif").data
            let url = try temporaryFolder().appendingPathComponent("q.gif")
            try data.write(to: url)
            return (data, try DecodedGIF(path: url.path).playing(fps: scene.export.fps))
        }
        let exact = try gif(nil), high = try gif(90), low = try gif(70)
        XCTAssertLessThan(high.data.count, exact.data.count)
        XCTAssertLessThan(low.data.count, high.data.count)
        print("GIF bytes: default \(exact.data.count), quality 90 \(high.data.count), quality 70 \(low.data.count)")
        let rasterizer = try Rasterizer(scene: input.scene, graph: input.graph, pdf: input.pdf)
        for k in stride(from: 0, to: scene.export.frameCount, by: 4) {
            let expected = try rasterizer.render(at: scene.export.time(ofFrame: k))
            let truth = Picture(rgba: expected.straightRGBA(), width: expected.width, height: expected.height)
            assertSimilar(low.decoded.picture(k), truth, minimumPSNR: 36, "gif-q70-frame-\(k)")
        }
    }

    /// `--verbose`'s stage times are processor time: every stage took some, and added up they are never more
    /// than the process used meanwhile (a stage timed by the wall clock would count the time its thread
    /// waited for another, or was not running at all, as the render workers and planning threads outnumber
    /// the cores). Not asked for, they are not measured (each reading is a system call) and not reported.
    func testTheStageTimesAreProcessorTime() throws {
        var exporter = GIFExporter(Animation(try loadFixture("parity.json")), pdf: InProcessPDFConverter())
        let untimed = try exporter.encoded(named: "stages.gif").report
        XCTAssertNil(untimed.times)
        XCTAssertEqual(untimed.exportReport.details.count, 1, "no time line: \(untimed.exportReport.details)")
        exporter.settings.timesStages = true
        func processSeconds() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let before = processSeconds()
        let times = try XCTUnwrap(exporter.encoded(named: "stages.gif").report.times)
        let used = processSeconds() - before
        for stage in [StageTimes.Stage.render, .census, .mapping, .planning] {
            XCTAssertGreaterThan(times[stage], 0, "\(stage)")
        }
        let stages = StageTimes.Stage.allCases.reduce(0) { $0 + times[$1] }
        XCTAssertLessThanOrEqual(stages, used + 0.005, "\(times.summary); the process used \(used) s")
        XCTAssertGreaterThan(stages, used / 2, "most of the export's processor time is in its stages")
    }

    func testLoopsForeverWithExactFrameCountAndTiming() throws {
        let scene = try loadFixture("spin.json")
        let gif = try exportAndDecode(scene, asWritten: true)
        XCTAssertEqual(gif.loopCount, 0, "loops forever")
        XCTAssertEqual(gif.duration, 400)
        // The still frames after the second spin ends are the frame before shown longer.
        XCTAssertLessThan(gif.frames.count, 40)
        XCTAssertEqual(gif.playing(fps: scene.export.fps).frames.count, 40, "fps × duration")
        XCTAssertEqual(gif.width, 786)
        XCTAssertEqual(gif.height, Int(((852 - (769 - 28 - 12)) * 2.0).rounded()))
    }

    func testButtonAngleInTheGIFFollowsTheSpinRule() throws {
        let scene = try loadFixture("spin.json")  // button tap 0.5 s, again at 2.0 s (by point), item 0 at 3.0 s
        let gif = try exportAndDecode(scene)
        for index in 0..<gif.frames.count {
            let t = scene.export.time(ofFrame: index)
            let expected: Double
            switch t {
            case ..<0.5: expected = 0
            case ..<2: expected = 360 * (t - 0.5) / 3
            case ..<3: expected = 360 * (t - 2) / 3
            default: expected = 0
            }
            guard let measured = buttonAngle(gif.picture(index), scene) else {
                XCTFail("no dot found at t = \(t)")
                continue
            }
            XCTAssertLessThan(angleDifference(measured, expected), 3, "t = \(t): measured \(measured)°, expected \(expected)°")
        }
    }

    func testFrameCommandPictureEqualsTheGIFFrame() throws {
        let scene = try loadFixture("spin.json")
        let gif = try exportAndDecode(scene)
        let animation = Animation(scene)
        let graph = animation.graph
        let rasterizer = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        for index in [0, 7, 12, 25, 39] {
            let surface = try rasterizer.render(at: scene.export.time(ofFrame: index))
            let rendered = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
            // Palette error only: flat UI quantizes almost losslessly.
            assertSimilar(rendered, gif.picture(index), minimumPSNR: 38, "frame-\(index)")
        }
    }

    func testSlideEdgeInTheGIFFollowsTheEaseCurve() throws {
        let scene = try loadFixture("slide.json")  // red 0 → green 2 at 0.5 s; tap at 1.0 s ignored; green 2 → blue 1 at 1.7 s
        let gif = try exportAndDecode(scene)
        let width = Double(gif.width)
        let row = 400
        for index in 0..<gif.frames.count {
            let t = scene.export.time(ofFrame: index)
            let picture = gif.picture(index)
            // Coverage of the incoming colour along one row of plain content gives its edge to a fraction of a pixel.
            func coverage(_ channel: (Int, Int, Int) -> Int) -> Double {
                (0..<picture.width).reduce(0.0) { sum, x in
                    let p = picture.pixel(x, row)
                    return sum + Double(channel(p.r, p.g, p.b)) / 255
                }
            }
            if t >= 0.5 && t < 1.5 {
                let p = (t - 0.5) / 1.0
                let edge = width - coverage { _, green, _ in green }  // green enters from the right
                XCTAssertEqual(edge, width * (1 - Easing.easeInEaseOut(p)), accuracy: 0.5, "t = \(t)")
            } else if t >= 1.7 && t < 2.7 {
                let p = (t - 1.7) / 1.0
                let edge = coverage { _, _, blue in blue }  // blue enters from the left: its right edge
                XCTAssertEqual(edge, width * Easing.easeInEaseOut(p), accuracy: 0.5, "t = \(t)")
            }
        }
    }

    func testTheSameMomentIsTheSamePictureAtAnyFrameRate() throws {
        func picture(fps: Double, at t: Double) throws -> [UInt8] {
            let scene = try loadFixture("slide.json") { $0.export?.fps = fps }
            let animation = Animation(scene)
        let graph = animation.graph
            let rasterizer = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
            return try rasterizer.render(at: t).straightRGBA()
        }
        for t in [0.75, 1.0, 2.0] {
            XCTAssertEqual(try picture(fps: 24, at: t), try picture(fps: 60, at: t), "t = \(t)")
        }
    }

    func testTooFastForAGIFIsRefusedWithTheKey() throws {
        let scene = try loadFixture("spin.json") { $0.export?.fps = 60 }
        let url = try temporaryFolder().appendingPathComponent("fast.gif")
        XCTAssertThrowsError(try GIFExporter(Animation(scene), pdf: InProcessPDFConverter()).export(to: OutputFile(url))) { error in
            XCTAssertEqual("\(error)", "spin.json: export.fps: 60 fps is too fast for a GIF: browsers play delays under 2 cs as 10 cs, so at most 50 fps")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }
}
