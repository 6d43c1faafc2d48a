import Foundation
import XCTest

/// iPad and landscape scenes through the built binary: one export writes GIF, SVG and PNG frames of each
/// bar; `validate` warns once of a top bar given icons; a bad orientation is one message and no output.
final class DeviceCommandTests: CLITestCase {
    private let icon = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect x="4" y="4" width="16" height="16"/></svg>"#

    func testIPadAndLandscapeScenesExportEveryFormatAtTheirScreenSize() throws {
        let out = try folder()
        try write(icon, to: out.appendingPathComponent("i.svg"))
        let cases: [(device: String, orientation: String, style: String, width: Int, height: Int)] = [
            ("ipad-pro-11", "portrait", "glass", 834, 1210), ("ipad-pro-11", "landscape", "glass", 1210, 834),
            ("ipad-pro-11", "portrait", "classic", 834, 1210), ("ipad-pro-11", "landscape", "classic", 1210, 834),
            ("iphone-16-pro", "landscape", "classic", 874, 402),
        ]
        for c in cases {
            try write("""
                { "device": "\(c.device)", "orientation": "\(c.orientation)", "export": { "scale": 1, "fps": 5, "duration": 1 },
                  "tabBar": { "style": "\(c.style)", "items": [{"title": "Home", "icon": "i.svg"}, {"title": "Mail"}, {"title": ""}, {"title": "Time"}, {"title": "Line"}] },
                  "script": [{"at": 0.2, "tap": 1}] }
                """, to: out.appendingPathComponent("s.json"))
            let result = try tabanim(["export", "s.json", "-o", "a.gif", "-o", "a.svg", "-o", "frames/"], in: out)
            let name = "\(c.device) \(c.orientation) \(c.style)"
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            // `validate` warns, once, that the top bar does not draw the icon it was given.
            let validation = try tabanim(["validate", "s.json"], in: out)
            XCTAssertEqual(validation.status, 0, name)
            let topBarWarning = "tabBar.items[0]: the iPad's floating top bar (tabBar.style \"glass\") shows titles only"
            XCTAssertEqual(validation.stderr.components(separatedBy: topBarWarning).count - 1, c.device.hasPrefix("ipad") && c.style == "glass" ? 1 : 0,
                           "\(name): \(validation.stderr)")
            let frame = try pixels(ofPNG: out.appendingPathComponent("frames/frame-0000.png"))
            XCTAssertEqual([frame.width, frame.height], [c.width, c.height], name)
            let svg = try String(contentsOf: out.appendingPathComponent("a.svg"), encoding: .utf8)
            XCTAssertTrue(svg.contains("viewBox=\"0 0 \(c.width) \(c.height)\""), name)
            XCTAssertGreaterThan(try Data(contentsOf: out.appendingPathComponent("a.gif")).count, 1000, name)
        }
    }

    func testAnOrientationADeviceCannotTakeIsOneMessageAndNoOutput() throws {
        let out = try folder()
        try write(#"{"device": "ipad-mini", "orientation": "upsideDown"}"#, to: out.appendingPathComponent("s.json"))
        let result = try tabanim(["export", "s.json", "-o", "a.gif"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("orientation") },
                       [#"Error: s.json: orientation: unknown value "upsideDown"; expected one of: "portrait", "landscape""#])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("a.gif").path))
    }

    /// `os` picks the bar when `tabBar.style` is absent, and `validate` says which and why; absent, the bar
    /// stays classic; a glass bar on a release without one, or an unknown release, is one message naming the key.
    func testTheOSKeyPicksTheBarAndValidateSaysWhy() throws {
        let out = try folder()
        let cases: [(scene: String, summary: String?)] = [
            (#"{"device": "iphone-16-pro", "os": "26"}"#, #"5 items on the iOS 26 glass bar (tabBar.style "glass" from "os": the default on iOS 26)"#),
            (#"{"device": "iphone-16-pro", "os": "iOS 18"}"#, #"5 items on the classic bar (tabBar.style "classic" from "os": the only bar before iOS 26)"#),
            (#"{"device": "ipad-pro-11", "os": 18}"#, #"5 items on the iPad's floating top bar (tabBar.style "glass" from "os": the default on iPadOS 18)"#),
            (#"{"device": "ipad-pro-11", "os": "17"}"#, #"5 items on the iPad's classic bar (tabBar.style "classic" from "os": the only bar before iPadOS 18)"#),
            (#"{"device": "iphone-16-pro", "os": "26", "tabBar": {"style": "classic"}}"#, "5 items, center button"),
            (#"{"device": "iphone-16-pro"}"#, "5 items, center button"),
            (#"{"device": "iphone-16-pro", "export": {"screenCorners": true}}"#, "iphone-16-pro (402×874 pt), screen corners 62 pt, 5 items"),
            // The same search tab: apart on iOS 26, inside the bar on iOS 27 unless it activates search.
            (#"{"os": "26", "centerButton": null, "tabBar": {"items": [{"title": "Home"}, {"title": "Search", "role": "search"}]}}"#,
             #"2 items on the iOS 26 glass bar (tabBar.style "glass" from "os": the default on iOS 26), item 1 is a search tab: iOS 26 places every search tab apart, in a circle of its own, slide 1 s"#),
            (#"{"os": "27", "centerButton": null, "tabBar": {"items": [{"title": "Home"}, {"title": "Search", "role": "search"}]}}"#,
             #"2 items on the iOS 27 glass bar (tabBar.style "glass" from "os": the default on iOS 27), item 1, the search tab, stays inside the bar: on iOS 27 only a search tab that activates search is apart"#),
            (#"{"os": "27", "centerButton": null, "tabBar": {"minimizeBehavior": "onScrollDown", "accessory": {"title": "Now playing"}, "items": [{"title": "Home"}, {"title": "New", "role": "prominent"}]}, "contents": [{"rows": 30}], "script": [{"at": 1, "scroll": {"by": 300}}]}"#,
             #"item 1 is the prominent tab: iOS 27 places it apart, at the trailing end, minimizes on scroll down, bottom accessory, slide 1 s, 0 taps, 1 scroll"#),
        ]
        for c in cases {
            try write(c.scene, to: out.appendingPathComponent("s.json"))
            let result = try tabanim(["validate", "s.json"], in: out)
            XCTAssertEqual(result.status, 0, "\(c.scene): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains(c.summary ?? ""), "\(c.scene): \(result.stdout)")
        }
        let refused: [(scene: String, message: String)] = [
            (#"{"device": "iphone-16-pro", "os": "18", "tabBar": {"style": "glass"}}"#,
             #"Error: s.json: tabBar.style: iOS 18 ("os": "18") has no Liquid Glass bar: style "glass" needs "os" "26" or later; on iOS 18 the style is "classic""#),
            (#"{"device": "ipad-mini", "os": "19"}"#,
             #"Error: s.json: os: unknown OS version "19"; "os" is one of "13", "14", "15", "16", "17", "18", "26", "27" (the major version, optionally as "iOS 26" or "iPadOS 18"; "27.1" for the iPhone Duo's vertical bars)"#),
            (##"{"os": "26", "tabBar": {"backgroundColor": "#FFFFFF"}}"##,
             #"Error: s.json: tabBar.backgroundColor: the glass bar (the default for "os": "26") takes its colour from the content behind it; remove "backgroundColor" or use style "classic""#),
        ]
        for c in refused {
            try write(c.scene, to: out.appendingPathComponent("s.json"))
            let result = try tabanim(["validate", "s.json"], in: out)
            XCTAssertEqual(result.status, 1, c.scene)
            XCTAssertEqual(result.stderr.split(separator: "\n").map(String.init), [c.message], c.scene)
        }
    }
}
