import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// `interfaceStyle` and colours given per style: UIKit's dynamic colours resolved for the scene's style.
final class InterfaceStyleTests: XCTestCase {
    func testDarkUsesUIKitsDarkColoursWhereTheSceneGivesNone() throws {
        let light = try resolve("{}"), dark = try resolve(#"{"interfaceStyle": "dark"}"#)
        XCTAssertEqual(light.interfaceStyle, .light)
        XCTAssertEqual(dark.interfaceStyle, .dark)
        XCTAssertEqual(dark.tabBar.unselectedItemTintColor, Color(rgb: 125, 125, 125))
        XCTAssertEqual(dark.tabBar.tintColor, Color(rgb: 10, 132, 255), "dark systemBlue")
        XCTAssertEqual(dark.tabBar.backgroundColor, Color(rgb: 18, 18, 18), "the opaque bar")
        XCTAssertEqual(dark.contents[0].color, .black, "systemBackground")
        XCTAssertEqual(light.tabBar.tintColor, Color(rgb: 0, 122, 255), "an app that sets no tint gets systemBlue")
        XCTAssertEqual(light.contents[0].color, .white)
        // The built-in button's disc is the bar's tint, in each style.
        guard case .builtIn(_, let data)? = dark.centerButton?.image.source else { return XCTFail("built-in button") }
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("#0A84FF"))
        let tinted = try resolve(##"{"tabBar": {"tintColor": "#5B5BD6"}}"##)
        guard case .builtIn(_, let tintedData)? = tinted.centerButton?.image.source else { return XCTFail("built-in button") }
        XCTAssertTrue(String(decoding: tintedData, as: UTF8.self).contains("#5B5BD6"))
    }

    func testUIKitColourNamesResolvePerStyle() throws {
        let json = ##"{"interfaceStyle": "%@", "tabBar": {"tintColor": "systemOrange", "unselectedItemTintColor": "secondaryLabel", "backgroundColor": {"light": "systemGray6", "dark": "#101010"}}, "contents": [{"color": "secondarySystemBackground"}]}"##
        let light = try resolve(json.replacingOccurrences(of: "%@", with: "light"))
        let dark = try resolve(json.replacingOccurrences(of: "%@", with: "dark"))
        XCTAssertEqual(light.tabBar.tintColor, Color(rgb: 255, 149, 0))
        XCTAssertEqual(dark.tabBar.tintColor, Color(rgb: 255, 159, 10))
        XCTAssertEqual(light.tabBar.unselectedItemTintColor, Color(rgb: 60, 60, 67, alpha: 0.6))
        XCTAssertEqual(dark.tabBar.unselectedItemTintColor, Color(rgb: 235, 235, 245, alpha: 0.6))
        XCTAssertEqual(light.tabBar.backgroundColor, Color(rgb: 242, 242, 247), "a name inside a per-style colour")
        XCTAssertEqual(dark.tabBar.backgroundColor, Color(rgb: 16, 16, 16))
        XCTAssertEqual(light.contents[0].color, Color(rgb: 242, 242, 247))
        XCTAssertEqual(dark.contents[0].color, Color(rgb: 28, 28, 30))
        XCTAssertEqual(UIKitColor.named("systemBlue"), StyledColor(light: Color(rgb: 0, 122, 255), dark: Color(rgb: 10, 132, 255)))
        XCTAssertEqual(UIKitColor.names.count, Set(UIKitColor.names).count, "no name twice")
    }

    func testAMisspelledNameIsReportedWithTheNearestOne() {
        XCTAssertEqual(problems(#"{"tabBar": {"tintColor": "sytemBlue"}}"#), [
            ##"scene.json: tabBar.tintColor: invalid color "sytemBlue"; write "#RRGGBB", "#RRGGBBAA", "rgb(27, 118, 208)" or a UIKit name such as "systemBlue" (did you mean "systemBlue"?)"##,
        ])
    }

    func testTheHomeIndicatorIsOnByDefaultAndCanBeHidden() throws {
        XCTAssertTrue(try resolve("{}").showsHomeIndicator)
        XCTAssertFalse(try resolve(#"{"homeIndicator": false}"#).showsHomeIndicator)
    }

    func testAColourPerStyleResolvesForTheScenesStyle() throws {
        let json = ##"{"interfaceStyle": "%@", "tabBar": {"tintColor": {"light": "#FF0000", "dark": "#00FF00"}, "backgroundColor": "#123456"}, "contents": [{"color": {"light": "#FFFFFF", "dark": "#1C1C1E"}}]}"##
        let light = try resolve(json.replacingOccurrences(of: "%@", with: "light"))
        let dark = try resolve(json.replacingOccurrences(of: "%@", with: "dark"))
        XCTAssertEqual(light.tabBar.tintColor, Color(rgb: 255, 0, 0))
        XCTAssertEqual(dark.tabBar.tintColor, Color(rgb: 0, 255, 0))
        XCTAssertEqual(dark.tabBar.backgroundColor, Color(rgb: 0x12, 0x34, 0x56), "one colour serves both styles")
        XCTAssertEqual(dark.contents[0].color, Color(rgb: 0x1C, 0x1C, 0x1E))
    }

    func testAColourPerStyleNeedsBoth() {
        XCTAssertEqual(problems(##"{"tabBar": {"tintColor": {"light": "#FF0000"}}, "interfaceStyle": "dim"}"##), [
            #"scene.json: tabBar.tintColor.dark: a colour per style gives both "light" and "dark""#,
            #"scene.json: interfaceStyle: unknown value "dim"; expected one of: "light", "dark""#,
        ])
    }
}

/// Badge keys and script events.
final class BadgeSpecTests: XCTestCase {
    func testBadgeEventsAreCheckedWithTheirKeys() {
        XCTAssertEqual(problems(#"{"script": [{"at": 1, "badge": {"item": 9, "value": "1"}}, {"at": 1, "badge": {"item": 0}}, {"at": 1, "tap": 0, "badge": {"item": 0, "value": "1"}}]}"#), [
            "scene.json: script[0].badge.item: no item 9; items are 0 to 4",
            "scene.json: script[1].badge.value: missing: the badge's text, or null to clear it",
            "scene.json: script[2]: an entry is a tap or a badge change, not both",
        ])
    }

    func testBadgesLastFromEventToEventAndTheLoopCoversThem() throws {
        let scene = try resolve(#"{"tabBar": {"items": [{"title": "A", "badge": "1"}, {"title": "B"}]}, "script": [{"at": 4, "badge": {"item": 0, "value": "2"}}]}"#)
        XCTAssertEqual(scene.export.duration, 6, "the last event + 2 s")
        let timeline = Animation(scene).timeline
        XCTAssertEqual(timeline.badges.map(\.value), ["1", "2"])
        XCTAssertEqual(timeline.badges.map(\.start), [0, 4])
        XCTAssertEqual(timeline.badges.map(\.end), [4, 6])
        XCTAssertEqual(timeline.events.map(\.kind), [.badge])
    }
}
