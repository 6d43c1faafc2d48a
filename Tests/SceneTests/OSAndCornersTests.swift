import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// `os` choosing the bar, and the presets' corner radii reaching the scene graph's matte only when
/// `export.screenCorners` asks.
final class OSAndCornersTests: XCTestCase {
    func testOSPicksTheBarOnlyWhenNoStyleIsGiven() throws {
        let cases: [(String, TabBarStyle, StyleChoice)] = [
            (#"{"device": "iphone-16-pro"}"#, .classic, .unspecified),
            (#"{"device": "iphone-16-pro", "os": "26"}"#, .glass, .byOS(OSVersion(major: 26))),
            (#"{"device": "iphone-16-pro", "os": "iOS 18"}"#, .classic, .byOS(OSVersion(major: 18))),
            (#"{"device": "iphone-16-pro", "os": 26, "tabBar": {"style": "classic"}}"#, .classic, .given),
            (#"{"device": "ipad-air-13", "os": "iPadOS 18"}"#, .glass, .byOS(OSVersion(major: 18))),
            (#"{"device": "ipad-air-13", "os": "17"}"#, .classic, .byOS(OSVersion(major: 17))),
            (#"{"device": "ipad-air-13"}"#, .classic, .unspecified),
        ]
        for (json, style, choice) in cases {
            let bar = try resolve(json).tabBar
            XCTAssertEqual(bar.style, style, json)
            XCTAssertEqual(bar.styleChoice, choice, json)
        }
        XCTAssertEqual(problems(#"{"device": "ipad-mini", "os": "17", "tabBar": {"style": "glass"}}"#),
                       [#"scene.json: tabBar.style: iPadOS 17 ("os": "17") has no floating top bar: style "glass" needs "os" "18" or later; on iPadOS 17 the style is "classic""#])
        XCTAssertEqual(problems(#"{"os": "iOS 26.1"}"#).count, 1)
        XCTAssertEqual(problems(#"{"os": ["26"]}"#),
                       [#"scene.json: os: expected an OS version, found an array; "os" is one of "13", "14", "15", "16", "17", "18", "26", "27" (the major version, optionally as "iOS 26" or "iPadOS 18"; "27.1" for the iPhone Duo's vertical bars)"#])
    }

    func testEveryPresetHasItsCornerRadiusAndTheMatteRoundsOnlyWhenAsked() throws {
        let radii = Dictionary(uniqueKeysWithValues: DevicePreset.all.map { ($0.name, $0.cornerRadius) })
        XCTAssertEqual(radii["iphone-se"], 0)
        XCTAssertEqual(radii["iphone-14"], 47.33)
        XCTAssertEqual(radii["iphone-15"], 55)
        XCTAssertEqual(radii["iphone-16-pro"], 62)
        for name in ["ipad-pro-11", "ipad-pro-13", "ipad-air-11", "ipad-air-13", "ipad-mini", "ipad-10"] { XCTAssertEqual(radii[name], 18, name) }
        XCTAssertTrue(DevicePreset.all.allSatisfy { $0.name == "iphone-se" || $0.cornerRadius > 0 }, "every Face ID iPhone and iPad has one")

        let plain = Animation(try resolve(#"{"device": "iphone-16-pro"}"#))
        XCTAssertEqual(plain.graph.matte, .full(plain.scene.colors.background), "off by default: outputs do not change")
        let rounded = Animation(try resolve(#"{"device": "ipad-pro-11", "orientation": "landscape", "export": {"screenCorners": true}}"#))
        XCTAssertEqual(rounded.graph.matte, .roundedScreen(rounded.scene.colors.background, screen: Rect(x: 0, y: 0, width: 1210, height: 834),
                                                           radius: 18, outside: .clear))
        XCTAssertEqual(rounded.withOpaqueCorners().graph.matte, .roundedScreen(rounded.scene.colors.background,
            screen: Rect(x: 0, y: 0, width: 1210, height: 834), radius: 18, outside: rounded.scene.colors.background))
        let custom = try resolve(#"{"device": {"preset": "iphone-se", "cornerRadius": 30}, "export": {"screenCorners": true}}"#)
        XCTAssertEqual(custom.device.cornerRadius, 30)
        let square = Animation(try resolve(#"{"device": "iphone-se", "export": {"screenCorners": true}}"#))
        XCTAssertEqual(square.graph.matte, .full(square.scene.colors.background), "a square screen has no corners to round")
    }
}
