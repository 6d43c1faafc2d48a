import Basics
@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import MP4Export
import Outputs
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// Issue 55: a fold or unfold and a sidebar toggle show the same picture in the raster formats: the lossless
/// WebP's frame is the PNG frame pixel for pixel, the GIF's is that frame through its palette, and the MP4's
/// (decoded by FFmpeg's own tool; skipped, saying so, without it) within 35 dB, before, during and after each
/// change. The SVG in three browsers: `DuoPostureTests` and `SidebarTests`.
final class PostureSidebarFormatsTests: XCTestCase {
    private var unfold: String {
        """
        { "device": "iphone-duo-outer", "interfaceStyle": "dark", "centerButton": null, "export": { "fps": 10, "duration": 3, "scale": 0.5 },
          "tabBar": { "items": [{"title": "A"}, {"title": "B"}, {"title": "C"}] },
          "contents": [{"color": "#102030", "rows": 4}, {"color": "#302010", "rows": 2}, {"color": "#203010"}],
          "script": [{"at": 0.4, "tap": 1}, {"at": 1.2, "posture": "unfold"}, {"at": 2.2, "posture": "landscape"}] }
        """
    }

    private var toggle: String {
        """
        { "device": "ipad-mini", "os": "18", "centerButton": null, "export": { "fps": 10, "duration": 2, "scale": 0.5 },
          "tabBar": { "sidebar": "hidden", "items": [{"title": "Home"}, {"title": "Browse", "section": "More"}] },
          "contents": [{"color": "#E0F0FF", "rows": 4}, {"color": "#FFF0E0", "rows": 2}],
          "script": [{"at": 0.3, "sidebar": "show"}, {"at": 1.2, "sidebar": "toggle"}] }
        """
    }

    func testTheWebPThePNGFramesAndTheGIFShowOnePicture() throws {
        for (name, json, frames) in [("unfold", unfold, [2, 12, 13, 15, 22, 24, 29]), ("sidebar", toggle, [1, 3, 4, 8, 12, 14, 19])] {
            let folder = try temporaryFolder()
            let animation = try animation(json: json, in: folder)
            try assertRasterFormatsAgree(animation, frames: frames, in: folder, "\(name): ")
        }
    }

    func testTheMP4ShowsThePNGFrames() throws {
        let ffmpeg = "/usr/bin/ffmpeg"
        guard FileManager.default.isExecutableFile(atPath: ffmpeg) else { throw XCTSkip("ffmpeg not found (apt-get install ffmpeg): MP4 check skipped") }
        for (name, json, frames) in [("unfold", unfold, [2, 13, 24]), ("sidebar", toggle, [1, 4, 14])] {
            let folder = try temporaryFolder()
            let animation = try animation(json: json, in: folder)
            let url = folder.appendingPathComponent("\(name).mp4")
            try MP4Exporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(url))
            let rasterizer = try Rasterizer(scene: animation.scene, graph: animation.fittingText(PangoText.Measurer()).graph,
                                            pdf: InProcessPDFConverter())
            for k in frames {
                let png = folder.appendingPathComponent("frame-\(k).png")
                let process = Process()
                process.executableURL = URL(fileURLWithPath: ffmpeg)
                process.arguments = ["-v", "error", "-y", "-i", url.path, "-vf", "select=eq(n\\,\(k))", "-vframes", "1", png.path]
                try process.run()
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 0)
                let expected = try rasterizer.render(at: animation.scene.export.time(ofFrame: k))
                let truth = Picture(rgba: expected.straightRGBA(), width: expected.width, height: expected.height)
                let shown = try Picture(png: png).cropped(x: 0, y: 0, width: truth.width, height: truth.height)
                print("\(name) MP4 frame \(k): \(String(format: "%.1f", shown.psnr(truth))) dB")
                assertSimilar(shown, truth, minimumPSNR: 35, "\(name)-mp4-frame-\(k)")
            }
        }
    }
}
