import Foundation
import TestSupport
import XCTest

/// The late-2026 bar through the built binary: `timeline` lists every scroll and state change with why, the
/// storyboard's captions and the review page name what a tap met at its moment (the close circle, not the
/// item that was there before the search field opened), and the shipped demo exports.
final class PhoneGlassCommandTests: CLITestCase {
    func testTheTimelineAndTheReviewPageSayWhatHappenedAndWhy() throws {
        let out = try folder()
        try write("""
            { "os": "26", "centerButton": null, "transition": "none",
              "tabBar": { "minimizeBehavior": "onScrollDown", "accessory": {"title": "Now playing"},
                          "items": [{"title": "Home"}, {"title": "Library"}, {"title": "Search", "role": "search"}] },
              "contents": [{"rows": 30}],
              "script": [{"at": 0.5, "scroll": {"by": 900, "fling": true}}, {"at": 1.5, "tap": 1}, {"at": 2, "tap": {"x": 53, "y": 829}},
                         {"at": 2.5, "tap": 2}, {"at": 3, "tap": {"x": 370, "y": 829}}] }
            """, to: out.appendingPathComponent("s.json"))
        let timeline = try tabanim(["timeline", "s.json"], in: out)
        XCTAssertEqual(timeline.status, 0, timeline.stderr)
        let lines = timeline.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for expected in [
            "0.50s  scroll                item 0 Home content 900 pt: 0 → 710 pt, stopped at the content's end (710 pt down)  (script[0])",
            "0.50s  minimize              scrolled down (minimizeBehavior \"onScrollDown\")",
            "1.50s  tap-ignored           script[1]: the bar is minimized: item 1 is not on screen (tap the minimized bar first)",
            "2.00s  tap                   point (53, 829) → minimized bar  (script[2])",
            "2.00s  expand                tap on the minimized bar",
            "2.50s  search-open           the search tab is apart: selected, the bar becomes its search field",
            "3.00s  tap                   point (370, 829) → close search  (script[4])",
            "3.00s  select                selectedIndex 2 → 0 (programmatic)",
        ] {
            XCTAssertTrue(lines.contains(expected), "missing \(expected)\n\(timeline.stdout)")
        }
        let review = try tabanim(["review", "s.json", "-o", "review.html", "--fps", "5"], in: out)
        XCTAssertEqual(review.status, 0, review.stderr)
        let page = try String(contentsOf: out.appendingPathComponent("review.html"), encoding: .utf8)
        for expected in ["Tap on (370, 829) → close search", "The bar minimizes to Home&#39;s icon", "Home scrolls 900 pt: 0 → 710 pt",
                         "a fling, decelerating as UIScrollView does"] {
            XCTAssertTrue(page.contains(expected), "the review page lacks \(expected)")
        }
    }

    /// `validate` warns of an accessory title UIKit will truncate (in the narrower inline frame), and not of
    /// the title of a search tab apart, which is not drawn.
    func testValidateWarnsOfTheAccessorysTruncatedTitleOnly() throws {
        let out = try folder()
        try write("""
            { "os": "26", "device": "iphone-17", "centerButton": null,
              "tabBar": { "minimizeBehavior": "onScrollDown", "accessory": {"title": "Blue in Green (alternate take), Kind of Blue", "subtitle": "Miles Davis"},
                          "items": [{"title": "Home"}, {"title": "Search everything in the catalog", "role": "search"}] } }
            """, to: out.appendingPathComponent("s.json"))
        let result = try tabanim(["validate", "s.json"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("shows as") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        // Inline between the minimized capsule (21 + 64 + 8 = 93 pt) and the search circle (402 − 21 − 48 − 8 = 325 pt):
        // 232 pt, less 20 pt before the text and 16 after it.
        XCTAssertTrue(warnings.first?.contains("tabBar.accessory.title: \"Blue in Green (alternate take), Kind of Blue\" shows as") == true, result.stderr)
        XCTAssertTrue(warnings.first?.contains("its label has 196.0 pt") == true, result.stderr)
    }

    func testTheShippedDemoValidatesAndExports() throws {
        let out = try folder()
        let demo = packageRoot.appendingPathComponent("Assets/demo/bars2026.json").path
        let result = try tabanim(["export", demo, "-o", "d.gif", "-o", "d.svg", "--fps", "5", "--scale", "1"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("d.gif").path))
        let svg = try String(contentsOf: out.appendingPathComponent("d.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("<animate"), "the bar's states play as SMIL")
        for id in ["tab-bar-full", "tab-bar-minimized", "accessory-inline", "search-field"] {
            XCTAssertTrue(svg.contains("id=\"\(id)\""), "the demo's \(id) state is in the SVG")
        }
    }
}
