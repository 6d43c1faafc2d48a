import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// The bars apps ship in late 2026 (issue 47): content that scrolls, the bar that minimizes, the bottom
/// accessory, the search tab and iOS 27's prominent tab, as the model resolves, lays out and runs them.
final class PhoneGlassTests: XCTestCase {
    /// A glass iPhone scene (402 × 874 pt) with four items, the last one's role given.
    private func scene(os: String = "26", lastItem: String = #"{"title": "Search", "icon": "icons/discover.svg", "role": "search"}"#,
                       bar: String = #", "minimizeBehavior": "onScrollDown""#, rows: Int = 40, script: String = "[]") throws -> ResolvedScene {
        try resolve("""
            { "device": "iphone-17", "os": "\(os)", "centerButton": null,
              "tabBar": { "items": [{"title": "Home", "icon": "icons/home.svg"}, {"title": "Discover", "icon": "icons/discover.svg"},
                                    {"title": "Profile", "icon": "icons/profile.svg"}, \(lastItem)]\(bar) },
              "contents": [{"rows": \(rows)}, {"rows": 3}], "script": \(script) }
            """)
    }

    // MARK: - Roles and the bar they give

    func testOnIOS26TheSearchTabIsACircleRightOfACapsuleThatFillsTheRest() throws {
        let layout = Animation(try scene()).layout
        XCTAssertEqual(layout.detached, 3)
        let capsule = try XCTUnwrap(layout.capsule), circle = layout.items[3].frame
        // UIKIT-2026.md, "Search tab": capsule x 21, 290 × 62 on a 402-pt screen; circle 62 pt at x 319, 8 pt apart.
        XCTAssertEqual(capsule, Rect(x: 21, y: 874 - 83, width: 290, height: 62))
        XCTAssertEqual(circle, Rect(x: 319, y: 874 - 83, width: 62, height: 62))
        XCTAssertEqual(circle.minX - capsule.maxX, 8)
        // The other three share the capsule: (290 − 8) / 3 + 7 = 101 pt cells (measured 100.7 of 3 tabs).
        XCTAssertEqual(layout.items[0].frame.width, 101, accuracy: 1e-9)
        XCTAssertTrue(layout.items[0..<3].allSatisfy { $0.frame.minX >= capsule.minX && $0.frame.maxX <= capsule.maxX })
    }

    func testThePillRestsOnlyOnTheCapsulesCellsAndHidesWhileTheItemApartIsSelected() throws {
        let animation = Animation(try scene(script: #"[{"at": 1, "tap": 1}, {"at": 3, "tap": 3}, {"at": 4, "tap": {"x": 370, "y": 829}}]"#))
        func pill(in parent: Group) -> Group? {
            for child in parent.children {
                guard case .group(let nested) = child else { continue }
                if nested.name == "selection-pill" { return nested }
                if let found = pill(in: nested) { return found }
            }
            return nil
        }
        let found = try XCTUnwrap(pill(in: animation.graph.root))
        XCTAssertEqual(found.children.count, 1, "one capsule: the cells in the capsule are all one width (the circle apart is not one)")
        XCTAssertEqual(found.opacity(at: 2), 1)
        XCTAssertEqual(found.opacity(at: 3.5), 0, "hidden while the search tab apart is selected")
        XCTAssertEqual(found.opacity(at: 4.5), 1, "back with the tab before it")
        guard case .translation(let x, _)? = found.motion.first(where: { if case .translation = $0 { return true } else { return false } }) else {
            return XCTFail("the pill moves")
        }
        let cell0 = animation.layout.items[0].frame.center.x, cell1 = animation.layout.items[1].frame.center.x
        XCTAssertEqual(cell0 + x.value(at: 2.9), cell1, accuracy: 0.01, "on its cell")
        XCTAssertEqual(cell0 + x.value(at: 3.9), cell1, accuracy: 0.01, "waiting there, not sent to the circle")
    }

    func testOnIOS27ASearchTabIsApartOnlyWhenItActivatesSearchAndNoTabIsProminent() throws {
        XCTAssertNil(Animation(try scene(os: "27")).layout.detached, "iOS 27: a search tab that does not activate search stays inside")
        let inside = Animation(try scene(os: "27")).layout
        XCTAssertLessThanOrEqual(inside.items[3].frame.maxX, try XCTUnwrap(inside.capsule).maxX)
        let activating = try scene(os: "27", lastItem: #"{"title": "Search", "icon": "icons/discover.svg", "role": "search", "activatesSearch": true}"#)
        XCTAssertEqual(activating.tabBar.detached?.index, 3)
        XCTAssertEqual(activating.tabBar.detached?.reason, "item 3 is a search tab that activates search, and no tab is prominent: iOS 27 places it apart")
        // A prominent tab takes the place apart from an activating search tab.
        let both = try resolve("""
            { "device": "iphone-17", "os": "27", "centerButton": null,
              "tabBar": { "items": [{"title": "Home"}, {"title": "New", "icon": "icons/home.svg", "role": "prominent"},
                                    {"title": "Search", "role": "search", "activatesSearch": true}] } }
            """)
        XCTAssertEqual(both.tabBar.detached?.index, 1)
        XCTAssertEqual(both.tabBar.detached?.role, .prominent)
        XCTAssertEqual(TabBar.inlineSearchReason(both.tabBar.items, os: both.os, detached: both.tabBar.detached),
                       "item 2, the search tab, stays inside the bar: on iOS 27 a prominent tab takes the place apart")
    }

    func testRolesAreCheckedAndExplained() throws {
        let prominentOn26 = try scene(lastItem: #"{"title": "New", "icon": "icons/home.svg", "role": "prominent"}"#)
        XCTAssertNil(prominentOn26.tabBar.detached)
        XCTAssertTrue(prominentOn26.warnings.map(\.description).contains(
            #"scene.json: tabBar.items[3].role: the prominent tab is iOS 27's; iOS 26 draws it as any other tab (set "os": "27")"#))
        XCTAssertEqual(problems(#"{"os": "26", "tabBar": {"items": [{"title": "A", "role": "search"}, {"title": "B", "role": "search"}]}}"#),
                       [#"scene.json: tabBar.items[1].role: only one tab is the search tab (item 0 is)"#])
        XCTAssertEqual(problems(#"{"os": "26", "tabBar": {"items": [{"title": "A", "activatesSearch": true}, {"title": "B"}]}}"#),
                       [#"scene.json: tabBar.items[0].activatesSearch: only a tab with "role": "search" activates search"#])
        XCTAssertEqual(problems(#"{"tabBar": {"items": [{"title": "A", "role": "seach"}]}}"#),
                       [#"scene.json: tabBar.items[0].role: unknown value "seach"; expected one of: "search", "prominent" (did you mean "search"?)"#])
        let classic = try resolve(#"{"tabBar": {"items": [{"title": "A"}, {"title": "S", "role": "search"}]}}"#)
        XCTAssertNil(classic.tabBar.detached)
        XCTAssertEqual(classic.warnings.map(\.description).filter { $0.contains("role") },
                       [#"scene.json: tabBar.items[1].role: the classic bar and the iPad's draw a search tab as any other; it is apart only on the glass bar of an iPhone"#])
    }

    func testMinimizeAndTheAccessoryNeedTheGlassBarOfAnIPhone() {
        XCTAssertEqual(problems(#"{"tabBar": {"minimizeBehavior": "onScrollDown"}}"#),
                       [#"scene.json: tabBar.minimizeBehavior: "onScrollDown" needs the glass bar of an iPhone: it belongs to iOS 26's glass bar; use style "glass" or "os": "26""#])
        XCTAssertEqual(problems(#"{"device": "ipad-pro-11", "os": "26", "tabBar": {"minimizeBehavior": "onScrollUp", "accessory": {"title": "Now playing"}}}"#), [
            #"scene.json: tabBar.minimizeBehavior: "onScrollUp" needs the glass bar of an iPhone: an iPad's bar never minimizes and has no accessory (iPhone only, as UIKit's)"#,
            #"scene.json: tabBar.accessory: a bottom accessory needs the glass bar of an iPhone: an iPad's bar never minimizes and has no accessory (iPhone only, as UIKit's)"#,
        ])
        XCTAssertEqual(problems(#"{"os": "26", "tabBar": {"accessory": {"subtitle": "only"}}}"#),
                       [#"scene.json: tabBar.accessory: an accessory shows an "image", a "title" or both"#])
        XCTAssertEqual(problems(#"{"script": [{"at": 1, "scroll": {"duration": 1}}, {"at": 2, "tap": 0, "scroll": {"by": 5}}, {"at": 3, "scroll": {"by": 1e9}}]}"#), [
            #"scene.json: script[0].scroll.by: missing: how far to scroll, in points (positive scrolls down)"#,
            #"scene.json: script[1]: an entry is a tap or a scroll, not both"#,
            #"scene.json: script[2].scroll.by: 1000000000 is out of range; expected -100000 to 100000 pt"#,
        ])
        XCTAssertEqual(problems(#"{"export": {"duration": 3}, "script": [{"at": 4, "scroll": {"by": 5}}]}"#),
                       [#"scene.json: script[0].at: scroll at 4 s is not before the loop's end (3 s)"#])
    }

    // MARK: - Scrolling and minimizing

    func testAScrollMovesTheContentAndMinimizesTheBarThenScrollingBackExpandsIt() throws {
        let scene = try scene(script: #"[{"at": 1, "scroll": {"by": 600, "duration": 0.8}}, {"at": 3, "scroll": {"by": -600}}]"#)
        let animation = Animation(scene)
        let timeline = animation.timeline
        XCTAssertEqual(timeline.scrollOffset(of: 0, at: 0.9), 0)
        XCTAssertEqual(timeline.scrollOffset(of: 0, at: 1.2), 150, accuracy: 1e-9, "at a constant velocity, as Apple documents setContentOffset(_:animated:)")
        XCTAssertEqual(timeline.scrollOffset(of: 0, at: 2), 600)
        XCTAssertEqual(timeline.scrollOffset(of: 0, at: 3.5), 0, "the default duration is 0.5 s")
        XCTAssertEqual(timeline.barState(at: 0.9), .expanded)
        XCTAssertEqual(timeline.barState(at: 1), .minimized, "minimized as the scroll down starts")
        XCTAssertEqual(timeline.barState(at: 3), .expanded, "expanded as the scroll up starts")
        XCTAssertEqual(timeline.events.filter { [.minimize, .expand].contains($0.kind) }.map(\.time), [1, 3])
        // The minimized bar: a 64 × 48 pt capsule at the leading edge (chosen), the search circle 48 pt.
        let minimized = try XCTUnwrap(animation.layout.minimized)
        XCTAssertEqual(minimized.capsule, Rect(x: 21, y: 874 - 69, width: 64, height: 48))
        XCTAssertEqual(minimized.detached, Rect(x: 402 - 69, y: 874 - 69, width: 48, height: 48))
    }

    func testAFlingDeceleratesAsUIScrollViewDoes() throws {
        let scene = try scene(script: #"[{"at": 1, "scroll": {"by": 600, "fling": true}}]"#)
        XCTAssertEqual(scene.scrolls[0].duration, log(0.5 / 600) / (1000 * log(0.998)), accuracy: 1e-12)
        XCTAssertEqual(scene.scrolls[0].duration, 3.54, accuracy: 0.01, "until half a point is left")
        let timeline = Animation(scene).timeline
        // D · (1 − 0.998^(1000 τ)), scaled to end exactly: 63 % of the way after one time constant (0.4995 s).
        let k = 1000 * log(0.998), whole = 1 - exp(k * scene.scrolls[0].duration)
        XCTAssertEqual(timeline.scrollOffset(of: 0, at: 1.5), 600 * (1 - exp(k * 0.5)) / whole, accuracy: 1e-9)
        XCTAssertEqual(timeline.scrollOffset(of: 0, at: 1.5), 379.8, accuracy: 0.1)
        XCTAssertEqual(timeline.scrollOffset(of: 0, at: 5), 600)
        // Its keyframes, sampled for every exporter, stay within 0.05 pt of the curve.
        let graph = Animation(scene).graph
        let contents = try XCTUnwrap(graph.root.children.first.flatMap { if case .group(let g) = $0 { return g } else { return nil } })
        guard case .group(let tab) = contents.children[0], case .group(let scroll)? = tab.children.first(where: {
            if case .group(let g) = $0 { return g.name == "tab-0-scroll" } else { return false } }),
              case .translation(_, let y)? = scroll.motion.first else { return XCTFail("the rows move in a scroll group") }
        for t in stride(from: 1.0, through: 4.6, by: 0.013) {
            XCTAssertEqual(-y.value(at: t), timeline.scrollOffset(of: 0, at: t), accuracy: 0.05, "at \(t) s")
        }
        XCTAssertEqual(problems(#"{"script": [{"at": 1, "scroll": {"by": 100, "fling": true, "duration": 1}}]}"#),
                       [#"scene.json: script[0].scroll.duration: a fling's time and curve come from UIScrollView's deceleration; remove "duration" or "fling""#])
    }

    func testALargeTitleScrollsUnderTheBarAndThenTheInlineTitleShows() throws {
        let scene = try resolve("""
            { "device": "iphone-17", "centerButton": null, "tabBar": {"items": [{"title": "Home"}, {"title": "Me"}]},
              "contents": [{"title": "Listen Now", "rows": 20, "largeTitle": true}],
              "script": [{"at": 1, "scroll": {"by": 100, "duration": 1}}] }
            """)
        let animation = Animation(scene)
        // Rows from 62 + 44 + 52 = 158 pt; 20 rows end at 1038: 1038 − 803 (the classic bar's top) to scroll.
        XCTAssertEqual(animation.layout.rowsTop(of: scene.contents[0]), 158)
        XCTAssertEqual(animation.layout.scrollLimits[0], 158 + 880 - (874 - 49 - 34))
        func group(_ name: String, in parent: Group) -> Group? {
            for child in parent.children {
                guard case .group(let nested) = child else { continue }
                if nested.name == name { return nested }
                if let found = group(name, in: nested) { return found }
            }
            return nil
        }
        let inline = try XCTUnwrap(group("tab-0-inline-title", in: animation.graph.root))
        // Linear: 51.5 pt of 100 after 0.515 s; the bar's background switches with the inline title.
        XCTAssertEqual(inline.opacity(at: 1.5), 0)
        XCTAssertEqual(inline.opacity(at: 1.516), 1)
        XCTAssertEqual(try XCTUnwrap(group("tab-0-navigation-bar", in: animation.graph.root)).opacity(at: 1.516), 1)
        XCTAssertEqual(problems(#"{"contents": [{"screenshot": "gradient-button.png", "largeTitle": true}]}"#).first,
                       #"scene.json: contents[0].largeTitle: a screenshot shows its own title; remove "largeTitle" or "screenshot""#)
    }

    func testAScrollStopsAtTheContentsEnds() throws {
        // 10 rows end at 62 + 44 + 440 = 546 pt, above the capsule's top (791): nothing to scroll.
        let short = Animation(try scene(rows: 10, script: #"[{"at": 1, "scroll": {"by": 600}}]"#)).timeline
        XCTAssertEqual(short.scrollOffset(of: 0, at: 2), 0)
        XCTAssertEqual(short.barState(at: 2), .expanded, "no scroll, no minimize")
        XCTAssertEqual(short.events.first { $0.kind == .scroll }?.reason, "stopped at the content's end (0 pt down)")
        // 20 rows end at 986 pt: 195 pt down brings the last row to the capsule's top.
        let long = Animation(try scene(rows: 20, script: #"[{"at": 1, "scroll": {"by": 600}}, {"at": 2, "scroll": {"by": -900}}]"#))
        XCTAssertEqual(long.layout.scrollLimits[0], 106 + 880 - 791)
        XCTAssertEqual(long.timeline.scrollOffset(of: 0, at: 1.9), 195)
        XCTAssertEqual(long.timeline.scrollOffset(of: 0, at: 3), 0)
        XCTAssertEqual(long.timeline.events.filter { $0.kind == .scroll }.compactMap(\.reason), ["stopped at the content's end (195 pt down)", "stopped at the top"])
    }

    func testTapsFollowTheBarsStateAtTheirMoment() throws {
        let scene = try scene(bar: #", "minimizeBehavior": "onScrollDown", "accessory": {"title": "Now playing"}"#, script: """
            [{"at": 1, "scroll": {"by": 300}}, {"at": 2, "tap": 1}, {"at": 2.5, "tap": {"x": 200, "y": 860}},
             {"at": 3, "tap": {"x": 50, "y": 830}}, {"at": 4, "tap": {"x": 200, "y": 763}}, {"at": 5, "tap": 3}, {"at": 6, "tap": {"x": 374, "y": 829}}]
            """)
        let animation = Animation(scene)
        let layout = animation.layout, timeline = animation.timeline
        XCTAssertEqual(layout.hitTest(Point(x: 200, y: 830), state: .minimized), .accessory, "inline beside the minimized bar")
        XCTAssertEqual(layout.hitTest(Point(x: 200, y: 763), state: .expanded), .accessory, "above the full bar")
        XCTAssertEqual(layout.hitTest(Point(x: 350, y: 820), state: .expanded), .item(3))
        XCTAssertEqual(layout.hitTest(Point(x: 53, y: 830), state: .minimized), .minimizedBar)
        let ignored = timeline.events.filter { $0.kind == .tapIgnored }.map { "\($0.time.shortText): \($0.reason ?? "")" }
        XCTAssertEqual(ignored, [
            "2: the bar is minimized: item 1 is not on screen (tap the minimized bar first)",
            "2.5: hit the tab's content, not the tab bar",
            "4: hit the bottom accessory: the app's own control; the bar does not change",
        ])
        XCTAssertEqual(timeline.barState(at: 3), .expanded, "a tap on the minimized bar expands it")
        XCTAssertEqual(timeline.barState(at: 5), .searching, "the search tab apart opens the search field")
        XCTAssertEqual(timeline.selectedIndex(at: 5), 3)
        XCTAssertEqual(timeline.barState(at: 6), .expanded, "its close circle ends the search")
        XCTAssertEqual(timeline.selectedIndex(at: 6), 0, "and the tab before it comes back")
    }

    func testTheProminentTabStaysWhileTheBarIsMinimized() throws {
        let scene = try scene(os: "27", lastItem: #"{"title": "New", "icon": "icons/home.svg", "role": "prominent"}"#,
                              script: #"[{"at": 1, "scroll": {"by": 300}}, {"at": 2, "tap": {"x": 357, "y": 829}}]"#)
        let animation = Animation(scene)
        XCTAssertEqual(animation.layout.detached, 3)
        XCTAssertNil(animation.layout.searchField, "a prominent tab opens no search field")
        XCTAssertEqual(animation.timeline.barState(at: 1.5), .minimized)
        XCTAssertEqual(animation.timeline.selectedIndex(at: 2), 3, "its circle stays tappable while minimized")
        XCTAssertEqual(animation.timeline.barState(at: 2), .expanded, "selecting a tab expands the bar (chosen)")
    }
}
