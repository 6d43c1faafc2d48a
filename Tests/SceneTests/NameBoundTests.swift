import Basics
import Foundation
@testable import Spec
import XCTest

/// Issue 57: every name is bounded before it is compared (`Limits.nameLength`), did-you-mean compares only
/// names of a similar length, and a message quotes at most 80 characters of what the user wrote. The time a
/// 100,000-character name takes to refuse is measured by `bench/long-names.sh`, not here.
final class NameBoundTests: XCTestCase {
    private func problems(_ json: String) -> [String] {
        do { _ = try SceneSpec.parse(Data(json.utf8), file: "scene.json"); return [] } catch {
            return error.diagnostics.map(\.message)
        }
    }

    func testANameAtTheLimitIsReadAndOnePastItIsRefusedNamingTheLimit() {
        let atLimit = String(repeating: "a", count: Limits.nameLength)
        XCTAssertEqual(problems(#"{"tabBar": {"items": [{"icon": {"systemImage": "\#(atLimit)"}}]}}"#), [])
        let past = atLimit + "b"
        let refused = problems(#"{"tabBar": {"items": [{"icon": {"systemImage": "\#(past)"}}]}}"#)
        XCTAssertEqual(refused, [#"a name of 257 characters is longer than the 256 a name may have: ""# + String(repeating: "a", count: 80) + #"… (257 characters)""#])
        XCTAssertEqual(problems(#"{"locale": "\#(past)"}"#).count, 1)
        XCTAssertEqual(problems(#"{"tabBar": {"items": [{"title": {"key": "\#(past)"}}]}}"#).count, 1, "refused once, not also as missing")
    }

    func testDidYouMeanStillFindsTyposAndComparesNoLongWord() {
        XCTAssertEqual(Suggestion.closest(to: "hous.fill", in: ["house.fill", "house", "person.crop.circle.fill"]), "house.fill")
        XCTAssertEqual(Suggestion.closest(to: "tabBra", in: ["tabBar", "transition"]), "tabBar")
        XCTAssertNil(Suggestion.closest(to: "fish", in: ["bash"]), "two edits in four letters is another word")
        // Past the name limit nothing is compared: not even an exact prefix.
        XCTAssertNil(Suggestion.closest(to: String(repeating: "house", count: 20_000), in: ["house"]))
        // A candidate whose length differs by more than the edits allowed is never the answer.
        XCTAssertFalse(Suggestion.similarLength("person.crop.circle.fill", 9, edits: Suggestion.maxEdits(9)))
        XCTAssertTrue(Suggestion.similarLength("house.fill", 9, edits: Suggestion.maxEdits(9)))
    }

    func testAMessageQuotesAtMost80Characters() {
        XCTAssertEqual(Excerpt.of("house"), "house")
        let long = String(repeating: "x", count: 100_000)
        XCTAssertEqual(Excerpt.of(long), String(repeating: "x", count: 80) + "… (100000 characters)")
        XCTAssertEqual(KeyPath.root.appending("tabBar").appending(long).description, "tabBar." + Excerpt.of(long))
        let unknown = problems(#"{"tabBar": {"appearance": "\#(long)"}}"#)
        XCTAssertEqual(unknown.count, 1)
        XCTAssertLessThan(unknown.first?.count ?? .max, 200, unknown.first ?? "")
    }
}
