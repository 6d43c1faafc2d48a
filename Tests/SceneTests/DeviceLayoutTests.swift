import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// iPads and landscape: the presets turned, iPadOS 26's top bar, the iPad's classic bar and the iPhone's
/// compact-height bar, laid out from titles a fixed measurer measures (so every number here is exact), and
/// taps by point landing on what each layout puts there.
final class DeviceLayoutTests: XCTestCase {
    /// Every character 10 pt wide at any size.
    private struct TenPerCharacter: TextMeasuring {
        func width(of string: String, fontSize: Double, weight: FontWeight, family: String?, language: String?) -> Double {
            Double(string.count) * 10
        }
    }

    private func animation(device: String, style: String, orientation: String = "portrait", titles: [String],
                           extra: String = #", "centerButton": null"#) throws -> Animation {
        let items = titles.map { "{\"title\": \"\($0)\", \"icon\": \"icons/square.svg\"}" }.joined(separator: ", ")
        return Animation(try resolve("""
            { "device": "\(device)", "orientation": "\(orientation)", "tabBar": { "style": "\(style)", "items": [\(items)] } \(extra) }
            """), measuring: TenPerCharacter())
    }

    func testEveryPresetTurnsToLandscapeWithTheInsetsUIKitReportsThatWay() throws {
        let pro = try resolve(#"{"device": "iphone-16-pro", "orientation": "landscape"}"#).device
        XCTAssertEqual(pro.size, Size(width: 874, height: 402))
        XCTAssertEqual([pro.safeAreaTop, pro.safeAreaLeft, pro.safeAreaBottom, pro.safeAreaRight], [0, 62, 21, 62])
        let fifteen = try resolve(#"{"device": "iphone-15", "orientation": "landscape"}"#).device
        XCTAssertEqual([fifteen.safeAreaTop, fifteen.safeAreaLeft, fifteen.safeAreaBottom, fifteen.safeAreaRight], [0, 59, 21, 59])
        let se = try resolve(#"{"device": "iphone-se", "orientation": "landscape"}"#).device
        XCTAssertEqual([se.safeAreaTop, se.safeAreaLeft, se.safeAreaBottom, se.safeAreaRight], [0, 0, 0, 0])
        let pad = try resolve(#"{"device": "ipad-pro-11", "orientation": "landscape"}"#).device
        XCTAssertEqual(pad.size, Size(width: 1210, height: 834))
        XCTAssertEqual([pad.safeAreaTop, pad.safeAreaLeft, pad.safeAreaBottom, pad.safeAreaRight], [24, 0, 20, 0])
        XCTAssertEqual(pad.scale, 2)
        for device in DevicePreset.all {
            let turned = device.oriented(.landscape)
            XCTAssertEqual(turned.size, Size(width: device.size.height, height: device.size.width), device.name)
            XCTAssertEqual(turned.oriented(.portrait), device, "turning back gives the preset: \(device.name)")
        }
        XCTAssertEqual(DevicePreset.fallback.name, DevicePreset.defaultName)
        let names = DevicePreset.all.filter { $0.idiom == .pad }.map(\.name)
        XCTAssertEqual(names, ["ipad-pro-11", "ipad-pro-13", "ipad-air-11", "ipad-air-13", "ipad-mini", "ipad-10"])
    }

    func testAnOrientationOutsideTheChoicesIsOneProblemNamingThem() {
        XCTAssertEqual(problems(#"{"device": "ipad-pro-11", "orientation": "landscpe"}"#),
                       [#"scene.json: orientation: unknown value "landscpe"; expected one of: "portrait", "landscape" (did you mean "landscape"?)"#])
        XCTAssertEqual(problems(#"{"device": "ipad-pro-11", "tabBar": {"style": "floating"}}"#).count, 1)
        XCTAssertTrue(problems(#"{"device": "ipad-pro-11", "tabBar": {"style": "floating"}}"#)[0]
            .contains(#"tabBar.style: unknown value "floating"; expected one of: "classic", "glass""#))
    }

    // MARK: - iPadOS 26's top bar

    func testTheTopBarIsSizedToItsTitlesAndCentredAtTheTop() throws {
        // Five titles of 40, 50, 60, 40, 30 pt: 2·21 + 220 + 4·33.5 = 396 pt, centred on 834 pt.
        let layout = try animation(device: "ipad-pro-11", style: "glass", titles: ["Home", "Feeds", "Search", "Mail", "Set"]).layout
        XCTAssertEqual(layout.kind, .topBar)
        let bar = try XCTUnwrap(layout.capsule)
        XCTAssertEqual(bar.width, 396, accuracy: 1e-9)
        XCTAssertEqual(bar.minX, (834 - 396) / 2, accuracy: 1e-9)
        XCTAssertEqual(bar.minY, 32)
        XCTAssertEqual(bar.height, 44)
        XCTAssertEqual(layout.content, layout.screen, "the content runs under the bar")
        XCTAssertFalse(layout.showsIcons)
        XCTAssertEqual(layout.titleFontSize, 17)
        var left = bar.minX + 21
        for (item, width) in zip(layout.items, [40.0, 50, 60, 40, 30]) {
            XCTAssertEqual(item.titleBaseline.x, left + width / 2, accuracy: 1e-9)
            XCTAssertEqual(item.titleBaseline.y, 32 + 27.9, accuracy: 1e-9)
            XCTAssertEqual(item.frame.width, width + 32.25, accuracy: 1e-9)
            XCTAssertEqual(item.frame.height, 36)
            XCTAssertEqual(item.frame.minY, 36)
            left += width + 33.5
        }
        // Right to left, item 0 is rightmost, 21 pt in from the bar's right end.
        let mirrored = try animation(device: "ipad-pro-11", style: "glass", titles: ["Home", "Feeds", "Search"],
                                     extra: #", "centerButton": null, "layoutDirection": "rightToLeft""#).layout
        XCTAssertEqual(mirrored.items[0].titleBaseline.x, try XCTUnwrap(mirrored.capsule).maxX - 21 - 20, accuracy: 1e-9)
    }

    func testTheTopBarsCenterButtonHangsFromItsBottomEdgeAndTapsFollowIt() throws {
        let titled = try animation(device: "ipad-pro-13", style: "glass", titles: ["One", "Two", "", "Four", "Five"], extra: "")
        let layout = titled.layout
        let bar = try XCTUnwrap(layout.capsule)
        let button = try XCTUnwrap(layout.centerButton)
        XCTAssertEqual(button.center.y, bar.maxY, accuracy: 1e-9)
        XCTAssertEqual(button.center.x, 1032 / 2, accuracy: 1e-9)
        XCTAssertEqual(layout.hitTest(button.center), .centerButton)
        XCTAssertEqual(layout.hitTest(layout.items[1].frame.center), .item(1))
        XCTAssertEqual(layout.hitTest(Point(x: layout.items[4].titleBaseline.x, y: bar.minY + 3)), .item(4))
        XCTAssertEqual(layout.hitTest(Point(x: bar.minX - 5, y: bar.center.y)), .content, "beside the bar is content")
        XCTAssertEqual(layout.hitTest(Point(x: 500, y: 1300)), .content, "the screen's bottom has no bar")
        // A tap by point goes through the same hit test: titles of 30, 30, 50 pt make a 219 pt bar from
        // 406.5 pt, item 1's title centred at 406.5 + 21 + 30 + 33.5 + 15 = 506 pt.
        let tapped = Animation(try resolve("""
            { "device": "ipad-pro-13", "tabBar": { "style": "glass", "items": [{"title": "One"}, {"title": "Two"}, {"title": "Three"}] },
              "centerButton": null, "script": [{"at": 0.5, "tap": {"x": 506, "y": 54}}] }
            """), measuring: TenPerCharacter())
        XCTAssertEqual(tapped.timeline.selection.last?.index, 1)
    }

    // MARK: - The iPad's classic bar

    func testTheClassicIPadBarSizesItemsToTheirContentWithOneSpacingCentred() throws {
        let titles = ["Feeds", "Favorites", "Explore", "Debug"]
        let layout = try animation(device: "ipad-air-13", style: "classic", titles: titles).layout
        XCTAssertEqual(layout.kind, .inline)
        XCTAssertEqual(layout.titleWeight, .regular, "iPadOS draws 13 pt Regular")
        XCTAssertEqual(layout.bar, Rect(x: 0, y: 1366 - 65, width: 1024, height: 65), "65 pt with the 20 pt home-indicator area")
        // Groups: the 24 pt icon box, 9.25 pt, the title (10 pt a character, ink filling it): 83.25, 123.25, …
        let groups = titles.map { 24 + 9.25 + Double($0.count) * 10 }
        let total = groups.reduce(0, +) + 3 * 132.35
        var x = 512 - total / 2
        for (i, item) in layout.items.enumerated() {
            XCTAssertEqual(item.iconFrame.minX, x, accuracy: 1e-9, "item \(i)'s group starts one spacing after the last")
            XCTAssertEqual(item.titleBaseline.x + Double(titles[i].count) * 5, x + groups[i], accuracy: 1e-9, "its title ends the group")
            XCTAssertEqual(item.titleBaseline.x - Double(titles[i].count) * 5 - item.iconFrame.maxX, 9.25, accuracy: 1e-9)
            XCTAssertEqual(item.frame.center.x, x + groups[i] / 2, accuracy: 1e-9, "the button is centred on its group")
            XCTAssertEqual(item.frame.height, 45)
            XCTAssertEqual(item.titleBaseline.y, 1301 + 30.9, accuracy: 1e-9)
            x += groups[i] + 132.35
        }
        XCTAssertEqual(layout.titleFontSize, 13)
        // Too wide for the spacing: it shrinks so that the groups fit the screen.
        let tight = try animation(device: "ipad-mini", style: "classic", titles: Array(repeating: String(repeating: "W", count: 14), count: 4)).layout
        XCTAssertEqual(tight.items[0].iconFrame.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(tight.items[3].titleBaseline.x + 70, 744, accuracy: 1e-9)
        // Wider than the screen even without spacing: equal slots, the titles truncated to them.
        let slots = try animation(device: "ipad-mini", style: "classic", titles: Array(repeating: String(repeating: "W", count: 20), count: 4)).layout
        XCTAssertEqual(slots.items.map(\.frame.width), Array(repeating: 186, count: 4))
        XCTAssertEqual(layout.hitTest(layout.items[2].iconFrame.center), .item(2))
        XCTAssertEqual(layout.hitTest(Point(x: 20, y: 1320)), .barBackground, "outside the centred groups")
        // Right to left: item 0 rightmost, its icon right of its title.
        let mirrored = try animation(device: "ipad-air-13", style: "classic", titles: titles, extra: #", "centerButton": null, "layoutDirection": "rightToLeft""#).layout
        XCTAssertGreaterThan(mirrored.items[0].frame.minX, mirrored.items[1].frame.maxX - 1e-9)
        XCTAssertGreaterThan(mirrored.items[0].iconFrame.minX, mirrored.items[0].titleBaseline.x)
    }

    // MARK: - iPhone, compact height

    func testALandscapeIPhoneGetsTheShortInlineBarInsideItsSafeArea() throws {
        let layout = try animation(device: "iphone-16-pro", style: "classic", orientation: "landscape", titles: ["Home", "Mail", "Time", "Line"]).layout
        XCTAssertEqual(layout.kind, .inline)
        XCTAssertEqual(layout.bar, Rect(x: 0, y: 402 - 53, width: 874, height: 53), "32 pt of items and the 21 pt indicator area")
        let pitch = (874 - 2 * 62) / 4.0
        for (i, item) in layout.items.enumerated() {
            XCTAssertEqual(item.frame.minX, 62 + Double(i) * pitch, accuracy: 1e-9)
            XCTAssertEqual(item.iconFrame.width, 18)
            XCTAssertEqual(item.iconFrame.center.y, 349 + 16, accuracy: 1e-9)
        }
        XCTAssertEqual(layout.hitTest(Point(x: 30, y: 360)), .barBackground, "the sensor housing's side")
        XCTAssertEqual(layout.hitTest(Point(x: layout.items[3].frame.center.x, y: 360)), .item(3))
        XCTAssertEqual(layout.navigationBar.minY, 0, "no status bar in landscape")
    }
}
