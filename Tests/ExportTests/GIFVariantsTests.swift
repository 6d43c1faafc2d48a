import Basics
@testable import Drawing
@testable import Exporting
import Foundation
@testable import GIFExport
@testable import GIFPlanning
import Graph
import Outputs
import PixelKernels
import Resolving
import SVGExport
import Scene
import Spec
import TestSupport
import XCTest

/// `--locale all` writes every locale's GIF in one pass (`GIFExporter.write(variants:)`): each variant's
/// frames are made from the lead's but where its titles differ (`VariantFrames`), with one palette for all
/// and the plans of identical rectangles made once (`SharedPlans`).
final class GIFVariantsTests: XCTestCase {
    /// The demo's tab bar in `locale`: a spinning button whose box reaches the centre title, a slide, taps
    /// that turn titles blue; the 12 s loop at 6 fps.
    private func demo(_ locale: String) throws -> PreparedAnimation {
        let scene = try SceneResolver.load(packageRoot.appendingPathComponent("Assets/demo/scene.json"), displayName: "scene.json") {
            $0.locale = locale
            $0.export = $0.export ?? ExportSpec()
            $0.export!.region = .tabBar
            $0.export!.fps = 6
        }
        return PreparedAnimation(Animation(scene), pdf: InProcessPDFConverter()).withOpaqueCorners()
    }

    /// A variant's every frame, made from the lead's, is the frame it draws alone, pixel for pixel and
    /// index for index; and the test sees all three ways a frame is made (from the lead's pixels, from
    /// them but for a part drawn, drawn), so that it can fail on each.
    func testVariantFramesAreTheFramesDrawnAlone() throws {
        // Arabic led by English: mirrored, so nothing is the lead's but the spinning button and the slide.
        for (leader, locale) in [("en", "de"), ("en", "ja"), ("he", "ar"), ("en", "ar")] {
            let lead = try demo(leader)
            let rasterizers = RasterizerPool(lead)
            let census = try GIFExporter(lead, options: EncodingOptions()).globalPalette(rasterizers)
            let variant = try demo(locale)
            let frames = try ParallelRenderer(scene: lead.scene, graph: lead.graph, rasterizers: rasterizers, palette: census, workers: 2)
            defer { frames.stop() }
            let made = try VariantFrames(variant, pool: RasterizerPool(variant), palette: census, lead: (frames.pixelWidth, frames.pixelHeight))
            let alone = try Rasterizer(scene: variant.scene, graph: variant.graph, pdf: variant.pdf)
            var mapper = ColorMapper(palette: census.table, transparentIndex: census.transparentIndex)
            var last: [UInt32] = []
            for index in 0..<lead.scene.export.frameCount {
                let frame = try frames.frame(index)
                let t = lead.scene.export.time(ofFrame: index)
                let changed = try made.advance(to: index, leadFrame: frame)
                frames.recycle(frame)
                let expected = try alone.render(at: t).opaquePixels()
                if changed == nil {
                    XCTAssertEqual(expected, last, "\(locale) frame \(index): said unchanged")
                    continue
                }
                XCTAssertTrue(made.pixels == expected, "\(locale) frame \(index): pixels differ from the frame drawn alone")
                XCTAssertTrue(made.indices == mapper.indices(of: expected, width: frames.pixelWidth, dithered: !census.isExact),
                              "\(locale) frame \(index): indices")
                if let box = changed ?? nil, !last.isEmpty {
                    // Nothing changed outside the box the encoder is told of.
                    var outside = expected
                    outside.copy(box, from: last, width: frames.pixelWidth)
                    XCTAssertTrue(outside == last, "\(locale) frame \(index): a change outside \(box)")
                }
                last = expected
            }
            print("\(locale) led by \(leader): \(made.sharedCount) frames from the lead's, \(made.partlyDrawnCount) partly drawn, \(made.drawnCount) drawn")
            if leader != "en" || locale != "ar" { XCTAssertGreaterThan(made.sharedCount, 5, locale) }
            XCTAssertGreaterThan(made.partlyDrawnCount, 5, locale)
            XCTAssertGreaterThanOrEqual(made.drawnCount, 1, locale)
        }
    }

    /// The GIFs written together decode to the same pictures as each written alone, to within what their
    /// shared palette changes (the titles, where locales differ, included), and the lead's plans serve the
    /// others: most rectangles are planned once. Each layout direction has its lead (English leads German
    /// and Finnish, Arabic leads Hebrew), the two groups written at once.
    func testLocalesWrittenTogetherShowWhatEachShowsAlone() throws {
        let locales = ["en", "de", "fi", "ar", "he"]
        let inputs = try locales.map(demo)
        let folder = try temporaryFolder()
        let together = locales.map { folder.appendingPathComponent("together-\($0).gif") }
        let reports = try GIFExporter.write(variants: inputs, options: EncodingOptions(), to: together.map { .file(OutputFile($0)) },
                                            progress: SilentProgress())
        XCTAssertEqual(reports.count, locales.count)
        let made = reports.map { $0.details[0] }
        XCTAssertTrue(made[0].contains("made in one pass with 2 other locales"), made[0])
        XCTAssertTrue(made[1].contains("made with \(together[0].path)") && made[2].contains("made with \(together[0].path)"), made[1] + made[2])
        XCTAssertTrue(made[3].contains("made in one pass with 1 other locale"), made[3])
        XCTAssertTrue(made[4].contains("made with \(together[3].path)"), made[4])
        for (k, locale) in locales.enumerated() {
            let (a, b) = try beside(together[k], inputs[k], locale, in: folder)
            let layout = inputs[k].animation.layout
            let s = inputs[k].scene.export.scale, region = layout.exportRegion
            // The titles' band, where the locales differ.
            let band = Rect(x: region.minX, y: layout.items[0].titleBaseline.y - 12, width: region.width, height: 16)
            for index in stride(from: 0, to: a.frames.count, by: 3) {
                assertSimilar(a.picture(index), b.picture(index), minimumPSNR: 40, "\(locale) frame \(index)")
                let crop = { (p: Picture) in p.cropped(x: Int((band.minX - region.minX) * s), y: Int((band.minY - region.minY) * s),
                                                    width: Int(band.width * s), height: Int(band.height * s)) }
                assertSimilar(crop(a.picture(index)), crop(b.picture(index)), minimumPSNR: 40, "\(locale) frame \(index), titles")
            }
        }
    }

    /// The GIF written with others at `url`, and `input` written alone, both decoded a frame per frame of
    /// the animation (as many of each).
    private func beside(_ url: URL, _ input: PreparedAnimation, _ locale: String, in folder: URL) throws -> (together: DecodedGIF, alone: DecodedGIF) {
        let alone = folder.appendingPathComponent("alone-\(locale).gif")
        try GIFExporter(input, options: EncodingOptions()).export(to: OutputFile(alone))
        let fps = input.scene.export.fps
        let pair = (together: try DecodedGIF(path: url.path, playedAt: fps), alone: try DecodedGIF(path: alone.path, playedAt: fps))
        XCTAssertEqual(pair.together.frames.count, pair.alone.frames.count, locale)
        return pair
    }

    /// Through the interface every format implements, a GIF's locales go to its own writer, which makes them
    /// in one pass; a format that shares nothing (SVG) writes each alone, as it writes one.
    func testTheFormatDecidesWhetherLocalesAreWrittenTogether() throws {
        let locales = ["en", "de"]
        let inputs = try locales.map(demo)
        let folder = try temporaryFolder()
        let gif: any AnimationExporter.Type = GIFExporter.self, svg: any AnimationExporter.Type = SVGExporter.self
        XCTAssertTrue(gif.writesVariantsTogether)
        XCTAssertFalse(svg.writesVariantsTogether)
        let gifs = locales.map { folder.appendingPathComponent("\($0).gif") }
        let reports = try gif.write(variants: inputs, options: EncodingOptions(), to: gifs.map { .file(OutputFile($0)) }, progress: SilentProgress())
        XCTAssertTrue(reports[0].details[0].contains("made in one pass with 1 other locale"), reports[0].details[0])
        let svgs = locales.map { folder.appendingPathComponent("\($0).svg") }
        _ = try svg.write(variants: inputs, options: EncodingOptions(), to: svgs.map { .file(OutputFile($0)) }, progress: SilentProgress())
        for (k, input) in inputs.enumerated() {
            XCTAssertEqual(try Data(contentsOf: svgs[k]), try SVGExporter(input, options: EncodingOptions()).document(), locales[k])
        }
        XCTAssertNotEqual(try Data(contentsOf: svgs[0]), try Data(contentsOf: svgs[1]), "each its own locale")
    }

    /// Past the memory a group's variants may hold, the locales are written in several groups, each with a
    /// lead of its own, and every file is still each locale's GIF.
    func testGroupsAreBoundedByMemory() throws {
        let locales = ["en", "de", "fi"]
        let inputs = try locales.map(demo)
        let folder = try temporaryFolder()
        let urls = locales.map { folder.appendingPathComponent("\($0).gif") }
        let size = inputs[0].pixelSize
        // Room for one variant a group: en leads de, fi leads itself.
        let reports = try GIFExporter.write(variants: inputs, options: EncodingOptions(), to: urls.map { .file(OutputFile($0)) },
                                            progress: SilentProgress(), budget: size.width * size.height * GIFExporter.bytesPerVariantPixel)
        XCTAssertTrue(reports[0].details[0].contains("made in one pass with 1 other locale"), reports[0].details[0])
        XCTAssertTrue(reports[1].details[0].contains("made with \(urls[0].path)"), reports[1].details[0])
        XCTAssertFalse(reports[2].details[0].contains("made with") || reports[2].details[0].contains("made in one pass"),
                       "fi written alone: \(reports[2].details[0])")
        for (k, locale) in locales.enumerated() {
            let (a, b) = try beside(urls[k], inputs[k], locale, in: folder)
            for index in stride(from: 0, to: a.frames.count, by: 7) {
                assertSimilar(a.picture(index), b.picture(index), minimumPSNR: 40, "\(locale) frame \(index)")
            }
        }
    }

    /// Two encoders that share plans write what each writes alone, byte for byte, and the second plans
    /// nothing the first planned.
    func testSharedPlansAreThePlansMadeAlone() throws {
        let width = 96, height = 40
        var random = SplitMix(7)
        let colors: [UInt32] = (0..<40).map { _ in 0xFF00_0000 | UInt32(random.next() & 0xFF_FFFF) }
        let palette = GIFPalette(colors: colors, hasTransparentEntry: true, isExact: false)
        // Frames with a moving block, and a "title" that differs in the second encoder's frames.
        func frames(title: UInt32) -> [[UInt32]] {
            (0..<12).map { f in
                var pixels = [UInt32](repeating: colors[1], count: width * height)
                for y in 4..<20 { for x in (4 + 5 * f)..<(20 + 5 * f) { pixels[y * width + x] = colors[(2 + f + x / 3) % colors.count] } }
                for y in 30..<36 { for x in 10..<40 { pixels[y * width + x] = (x + y) % 3 == 0 ? title : colors[1] } }
                return pixels
            }
        }
        func encode(_ frames: [[UInt32]], plans: SharedPlans?) throws -> [GIFFrame] {
            var encoder = FrameDiffEncoder(width: width, height: height, palette: palette) { _, _, _, _ in colors }
            encoder.sharedPlans = plans
            var out: [GIFFrame] = []
            for (f, pixels) in frames.enumerated() {
                let hint = f == 0 ? nil : PixelBox(x: 0, y: 0, width: width, height: 24)
                if let frame = try encoder.encode(pixels, indices: nil, changedWithin: hint, delay: 10) { out.append(frame) }
            }
            if let last = encoder.finish() { out.append(last) }
            return out
        }
        let first = frames(title: colors[5]), second = frames(title: colors[9])
        let plans = SharedPlans()
        var shared: [[GIFFrame]] = []
        shared.append(try encode(first, plans: plans))
        shared.append(try encode(second, plans: plans))
        let aloneFirst = try encode(first, plans: nil), aloneSecond = try encode(second, plans: nil)
        func bytes(_ frames: [GIFFrame]) -> [String] {
            frames.map { "\($0.x) \($0.y) \($0.width) \($0.height) \($0.transparentIndex.map(String.init) ?? "-") \($0.disposal) \($0.delay) \($0.data.codeSize) \($0.data.blocks)" }
        }
        XCTAssertEqual(bytes(shared[0]), bytes(aloneFirst))
        XCTAssertEqual(bytes(shared[1]), bytes(aloneSecond))
        XCTAssertGreaterThan(plans.reused, 5, "the second encoder's moving block is the first's")
        XCTAssertLessThan(plans.made, 2 * aloneFirst.count)
    }
}
