import XCTest
@testable import tabanim

/// `--max-size`'s search on sizes made up for the purpose (`SizeBudget.search`): what it keeps, what it gives
/// back, and how little it makes when the budget is impossible.
final class SizeBudgetSearchTests: XCTestCase {
    /// Sizes from a level per step: each step's levels take off `cuts[k][level - 1]` bytes from 1,000.
    private func sizes(_ cuts: [[Int]]) -> ([Int]) -> Int {
        { levels in 1000 - zip(cuts, levels).reduce(0) { $0 + ($1.1 == 0 ? 0 : $1.0[$1.1 - 1]) } }
    }

    func testAnImpossibleBudgetIsRefusedAfterOneEncode() {
        var made: [[Int]] = []
        let size = sizes([[100, 200], [50, 80]])
        let found = SizeBudget.search(levels: [2, 2], within: 100) { made.append($0); return size($0) }
        XCTAssertNil(found)
        XCTAssertEqual(made, [[2, 2]], "only the floor is made")
    }

    func testWhatFitsAsAskedGivesNothingUp() {
        XCTAssertEqual(SizeBudget.search(levels: [2, 2], within: 1000, size: sizes([[100, 200], [50, 80]])), [0, 0])
    }

    /// A step that makes the file larger (fewer colours that dither) is not kept; the next step is tried.
    func testAStepThatGrewTheFileIsNotKept() {
        var notKept: [Int] = []
        let found = SizeBudget.search(levels: [3, 2, 2], within: 780, size: sizes([[100, 150, 200], [-30, -40], [100, 300]])) { notKept.append($0) }
        // The first step alone reaches 800: not within 780, kept at its last value; the second grows the file,
        // so it stays as asked; the third fits at its first value (800 - 100 = 700), and the first step is
        // given back as far as the budget allows (level 1: 1000 - 100 - 100 = 800 > 780; level 2: 750).
        XCTAssertEqual(notKept, [1])
        XCTAssertEqual(found, [2, 0, 1])
    }

    /// Once a later step makes it fit with room to spare, what was given up before is given back: a scale
    /// of ¾ at full colour rather than 32 colours at half the scale.
    func testWhatWasGivenUpBeforeIsGivenBack() {
        let found = SizeBudget.search(levels: [2, 2], within: 600, size: sizes([[10, 20], [450, 700]]))
        XCTAssertEqual(found, [0, 1], "the first step's 20 bytes are not needed once the second takes 450")
    }

    /// The search tries few of the candidates, not the grid: by halves within a step, one step after another.
    func testTheSearchTriesFewCandidates() {
        var asked = Set<[Int]>()
        let size = sizes([[100, 150, 200], [-30, -40], [100, 300]])
        let found = SizeBudget.search(levels: [3, 2, 2], within: 780) { asked.insert($0); return size($0) }
        XCTAssertEqual(found, [2, 0, 1])
        XCTAssertLessThanOrEqual(asked.count, 9, "of the 36 candidates, tried: \(asked.sorted { $0.lexicographicallyPrecedes($1) })")
    }
}
