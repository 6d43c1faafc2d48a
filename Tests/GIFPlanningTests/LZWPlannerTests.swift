import CGif
@testable import Drawing
import Foundation
@testable import GIFExport
import GIFPlanning
import Outputs
import TestSupport
import XCTest

/// The planner writes the LZW code stream of the indices it plans: giflib decodes it to those indices, and,
/// for indices as they are, it is the very stream giflib's own compressor writes.
final class LZWPlannerTests: XCTestCase {
    /// A reproducible stand-in for UI pixels: runs of a few colours, some of them long, some noisy.
    private func pixels(_ count: Int, colors: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix(seed)
        var out: [UInt8] = []
        while out.count < count {
            let run = generator.next() % 4 == 0 ? 1 : Int(generator.next() % 40) + 1
            out += Array(repeating: UInt8(generator.next() % UInt64(colors)), count: min(run, count - out.count))
        }
        return out
    }

    /// The image data (from the code-size byte to the block terminator) of the first image in the GIF file
    /// `bytes` with a global table of `colorCount` entries.
    private func imageData(_ bytes: [UInt8], colorCount: Int) -> [UInt8] {
        var tableSize = 2
        while tableSize < colorCount { tableSize *= 2 }
        var i = 13 + 3 * tableSize
        while bytes[i] == 0x21 {  // extensions: introducer, label, sub-blocks
            i += 2
            while bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
        }
        XCTAssertEqual(bytes[i], 0x2C, "an image descriptor")
        let start = i + 10
        i += 11
        while bytes[i] != 0 { i += Int(bytes[i]) + 1 }
        return Array(bytes[start...i])
    }

    /// A GIF of one frame, `width` × `height`, over a global palette of `colorCount` entries where entry k is
    /// the colour 0x0000kk (so the decoded blue channel is the index).
    private func gifFile(width: Int, height: Int, colorCount: Int, _ putImage: (GIFStreamWriter) throws -> Void) throws -> URL {
        try writtenGIF(width: width, height: height, palette: (0..<colorCount).map { UInt32($0) }, putImage)
    }

    /// The image data giflib's own compressor (`EGifPutLine`) writes for `indices` with `codeSize` as the LZW
    /// minimum code size: the reference the planner's code stream is held to.
    private func giflibImageData(_ indices: [UInt8], width: Int, height: Int, colorCount: Int, codeSize: Int) throws -> [UInt8] {
        let url = try gifFile(width: width, height: height, colorCount: colorCount) { writer in
            try writer.withHandle { gif in
                let table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 1 << codeSize)
                let map = try XCTUnwrap(GifMakeMapObject(Int32(table.count), table))
                defer { GifFreeMapObject(map) }
                // A table of 2^codeSize entries in force while the descriptor is written sets the code size.
                let global = gif.pointee.SColorMap
                gif.pointee.SColorMap = map
                defer { gif.pointee.SColorMap = global }
                XCTAssertEqual(EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, nil), GIF_OK)
                var rows = indices
                rows.withUnsafeMutableBufferPointer { buffer in
                    for y in 0..<height { XCTAssertEqual(EGifPutLine(gif, buffer.baseAddress! + y * width, Int32(width)), GIF_OK) }
                }
            }
        }
        return imageData([UInt8](try Data(contentsOf: url)), colorCount: colorCount)
    }

    /// Writes `plan` as one frame through `GIFStreamWriter`, checks giflib decodes it to the planned indices and
    /// that its image data is the predicted size; returns the image data.
    @discardableResult
    private func written(_ plan: LZWPlanner.Plan, width: Int, height: Int, colorCount: Int) throws -> [UInt8] {
        let url = try gifFile(width: width, height: height, colorCount: colorCount) { writer in
            try writer.put(GIFFrame(x: 0, y: 0, width: width, height: height, localPalette: nil, transparentIndex: nil,
                                    disposal: .keep, delay: 1, data: plan.stream))
        }
        let rgba = try XCTUnwrap(try DecodedGIF(path: url.path).frames.first).rgba
        XCTAssertEqual(stride(from: 2, to: rgba.count, by: 4).map { rgba[$0] }, plan.indices, "giflib decodes the planned indices")
        let data = imageData([UInt8](try Data(contentsOf: url)), colorCount: colorCount)
        XCTAssertEqual(Int(data[0]), plan.stream.codeSize, "the LZW minimum code size")
        XCTAssertEqual(data.count, plan.dataSize, "the predicted size")
        return data
    }

    /// A planner is kept between plans for any encoder (`PlannerPool`): a plan made by a planner that made
    /// others before it (larger, other code sizes, with latitude) is the plan a new planner makes.
    func testAPlannerUsedBeforePlansAsANewOne() {
        var used = LZWPlanner()
        for (k, (count, colors, codeSize)) in [(90_000, 256, 8), (500, 3, 2), (40_000, 16, 4)].enumerated() {
            let earlier = pixels(count, colors: colors, seed: UInt64(k + 40))
            let unchanged = earlier.map { $0 % 3 == 0 }
            _ = used.plan(earlier, latitude: k == 1 ? .init(transparent: 2, unchanged: unchanged) : nil, codeSize: codeSize)
        }
        for (count, colors, codeSize) in [(30_000, 64, 6), (700, 4, 2)] {
            let indices = pixels(count, colors: colors, seed: UInt64(count))
            var fresh = LZWPlanner()
            let expected = fresh.plan(indices, latitude: nil, codeSize: codeSize), got = used.plan(indices, latitude: nil, codeSize: codeSize)
            XCTAssertEqual(got.stream.blocks, expected.stream.blocks, "\(count) pixels of \(colors) colours")
            XCTAssertEqual(got.indices, expected.indices)
        }
    }

    func testThePredictedSizeIsGiflibsForEveryCodeSize() throws {
        var planner = LZWPlanner()
        // Code sizes 2…8, short frames and ones long enough to clear the dictionary, and frames that use
        // only the first entries of a larger global table (a smaller code size than the table's).
        for (colorCount, used, width, height) in [(2, 2, 7, 3), (4, 4, 64, 64), (16, 16, 200, 90), (129, 129, 300, 200),
                                                  (256, 256, 786, 120), (256, 16, 300, 100), (64, 3, 50, 50)] {
            let indices = pixels(width * height, colors: used, seed: UInt64(colorCount + used))
            let codeSize = LZWCodeStream.codeSize(forIndicesBelow: used)
            let plan = planner.plan(indices, latitude: nil, codeSize: codeSize)
            XCTAssertEqual(plan.indices, indices, "without latitude every pixel keeps its index")
            XCTAssertEqual(try written(plan, width: width, height: height, colorCount: colorCount),
                           try giflibImageData(indices, width: width, height: height, colorCount: colorCount, codeSize: codeSize),
                           "indices below \(used) of \(colorCount) colours, \(width)×\(height): giflib's own bytes")
        }
    }

    /// Runs of one index far longer than a row (the unchanged parts of a slide, a flat background), which
    /// the planner follows a run at a time (`runAhead`), end where giflib's do: the same bytes, with and
    /// without the transparent choice, and across the clears of a dictionary that fills.
    func testLongRunsAreWrittenAsGiflibWritesThem() throws {
        var planner = LZWPlanner()
        let width = 900, height = 160, colorCount = 4
        var generator = SplitMix(23)
        var indices: [UInt8] = []
        while indices.count < width * height {
            // Mostly index 0 in runs up to 3,000 pixels, between short runs and single pixels of the others.
            let long = generator.next() % 3 != 0
            let run = long ? Int(generator.next() % 3000) + 1 : Int(generator.next() % 6) + 1
            let index = long ? 0 : UInt8(generator.next() % UInt64(colorCount))
            indices += Array(repeating: index, count: min(run, width * height - indices.count))
        }
        let plan = planner.plan(indices, latitude: nil, codeSize: 2)
        XCTAssertEqual(try written(plan, width: width, height: height, colorCount: colorCount),
                       try giflibImageData(indices, width: width, height: height, colorCount: colorCount, codeSize: 2))
        // Index 3 transparent, allowed where the canvas shows index 1 (every pixel of 1 is unchanged there).
        let unchanged = indices.map { $0 == 1 }
        let twoWay = planner.plan(indices, latitude: .init(transparent: 3, unchanged: unchanged), codeSize: 2)
        for i in indices.indices { XCTAssertTrue(twoWay.indices[i] == indices[i] || unchanged[i] && twoWay.indices[i] == 3, "pixel \(i)") }
        try written(twoWay, width: width, height: height, colorCount: colorCount)
        XCTAssertLessThanOrEqual(twoWay.dataSize, plan.dataSize)
    }

    /// With two-way pixels, each pixel is written as one of its two indices, and giflib's size for the plan
    /// is the predicted one (its greedy parse finds the planned strings) and below both uniform choices.
    func testTwoWayPixelsAreChosenForLongerStrings() throws {
        var planner = LZWPlanner()
        let width = 400, height = 150, colorCount = 64, transparent: UInt8 = 0
        let previous = pixels(width * height, colors: colorCount, seed: 7).map { max(1, $0) }
        // The next frame: the previous one with a few changed runs; unchanged pixels may be transparent.
        var next = previous
        var generator = SplitMix(11)
        for _ in 0..<300 {
            let start = Int(generator.next() % UInt64(next.count - 30)), color = UInt8(generator.next() % 63 + 1)
            for i in start..<start + Int(generator.next() % 30) { next[i] = color }
        }
        let unchanged = zip(next, previous).map { $0 == $1 }
        let alternatives = zip(next, unchanged).map { $1 ? transparent : $0 }
        let plan = planner.plan(next, latitude: .init(transparent: transparent, unchanged: unchanged), codeSize: 6)
        for i in next.indices { XCTAssertTrue(plan.indices[i] == next[i] || plan.indices[i] == alternatives[i]) }
        func size(_ indices: [UInt8]) throws -> Int {
            try giflibImageData(indices, width: width, height: height, colorCount: colorCount, codeSize: 6).count
        }
        let planned = try written(plan, width: width, height: height, colorCount: colorCount).count
        let opaque = try size(next), allTransparent = try size(alternatives)
        print("opaque \(opaque) B, all unchanged transparent \(allTransparent) B, planned \(planned) B")
        XCTAssertLessThan(planned, min(opaque, allTransparent))
    }

    /// With bounds, every pixel is written as its own index, as the transparent one where the canvas shows
    /// its colour (exactly, or within its bound), or, where it does not show it exactly, as an entry within
    /// its bound; giflib's size is still
    /// the predicted one, and the plan is shorter than the lossless one.
    func testSubstitutesStayWithinEachPixelsBound() throws {
        var planner = LZWPlanner()
        let width = 300, height = 120, transparent: UInt8 = 0
        // A table of greys 0, 4, 8, …: neighbouring entries are 144 apart (`ColorMapper.distance`); runs of
        // greys with every third pixel one step off (the noise of anti-aliasing).
        let table = (0..<64).map { UInt32($0 * 4) * 0x010101 | 0xFF00_0000 }
        var generator = SplitMix(5)
        let indices = pixels(width * height, colors: 60, seed: 3).map { $0 + 2 + (generator.next() % 3 == 0 ? 1 : 0) }
        let truth = indices.map { table[Int($0)] }
        let shown = truth.enumerated().map { $0.offset % 7 == 0 ? $0.element : table[Int(indices[$0.offset] / 2)] }
        let unchanged = zip(truth, shown).map { $0 == $1 }
        let limit = (0..<indices.count).map { Int32($0 % 5 == 0 ? 0 : 150) }
        let latitude = LZWPlanner.Latitude(transparent: transparent, unchanged: unchanged, truth: truth, shown: shown, table: table, limit: limit)
        let plan = planner.plan(indices, latitude: latitude, codeSize: 6)
        var substituted = 0
        for i in indices.indices where plan.indices[i] != indices[i] {
            let written = plan.indices[i] == transparent ? shown[i] : table[Int(plan.indices[i])]
            XCTAssertTrue(unchanged[i] || ColorMapper.distance(written, truth[i]) <= Int(limit[i]), "pixel \(i)")
            // What the canvas already shows exactly stays exact: its own index or transparent.
            if unchanged[i] { XCTAssertEqual(plan.indices[i], transparent, "unchanged pixel \(i)") }
            substituted += 1
        }
        XCTAssertGreaterThan(substituted, 1000)
        try written(plan, width: width, height: height, colorCount: 64)
        let lossless = planner.plan(indices, latitude: .init(transparent: transparent, unchanged: unchanged), codeSize: 6)
        print("lossless \(lossless.dataSize) B, with substitutes \(plan.dataSize) B")
        XCTAssertLessThan(plan.dataSize, lossless.dataSize * 9 / 10)
    }
}
