@testable import Scene
import Foundation

import XCTest

final class TimelineTests: XCTestCase {
    private func timeline(_ script: String, extra: String = "") throws -> Timeline {
        let scene = try resolve(#"{"export": {"duration": 20}, "script": \#(script)\#(extra)}"#)
        return Timeline(scene, layout: Layout(scene))
    }

    /// The events as `time kind item`, to compare with the rules.
    private func summary(_ timeline: Timeline) -> [String] {
        timeline.events.map { e in
            var text = "\(e.time.shortText) \(e.kind.rawValue)"
            if let item = e.item { text += " \(item)" }
            if let programmatic = e.programmatic { text += programmatic ? " programmatic" : " user" }
            return text
        }
    }

    func testSeed000Rules() throws {
        let t = try timeline(#"[{"at": 1, "tap": "center"}, {"at": 3, "tap": {"x": 196.5, "y": 745}}, {"at": 5, "tap": 4}, {"at": 7, "tap": 2}]"#)
        XCTAssertEqual(summary(t), [
            // The button selects programmatically (no didSelect) and adds the rotation.
            "1 tap", "1 select 2 programmatic", "1 transition-start", "1 spin-start 2",
            "2 transition-end",
            // Tapping it again re-adds the rotation under the same key: it restarts from 0°.
            "3 tap", "3 spin-restart 2",
            // Another item through the bar: didSelect, which removes the rotation.
            "5 tap 4", "5 select 4 user", "5 transition-start", "5 didSelect 4", "5 spin-stop 2",
            "6 transition-end",
            // The center item through the bar: didSelect starts it.
            "7 tap 2", "7 select 2 user", "7 transition-start", "7 didSelect 2", "7 spin-start 2",
            "8 transition-end",
        ])
        XCTAssertEqual(t.spins, [SpinInterval(start: 1, end: 3), SpinInterval(start: 3, end: 5), SpinInterval(start: 7, end: 20)])
    }

    func testReTapCallsDidSelectWithoutATransition() throws {
        let t = try timeline(#"[{"at": 1, "tap": 0}, {"at": 2, "tap": 2}, {"at": 4, "tap": 2}]"#)
        XCTAssertEqual(summary(t).filter { $0.hasPrefix("1 ") }, ["1 tap 0", "1 didSelect 0"])
        XCTAssertEqual(summary(t).filter { $0.hasPrefix("4 ") }, ["4 tap 2", "4 didSelect 2", "4 spin-restart 2"],
                       "re-tapping the selected center item replays didSelect, which restarts the spin")
        XCTAssertEqual(t.transitions.count, 1)
    }

    func testTapsDuringATransitionAreIgnored() throws {
        let t = try timeline(#"[{"at": 1, "tap": 1}, {"at": 1.5, "tap": 3}, {"at": 1.9, "tap": "center"}, {"at": 2, "tap": 3}]"#)
        let ignored = t.events.filter { $0.kind == .tapIgnored }
        XCTAssertEqual(ignored.map(\.time), [1.5, 1.9])
        XCTAssertEqual(ignored.first?.reason, "transition 0→1 running until 2 s")
        XCTAssertEqual(t.transitions.map { [$0.from, $0.to, $0.direction] }, [[0, 1, 1], [1, 3, 1]],
                       "a tap exactly at the end of a transition is taken")
    }

    func testTapsOffTheBarDoNothing() throws {
        let t = try timeline(#"[{"at": 1, "tap": {"x": 20, "y": 300}}, {"at": 2, "tap": {"x": 20, "y": 845}}]"#)
        XCTAssertEqual(t.events.filter { $0.kind == .tapIgnored }.map(\.reason),
                       ["hit the tab's content, not the tab bar", "hit the tab bar below its items (safe area)"])
        XCTAssertEqual(t.selection.count, 1)
    }

    func testWithoutATransitionSelectionIsInstant() throws {
        let t = try timeline(#"[{"at": 1, "tap": 3}]"#, extra: #", "transition": "none""#)
        XCTAssertTrue(t.transitions.isEmpty)
        XCTAssertEqual(t.selectedIndex(at: 0.99), 0)
        XCTAssertEqual(t.selectedIndex(at: 1), 3)
    }
}
