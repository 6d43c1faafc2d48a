@testable import GIFExport
@testable import GIFPlanning
import PixelKernels
import TestSupport
import XCTest

final class FrameDiffEncoderTests: XCTestCase {
    /// In the search's indices, an unchanged pixel farther than `choiceReach` along its row from every
    /// changed pixel is transparent; nearer ones, and every changed one, keep their own index. A row's ends
    /// bound nothing: a run that reaches one is fixed up to `choiceReach` from its changed end only.
    func testUnchangedPixelsFarFromAnyChangeAreTransparent() {
        let reach = FrameDiffEncoder.choiceReach, width = 3 * reach + 10, t: UInt8 = 9
        // Row 0: changed at 0 and at width - 1. Row 1: changed at `reach + 5` only. Row 2: nothing changed.
        let changed: Set = [0, width - 1, width + reach + 5]
        let unchanged = (0..<3 * width).map { !changed.contains($0) }
        var indices = [UInt8](repeating: 1, count: 3 * width)
        unchanged.withUnsafeBufferPointer { unchanged in
            indices.withUnsafeMutableBufferPointer { indices in
                FrameDiffEncoder.fixFarFromChanges(indices, unchanged: unchanged, width: width, transparent: t)
            }
        }
        func expected(_ row: Int, _ x: Int) -> UInt8 {
            let changes = changed.filter { $0 / width == row }.map { $0 % width }
            guard let nearest = changes.map({ abs($0 - x) }).min() else { return t }
            return nearest <= reach ? 1 : t
        }
        for row in 0..<3 {
            for x in 0..<width {
                XCTAssertEqual(indices[row * width + x], expected(row, x), "row \(row), x \(x)")
            }
        }
        // The rule is not vacuous here: each row has both kinds.
        XCTAssertTrue(indices[0..<width].contains(t) && indices[0..<width].contains(1))
        XCTAssertTrue(indices[width..<2 * width].contains(t) && indices[width..<2 * width].contains(1))
    }

    /// Outside the search, an unchanged stretch of a row is written in its own colour only where it is one
    /// entry throughout and a changed neighbour continues that entry: on both sides, or on one for a stretch
    /// up to `continuedStretch` pixels; every other unchanged pixel is transparent, every changed one its own.
    func testUnchangedStretchesKeepTheirColourOnlyWhereTheyContinueAChangedRun() {
        let short = FrameDiffEncoder.continuedStretch, long = short + 1, t: UInt8 = 9
        // Each row: its pixels (entry, changed?) and what each must be written as.
        typealias Pixel = (entry: UInt8, changed: Bool)
        func run(_ entry: UInt8, _ count: Int, changed: Bool = false) -> [Pixel] {
            Array(repeating: (entry, changed), count: count)
        }
        let rows: [(pixels: [Pixel], written: [UInt8], label: String)] = [
            (run(1, 1, changed: true) + run(1, long) + run(1, 1, changed: true), Array(repeating: 1, count: long + 2),
             "long, continued on both sides"),
            (run(1, 1, changed: true) + run(1, short) + run(2, 1, changed: true), [1] + Array(repeating: 1, count: short) + [2],
             "short, continued on the left"),
            (run(2, 1, changed: true) + run(1, short) + run(1, 1, changed: true), [2] + Array(repeating: 1, count: short) + [1],
             "short, continued on the right"),
            (run(1, 1, changed: true) + run(1, long) + run(2, 1, changed: true), [1] + Array(repeating: t, count: long) + [2],
             "long, continued on one side only"),
            (run(1, 2, changed: true) + run(1, long), [1, 1] + Array(repeating: t, count: long), "long, up to the row's end"),
            (run(1, 2, changed: true) + run(1, short), [1, 1] + Array(repeating: 1, count: short), "short, up to the row's end"),
            (run(1, 1, changed: true) + run(1, 3) + run(3, 1) + run(1, 1, changed: true), [1, t, t, t, t, 1],
             "two entries, both sides continued"),
            (run(2, 1, changed: true) + run(1, 3) + run(3, 1, changed: true), [2, t, t, t, 3], "continued by neither"),
            (run(1, short), Array(repeating: t, count: short), "unchanged throughout"),
        ]
        for row in rows {
            XCTAssertEqual(row.pixels.count, row.written.count, row.label)
            var indices = row.pixels.map(\.entry)
            let unchanged = row.pixels.map { !$0.changed }
            unchanged.withUnsafeBufferPointer { unchanged in
                indices.withUnsafeMutableBufferPointer { indices in
                    FrameDiffEncoder.writeUnchangedStretches(indices, unchanged: unchanged, width: row.pixels.count, transparent: t)
                }
            }
            XCTAssertEqual(indices, row.written, row.label)
        }
    }

    /// A full-screen frame whose rows change at both ends to the colour their middle already shows (the
    /// end of a slide) is written as rows of that colour: under half the bytes that a pixel, a
    /// transparent stretch and a pixel per row take, showing the frame exactly.
    func testRowsWhoseEndsChangeToTheirMiddlesColourAreWrittenInIt() throws {
        let width = 540, height = 600, background: UInt32 = 0xFFF6_F2FB, leaving: UInt32 = 0xFFFF_F8EC, edge: UInt32 = 0xFF00_0000
        XCTAssertGreaterThan(width * height, FrameDiffEncoder.largestSearchedArea, "a rectangle too large for the search")
        let palette = GIFPalette(colors: [background, leaving, edge], hasTransparentEntry: true, isExact: true)
        var first = [UInt32](repeating: background, count: width * height)
        for y in 0..<height {
            first[y * width] = leaving
            first[y * width + 1] = leaving
            first[y * width + width - 1] = edge
        }
        let last = [UInt32](repeating: background, count: width * height)
        var encoder = FrameDiffEncoder(width: width, height: height, palette: palette) { _, _, _, _ in [] }
        _ = try encoder.encode(first, indices: nil, delay: 5)
        let shownFirst = try XCTUnwrap(try encoder.encode(last, indices: nil, delay: 5))
        let written = try XCTUnwrap(encoder.finish())
        XCTAssertEqual([written.x, written.y, written.width, written.height], [0, 0, width, height], "edge to edge")
        let t = try XCTUnwrap(written.transparentIndex)
        // What a viewer shows, giflib decoding the file: the frame exactly.
        let url = try writtenGIF(width: width, height: height, palette: palette.table) { writer in
            try writer.put(shownFirst)
            try writer.put(written)
        }
        let decoded = try DecodedGIF(path: url.path)
        XCTAssertEqual(decoded.frames.count, 2)
        XCTAssertEqual(decoded.frames.last?.rgba, last.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF), 255] })
        // Against the changed pixels with every unchanged one transparent.
        let entry = UInt8(palette.table.firstIndex(of: background)!)
        var stretches = [UInt8](repeating: t, count: width * height)
        for y in 0..<height {
            for x in [0, 1, width - 1] { stretches[y * width + x] = entry }
        }
        var planner = LZWPlanner()
        let before = planner.size(of: stretches, codeSize: written.data.codeSize)
        XCTAssertLessThan(written.data.dataSize * 2, before, "rows of one colour: \(written.data.dataSize) bytes, against \(before)")
    }

    /// A rectangle too large for the search is written with every unchanged pixel transparent, or opaque
    /// where fewer than half are unchanged and that is shorter: scattered unchanged pixels in noise, where
    /// the transparent index is one symbol more.
    func testALargeRectangleIsWrittenOpaqueWhereScatteredTransparencyIsLonger() throws {
        let width = 520, height = 520
        XCTAssertGreaterThan(width * height, FrameDiffEncoder.largestSearchedArea, "a rectangle too large for the search")
        let colors: [UInt32] = [0xFF00_0000, 0xFFFF_FFFF, 0xFFFF_0000, 0xFF00_00FF]
        let palette = GIFPalette(colors: colors, hasTransparentEntry: true, isExact: true)
        var random = SplitMix(5)
        let first = (0..<width * height).map { _ in colors[Int(random.next() % 4)] }
        /// `first` with each pixel (but the corners, which keep the rectangle whole) changed with probability `share`.
        func changed(_ share: UInt64) -> [UInt32] {
            first.enumerated().map { i, color in
                let corner = [0, width - 1, width * (height - 1), width * height - 1].contains(i)
                return corner || random.next() % 100 < share ? colors[(colors.firstIndex(of: color)! + 1) % 4] : color
            }
        }
        for (share, opaque) in [(70 as UInt64, true), (10, false)] {
            var encoder = FrameDiffEncoder(width: width, height: height, palette: palette) { _, _, _, _ in [] }
            _ = try encoder.encode(first, indices: nil, delay: 5)
            let written = try XCTUnwrap(try encoder.encode(changed(share), indices: nil, delay: 5))
            XCTAssertNil(written.transparentIndex, "the first frame is all new")
            let second = try XCTUnwrap(encoder.finish())
            XCTAssertEqual(second.width * second.height, width * height)
            XCTAssertEqual(second.transparentIndex == nil, opaque, "\(share) % of the pixels changed")
        }
    }

    /// A mapped rectangle shrinks to the bounding box of its changed pixels (nil when none changed), its
    /// indices and flags cropped with it, as a pixel-by-pixel scan finds it.
    func testAMappedRectangleShrinksToItsChangedPixels() throws {
        var random = SplitMix(11)
        for (width, height, share) in [(1, 1, 0 as UInt64), (1, 1, 100), (7, 5, 10), (40, 30, 2), (40, 30, 60), (300, 2, 1)] {
            let count = width * height
            let indices = (0..<count).map { _ in UInt8(random.next() % 256) }
            let unchanged = (0..<count).map { _ in random.next() % 100 >= share }
            let mapped = FrameDiffEncoder.Mapped(box: PixelBox(x: 3, y: 4, width: width, height: height), colors: [], isLocal: false,
                                                 transparentIndex: 0, indices: indices, unchanged: unchanged, meanSquaredError: 0)
            let changed = (0..<count).filter { !unchanged[$0] }
            guard let minX = changed.map({ $0 % width }).min(), let maxX = changed.map({ $0 % width }).max(),
                  let minY = changed.first.map({ $0 / width }), let maxY = changed.last.map({ $0 / width }) else {
                XCTAssertNil(mapped.shrunk(), "\(width)×\(height): nothing changed")
                continue
            }
            let shrunk = try XCTUnwrap(mapped.shrunk())
            XCTAssertEqual([shrunk.box.minX, shrunk.box.minY, shrunk.box.width, shrunk.box.height],
                           [3 + minX, 4 + minY, maxX - minX + 1, maxY - minY + 1], "\(width)×\(height), \(share) % changed")
            let kept = (minY...maxY).flatMap { y in (minX...maxX).map { y * width + $0 } }
            XCTAssertEqual(shrunk.indices, kept.map { indices[$0] })
            XCTAssertEqual(shrunk.unchanged, kept.map { unchanged[$0] })
        }
    }

    /// The census of a mapped rectangle (counted on vectors, in chunks) says what a pixel-by-pixel count
    /// says, across chunk boundaries: how many pixels are unchanged, the largest index, the largest changed.
    func testTheCensusOfAMappedRectangleCountsEveryPixel() {
        var random = SplitMix(3)
        for count in [1, 1000, 65_535, 65_536, 200_001] {
            let indices = (0..<count).map { _ in UInt8(random.next() % 200) }
            // Unchanged pixels take the largest indices, so that the largest changed one is smaller.
            let unchanged = indices.map { $0 >= 150 || random.next() % 3 == 0 }
            let mapped = FrameDiffEncoder.Mapped(box: PixelBox(x: 0, y: 0, width: count, height: 1), colors: [], isLocal: false,
                                                 transparentIndex: 0, indices: indices, unchanged: unchanged, meanSquaredError: 0)
            let census = mapped.census()
            XCTAssertEqual(census.unchanged, unchanged.filter { $0 }.count, "\(count) pixels")
            XCTAssertEqual(census.largest, indices.max())
            XCTAssertEqual(census.largestChanged, zip(indices, unchanged).filter { !$0.1 }.map(\.0).max() ?? 0)
        }
    }
}
