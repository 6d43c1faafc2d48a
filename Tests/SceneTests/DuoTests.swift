import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// The iPhone Duo (issue 55): its two displays, the form its tab bar takes on each and why, and the vertical
/// rail laid out along y (UIKIT-2026.md, "iPhone Duo").
final class DuoTests: XCTestCase {
    private func scene(_ display: String = "outer", orientation: String = "portrait", items: Int = 4, os: String? = nil,
                       bar: String = "", extra: String = "", script: String = "[]") throws -> ResolvedScene {
        let item = #"{"title": "Tab", "icon": "icons/home.svg"}"#
        return try resolve("""
            { "device": "iphone-duo-\(display)", "orientation": "\(orientation)", "centerButton": null\(os.map { #", "os": "\#($0)""# } ?? "")\(extra),
              "tabBar": { "items": [\(Array(repeating: item, count: items).joined(separator: ", "))]\(bar) },
              "script": \(script) }
            """)
    }

    func testThePresetsAreTheMeasuredDisplays() throws {
        let outer = try XCTUnwrap(DevicePreset.named("iphone-duo-outer")), inner = try XCTUnwrap(DevicePreset.named("iphone-duo-inner"))
        XCTAssertEqual(outer.size, Size(width: 466, height: 678)); XCTAssertEqual(outer.scale, 3)
        XCTAssertEqual([outer.safeAreaTop, outer.safeAreaLeft, outer.safeAreaBottom, outer.safeAreaRight], [0, 0, 34, 84])
        XCTAssertEqual(inner.size, Size(width: 669, height: 951))
        XCTAssertEqual([inner.safeAreaTop, inner.safeAreaLeft, inner.safeAreaBottom, inner.safeAreaRight], [82, 0, 34, 0])
        let turned = inner.oriented(.landscape)
        XCTAssertEqual(turned.size, Size(width: 951, height: 669))
        XCTAssertEqual([turned.safeAreaTop, turned.safeAreaLeft, turned.safeAreaBottom, turned.safeAreaRight], [0, 0, 34, 84])
        XCTAssertEqual(turned.oriented(.portrait).safeAreaTop, 82, "and back")
        XCTAssertEqual(outer.foldDisplay, .outer); XCTAssertNil(DevicePreset.named("iphone-17")?.foldDisplay)
    }

    func testTheBarsFormFollowsDisplayOrientationReleaseAndOptOut() throws {
        func form(_ scene: ResolvedScene) -> (Bool?, String) { (scene.verticalBars?.isRail, scene.verticalBars?.reason ?? "") }
        let outer = form(try scene())
        XCTAssertEqual(outer.0, true)
        XCTAssertTrue(outer.1.contains("iOS 27.1 on the outer display (portrait)"), outer.1)
        XCTAssertEqual(form(try scene(orientation: "landscape")).0, true)
        XCTAssertEqual(form(try scene("inner", orientation: "landscape")).0, true)
        let innerPortrait = try scene("inner")
        XCTAssertEqual(form(innerPortrait).0, false)
        XCTAssertTrue(form(innerPortrait).1.contains("keeps bars horizontal on the inner display in portrait"))
        XCTAssertEqual(innerPortrait.device.safeAreaTop, 82, "inner portrait keeps its own top inset")
        let older = try scene(os: "27")
        XCTAssertEqual(form(older).0, false)
        XCTAssertTrue(form(older).1.contains("iOS 27 has no vertical bars"), form(older).1)
        let optedOut = try scene(bar: #", "verticalBehavior": "disabled""#)
        XCTAssertEqual(form(optedOut).0, false)
        XCTAssertTrue(form(optedOut).1.contains("verticalBehavior \"disabled\""))
        XCTAssertEqual([optedOut.device.safeAreaTop, optedOut.device.safeAreaRight], [84, 0], "the strip moves to the top")
        let classic = try scene(bar: #", "style": "classic""#)
        XCTAssertEqual(form(classic).0, false)
        XCTAssertNil(try resolve(#"{"device": "iphone-17"}"#).verticalBars, "off the Duo: no form to tell")
        XCTAssertEqual(try scene().os, OSVersion(major: 27, minor: 1), "the Duo's release when the scene names none")
        XCTAssertEqual(try resolve(#"{"device": "iphone-17", "os": "27.1"}"#).os, OSVersion(major: 27, minor: 1))
        XCTAssertEqual(problems(#"{"os": "26.1"}"#).count, 1)
    }

    func testTheRailIsTheGlassCellsAlongY() throws {
        let layout = Animation(try scene()).layout
        XCTAssertEqual(layout.kind, .rail); XCTAssertEqual(layout.axis, .vertical)
        XCTAssertEqual(layout.capsule, Rect(x: 394, y: 442, width: 48, height: 212))
        for i in 0..<4 {
            XCTAssertEqual(layout.items[i].iconFrame.center, Point(x: 418, y: 442 + 31 + 50 * Double(i)))
            XCTAssertEqual(layout.items[i].frame, Rect(x: 398, y: 442 + 4 + 50 * Double(i), width: 40, height: 54))
        }
        XCTAssertFalse(layout.showsTitles)
        for count in [2, 3, 5] {
            let rail = Animation(try scene(items: count)).layout.capsule
            XCTAssertEqual(rail?.height, 12 + 50 * Double(count)); XCTAssertEqual(rail?.maxY, 678 - 24)
        }
        // Landscape, either display: the same rail against the right and bottom edges.
        let inner = Animation(try scene("inner", orientation: "landscape")).layout
        XCTAssertEqual(inner.capsule, Rect(x: 951 - 72, y: 669 - 24 - 212, width: 48, height: 212))
    }

    func testThePressedRailWidensInwardsAndLabelsEveryTab() throws {
        let rest = Animation(try scene()).layout
        let pressed = try XCTUnwrap(rest.pressedRail())
        XCTAssertEqual(pressed.capsule, Rect(x: 442 - 72, y: 442, width: 72, height: 212))
        XCTAssertTrue(pressed.showsTitles); XCTAssertEqual(pressed.titleFontSize, 10)
        for i in 0..<4 {
            XCTAssertEqual(pressed.items[i].iconFrame.center, Point(x: 406, y: 442 + 31 + 50 * Double(i) - 6))
            XCTAssertEqual(pressed.items[i].titleBaseline, Point(x: 406, y: 442 + 31 + 50 * Double(i) + 17))
            XCTAssertEqual(pressed.items[i].frame.width, 64)
        }
        XCTAssertNil(Animation(try scene("inner")).layout.pressedRail(), "no rail, nothing to press")
        XCTAssertEqual(problems(#"{"device": "iphone-17", "script": [{"at": 1, "press": 1}]}"#),
                       [#"scene.json: script[0].press: only the iPhone Duo's vertical rail is pressed: give "device" "iphone-duo-outer" or "iphone-duo-inner""#])
        XCTAssertEqual(problems(#"{"device": "iphone-duo-outer", "script": [{"at": 1, "press": 20}]}"#),
                       ["scene.json: script[0].press: 20 is out of range; expected 0.1 to 10 s"])
    }

    func testTheRailHasNoMinimizedFormAccessoryOrItemApartAndSaysSo() throws {
        let scene = try self.scene(bar: #", "minimizeBehavior": "onScrollDown", "accessory": {"title": "Now"}"#, extra: #", "contents": [{"rows": 40}]"#,
                                   script: #"[{"at": 1, "scroll": {"by": 300}}]"#)
        XCTAssertEqual(scene.warnings.map { $0.keyPath?.description }, ["tabBar.minimizeBehavior", "tabBar.accessory"])
        let animation = Animation(scene)
        XCTAssertNil(animation.layout.accessory); XCTAssertNil(animation.layout.minimized)
        XCTAssertFalse(animation.timeline.events.contains { $0.kind == .minimize }, "the rail stays whole while the content scrolls")
        XCTAssertEqual(animation.timeline.scrollOffset(of: 0, at: 2), 300, accuracy: 0.01, "the content scrolled")
        XCTAssertTrue(try self.scene("inner", bar: #", "accessory": {"title": "Now"}"#).warnings.isEmpty, "the bottom bar keeps its accessory")
    }

    func testRightToLeftKeepsTheRailOnTheHardwaresSideAndItsOrder() throws {
        let ltr = Animation(try scene()).layout
        let rtl = Animation(try scene(extra: #", "layoutDirection": "rightToLeft""#)).layout
        XCTAssertEqual(rtl.capsule, ltr.capsule)
        XCTAssertEqual(rtl.items.map(\.iconFrame), ltr.items.map(\.iconFrame), "item 0 stays at the top")
        XCTAssertEqual(rtl.statusBar?.time.anchor, ltr.statusBar?.time.anchor, "the stacked status bar stays in the strip")
        // The content mirrors in its safe area: the large title's anchor moves to the right of the readable part.
        XCTAssertEqual(rtl.readable, Rect(x: 0, y: 0, width: 466 - 84, height: 678))
    }

    func testTapsByPointFindTheRailsTabsAndTheSeedsButtonLandsOffScreen() throws {
        let layout = Animation(try scene()).layout
        XCTAssertEqual(layout.hitTest(Point(x: 418, y: 473)), .item(0))
        XCTAssertEqual(layout.hitTest(Point(x: 418, y: 597)), .item(2), "a point between two centres goes to the nearer")
        XCTAssertEqual(layout.hitTest(Point(x: 418, y: 652)), .item(3))
        XCTAssertEqual(layout.hitTest(Point(x: 380, y: 500)), .content, "left of the rail")
        XCTAssertEqual(layout.hitTest(Point(x: 396, y: 444)), .content, "outside the rail's round top")
        let timeline = Animation(try scene(script: #"[{"at": 1, "tap": {"x": 418, "y": 573}}]"#)).timeline
        XCTAssertEqual(timeline.selectedIndex(at: 1.5), 2)
        // Seed 000's button: x (W − w)/2 from the rail's left edge, −h/2 above its top: past the screen's right.
        let button = Animation(try resolve("""
            { "device": "iphone-duo-outer", "centerButton": {"image": "icons/home.svg", "size": 60},
              "tabBar": { "items": [{"title": "A"}, {"title": "B"}, {"title": "C"}, {"title": "D"}, {"title": "E"}] } }
            """)).layout.centerButton
        // Five tabs: the rail is 262 pt tall, its top at 678 − 24 − 262 = 392.
        XCTAssertEqual(button, Rect(x: 394 + (466 - 60) / 2, y: 392 - 30, width: 60, height: 60))
        XCTAssertGreaterThan(try XCTUnwrap(button).minX, 466)
    }

    func testTheStatusBarStacksInTheStripAndMovesToTheTopWhenItDoes() throws {
        let stacked = try XCTUnwrap(Animation(try scene()).layout.statusBar)
        XCTAssertTrue(stacked.isStacked)
        XCTAssertEqual(stacked.time.anchor.x, 466 - 42)
        XCTAssertGreaterThan(stacked.wifi.minY, stacked.time.anchor.y, "the Wi-Fi glyph below the time")
        let top = try XCTUnwrap(Animation(try scene(bar: #", "verticalBehavior": "disabled""#)).layout.statusBar)
        XCTAssertFalse(top.isStacked); XCTAssertNil(top.island, "the Duo has no Dynamic Island")
    }
}

/// `script[i].posture` resolved: each from the display and orientation the one before left, only on the Duo.
final class DuoPostureResolvingTests: XCTestCase {
    func testPosturesFollowOneAnotherAndOnlyTheDuoHasThem() throws {
        let scene = try resolve("""
            { "device": "iphone-duo-inner", "orientation": "landscape", "tabBar": {"items": [{"title": "A"}, {"title": "B"}]},
              "script": [{"at": 2, "posture": "portrait"}, {"at": 1, "posture": "fold"}, {"at": 3, "posture": "unfold"}] }
            """)
        XCTAssertEqual(scene.postures.map(\.time), [1, 2, 3], "in time order")
        XCTAssertEqual(scene.postures.map(\.device.name), ["iphone-duo-outer", "iphone-duo-outer", "iphone-duo-inner"])
        XCTAssertEqual(scene.postures.map(\.device.orientation), [.landscape, .portrait, .portrait])
        XCTAssertEqual(scene.postures.map { $0.verticalBars?.isRail }, [true, true, false])
        XCTAssertEqual(scene.postures[2].device.safeAreaTop, 82)
        let listed = Animation(scene).timeline.events.filter { $0.kind == .posture }
        XCTAssertEqual(listed.map(\.time), [1, 2, 3], "the timeline lists each")
        XCTAssertEqual(listed.map(\.scriptIndex), [1, 0, 2])
        XCTAssertTrue(listed[2].reason?.contains("keeps bars horizontal") == true, listed[2].reason ?? "")
        XCTAssertEqual(problems(#"{"device": "iphone-17", "script": [{"at": 1, "posture": "unfold"}]}"#),
                       [#"scene.json: script[0].posture: only the iPhone Duo folds and unfolds: give "device" "iphone-duo-outer" or "iphone-duo-inner""#])
        XCTAssertEqual(problems(#"{"device": "iphone-duo-outer", "script": [{"at": 1, "posture": "unfold", "tap": 0}]}"#).count, 1)
        XCTAssertEqual(problems(#"{"device": "iphone-duo-outer", "export": {"duration": 3}, "script": [{"at": 5, "posture": "unfold"}]}"#),
                       ["scene.json: script[0].at: posture change at 5 s is not before the loop's end (3 s)"])
    }
}

/// The Duo's sidebar (UIKIT-2026.md, "iPhone Duo": 320 pt, kept only in a regular width, so only in inner
/// landscape): the panel there, none on the narrower screens, the rail hidden while it shows.
final class DuoSidebarTests: XCTestCase {
    func testOnlyInnerLandscapeKeepsTheSidebar() throws {
        let scene = try resolve("""
            { "device": "iphone-duo-inner", "orientation": "landscape",
              "tabBar": { "sidebar": "shown", "items": [{"title": "A"}, {"title": "B"}, {"title": "C"}] },
              "script": [{"at": 1, "tap": {"x": 150, "y": 130}}, {"at": 2, "posture": "portrait"}, {"at": 3, "posture": "fold"}] }
            """)
        let animation = Animation(scene)
        let sidebar = try XCTUnwrap(animation.layout.sidebar)
        XCTAssertEqual(sidebar.panel, Rect(x: 10, y: 10, width: 320, height: 669 - 20))
        XCTAssertEqual(animation.timeline.selectedIndex(at: 1.5), 1, "the point (150, 130) is on the second row (112–156)")
        let beside = try XCTUnwrap(animation.layout.besideSidebar(safeAreaTop: 0, rightToLeft: false))
        XCTAssertEqual(beside.readable.minX, 330); XCTAssertEqual(beside.readable.maxX, 951 - 84, "left of the strip")
        for posture in scene.postures {
            XCTAssertNil(Layout(scene.inPosture(posture)).sidebar, "\(posture.device.name) \(posture.device.orientation): too narrow")
        }
        XCTAssertEqual(problems(#"{"device": "iphone-17", "tabBar": {"sidebar": "shown"}}"#).count, 1)
    }
}
