import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

final class SceneResolverTests: XCTestCase {
    func testAnEmptySceneReproducesSeed000() throws {
        let scene = try resolve("{}")
        XCTAssertEqual(scene.tabBar.items.map(\.title), ["首页", "扩展", "旋转", "发现", "我"])
        XCTAssertEqual(scene.tabBar.tintColor, Color(rgb: 0, 122, 255), "systemBlue: the seeds' tint is written in the demo scene")
        XCTAssertEqual(scene.tabBar.translucent, false)
        XCTAssertEqual(scene.centerButton?.selects, 2)
        XCTAssertEqual(scene.centerButton?.spinPeriod, 3)
        XCTAssertEqual(scene.transition, Transition(duration: 1, easing: .cubicBezier(0.42, 0, 0.58, 1)))
        XCTAssertEqual(scene.device.name, "iphone-15")
        XCTAssertEqual(scene.export.frameCount, 90)
    }

    func testDurationIsAWholeNumberOfFrames() throws {
        let scene = try resolve(#"{"export": {"fps": 30, "duration": 1.01}}"#)
        XCTAssertEqual(scene.export.frameCount, 30)
        XCTAssertEqual(scene.export.duration, 1.0, accuracy: 1e-12)
        XCTAssertEqual(scene.export.time(ofFrame: 29), 29.0 / 30)
    }

    func testDefaultLoopCoversTheScript() throws {
        XCTAssertEqual(try resolve(#"{"script": [{"at": 4.2, "tap": 1}]}"#).export.duration, 7)
    }

    func testMissingAssetsAndBadIndicesNameTheirKeys() {
        let json = #"""
        {"tabBar": {"items": [{"title": "A", "icon": "icons/house.svg"}, {"title": "B", "selectedIcon": "spin.json"}, {"title": "C"}]},
         "script": [{"at": 1, "tap": 7}, {"at": 2}, {"at": 9, "tap": "center"}],
         "export": {"duration": 5}}
        """#
        XCTAssertEqual(problems(json), [
            "scene.json: tabBar.items[0].icon: file not found: icons/house.svg",
            #"scene.json: tabBar.items[1].selectedIcon: unsupported file type ".json" (spin.json); use PNG or SVG"#,
            "scene.json: script[0].tap: no item 7; items are 0 to 2",
            #"scene.json: script[1].tap: missing: an item index, "center", {"x": …, "y": …}, or give "scroll" or "badge" instead"#,
            "scene.json: script[2].at: tap at 9 s is not before the loop's end (5 s)",
        ])
    }

    func testAbsurdValuesAreRefused() {
        XCTAssertEqual(problems(#"{"export": {"scale": 40, "fps": 0}}"#), [
            "scene.json: export.scale: 40 is out of range; expected 0.25 to 4",
            "scene.json: export.fps: 0 is out of range; expected 1 to 60 fps",
        ])
        XCTAssertEqual(problems(#"{"export": {"fps": 60, "duration": 120}}"#),
                       ["scene.json: export.duration: 7200 frames (duration × fps) is more than the limit of 3000 (raise it with --limit frames=7200)"])
        XCTAssertEqual(problems(#"{"tabBar": {"items": [{}, {}, {}, {}, {}, {}]}}"#).first,
                       #"scene.json: tabBar.items: a tab bar has 1 to 5 items, found 6 (UIKit moves the rest to a "More" tab)"#)
    }

    func testUnknownDeviceSuggestsAPreset() {
        XCTAssertEqual(problems(#"{"device": "iphone-51"}"#),
                       [#"scene.json: device: unknown device "iphone-51"; known: iphone-se, iphone-14, iphone-15, iphone-16-pro, iphone-15-pro-max, iphone-16, iphone-16-plus, iphone-16-pro-max, iphone-17, iphone-17-pro, iphone-17-pro-max, iphone-duo-outer, iphone-duo-inner, ipad-pro-11, ipad-pro-13, ipad-air-11, ipad-air-13, ipad-mini, ipad-10 (did you mean "iphone-15"?)"#])
    }

    func testScreenshotsMustBeReadablePNGs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A valid header: signature, IHDR length and type, width 750, height 1334.
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 2, 0xEE, 0, 0, 5, 0x36]
        try Data(header).write(to: folder.appendingPathComponent("screen.png"))
        try Data("GIF89a".utf8).write(to: folder.appendingPathComponent("fake.png"))
        try Data("<svg/>".utf8).write(to: folder.appendingPathComponent("screen.svg"))
        let json = #"{"contents": [{"screenshot": "screen.png"}, {"screenshot": "fake.png"}, {"screenshot": "screen.svg"}]}"#
        let resolver = SceneResolver(file: "scene.json", baseDirectory: folder)
        do {
            _ = try resolver.resolve(try SceneSpec.parse(Data(json.utf8), file: "scene.json"))
            XCTFail("expected errors")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.description), [
                "scene.json: contents[1].screenshot: not a readable PNG file: fake.png",
                #"scene.json: contents[2].screenshot: unsupported file type ".svg" (screen.svg); use PNG"#,
            ])
        }
        let good = try resolver.resolve(try SceneSpec.parse(Data(#"{"contents": [{"screenshot": "screen.png"}]}"#.utf8), file: "scene.json"))
        XCTAssertEqual(good.contents[0].screenshot?.pixelSize, Size(width: 750, height: 1334))
    }

    /// A value a flag gave is the flag's problem: the loop it cuts short is told once, as the flag's, with
    /// the way to cut the output instead; the file's own keys are told as before.
    func testAProblemWithAFlagsValueNamesTheFlag() {
        let cut = "--duration 3: the script taps or changes a badge at 4, 5, 6 s and later (4 times in all), after the loop ends"
        XCTAssertEqual(flagged(["duration": "--duration 3"], cutOption: "--to"), [cut + "; use --to 3 to cut the loop instead"])
        XCTAssertEqual(flagged(["duration": "--duration 3"], cutOption: nil), [cut])
        XCTAssertEqual(flagged(["fps": "--fps 60"], cutOption: nil), ["resolved, the flags kept: 1"], "for the exporters' checks")
        XCTAssertEqual(flagged(["fps": "--fps 60"], cutOption: nil, frames: 100),
                       ["--fps 60: 540 frames (duration × fps) is more than the limit of 100 (raise it with --limit frames=540)"])
        XCTAssertEqual(flagged([:], cutOption: nil, frames: 100),
                       ["scene.json: export.duration: 270 frames (duration × fps) is more than the limit of 100 (raise it with --limit frames=270)"])
        XCTAssertEqual(SceneResolver.times([7]), "7 s")
        XCTAssertEqual(SceneResolver.times([7, 8.5]), "7 and 8.5 s")
        XCTAssertEqual(SceneResolver.times([7, 8.5, 10]), "7, 8.5 and 10 s")
    }

    /// A 9 s scene resolved with `export` keys replaced as `flags` say (the duration by 3 s, the frame rate
    /// by 60): its problems as printed.
    private func flagged(_ flags: [String: String], cutOption: String?, frames: Int = 3000) -> [String] {
        let json = #"{"export": {"fps": 30}, "script": [{"at": 1, "tap": 0}, {"at": 4, "tap": 1}, {"at": 5, "badge": {"item": 0, "value": "1"}}, {"at": 6, "tap": 0}, {"at": 7, "tap": 1}]}"#
        var resolver = SceneResolver(file: "scene.json", baseDirectory: fixtureURL(""))
        resolver.limits.frames = frames
        resolver.flags = Dictionary(uniqueKeysWithValues: flags.map { (KeyPath.root.appending("export").appending($0.key), $0.value) })
        resolver.cutOption = cutOption
        do {
            let scene = try resolver.resolve(try SceneSpec.read(Data(json.utf8), file: "scene.json")) { spec in
                if flags["duration"] != nil { spec.export?.duration = 3 }
                if flags["fps"] != nil { spec.export?.fps = 60 }
            }
            return ["resolved, the flags kept: \(scene.flags.count)"]
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testCenterButtonRules() throws {
        XCTAssertNil(try resolve(#"{"centerButton": null}"#).centerButton)
        XCTAssertNil(try resolve(#"{"tabBar": {"items": [{}, {}]}}"#).centerButton, "no center item, no default button")
        XCTAssertEqual(problems(#"{"tabBar": {"items": [{}, {}]}, "centerButton": {}}"#),
                       ["scene.json: centerButton.selects: needed: with 2 items there is no center item to select"])
        XCTAssertEqual(try resolve(#"{"tabBar": {"items": [{}, {}]}, "centerButton": {"selects": 1}}"#).centerButton?.selects, 1)
    }
}
