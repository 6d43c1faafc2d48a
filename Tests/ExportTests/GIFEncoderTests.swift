@testable import Drawing
import Foundation
@testable import GIFExport
@testable import GIFPlanning
import Graph
@testable import Graphics
import Outputs
import Resolving
@testable import Review
@testable import SVGExport
import Scene
import TestSupport
import XCTest

/// The encoder's promises, checked on decoded GIFs (giflib's reader) against tabanim's own rendered frames.
final class GIFEncoderTests: XCTestCase {
    private func render(_ scene: ResolvedScene, frame index: Int) throws -> Picture {
        let animation = Animation(scene)
        let graph = animation.graph
        let rasterizer = try Rasterizer(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        let surface = try rasterizer.render(at: scene.export.time(ofFrame: index))
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    /// The GIF of `scene`, decoded, with a frame per frame of the animation (`DecodedGIF.playing`).
    private func export(_ scene: ResolvedScene, renderThreads: Int = 2) throws -> (url: URL, gif: DecodedGIF) {
        let url = try temporaryFolder().appendingPathComponent("out.gif")
        var exporter = GIFExporter(Animation(scene), pdf: InProcessPDFConverter())
        exporter.renderThreads = renderThreads
        try exporter.export(to: OutputFile(url))
        let gif = try DecodedGIF(path: url.path)
        XCTAssertEqual(gif.duration, GIFTiming.delays(frameCount: scene.export.frameCount, fps: scene.export.fps).reduce(0, +))
        return (url, gif.playing(fps: scene.export.fps))
    }

    func testAnimationWithAtMost256ColoursRoundTripsLosslessly() throws {
        let scene = try loadFixture("flat-slide.json")  // solid red, blue, green contents, no status bar; a slide at 0.3 s
        let palette = try GIFExporter(Animation(scene), pdf: InProcessPDFConverter()).globalPalette()
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
        XCTAssertEqual(blocks.images.filter(\.hasLocalTable).count, 0, "one global palette")
    }

    /// A spinning button changes scattered pixels inside its box: writing the unchanged ones transparent
    /// encodes shorter there, and the decoded frames still equal the rendered ones.
    func testUnchangedPixelsAreWrittenTransparentWhereThatIsShorter() throws {
        let scene = try loadFixture("spin-long.json")
        let (url, gif) = try export(scene)
        let blocks = try GIFBlocks(url)
        XCTAssertTrue(blocks.images.dropFirst().contains { $0.transparent && $0.width > 1 }, "transparency used")
        for index in [7, 13, 40] {
            assertSimilar(try render(scene, frame: index), gif.picture(index), minimumPSNR: 38, "spin-\(index)")
        }
    }

    func testQuantizedAnimationStaysCloseToTheRenderedFrames() throws {
        let scene = try loadFixture("gradient-spin.json")  // a gradient button spinning: far more than 256 colours
        let palette = try GIFExporter(Animation(scene), pdf: InProcessPDFConverter()).globalPalette()
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
        let one = try export(scene, renderThreads: 1), three = try export(scene, renderThreads: 3)
        XCTAssertEqual(try Data(contentsOf: one.url), try Data(contentsOf: three.url), "the same bytes")
        let (oneGIF, threeGIF) = (one.gif, three.gif)
        XCTAssertEqual(oneGIF.frames.count, scene.export.frameCount)
        XCTAssertEqual(oneGIF.frames.map(\.delay), threeGIF.frames.map(\.delay))
        for index in 0..<oneGIF.frames.count {
            XCTAssertEqual(oneGIF.frames[index].rgba, threeGIF.frames[index].rgba, "frame \(index)")
        }
    }

    /// Every frame, or every `stride`-th (the palette's census), is the frame at its own time, in order; a
    /// frame drawn as the one taken before it is not rendered again. The second pass draws with the first
    /// pass's rasterizers (the probe's drew for a worker), and no two workers share one.
    func testRenderedFramesComeInOrderAndStaticFramesAreNotRedrawn() throws {
        let scene = try loadFixture("slide.json")  // static after the second slide ends at 2.7 s
        let animation = Animation(scene)
        let graph = animation.graph
        let rasterizers = RasterizerPool(scene: scene, graph: graph, pdf: InProcessPDFConverter())
        for stride in [2, 1] {
            let frames = try ParallelRenderer(scene: scene, graph: graph, rasterizers: rasterizers, stride: stride, workers: 3)
            defer { frames.stop() }
            XCTAssertEqual(frames.count, (scene.export.frameCount + stride - 1) / stride)
            var previous: [UInt8] = []
            var same = 0
            for position in 0..<frames.count {
                let index = position * stride
                let expected = try render(scene, frame: index)
                switch try frames.frame(position) {
                case .made(let made):
                    let pixels = made.pixels
                    XCTAssertEqual(pixels.count, expected.width * expected.height)
                    let rgba = pixels.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF), 255] }
                    XCTAssertEqual(Picture(rgba: rgba, width: expected.width, height: expected.height).differingPixels(expected, threshold: 0), 0,
                                   "frame \(index) (every \(stride)) is the frame at its own time")
                    previous = rgba
                case .same:
                    same += 1
                    XCTAssertGreaterThan(index, 0)
                    XCTAssertEqual(Picture(rgba: previous, width: expected.width, height: expected.height).differingPixels(expected, threshold: 0), 0,
                                   "frame \(index) (every \(stride)), reported unchanged, equals the one taken before")
                }
            }
            XCTAssertGreaterThanOrEqual(same, stride == 1 ? 5 : 2, "the still stretch from 2.7 s to 3 s is not rendered again")
        }
        XCTAssertEqual(rasterizers.made, 3, "one rasterizer per worker for both passes")
    }

    /// Where the renderer says a frame may differ from the one before (from their draw commands, for the
    /// encoder to compare only there), no pixel outside it differs: every frame of the demo (the spin,
    /// slides, Lottie clips, the selection's tint); most frames say less than the whole frame.
    func testPixelsOutsideTheChangeTheRendererReportsAreTheFrameBefores() throws {
        let file = packageRoot.appendingPathComponent("Assets/demo/scene.json")
        let scene = try SceneResolver.load(file, displayName: file.lastPathComponent)
        let frames = try ParallelRenderer(scene: scene, graph: Animation(scene).graph, pdf: InProcessPDFConverter(), workers: 2)
        defer { frames.stop() }
        var previous: [UInt32] = []
        var partial = 0
        for index in 0..<frames.count {
            let frame = try frames.frame(index)
            guard let pixels = frame.pixels else { continue }
            defer { previous = pixels }
            guard let box = frame.changedWithin else { continue }  // the first frame, or draw commands that cannot be paired
            XCTAssertFalse(previous.isEmpty, "frame \(index): the first frame may differ anywhere")
            if box.width * box.height < pixels.count { partial += 1 }
            let width = frames.pixelWidth
            let outside = pixels.indices.filter { i in
                let x = i % width, y = i / width
                return !(box.minX..<box.maxX).contains(x) || !(box.minY..<box.maxY).contains(y)
            }
            let wrong = outside.filter { pixels[$0] != previous[$0] }.count
            XCTAssertEqual(wrong, 0, "frame \(index): pixels outside \(box) that differ from the frame before")
        }
        XCTAssertGreaterThan(partial, frames.count / 2, "frames whose change is less than the whole frame")
    }

    /// Encodes `frames` (opaque `0xFFRRGGBB` pixels) straight through `FrameDiffEncoder`, writes them and
    /// decodes them with giflib; with what the encoder chose (`Statistics`).
    private func encode(_ frames: [[UInt32]], width: Int, palette: GIFPalette) throws
        -> (written: [GIFFrame], decoded: DecodedGIF, statistics: FrameDiffEncoder.Statistics) {
        var encoder = FrameDiffEncoder(width: width, height: frames[0].count / width, palette: palette) {
            try Quantizer.palette(pixels: $0, width: $1, height: $2, maxColors: $3)
        }
        var written: [GIFFrame] = []
        for frame in frames {
            if let out = try encoder.encode(frame, indices: nil, delay: 5) { written.append(out) }
        }
        written += [encoder.finish()].compactMap { $0 }
        let url = try temporaryFolder().appendingPathComponent("frames.gif")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let writer = try GIFStreamWriter(path: url.path)
        try writer.putHeader(width: width, height: frames[0].count / width, globalPalette: palette.table, loopCount: 0)
        for frame in written { try writer.put(frame) }
        try writer.finish()
        return (written, try DecodedGIF(path: url.path), encoder.statistics)
    }

    private func rgba(_ pixels: [UInt32]) -> [UInt8] {
        pixels.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF), 255] }
    }

    func testAFrameTheGlobalPaletteServesBadlyGetsALocalPalette() throws {
        // A two-colour palette that is not exact, and a frame of colours far from both.
        let palette = GIFPalette(colors: [0xFF00_0000, 0xFFFF_FFFF], hasTransparentEntry: true, isExact: false)
        let black = [UInt32](repeating: 0xFF00_0000, count: 8)
        let colors: [UInt32] = [0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFF00_0000, 0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF]
        let (written, decoded, _) = try encode([black, colors], width: 4, palette: palette)
        XCTAssertNil(written[0].localPalette, "black is in the global palette")
        let local = try XCTUnwrap(written[1].localPalette)
        for color in [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF] as [UInt32] { XCTAssertTrue(local.contains(color), String(color, radix: 16)) }
        XCTAssertEqual(written[1].x, 1, "only the changed columns")
        XCTAssertEqual(written[1].width, 3)
        XCTAssertEqual(decoded.frames[1].rgba, rgba(colors), "the local palette is exact here")
    }

    func testAFrameThatIsUndoneNextIsDisposedToWhatWasUnderIt() throws {
        // A white 16 × 16 canvas with a grey stripe; a red square blinks at (2, 2), later a blue one at (9, 9).
        var base = [UInt32](repeating: 0xFFFF_FFFF, count: 256)
        for x in 0..<16 { base[12 * 16 + x] = 0xFF80_8080 }
        func with(_ color: UInt32, at origin: Int) -> [UInt32] {
            var frame = base
            for y in origin..<origin + 4 { for x in origin..<origin + 4 { frame[y * 16 + x] = color } }
            return frame
        }
        let frames = [base, with(0xFFFF_0000, at: 2), base, with(0xFF00_00FF, at: 9), with(0xFF00_00FF, at: 9)]
        let palette = GIFPalette(colors: [0xFFFF_FFFF, 0xFF80_8080, 0xFFFF_0000, 0xFF00_00FF], hasTransparentEntry: true, isExact: true)
        let (written, decoded, _) = try encode(frames, width: 16, palette: palette)
        XCTAssertEqual(written.map(\.disposal), [.keep, .previous, .keep, .keep], "only the blink is undone")
        // The base again after the blink changes nothing the disposal does not restore: a frame of one pixel
        // (the blink's frame cannot be shown longer: what shows then is what was under it).
        XCTAssertEqual(written[2].width * written[2].height, 1, "the frame after the blink writes nothing")
        XCTAssertEqual(written[3].width, 4, "the blue square alone")
        XCTAssertEqual(written.map(\.delay), [5, 5, 5, 10], "the blue square shown twice as long: its frame again changes nothing")
        let played = decoded.frames(at: [Int](repeating: 5, count: frames.count))
        XCTAssertEqual(played.count, frames.count)
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(played[index].rgba, rgba(frame), "frame \(index) as giflib composites it")
        }
    }

    /// A run of frames written with substitutes: whatever the plans chose, every pixel a viewer sees is
    /// within the bound of its true colour, the largest that colour has had since the pixel last changed (a
    /// substitute stays while its true colour does, within the bound of the frame that wrote it). Grey levels
    /// halfway between a palette's entries with a few levels of noise drawn anew each frame: a pixel may be
    /// written as either neighbour, and the next frame's truth may move away from the one a plan chose.
    func testFramesWithSubstitutesShowEveryPixelWithinItsBound() throws {
        let width = 48, height = 48, frameCount = 24
        var palette = GIFPalette(colors: stride(from: 0, through: 248, by: 8).map { 0xFF00_0000 | UInt32($0) * 0x01_0101 },
                                 hasTransparentEntry: true, isExact: false)
        palette.meanError = 1  // a tolerance of about two levels (`FrameDiffEncoder.errorShare`)
        var random = SplitMix(11)
        let base = (0..<width * height).map { i in 20 + 8 * ((i / width / 6 + i % width / 6) % 24) }  // steps: edges
        let frames = (0..<frameCount).map { _ in
            base.map { level -> UInt32 in
                let grey = UInt32(level + Int(random.next() % 9) - 4)
                return 0xFF00_0000 | grey * 0x01_0101
            }
        }
        let (_, decoded, statistics) = try encode(frames, width: width, palette: palette)
        XCTAssertGreaterThan(statistics.substituted, frameCount / 2, "most frames written with substitutes")
        XCTAssertEqual(statistics.localPalettes, 0, "the global palette serves every frame")
        let played = decoded.frames(at: [Int](repeating: 5, count: frameCount))
        var mapper = ColorMapper(palette: palette.table, transparentIndex: palette.transparentIndex)
        let tolerance = Int(FrameDiffEncoder.errorShare * palette.meanError)
        var allowed = [Int](repeating: 0, count: width * height)  // per pixel, since its true colour last changed
        var substitutes = 0, outside: [String] = []
        for (index, frame) in frames.enumerated() {
            let entries = mapper.indices(of: frame, width: width, dithered: true).map { palette.table[Int($0)] }
            for i in 0..<width * height {
                let x = i % width, y = i / width, c = frame[i]
                // The bound as the encoder makes it, with all four neighbours (the encoder looks within its
                // rectangle: at no more).
                let contrast = [x > 0 ? i - 1 : i, x + 1 < width ? i + 1 : i, y > 0 ? i - width : i, y + 1 < height ? i + width : i]
                    .map { ColorMapper.distance(c, frame[$0]) }.max()!
                let bound = ColorMapper.distance(entries[i], c) + tolerance + contrast / FrameDiffEncoder.contrastShare
                allowed[i] = index > 0 && frames[index - 1][i] == c ? max(allowed[i], bound) : bound
                let r = Int(played[index].rgba[4 * i]), g = Int(played[index].rgba[4 * i + 1]), b = Int(played[index].rgba[4 * i + 2])
                let shown = 0xFF00_0000 | UInt32(r << 16 | g << 8 | b)
                if shown != entries[i] { substitutes += 1 }
                if ColorMapper.distance(shown, c) > allowed[i] {
                    outside.append("frame \(index), (\(x), \(y)): \(String(shown, radix: 16)) for \(String(c, radix: 16))")
                }
            }
        }
        XCTAssertGreaterThan(substitutes, frameCount * 20, "pixels shown as other entries than their own")
        XCTAssertEqual(outside.count, 0, "pixels beyond their bound, first: \(outside.prefix(3))")
    }

    /// A rectangle too large for substitutes (the end of a slide) shows every pixel as its own entry, with a
    /// quantized palette too: its plan does not decide what the canvas shows. The frames of the test above,
    /// larger: two of them, all of the second changed at its corners (one rectangle) and most elsewhere.
    func testARectangleTooLargeForSubstitutesShowsEachPixelsOwnEntry() throws {
        let width = 370, height = 360
        XCTAssertGreaterThan(width * height, FrameDiffEncoder.largestLossyArea, "too large for substitutes")
        XCTAssertLessThanOrEqual(width * height, FrameDiffEncoder.largestSearchedArea, "searched")
        var palette = GIFPalette(colors: stride(from: 0, through: 248, by: 8).map { 0xFF00_0000 | UInt32($0) * 0x01_0101 },
                                 hasTransparentEntry: true, isExact: false)
        palette.meanError = 1
        var random = SplitMix(7)
        let frames = (0..<2).map { _ in
            (0..<width * height).map { i -> UInt32 in
                let grey = UInt32(20 + 8 * ((i / width / 6 + i % width / 6) % 24) + Int(random.next() % 9) - 4)
                return 0xFF00_0000 | grey * 0x01_0101
            }
        }
        let (written, decoded, statistics) = try encode(frames, width: width, palette: palette)
        XCTAssertEqual(statistics.localPalettes, 0, "the global palette serves both frames")
        XCTAssertEqual(statistics.substituted, 0, "no substitutes")
        XCTAssertEqual(written.last.map { $0.width * $0.height }, width * height, "one rectangle")
        var mapper = ColorMapper(palette: palette.table, transparentIndex: palette.transparentIndex)
        let entries = mapper.indices(of: frames[1], width: width, dithered: true).map { palette.table[Int($0)] }
        let played = try XCTUnwrap(decoded.frames(at: [5, 5]).last)
        let expected = rgba(entries)
        XCTAssertEqual(played.rgba.count, expected.count)
        let differing = (0..<min(played.rgba.count, expected.count) / 4).filter { played.rgba[4 * $0..<4 * $0 + 4] != expected[4 * $0..<4 * $0 + 4] }
        XCTAssertEqual(differing.count, 0, "pixels shown as another entry than their own, first: \(differing.first ?? -1)")
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
