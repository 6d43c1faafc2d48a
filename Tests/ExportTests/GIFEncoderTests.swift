@testable import Export
import Foundation
import Scene
import XCTest

/// The encoder's promises, checked on decoded GIFs (giflib's reader) against tabanim's own rendered frames.
final class GIFEncoderTests: XCTestCase {
    private func render(_ scene: ResolvedScene, frame index: Int) throws -> Picture {
        let graph = SceneGraph(scene: scene)
        let rasterizer = Rasterizer(graph: graph, assets: try AssetStore(graph.assets, file: scene.file), scale: scene.export.scale, file: scene.file)
        let surface = try rasterizer.render(at: scene.export.time(ofFrame: index))
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    private func export(_ scene: ResolvedScene, renderThreads: Int = 2) throws -> (url: URL, gif: DecodedGIF) {
        let url = try temporaryFolder().appendingPathComponent("out.gif")
        var exporter = GIFExporter(scene: scene, graph: SceneGraph(scene: scene))
        exporter.renderThreads = renderThreads
        try exporter.export(to: OutputFile(url))
        return (url, try DecodedGIF(path: url.path))
    }

    func testAnimationWithAtMost256ColoursRoundTripsLosslessly() throws {
        let scene = try loadFixture("flat-slide.json")  // solid red, blue, green contents; a slide at 0.3 s
        let palette = try GIFExporter(scene: scene, graph: SceneGraph(scene: scene)).globalPalette()
        XCTAssertTrue(palette.isExact, "the fixture has at most 256 colours")
        XCTAssertNotNil(palette.transparentIndex)
        let (url, gif) = try export(scene)
        XCTAssertEqual(gif.frames.count, scene.export.frameCount)
        for index in 0..<gif.frames.count {
            let rendered = try render(scene, frame: index)
            XCTAssertEqual(rendered.differingPixels(gif.picture(index), threshold: 0), 0,
                           "frame \(index) differs; diff: \(rendered.writeDiff(against: gif.picture(index), named: "lossless-\(index)"))")
        }
        let blocks = try GIFBlocks(url)
        XCTAssertTrue(blocks.images.dropFirst().contains { $0.transparent && $0.width > 1 },
                      "the slide's frames draw unchanged pixels as transparent")
        XCTAssertEqual(blocks.images.filter(\.hasLocalTable).count, 0, "one global palette")
    }

    func testQuantizedAnimationStaysCloseToTheRenderedFrames() throws {
        let scene = try loadFixture("gradient-spin.json")  // a gradient button spinning: far more than 256 colours
        let palette = try GIFExporter(scene: scene, graph: SceneGraph(scene: scene)).globalPalette()
        XCTAssertFalse(palette.isExact)
        XCTAssertEqual(palette.table.count, 256, "every entry used: 255 colours and the transparent one")
        let (_, gif) = try export(scene)
        for index in 0..<gif.frames.count {
            let rendered = try render(scene, frame: index)
            assertSimilar(rendered, gif.picture(index), minimumPSNR: 38, "gradient-\(index)")
            XCTAssertEqual(rendered.differingPixels(gif.picture(index), threshold: 32), 0, "frame \(index): no pixel far off")
        }
    }

    func testFramesAndDelaysAreTheSameWhateverTheNumberOfRenderThreads() throws {
        let scene = try loadFixture("spin.json")
        let one = try export(scene, renderThreads: 1).gif
        let three = try export(scene, renderThreads: 3).gif
        XCTAssertEqual(three.frames.map(\.delay), GIFTiming.delays(frameCount: scene.export.frameCount, fps: scene.export.fps))
        XCTAssertEqual(one.frames.map(\.delay), three.frames.map(\.delay))
        for index in 0..<one.frames.count {
            XCTAssertEqual(one.frames[index].rgba, three.frames[index].rgba, "frame \(index)")
        }
    }

    func testRenderedFramesComeInOrderAndStaticFramesAreNotRedrawn() throws {
        let scene = try loadFixture("slide.json")  // static after the second slide ends at 2.7 s
        let graph = SceneGraph(scene: scene)
        let frames = try ParallelRenderer(graph: graph, settings: scene.export, file: scene.file, workers: 3)
        defer { frames.stop() }
        var previous: [UInt8] = []
        var same = 0
        for index in 0..<scene.export.frameCount {
            let expected = try render(scene, frame: index)
            switch try frames.frame(index) {
            case .pixels(let pixels):
                XCTAssertEqual(pixels.count, expected.width * expected.height)
                let rgba = pixels.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF), 255] }
                XCTAssertEqual(Picture(rgba: rgba, width: expected.width, height: expected.height).differingPixels(expected, threshold: 0), 0,
                               "frame \(index) is the frame at its own time")
                previous = rgba
            case .same:
                same += 1
                XCTAssertGreaterThan(index, 0)
                XCTAssertEqual(Picture(rgba: previous, width: expected.width, height: expected.height).differingPixels(expected, threshold: 0), 0,
                               "frame \(index), reported unchanged, equals the one before")
            }
        }
        XCTAssertGreaterThanOrEqual(same, 5, "the still stretch from 2.7 s to 3 s is not rendered again")
    }

    func testAFrameTheGlobalPaletteServesBadlyGetsALocalPalette() throws {
        // A two-colour palette that is not exact, and a frame of colours far from both.
        let palette = GIFPalette(colors: [0xFF00_0000, 0xFFFF_FFFF], hasTransparentEntry: true, isExact: false)
        var encoder = FrameDiffEncoder(width: 4, height: 2, palette: palette)
        let first = try encoder.encode(.pixels([UInt32](repeating: 0xFF00_0000, count: 8)), delay: 5)
        XCTAssertNil(first.localPalette, "black is in the global palette")
        let colors: [UInt32] = [0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF]
        let second = try encoder.encode(.pixels(colors), delay: 5)
        let local = try XCTUnwrap(second.localPalette)
        for color in [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF] as [UInt32] { XCTAssertTrue(local.contains(color), String(color, radix: 16)) }
        XCTAssertEqual(second.x, 1, "only the changed columns")
        XCTAssertEqual(second.width, 3)
    }
}

/// The image blocks of a GIF file as written, read byte by byte (giflib's reader composites them away).
struct GIFBlocks {
    struct Image {
        var width: Int, height: Int
        var transparent: Bool
        var hasLocalTable: Bool
        var minimumCodeSize: Int
    }

    var images: [Image] = []

    init(_ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        func short(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func skipSubBlocks(_ at: inout Int) { while bytes[at] != 0 { at += Int(bytes[at]) + 1 }; at += 1 }
        var p = 13
        if bytes[10] & 0x80 != 0 { p += 3 << (Int(bytes[10] & 7) + 1) }
        var transparent = false
        while p < bytes.count, bytes[p] != 0x3B {
            if bytes[p] == 0x21 {
                if bytes[p + 1] == 0xF9 { transparent = bytes[p + 3] & 1 != 0 }
                p += 2
                skipSubBlocks(&p)
            } else if bytes[p] == 0x2C {
                let flags = bytes[p + 9]
                var image = Image(width: short(p + 5), height: short(p + 7), transparent: transparent,
                                  hasLocalTable: flags & 0x80 != 0, minimumCodeSize: 0)
                p += 10
                if image.hasLocalTable { p += 3 << (Int(flags & 7) + 1) }
                image.minimumCodeSize = Int(bytes[p])
                p += 1
                skipSubBlocks(&p)
                images.append(image)
                transparent = false
            } else {
                throw CLibraryError(library: "test", function: "GIFBlocks", message: "unexpected byte \(bytes[p]) at \(p)")
            }
        }
    }
}
