@testable import GIFPlanning
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

    /// A rectangle is written with its unchanged pixels transparent (or its own, where the search finds
    /// that longer), or opaque where fewer than half are unchanged and that is shorter: scattered unchanged
    /// pixels in noise, where the transparent index is one symbol more. 520 × 520: larger than a
    /// rectangle with substitutes, searched exactly.
    func testALargeRectangleIsWrittenOpaqueWhereScatteredTransparencyIsLonger() throws {
        let width = 520, height = 520
        XCTAssertGreaterThan(width * height, FrameDiffEncoder.largestLossyArea, "a rectangle too large for substitutes")
        XCTAssertLessThanOrEqual(width * height, FrameDiffEncoder.largestDeferredArea, "a rectangle that is searched")
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

    /// A full-screen slide's rectangle (larger than one with substitutes, up to `largestDeferredArea`) is
    /// searched: where an unchanged pixel's own index continues a string, it is written so, and the frame is
    /// shorter than with every unchanged pixel transparent. Here a picture of 70 % white and 30 % black
    /// turns all white: the transparent pixels scatter the white ones, the own indices make one long run.
    func testALargeRectangleIsSearched() throws {
        let width = 640, height = 480
        XCTAssertGreaterThan(width * height, FrameDiffEncoder.largestLossyArea)
        let colors: [UInt32] = [0xFF00_0000, 0xFFFF_FFFF]
        let palette = GIFPalette(colors: colors, hasTransparentEntry: true, isExact: true)
        var random = SplitMix(7)
        var first = (0..<width * height).map { _ in colors[random.next() % 10 < 3 ? 0 : 1] }
        first[0] = colors[0]  // the corners change: the rectangle is the whole frame
        first[first.count - 1] = colors[0]
        let second = [UInt32](repeating: colors[1], count: width * height)
        var encoder = FrameDiffEncoder(width: width, height: height, palette: palette) { _, _, _, _ in [] }
        _ = try encoder.encode(first, indices: nil, delay: 5)
        _ = try XCTUnwrap(try encoder.encode(second, indices: nil, delay: 5))
        let written = try XCTUnwrap(encoder.finish())
        XCTAssertEqual(written.width * written.height, width * height)
        XCTAssertNotNil(written.transparentIndex)
        // The same frame with every unchanged pixel transparent (index 0; the colours are entries 1 and 2).
        let allTransparent = zip(first, second).map { old, new -> UInt8 in old == new ? 0 : UInt8(colors.firstIndex(of: new)! + 1) }
        var planner = LZWPlanner()
        let plain = planner.size(of: allTransparent, codeSize: 2)
        XCTAssertLessThan(written.data.dataSize, plain / 2, "searched: \(written.data.dataSize) bytes, all transparent: \(plain)")
    }
}
