import GIFPlanning
import XCTest

/// The census weighs each colour by how long it is shown (pixels × frames), counting only where pixels change.
final class ColorCensusTests: XCTestCase {
    func testEveryColourIsWeighedByTheFramesItIsShown() {
        // 1,600 distinct colours (the table grows several times), half of them replaced in the second
        // frame, the third frame the same picture as the second.
        let first = (0..<1600).map { 0xFF00_0000 | UInt32($0 * 7 + 1) }
        let second = first.enumerated().map { $0.offset % 2 == 0 ? $0.element : 0xFF80_0000 | UInt32($0.offset) }
        var census = ColorCensus()
        census.add(first)
        census.add(second)
        census.add(nil)
        let weights = Dictionary(uniqueKeysWithValues: census.finished().map { ($0.key, $0.value) })
        XCTAssertEqual(weights.count, 2400)
        for i in 0..<1600 {
            if i % 2 == 0 {
                XCTAssertEqual(weights[first[i]], 3, "kept for all three frames")
            } else {
                XCTAssertEqual(weights[first[i]], 1, "shown in the first frame only")
                XCTAssertEqual(weights[second[i]], 2, "shown in the second and third")
            }
        }
    }
}
