@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import MP4Export
import Outputs
import Resolving
import Scene
import TestSupport
import XCTest

/// H.264 MP4, read back with FFmpeg's own tools (`ffprobe`, `ffmpeg`): frame count, rate, duration, pixel
/// format, the index at the front, and frames against the PNG frames. Skipped, saying so, without them.
final class MP4ExportTests: XCTestCase {
    private func tool(_ name: String) throws -> String {
        let path = "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(name) not found (apt-get install ffmpeg): MP4 tests skipped")
        }
        return path
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(executable) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    func testAnMP4OfEveryFrameAtTheScenesRate() throws {
        let ffprobe = try tool("ffprobe"), ffmpeg = try tool("ffmpeg")
        let scene = try loadFixture("parity.json")  // 375 × 667 px: both odd, padded to 376 × 668
        let animation = Animation(scene)
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("parity.mp4")
        try MP4Exporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(url))
        let probe = try run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                      "stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_frames,duration,color_range,color_space,color_primaries,color_transfer",
                                      "-of", "default=nw=1", url.path])
        let fields = Dictionary(uniqueKeysWithValues: probe.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        })
        XCTAssertEqual(fields["codec_name"], "h264")
        XCTAssertEqual(fields["pix_fmt"], "yuv420p")
        XCTAssertEqual(fields["width"], "376", "padded to even, never stretched")
        XCTAssertEqual(fields["height"], "668")
        XCTAssertEqual(fields["r_frame_rate"], "20/1")
        // BT.709 in limited range, declared (and honoured by ffmpeg's decoding below).
        XCTAssertEqual(fields["color_space"], "bt709")
        XCTAssertEqual(fields["color_primaries"], "bt709")
        XCTAssertEqual(fields["color_transfer"], "bt709")
        XCTAssertEqual(fields["color_range"], "tv")
        XCTAssertEqual(fields["nb_read_frames"], String(scene.export.frameCount))
        XCTAssertEqual(Double(fields["duration"] ?? "") ?? 0, scene.export.duration, accuracy: 1e-3)
        // +faststart: the index (moov) comes before the media (mdat).
        let bytes = try Data(contentsOf: url)
        let moov = bytes.range(of: Data("moov".utf8))?.lowerBound, mdat = bytes.range(of: Data("mdat".utf8))?.lowerBound
        XCTAssertLessThan(try XCTUnwrap(moov), try XCTUnwrap(mdat))

        let rasterizer = try Rasterizer(scene: animation.scene, graph: animation.fittingText(PangoText.Measurer()).graph,
                                        pdf: InProcessPDFConverter())
        for k in [0, 20, 35, 52, 73, 110] {
            let png = folder.appendingPathComponent("frame-\(k).png")
            _ = try run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-vf", "select=eq(n\\,\(k))", "-vframes", "1", png.path])
            let decoded = try Picture(png: png)
            let expected = try rasterizer.render(at: scene.export.time(ofFrame: k))
            let truth = Picture(rgba: expected.straightRGBA(), width: expected.width, height: expected.height)
            let shown = decoded.cropped(x: 0, y: 0, width: truth.width, height: truth.height)
            let flat = try XCTUnwrap(truth.flatAreaDifference(shown))
            print("MP4 frame \(k): \(String(format: "%.1f", shown.psnr(truth))) dB, flat areas 99.9 % within \(flat.percentile999) levels")
            assertSimilar(shown, truth, minimumPSNR: 35, "mp4-frame-\(k)")
            XCTAssertLessThanOrEqual(flat.percentile999, 3, "frame \(k): the colours of flat areas")
            // The padding repeats the edge: the last column and row as the ones inside them.
            let padColumn = decoded.cropped(x: truth.width, y: 0, width: 1, height: truth.height)
            let lastColumn = decoded.cropped(x: truth.width - 1, y: 0, width: 1, height: truth.height)
            XCTAssertGreaterThan(padColumn.psnr(lastColumn), 35, "frame \(k): the padding column")
            let padRow = decoded.cropped(x: 0, y: truth.height, width: truth.width, height: 1)
            let lastRow = decoded.cropped(x: 0, y: truth.height - 1, width: truth.width, height: 1)
            XCTAssertGreaterThan(padRow.psnr(lastRow), 35, "frame \(k): the padding row")
        }
    }

    /// Chromium's `<video>` plays the MP4 in the colours of the PNG frames (it honours the BT.709 tags):
    /// paused at a frame's time, the demo's flat areas are within 3 levels (99.9 % of their pixels; 3 and a
    /// mean of 0.94 measured). On the parity fixture's cream (255, 246, 229) Chromium's own conversion is off
    /// by 4 on blue where ffmpeg's is exact, so the demo, whose colours are UIKit's, is the one measured.
    func testChromiumShowsTheFramesColours() throws {
        guard let chromium = Browser.chromium else { throw XCTSkip("Chromium not found (scripts/install-deps.sh --test): skipped") }
        let file = packageRoot.appendingPathComponent("Assets/demo/scene.json")
        let demo = Animation(try SceneResolver.load(file, displayName: file.lastPathComponent))
        // 0.8 s from 3 s: the center tab's screen, the button spinning.
        let animation = demo.retimed(start: 3, speed: 1, frameCount: 24)
        let scene = animation.scene
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("video.mp4")
        try MP4Exporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(url))
        let rasterizer = try Rasterizer(scene: animation.scene, graph: animation.fittingText(PangoText.Measurer()).graph,
                                        pdf: InProcessPDFConverter())
        for k in [3, 20] {
            // Halfway through frame k's time, so that the frame shown is k whatever the player rounds.
            let t = (Double(k) + 0.5) / scene.export.fps
            let page = folder.appendingPathComponent("video-\(k).html")
            try """
            <!doctype html><html><body style="margin:0;background:#000">
            <video src="video.mp4" muted style="display:block"></video>
            <script>const v = document.querySelector('video'); v.addEventListener('loadeddata', () => { v.currentTime = \(t); });</script>
            </body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
            let shot = folder.appendingPathComponent("video-\(k).png")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: chromium.executable)
            process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                                 "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--virtual-time-budget=8000",
                                 "--screenshot=\(shot.path)", "--window-size=394,852", page.absoluteString]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let expected = try rasterizer.render(at: scene.export.time(ofFrame: k))
            let truth = Picture(rgba: expected.straightRGBA(), width: expected.width, height: expected.height)
            let shown = try Picture(png: shot).cropped(x: 0, y: 0, width: truth.width, height: truth.height)
            let flat = try XCTUnwrap(truth.flatAreaDifference(shown))
            print("Chromium <video> at frame \(k): \(String(format: "%.1f", shown.psnr(truth))) dB, flat areas 99.9 % within \(flat.percentile999) levels (mean \(String(format: "%.2f", flat.mean)))")
            assertSimilar(shown, truth, minimumPSNR: 33, "chromium-video-\(k)")
            XCTAssertLessThanOrEqual(flat.percentile999, 3, "frame \(k) in Chromium: the colours of flat areas")
        }
    }
}
