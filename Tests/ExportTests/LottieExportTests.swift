@testable import Drawing
@testable import GIFExport
import Outputs
@testable import Review
@testable import SVGExport
import Foundation
import Scene
import TestSupport
import XCTest

final class LottieExportTests: XCTestCase {
    /// Item `index`'s icon box in the GIF's pixels.
    private func iconBox(_ scene: ResolvedScene, item index: Int) -> (x: Int, y: Int, size: Int) {
        let layout = Animation(scene).layout
        let box = layout.items[index].iconFrame, scale = scene.export.scale
        return (Int(((box.minX - layout.exportRegion.minX) * scale).rounded()), Int(((box.minY - layout.exportRegion.minY) * scale).rounded()),
                Int((box.width * scale).rounded()))
    }

    private func crop(_ picture: Picture, _ box: (x: Int, y: Int, size: Int)) -> Picture {
        var rgba: [UInt8] = []
        for y in box.y..<box.y + box.size {
            let start = (y * picture.width + box.x) * 4
            rgba += picture.rgba[start..<start + box.size * 4]
        }
        return Picture(rgba: rgba, width: box.size, height: box.size)
    }

    /// rlottie's own frame, composited over the bar's white the way the GIF shows it.
    private func rlottieFrame(_ clip: LottieClip, index: Int, size: Int) throws -> Picture {
        let frames = try InProcessLottieRenderer().frames(of: clip, width: size, height: size)
        let surface = try ImageSurface(width: size, height: size)
        let context = try CairoContext(surface)
        context.setColor((1, 1, 1, 1))
        context.paint()
        context.draw(try ImageSurface(premultipliedARGB: frames.frames[index], width: size, height: size), x: 0, y: 0, width: Double(size), height: Double(size))
        return Picture(rgba: surface.straightRGBA(), width: size, height: size)
    }

    func testTheIconHidesWhileItsAnimationPlaysAndComesBack() throws {
        // A re-tap at 0.5 s plays the 1 s square on item 0 (original colours); item 2 plays it tinted from 2.0 s
        // until item 1's didSelect stops it at 2.3 s.
        let scene = try loadFixture("lottie.json")
        let url = try temporaryFolder().appendingPathComponent("lottie.gif")
        try GIFExporter(Animation(scene), lottie: InProcessLottieRenderer()).export(to: OutputFile(url))
        let gif = try DecodedGIF(path: url.path, playedAt: scene.export.fps)
        func frame(at t: Double) -> Picture { gif.picture(Int((t * scene.export.fps).rounded())) }
        let a = iconBox(scene, item: 0), c = iconBox(scene, item: 2)
        guard case .lottie(let clip)? = scene.tabBar.items[0].animation else { return XCTFail("no clip") }

        // During playback the Lottie frame replaces the icon: frame k at k / fr after the start.
        for (t, k) in [(0.5, 0), (0.8, 3), (1.0, 5), (1.4, 9)] {
            assertSimilar(crop(frame(at: t), a), try rlottieFrame(clip, index: k, size: a.size), minimumPSNR: 30, "lottie-frame-\(k)")
        }
        // Before and after: the selected icon, the same picture.
        assertSimilar(crop(frame(at: 0.4), a), crop(frame(at: 1.6), a), minimumPSNR: 45, "icon-back")
        XCTAssertGreaterThan(crop(frame(at: 0.4), a).differingPixels(crop(frame(at: 1.0), a)), 50, "the animation is not the icon")

        // Template rendering: the square in the tint colour at the box's centre.
        let centre = frame(at: 2.2).pixel(c.x + c.size / 2, c.y + c.size / 2)
        XCTAssertEqual([centre.r, centre.g, centre.b], [0, 122, 255], "tinted with tabBar.tintColor (systemBlue by default)")
        // Stopped by the next didSelect at 2.3 s: at once, item 2's (now unselected) icon is back.
        for t in [2.3, 2.5] {
            assertSimilar(crop(frame(at: t), c), crop(frame(at: 0.4), c), minimumPSNR: 45, "stopped-at-\(t)")
        }
    }

    /// Each playing icon is written once as SMIL where it shows (issue 37): no sheet of pictures, no PNG; its
    /// transform on the file's keyframes, each play mapped into the loop (item 0's whole play at 0.5 s, item
    /// 2's stopped by the next selection at 2.3 s).
    func testTheSVGCarriesEachPlayingIconAsSMIL() throws {
        let scene = try loadFixture("lottie.json")
        let exporter = SVGExporter(Animation(scene), lottie: InProcessLottieRenderer())
        let svg = String(decoding: try exporter.document(), as: UTF8.self)
        XCTAssertEqual(svg.matches(of: /<g id="lottie-\d+">/).count, 2, "one SMIL clip per icon that plays")
        XCTAssertFalse(svg.contains("sprite-"), "no sheet")
        XCTAssertFalse(svg.contains("data:image/png"), "the engine's clips are vectors, not PNG")
        XCTAssertTrue(svg.contains("<animateTransform"), "moved by SMIL")
    }

    // MARK: - Isolation

    private func script(_ body: String) throws -> URL {
        let url = try temporaryFolder().appendingPathComponent("player.sh")
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    private func isolatedError(_ body: String, timeout: TimeInterval = 10) throws -> String {
        let scene = try loadFixture("lottie.json")
        guard case .lottie(let clip)? = scene.tabBar.items[0].animation else { return "no clip" }
        let player = IsolatedLottieRenderer(executable: try script(body), timeout: timeout)
        do {
            _ = try player.frames(of: clip, width: 24, height: 24)
            return "no error"
        } catch {
            return error.message
        }
    }

    func testAPlayerThatCrashesOrHangsBecomesAnError() throws {
        XCTAssertEqual(try isolatedError("kill -SEGV $$"), "the Lottie player (rlottie) crashed on this file (signal 11)")
        XCTAssertEqual(try isolatedError("exec sleep 30", timeout: 1), "the Lottie player did not finish within 1 s (it hangs on this file, or is very slow: raise it with --limit lottie-seconds=3)")
        XCTAssertEqual(try isolatedError("echo 'rlottie could not load it' >&2; exit 1"), "rlottie could not load it")
        XCTAssertEqual(try isolatedError("echo garbage"), "the Lottie player sent no frames")
    }

    func testTheChildsFramesAreTheInProcessFrames() async throws {
        let scene = try loadFixture("lottie.json")
        guard case .lottie(let clip)? = scene.tabBar.items[0].animation, case .file(let url) = clip.asset.source else { return XCTFail("no clip") }
        // The child's side, run in this process, then decoded as the parent decodes it.
        let direct = try InProcessLottieRenderer().frames(of: clip, width: 30, height: 30)
        let pipe = Pipe()
        let saved = dup(FileHandle.standardOutput.fileDescriptor)
        dup2(pipe.fileHandleForWriting.fileDescriptor, FileHandle.standardOutput.fileDescriptor)
        let reader = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
        let status = LottieFrameServer.run([url.path, "30", "30", "10"])
        dup2(saved, FileHandle.standardOutput.fileDescriptor)
        close(saved)
        try pipe.fileHandleForWriting.close()
        let data = await reader.value
        XCTAssertEqual(status, 0)
        XCTAssertEqual(try LottieFrameServer.decode(data, width: 30, height: 30), direct)
    }
}
