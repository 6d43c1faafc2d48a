@testable import GIFPlanning
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
}
