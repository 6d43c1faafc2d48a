@testable import Drawing
import Foundation
import Graph
import Resolving
import Scene
import TestSupport
import XCTest

/// A PNG shown smaller than its pixels (the demo's 2× screenshot on a 1× export) is resampled once to the
/// size it is shown at and drawn from that copy (`AssetStore.resampled`).
final class ResampledImageTests: XCTestCase {
    private func rasterizer(_ path: String = "Assets/demo/scene.json", resampling: Bool) throws -> Rasterizer {
        let file = packageRoot.appendingPathComponent(path)
        let scene = try SceneResolver.load(file, displayName: file.lastPathComponent)
        let animation = Animation(scene)
        let rasterizer = try Rasterizer(scene: scene, graph: animation.graph, pdf: InProcessPDFConverter())
        if !resampling { rasterizer.assets.resampledPixelBudget = 0 }
        return rasterizer
    }

    private func picture(_ rasterizer: Rasterizer, at t: Double) throws -> Picture {
        let pixels = try rasterizer.render(at: t).opaquePixels()
        var rgba: [UInt8] = []
        rgba.reserveCapacity(pixels.count * 4)
        for p in pixels { rgba += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), 255] }
        return Picture(rgba: rgba, width: rasterizer.pixelWidth, height: rasterizer.pixelHeight)
    }

    /// At rest the screenshot sits on whole pixels: the copy gives the very pixels of drawing it directly.
    /// Mid-slide (7.0 s → 8.0 s: the 发现 tab slides in) it sits between pixels, and the copy is blended
    /// bilinearly, as Core Animation samples a moving layer's bitmap: close to the direct drawing, not the
    /// same (the check that the copy is what was drawn), and one copy serves every frame of the slide.
    func testAShrunkScreenshotIsResampledOnceAndDrawsAsDirectly() throws {
        let resampled = try rasterizer(resampling: true)
        let direct = try rasterizer(resampling: false)
        let content = (y: 100, height: 600)  // below the status bar, above the tab bar
        // At rest on the screenshot's tab (after the slide to 发现 at 7.0 s, before the next tap at 8.5 s).
        let rest = try picture(resampled, at: 8.2), restDirect = try picture(direct, at: 8.2)
        XCTAssertEqual(rest.rgba, restDirect.rgba, "at rest: the same pixels as drawn directly")
        XCTAssertEqual(resampled.assets.resampledImages.count, 1, "the screenshot, resampled once")
        for t in stride(from: 7.1, through: 7.7, by: 0.2) {
            let got = try picture(resampled, at: t), expected = try picture(direct, at: t)
            let crop = { (p: Picture) in p.cropped(x: 0, y: content.y, width: p.width, height: content.height) }
            let psnr = crop(got).psnr(crop(expected))
            XCTAssertGreaterThan(psnr, 36, "mid-slide at \(t) s: close to the direct drawing")
            XCTAssertLessThan(psnr, 80, "mid-slide at \(t) s: drawn from the resampled copy (bilinear between pixels)")
        }
        XCTAssertEqual(resampled.assets.resampledImages.count, 1, "one copy for every frame of the slide")
        XCTAssertEqual(direct.assets.resampledImages.count, 0)
    }

    /// On the glass demo's 402 pt screen the 2× screenshot is 871.5 px tall: the copy's last row is partly
    /// covered, as the direct drawing's is, and at rest the frame is still the very same.
    func testAScreenshotOfAFractionalSizeIsResampledToTheSamePixels() throws {
        let resampled = try rasterizer("Assets/demo/glass.json", resampling: true)
        let direct = try rasterizer("Assets/demo/glass.json", resampling: false)
        XCTAssertEqual(try picture(resampled, at: 8.2).rgba, try picture(direct, at: 8.2).rgba, "at rest: the same pixels as drawn directly")
        XCTAssertEqual(resampled.assets.resampledImages.count, 1, "the screenshot, resampled once")
        let size = try XCTUnwrap(resampled.assets.resampledImages.keys.first)
        XCTAssertNotEqual(size.height, size.height.rounded(), "a fractional height (\(size.height) px)")
    }

    /// A PNG icon that an effect scales (a bounce) is drawn directly while it is scaled, not resampled anew
    /// at each frame's size: only its size at rest is kept.
    func testAnIconScaledByAnEffectIsNotResampledPerFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resampled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: fixtureURL("gradient-button.png"), to: folder.appendingPathComponent("icon.png"))
        let scene = """
            {"export": {"fps": 30, "duration": 3, "scale": 1, "region": "tabBar"},
             "tabBar": {"items": [{"title": "A", "icon": "icon.png", "animation": {"effect": "bounce"}}, {"title": "B"}]},
             "script": [{"at": 0.2, "tap": 1}, {"at": 1.6, "tap": 0}]}
            """
        let file = folder.appendingPathComponent("scene.json")
        try Data(scene.utf8).write(to: file)
        let resolved = try SceneResolver.load(file, displayName: "scene.json")
        let animation = Animation(resolved)
        let rasterizer = try Rasterizer(scene: resolved, graph: animation.graph, pdf: InProcessPDFConverter())
        var scaledFrames = 0
        for index in 0..<resolved.export.frameCount {
            let t = resolved.export.time(ofFrame: index)
            if animation.graph.sample(at: t).contains(where: { command in
                if case .image = command.primitive { return command.transform.a != 1 } else { return false }
            }) { scaledFrames += 1 }
            _ = try rasterizer.render(at: t)
        }
        XCTAssertGreaterThan(scaledFrames, 5, "the bounce scales the icon on several frames")
        XCTAssertEqual(rasterizer.assets.resampledImages.count, 1, "the icon at rest, resampled once")
    }
}
