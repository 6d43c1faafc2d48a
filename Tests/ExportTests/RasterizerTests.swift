import Basics
@testable import Drawing
import Foundation
@testable import GIFExport
import GIFPlanning
import Graph
@testable import Graphics
import Outputs
import PixelKernels
import Resolving
@testable import Review
@testable import SVGExport
import Scene
import Spec
import TestSupport
import XCTest

final class RasterizerTests: XCTestCase {
    /// A frame drawn over another, only where their draw commands differ, has the very pixels of the frame
    /// drawn afresh: over the frame before it, and over frames far before or after it, for every frame of
    /// the demo (the spin, slides both ways, Lottie clips, built-in effects, a screenshot, titles, SVG and
    /// PNG icons). The export's workers draw this way.
    func testRedrawingWhatChangedGivesTheFramesOwnPixels() throws {
        try assertRedrawsExactly("Assets/demo/scene.json", partly: 0.5)
    }

    /// The same on the glass bar: its shadow and the blurred content behind it, the pill, the button
    /// spinning over the capsule. (Its slides move the whole screen, the content running under the bar:
    /// 210 of the 360 frames.)
    func testRedrawingTheGlassBarGivesTheFramesOwnPixels() throws {
        try assertRedrawsExactly("Assets/demo/glass.json", scale: 2, comparingEvery: 3, partly: 0.4)
    }

    /// SVG images (icons, a spinning button) and a PNG turned by an effect (a spinning button) are drawn
    /// through their patches, made once per placement and kept for every worker and pass: frames drawn with
    /// the patches another rasterizer made have the very pixels of frames drawn with none kept, in any order.
    /// (A key that missed what decides a patch, the angle or the box, would show one placement's pixels at
    /// another's.)
    func testImagePatchesFoundGiveTheFramesOwnPixels() throws {
        try assertPatchesFound("Tests/Fixtures/gradient-spin.json", every: 1, atLeast: 15)  // a frame of the spin, a patch
        try assertPatchesFound("Assets/demo/scene.json", every: 6, atLeast: 20)
    }

    /// Where a turned image changes the frame is known to the pixel once its patch is kept: the spinning
    /// button's circle, not the bounding box of its turned square, which reaches the title under it (every
    /// other locale of a `--locale all` GIF drew its own title again on each frame of a spin). The box
    /// still holds every pixel that changes, and frames drawn over each other within it are whole
    /// (`testRedrawingWhatChangedGivesTheFramesOwnPixels`).
    func testATurnedImageChangesOnlyThePixelsOfItsPatchesInk() throws {
        let file = packageRoot.appendingPathComponent("Assets/demo/scene.json")
        let scene = try SceneResolver.load(file, displayName: file.lastPathComponent) { spec in
            spec.export = spec.export ?? ExportSpec()
            spec.export?.region = .tabBar
        }
        let graph = Animation(scene).graph
        let kept = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        let none = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter(), imagePatches: ImagePatches(pixelBudget: 0))
        // Two frames of the second spin (from 2.5 s, nothing else moving): the button turned by about 11°.
        let t = (3.15, 3.18)
        let before = try kept.render(at: t.0).opaquePixels(), after = try kept.render(at: t.1).opaquePixels()
        let width = kept.pixelWidth
        let differing = before.indices.filter { before[$0] != after[$0] }
        XCTAssertFalse(differing.isEmpty, "the button turned")
        let tight = try XCTUnwrap(kept.changedPixels(from: graph.sample(at: t.0), to: graph.sample(at: t.1)))
        let loose = try XCTUnwrap(none.changedPixels(from: graph.sample(at: t.0), to: graph.sample(at: t.1)))
        for i in differing {
            XCTAssertTrue(tight.contains(x: i % width, y: i / width), "pixel (\(i % width), \(i / width)) changed outside \(tight)")
        }
        // The 56-point circle and its edge: its turned square's bounding box is 79 points tall.
        XCTAssertLessThanOrEqual(tight.height, 58, "\(tight)")
        XCTAssertGreaterThanOrEqual(loose.height, 78, "\(loose)")
    }

    /// Rasterizers sharing `DecodedAssets` decode each PNG and read each Lottie clip once, and draw the
    /// very pixels of a rasterizer that decoded its own (each draws from a surface of its own over the same
    /// pixels, the screenshot resampled once for all); a file whose bytes changed is decoded again.
    func testDecodedAssetsAreDecodedOnceAndDrawTheSamePixels() throws {
        let file = packageRoot.appendingPathComponent("Assets/demo/scene.json")
        let scene = try SceneResolver.load(file, displayName: file.lastPathComponent)
        let graph = Animation(scene).graph
        XCTAssertTrue(graph.assets.contains { $0.format == .png } && !graph.sequences.isEmpty, "the demo has a PNG and Lottie clips")
        let shared = DecodedAssets()
        let first = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter(), decoded: shared)
        let second = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter(), decoded: shared)
        let alone = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        guard case .png(let firstPNG)? = first.assets.entries.first(where: { $0.asset.format == .png })?.decoded,
              case .png(let secondPNG)? = second.assets.entries.first(where: { $0.asset.format == .png })?.decoded else {
            return XCTFail("no PNG decoded")
        }
        XCTAssertFalse(firstPNG === secondPNG, "each rasterizer draws from a surface of its own")
        XCTAssertTrue(firstPNG.keptAlive != nil && firstPNG.keptAlive === secondPNG.keptAlive, "over the same pixels, not a copy")
        XCTAssertEqual(firstPNG.premultipliedARGB(), secondPNG.premultipliedARGB())
        for index in stride(from: 0, to: scene.export.frameCount, by: 15) {
            let t = scene.export.time(ofFrame: index)
            XCTAssertEqual(try second.render(at: t).opaquePixels(), try alone.render(at: t).opaquePixels(), "frame \(index)")
        }
        // Known by path and bytes: the same bytes are not decoded again, other bytes are.
        let png = try ImageSurface(width: 3, height: 2).pngData()
        var decodes = 0
        let decode = { () throws(CLibraryError) -> ImageSurface in decodes += 1; return try ImageSurface(png: png) }
        let cache = DecodedAssets()
        _ = try cache.image("a.png", data: png, decode: decode)
        _ = try cache.image("a.png", data: png, decode: decode)
        XCTAssertEqual(decodes, 1)
        _ = try cache.image("a.png", data: png + Data([0]), decode: decode)
        XCTAssertEqual(decodes, 2, "a file changed during the run is decoded again")
    }

    private func assertPatchesFound(_ path: String, every step: Int, atLeast patches: Int) throws {
        let file = packageRoot.appendingPathComponent(path)
        let scene = try SceneResolver.load(file, displayName: file.lastPathComponent)
        let graph = Animation(scene).graph
        let shared = ImagePatches()
        func rasterizer(_ patches: ImagePatches) throws -> Rasterizer {
            try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter(), imagePatches: patches)
        }
        let first = try rasterizer(shared), second = try rasterizer(shared), alone = try rasterizer(ImagePatches(pixelBudget: 0))
        var order = Array(stride(from: 0, to: scene.export.frameCount, by: step))
        for index in order { _ = try first.render(at: scene.export.time(ofFrame: index)) }
        let kept = shared.kept
        XCTAssertGreaterThanOrEqual(kept, patches, "\(path): patches kept")
        var random = SplitMix(11)
        for i in order.indices.reversed() { order.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        for index in order {
            let t = scene.export.time(ofFrame: index)
            let found = try second.render(at: t).opaquePixels(), made = try alone.render(at: t).opaquePixels()
            XCTAssertEqual(found.count, made.count)
            let wrong = zip(found, made).filter { $0 != $1 }.count
            XCTAssertEqual(wrong, 0, "\(path), frame \(index) at \(t) s: pixels that differ from the frame whose patches were made")
        }
        XCTAssertEqual(shared.kept, kept, "\(path): the second rasterizer found every patch")
        XCTAssertEqual(alone.imagePatches.kept, 0, "every patch of the frames compared with was made afresh")
    }

    /// Every frame drawn over the one before (and 40 random jumps) against the frame drawn afresh; at least
    /// the share `partly` of them redrawn in part.
    /// (At 2× the glass bar showed what 1× did not; frames are compared every `comparingEvery`, all drawn.)
    private func assertRedrawsExactly(_ path: String, scale: Double? = nil, comparingEvery: Int = 1, partly: Double) throws {
        let file = packageRoot.appendingPathComponent(path)
        let scene = try SceneResolver.load(file, displayName: file.lastPathComponent) { spec in
            if let scale { spec.export = spec.export ?? ExportSpec(); spec.export?.scale = scale }
        }
        let animation = Animation(scene)
        let graph = animation.graph
        let fresh = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        let redrawing = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        let count = scene.export.frameCount, area = fresh.pixelWidth * fresh.pixelHeight
        var random = SplitMix(7)
        let jumps = (0..<40).map { _ in Int(random.next() % UInt64(count)) }
        var last: Rasterizer.Drawn?
        var partial = 0, redrawnArea = 0
        for (step, index) in (Array(0..<count) + jumps).enumerated() {
            let t = scene.export.time(ofFrame: index)
            let drawn = try redrawing.redraw(graph.sample(at: t), at: t, over: last)
            last = drawn
            let changed = drawn.changed.map { $0.width * $0.height } ?? area
            if changed < area { partial += 1 }
            redrawnArea += changed
            guard step % comparingEvery == 0 || step >= count else { continue }
            let expected = try fresh.render(at: t).opaquePixels(), got = drawn.surface.opaquePixels()
            guard got != expected else { continue }
            let wrong = zip(got, expected).filter { $0 != $1 }.count
            XCTFail("frame \(index) at \(t) s: \(wrong) pixels differ from the frame drawn afresh (redrawn: \(String(describing: drawn.changed)))")
        }
        // The saving is real: most frames redraw a part, and far less than every pixel in all.
        XCTAssertGreaterThan(Double(partial), partly * Double(count), "frames redrawn in part")
        XCTAssertLessThan(Double(redrawnArea) / Double(area * (count + jumps.count)), 0.75, "share of pixels redrawn")
        print("redrew \(partial) of \(count + jumps.count) frames in part, \(Int(100 * Double(redrawnArea) / Double(area * (count + jumps.count)))) % of their pixels")
    }
}

final class PixelBoxTests: XCTestCase {
    /// Ink from a hostile SVG can lie anywhere: a box of whole pixels never traps on it.
    func testAnyInkGivesABoxOrNone() {
        XCTAssertEqual(PixelBox(covering: Rect(x: 1.5, y: 2, width: 3.2, height: 1), margin: 2), PixelBox(x: -1, y: 0, width: 8, height: 5))
        XCTAssertNil(PixelBox(covering: Rect(x: .nan, y: 0, width: 1, height: 1), margin: 2))
        XCTAssertNil(PixelBox(covering: Rect(x: 0, y: 0, width: .infinity, height: 1), margin: 2))
        let huge = PixelBox(covering: Rect(x: -1e300, y: 0, width: 2e300, height: 1e20), margin: 2)
        XCTAssertEqual(huge?.minX, -1_000_000_002)
        XCTAssertEqual(huge?.intersection(PixelBox(x: 0, y: 0, width: 10, height: 10)), PixelBox(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(PixelBox(x: 0, y: 0, width: 4, height: 4).intersection(PixelBox(x: 9, y: 9, width: 1, height: 1)), .empty)
    }
}
