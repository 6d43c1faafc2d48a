import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

final class TimelineTests: XCTestCase {
    private func timeline(_ script: String, extra: String = "") throws -> Timeline {
        let scene = try resolve(#"{"export": {"duration": 20}, "script": \#(script)\#(extra)}"#)
        return Animation(scene).timeline
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

final class IconAnimationTimelineTests: XCTestCase {
    private func timeline(_ script: String) throws -> Timeline {
        let spec = try SceneSpec.parse(Data(#"""
            {"export": {"duration": 10}, "transition": "none",
             "tabBar": {"items": [{"animation": "lottie/square.json"}, {"animation": {"effect": "bounce"}}, {}, {"animation": {"effect": "rotate", "duration": 2}}, {}]},
             "script": \#(script)}
            """#.utf8), file: "scene.json")
        let scene = try SceneResolver(file: "scene.json", baseDirectory: fixtureURL("")).resolve(spec)
        return Animation(scene).timeline
    }

    func testOnlyDidSelectPlaysAndReTapsReplay() throws {
        // The square is 10 frames at 10 fps: 1 s.
        let t = try timeline(#"[{"at": 1, "tap": 0}, {"at": 3, "tap": "center"}, {"at": 5, "tap": 0}, {"at": 7, "tap": 0}]"#)
        XCTAssertEqual(t.iconAnimations, [
            IconAnimationInterval(item: 0, start: 1, end: 2, stoppedBy: nil),
            IconAnimationInterval(item: 0, start: 5, end: 6, stoppedBy: nil),
            IconAnimationInterval(item: 0, start: 7, end: 8, stoppedBy: nil),
        ], "the center button selects programmatically: no didSelect, no animation")
    }

    func testANewDidSelectStopsTheAnimationStillPlaying() throws {
        let t = try timeline(#"[{"at": 1, "tap": 3}, {"at": 1.5, "tap": 1}, {"at": 1.7, "tap": 1}]"#)
        XCTAssertEqual(t.iconAnimations, [
            IconAnimationInterval(item: 3, start: 1, end: 1.5, stoppedBy: 1),
            IconAnimationInterval(item: 1, start: 1.5, end: 1.7, stoppedBy: 2),
            IconAnimationInterval(item: 1, start: 1.7, end: 2.2, stoppedBy: nil),
        ])
        let stops = t.events.filter { $0.kind == .iconAnimationStop }
        XCTAssertEqual(stops.map(\.reason), ["stopped by the didSelect of script[1]", "stopped by the didSelect of script[2]"])
    }

    func testLottieTimingComesFromTheFileHeader() throws {
        let scene = try SceneResolver.load(fixtureURL("lottie.json"))
        guard case .lottie(let clip)? = scene.tabBar.items[0].animation else { return XCTFail("no Lottie clip") }
        XCTAssertEqual([clip.frameRate, clip.inPoint, clip.outPoint], [10, 0, 10])
        XCTAssertEqual(clip.duration, 1)
        XCTAssertEqual(clip.canvas, Size(width: 24, height: 24))
        XCTAssertFalse(clip.isTemplate)
    }

    func testBadLottieFilesAreRefusedWithTheirKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"w": 0, "h": 10, "fr": 30, "ip": 0, "op": 10, "layers": []}"#.utf8).write(to: folder.appendingPathComponent("empty.json"))
        try Data(#"{"w": 10, "h": 10, "fr": 30, "ip": 5, "op": 5}"#.utf8).write(to: folder.appendingPathComponent("still.json"))
        try Data("{oops".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let json = #"{"tabBar": {"items": [{"animation": "empty.json"}, {"animation": "still.json"}, {"animation": {"lottie": "broken.json"}}, {"animation": "gone.json"}], "lottieFolder": "nowhere"}, "centerButton": null}"#
        do {
            _ = try SceneResolver(file: "scene.json", baseDirectory: folder).resolve(try SceneSpec.parse(Data(json.utf8), file: "scene.json"))
            XCTFail("expected errors")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.description), [
                "scene.json: tabBar.lottieFolder: folder not found: nowhere",
                "scene.json: tabBar.items[0].animation: empty.json: the canvas is 0×10: nothing to draw",
                "scene.json: tabBar.items[1].animation: still.json: no frames (out point 5 is not after in point 5)",
                "scene.json: tabBar.items[2].animation: broken.json: not valid JSON (line 1, column 2: unexpected 'o', expected a key in double quotes)",
                "scene.json: tabBar.items[3].animation: file not found: gone.json",
            ])
        }
    }
}
