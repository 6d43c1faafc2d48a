@testable import Drawing
import Foundation
@testable import GIFExport
import Graph
@testable import Graphics
import Outputs
import Resolving
@testable import Review
@testable import SVGExport
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

    /// The engine's own frame `index` (from the clip's in point) of `clip` at `size` pixels square,
    /// composited over the bar's white the way the GIF shows it.
    private func engineFrame(_ clip: LottieClip, index: Int, size: Int) throws -> Picture {
        let animation = try AssetStore.engineModel(of: clip, limits: .standard).get()
        let picture = try animation.picture(atFrame: animation.inPoint + Double(index))
        let surface = try ImageSurface(width: size, height: size)
        let context = try CairoContext(surface)
        context.setColor((1, 1, 1, 1))
        context.paint()
        try LottieVectorRenderer().draw(picture, into: context, transform: .scale(Double(size) / animation.width, Double(size) / animation.height))
        return Picture(rgba: surface.straightRGBA(), width: size, height: size)
    }

    func testTheIconHidesWhileItsAnimationPlaysAndComesBack() throws {
        // A re-tap at 0.5 s plays the 1 s square on item 0 (original colours); item 2 plays it tinted from 2.0 s
        // until item 1's didSelect stops it at 2.3 s.
        let scene = try loadFixture("lottie.json")
        let url = try temporaryFolder().appendingPathComponent("lottie.gif")
        try GIFExporter(Animation(scene), pdf: InProcessPDFConverter()).export(to: OutputFile(url))
        let gif = try DecodedGIF(path: url.path, playedAt: scene.export.fps)
        func frame(at t: Double) -> Picture { gif.picture(Int((t * scene.export.fps).rounded())) }
        let a = iconBox(scene, item: 0), c = iconBox(scene, item: 2)
        guard case .lottie(let clip)? = scene.tabBar.items[0].animation else { return XCTFail("no clip") }

        // During playback the Lottie frame replaces the icon: frame k at k / fr after the start.
        for (t, k) in [(0.5, 0), (0.8, 3), (1.0, 5), (1.4, 9)] {
            assertSimilar(crop(frame(at: t), a), try engineFrame(clip, index: k, size: a.size), minimumPSNR: 30, "lottie-frame-\(k)")
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
        let exporter = SVGExporter(Animation(scene), pdf: InProcessPDFConverter())
        let svg = String(decoding: try exporter.document(), as: UTF8.self)
        XCTAssertEqual(svg.matches(of: /<g id="lottie-\d+">/).count, 2, "one SMIL clip per icon that plays")
        XCTAssertFalse(svg.contains("sprite-"), "no sheet")
        XCTAssertFalse(svg.contains("data:image/png"), "the engine's clips are vectors, not PNG")
        XCTAssertTrue(svg.contains("<animateTransform"), "moved by SMIL")
    }
}
