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

    /// A sampled census (every other frame) counts each frame it takes for the frames it stands for.
    func testASampledFrameIsWeighedByTheFramesItStandsFor() {
        let first: [UInt32] = [0xFF00_0001, 0xFF00_0002], second: [UInt32] = [0xFF00_0001, 0xFF00_0003]
        var census = ColorCensus()
        census.add(first, shownFor: 2)
        census.add(second, shownFor: 2)
        census.add(nil, shownFor: 1)  // the last frame of an odd count, the same picture
        let weights = Dictionary(uniqueKeysWithValues: census.finished().map { ($0.key, $0.value) })
        XCTAssertEqual(weights, [0xFF00_0001: 5, 0xFF00_0002: 2, 0xFF00_0003: 3])
    }
}
