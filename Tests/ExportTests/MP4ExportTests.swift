@testable import Drawing
import Foundation
@testable import MP4Export
import Outputs
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
        try MP4Exporter(animation, lottie: InProcessLottieRenderer()).export(to: OutputFile(url))
        let probe = try run(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                      "stream=codec_name,width,height,pix_fmt,r_frame_rate,nb_read_frames,duration", "-of", "default=nw=1", url.path])
        let fields = Dictionary(uniqueKeysWithValues: probe.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        })
        XCTAssertEqual(fields["codec_name"], "h264")
        XCTAssertEqual(fields["pix_fmt"], "yuv420p")
        XCTAssertEqual(fields["width"], "376", "padded to even, never stretched")
        XCTAssertEqual(fields["height"], "668")
        XCTAssertEqual(fields["r_frame_rate"], "20/1")
        XCTAssertEqual(fields["nb_read_frames"], String(scene.export.frameCount))
        XCTAssertEqual(Double(fields["duration"] ?? "") ?? 0, scene.export.duration, accuracy: 1e-3)
        // +faststart: the index (moov) comes before the media (mdat).
        let bytes = try Data(contentsOf: url)
        let moov = bytes.range(of: Data("moov".utf8))?.lowerBound, mdat = bytes.range(of: Data("mdat".utf8))?.lowerBound
        XCTAssertLessThan(try XCTUnwrap(moov), try XCTUnwrap(mdat))

        let rasterizer = try Rasterizer(scene: animation.scene, graph: animation.fittingText(PangoText.Measurer()).graph,
                                        lottie: InProcessLottieRenderer())
        for k in [0, 20, 35, 52, 73, 110] {
            let png = folder.appendingPathComponent("frame-\(k).png")
            _ = try run(ffmpeg, ["-v", "error", "-y", "-i", url.path, "-vf", "select=eq(n\\,\(k))", "-vframes", "1", png.path])
            let decoded = try Picture(png: png)
            let expected = try rasterizer.render(at: scene.export.time(ofFrame: k))
            let truth = Picture(rgba: expected.straightRGBA(), width: expected.width, height: expected.height)
            let shown = decoded.cropped(x: 0, y: 0, width: truth.width, height: truth.height)
            print("MP4 frame \(k): \(String(format: "%.1f", shown.psnr(truth))) dB")
            assertSimilar(shown, truth, minimumPSNR: 35, "mp4-frame-\(k)")
        }
    }
}
