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

    /// A rectangle too large for the search is written with every unchanged pixel transparent, or opaque
    /// where fewer than half are unchanged and that is shorter: scattered unchanged pixels in noise, where
    /// the transparent index is one symbol more.
    func testALargeRectangleIsWrittenOpaqueWhereScatteredTransparencyIsLonger() throws {
        let width = 520, height = 520
        XCTAssertGreaterThan(width * height, FrameDiffEncoder.largestLossyArea, "a rectangle too large for the search")
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
