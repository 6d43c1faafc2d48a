import Drawing
import Foundation
import GIFExport
import Outputs
import TestSupport
import XCTest

/// `init`, `sheet`, `timeline`, `validate` and `presets`.
final class CommandTests: CLITestCase {
    // MARK: - init

    /// The starter works from anywhere: written into one folder, exported from another.
    func testInitWritesAStarterThatExportsFromAnyFolder() throws {
        let base = try folder(), elsewhere = try folder()
        let target = base.appendingPathComponent("new folder/starter").path
        let result = try tabanim(["init", target], in: elsewhere)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, """
            Created \(target)/scene.json, 8 icons in \(target)/icons/ and 1 Lottie file in \(target)/lottie/.

            Next:
              tabanim export '\(target)/scene.json' -o '\(target)/demo.gif'
              tabanim sheet '\(target)/scene.json' -o '\(target)/sheet.png'
              tabanim timeline '\(target)/scene.json'

            """)
        let export = try tabanim(["export", "\(target)/scene.json", "-o", "\(target)/a.gif"], in: elsewhere)
        XCTAssertEqual(export.status, 0, export.stderr)
        let gif = try DecodedGIF(path: "\(target)/a.gif", playedAt: 30)
        XCTAssertEqual(gif.frames.count, 270, "9 s at 30 fps")
        XCTAssertEqual([gif.width, gif.height], [786, 1704], "at scale 2")
        let timeline = try tabanim(["timeline", "\(target)/scene.json", "--json"])
        XCTAssertTrue(timeline.stdout.contains(#""kind" : "spin-start""#), "the starter shows the spinning button")
        XCTAssertTrue(timeline.stdout.contains(#""file" : "lottie/star.json""#), "and its Lottie icon")

        // A second init changes nothing without --force.
        let scene = URL(fileURLWithPath: "\(target)/scene.json")
        try write("{}", to: scene)
        let again = try tabanim(["init", target], in: elsewhere)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "Error: \(target)/scene.json already exists (and 10 more starter files); use --force to replace the starter's files\n")
        XCTAssertEqual(try String(contentsOf: scene, encoding: .utf8), "{}")
        XCTAssertEqual(try tabanim(["init", target, "--force"], in: elsewhere).status, 0)
        XCTAssertNotEqual(try String(contentsOf: scene, encoding: .utf8), "{}")
    }

    func testInitIntoTheCurrentFolderAndOntoAFile() throws {
        let here = try folder()
        let result = try tabanim(["init"], in: here)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Created scene.json, 8 icons in icons/ and 1 Lottie file in lottie/.\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  tabanim export scene.json -o demo.gif\n"))
        XCTAssertEqual(try tabanim(["validate", "scene.json"], in: here).status, 0)
        let onFile = try tabanim(["init", "scene.json"], in: here)
        XCTAssertEqual(onFile.status, 1)
        XCTAssertEqual(onFile.stderr, "Error: scene.json is a file, not a folder\n")
    }

    // MARK: - sheet

    func testSheetCaptionsTellTheStory() throws {
        let out = try folder()
        let result = try tabanim(["sheet", Self.seed, "-o", "sheet.png", "--verbose"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.dropLast(), [
            "· 0.00 s · start, 首页 selected",
            "· 0.50 s · tap button · slide 0→2 · spin starts",
            "· 1.00 s · sliding 0→2, 50 % across · button spinning",
            "· 1.50 s · slide 0→2 done",
            "· 2.50 s · tap (196.5, 752) → button · spin restarts from 0°",
            "· 4.00 s · tap 我 · slide 2→4 · spin stops",
            "· 4.50 s · sliding 2→4, 50 % across",
            "· 5.00 s · slide 2→4 done",
            "· 5.50 s · tap 旋转 · slide 4→2 · spin starts",
            "· 6.00 s · sliding 4→2, 50 % across · button spinning",
            "· 6.50 s · slide 4→2 done",
            "· 7.50 s · tap 首页 · slide 2→0 · spin stops",
            "· 8.00 s · sliding 2→0, 50 % across",
            "· 8.50 s · slide 2→0 done",
        ])
        XCTAssertTrue(lines.last?.hasPrefix("Wrote sheet.png (14 frames in 6 columns, ") == true, result.stderr)
        let sheet = try pixels(ofPNG: out.appendingPathComponent("sheet.png"))
        // Six frames of 197 px (393 pt at 0.5) with 28 px between them and 32 px margins.
        XCTAssertEqual(sheet.width, 2 * 32 + 6 * 197 + 5 * 28)
        XCTAssertEqual(Array(sheet.rgba[0..<4]), [242, 242, 247, 255], "the paper")
        XCTAssertEqual(try tabanim(["sheet", Self.seed, "-o", "sheet.png", "--columns", "4"], in: out).status, 0)
        XCTAssertEqual(try pixels(ofPNG: out.appendingPathComponent("sheet.png")).width, 2 * 32 + 4 * 197 + 3 * 28)
    }

    func testSheetEverySoOftenSaysWhatHappenedSinceTheLastFrame() throws {
        let out = try folder()
        let result = try tabanim(["sheet", Self.seed, "-o", "s.png", "--every", "1", "--from", "2", "--to", "5", "-v"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").dropLast().map(String.init), [
            "· 2.00 s · slide 0→2 done",
            "· 3.00 s · tap (196.5, 752) → button · spin restarts from 0°",
            "· 4.00 s · tap 我 · slide 2→4 · spin stops",
        ])
        assertUsageError(try tabanim(["sheet", Self.seed, "-o", "s.png", "--from", "8.6"], in: out),
                         "no moment to show between 8.6 s and 9 s", see: "tabanim sheet --help")
    }

    // MARK: - timeline

    func testTimelineJSONShowsTheSeedRules() throws {
        let result = try tabanim(["timeline", Self.seed, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        struct Report: Decodable {
            struct Event: Decodable { var time: Double; var kind: String; var item: Int?; var programmatic: Bool?; var script: Int? }
            var scene: String
            var duration: Double
            var fps: Double
            var frames: Int
            var events: [Event]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        XCTAssertEqual([report.duration, report.fps, Double(report.frames)], [9, 30, 270])
        let spin = report.events.filter { $0.kind.hasPrefix("spin-") }.map { "\($0.time) \($0.kind)" }
        XCTAssertEqual(spin, ["0.5 spin-start", "2.5 spin-restart", "4.0 spin-stop", "5.5 spin-start", "7.5 spin-stop"])
        XCTAssertEqual(report.events.first { $0.kind == "select" }?.programmatic, true, "the button selects programmatically")
        XCTAssertFalse(report.events.contains { $0.kind == "didSelect" && $0.time == 0.5 }, "no didSelect for the button")
        XCTAssertTrue(report.events.contains { $0.kind == "didSelect" && $0.time == 5.5 && $0.item == 2 }, "the bar's center item")
        let table = try tabanim(["timeline", Self.seed])
        XCTAssertEqual(table.stderr, "")
        XCTAssertTrue(table.stdout.hasPrefix("loop 9 s at 30 fps (270 frames)\n"))
        XCTAssertTrue(table.stdout.contains("   2.50s  tap                   point (196.5, 752) → center button  (script[1])\n"), table.stdout)
    }

    /// The table names a tap by its place in the file, even when the file lists taps out of time order.
    func testTimelineTableNamesTapsByTheirKeyInTheFile() throws {
        let out = try folder()
        try write(#"{"script": [{"at": 2, "tap": 1}, {"at": 0.5, "tap": 1}]}"#, to: out.appendingPathComponent("s.json"))
        let table = try tabanim(["timeline", "s.json"], in: out)
        XCTAssertTrue(table.stdout.contains("   0.50s  tap                   item 1  (script[1])\n"), table.stdout)
        XCTAssertTrue(table.stdout.contains("   2.00s  tap                   item 1  (script[0])\n"), table.stdout)
    }

    /// `spec`: the numbers to build the bar from, laid out by UIKit's rules (SPEC.md) on an iPhone 15.
    func testTimelineJSONGivesTheNumbersToBuildFrom() throws {
        let out = try folder()
        try write("""
            {"tabBar": {"appearance": "scrollEdge", "items": [{"title": "A", "animation": {"effect": "flip", "duration": 0.4, "curve": "linear"}}, {"title": "B"}]},
             "centerButton": {"selects": 1, "size": 60, "offsetY": -10, "spinPeriod": 2},
             "transition": {"duration": 0.3, "curve": [0.2, 0.8, 0.3, 1.1]}}
            """, to: out.appendingPathComponent("s.json"))
        let result = try tabanim(["timeline", "s.json", "--json"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let spec = try XCTUnwrap(json["spec"] as? [String: Any])
        func value(_ path: String) -> Any? {
            path.split(separator: ".").reduce(spec as Any?) { node, key in
                if let index = Int(key) { return (node as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil } }
                return (node as? [String: Any])?[String(key)]
            }
        }
        func number(_ path: String) -> Double? { value(path) as? Double }
        XCTAssertEqual(value("device.name") as? String, "iphone-15")
        XCTAssertEqual(number("tabBar.frame.y"), 852 - 83, "49 pt of items and the 34 pt safe area, at the bottom")
        XCTAssertEqual(number("tabBar.frame.height"), 83)
        XCTAssertNil(value("tabBar.hairline"), "the scroll-edge appearance draws no hairline")
        XCTAssertNil(value("tabBar.backgroundColor"))
        XCTAssertEqual(value("tabBar.tintColor") as? String, "#007AFF", "systemBlue")
        XCTAssertEqual([number("items.1.frame.x"), number("items.1.frame.width")], [196.5, 196.5], "equal shares, no margins")
        XCTAssertEqual(number("items.0.iconFrame.y"), 769 + 18.6 - 12, "icon centred 18.6 pt below the bar's top")
        XCTAssertEqual(number("items.0.titleBaseline.y"), 769 + 44.9)
        XCTAssertEqual(value("items.0.animation.kind") as? String, "flip")
        XCTAssertEqual(value("items.0.animation.curve") as? [Double], [0, 0, 1, 1])
        XCTAssertEqual(number("items.0.animation.duration"), 0.4)
        XCTAssertEqual([number("centerButton.center.x"), number("centerButton.center.y")], [196.5, 759], "on the bar's top edge, 10 pt up")
        XCTAssertEqual([number("centerButton.width"), number("centerButton.spinPeriod")], [60, 2])
        XCTAssertEqual(value("transition.curve") as? [Double], [0.2, 0.8, 0.3, 1.1])
        XCTAssertNil(value("transition.curveName"))
        XCTAssertEqual(number("transition.duration"), 0.3)
        XCTAssertEqual([number("output.pixelWidth"), number("output.pixelHeight")], [786, 1704], "the default 2 px per pt")

        let seed = try JSONSerialization.jsonObject(with: Data(try tabanim(["timeline", Self.seed, "--json"]).stdout.utf8)) as? [String: Any]
        let seedSpec = try XCTUnwrap(seed?["spec"] as? [String: Any])
        XCTAssertEqual((seedSpec["transition"] as? [String: Any])?["curveName"] as? String, "easeInEaseOut")
        XCTAssertEqual(((seedSpec["tabBar"] as? [String: Any])?["hairline"] as? [String: Any])?["height"] as? Double, 0.333, "one pixel @3x")
    }

    // MARK: - validate

    func testValidateReportsAGoodScene() throws {
        let result = try tabanim(["validate", Self.seed])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "\(Self.seed): OK: iphone-15 (393×852 pt), 5 items, center button selects item 2, slide 1 s, 5 taps, 9 s loop at 30 fps (270 frames)")
        // Then the face of every title: the seed's CJK titles in their Noto font.
        XCTAssertEqual(lines.count, 2, result.stdout)
        XCTAssertTrue(lines.last?.hasPrefix("  text: \"首页\" Noto Sans CJK") == true, result.stdout)
        let quiet = try tabanim(["validate", Self.seed, "-q"])
        XCTAssertEqual([quiet.stdout, quiet.stderr], ["", ""])
        XCTAssertEqual(quiet.status, 0)
    }

    /// Wrong values, a missing file and an unreadable image, all in one run: the image is decoded even
    /// though the scene could not be resolved.
    func testValidateReportsEveryProblemAtOnce() throws {
        let out = try folder()
        try Data("<svg".utf8).write(to: out.appendingPathComponent("broken.svg"))
        try write("""
            {"export": {"fps": 120},
             "tabBar": {"items": [{"icon": "broken.svg"}, {"icon": "missing.svg"}, {"title": "C"}]},
             "script": [{"at": 1, "tap": 7}]}
            """, to: out.appendingPathComponent("bad.json"))
        let result = try tabanim(["validate", "bad.json"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, result.stderr)
        XCTAssertTrue(lines.contains("Error: bad.json: tabBar.items[1].icon: file not found: missing.svg"), result.stderr)
        XCTAssertTrue(lines.contains("Error: bad.json: export.fps: 120 is out of range; expected 1 to 60 fps"), result.stderr)
        XCTAssertTrue(lines.contains("Error: bad.json: script[0].tap: no item 7; items are 0 to 2"), result.stderr)
        XCTAssertTrue(lines.last!.hasPrefix("Error: bad.json: tabBar.items[0].icon: unreadable SVG broken.svg: "), result.stderr)

        let both = try tabanim(["validate", Self.seed, "bad.json"], in: out)
        XCTAssertEqual(both.status, 1)
        XCTAssertTrue(both.stdout.hasPrefix("\(Self.seed): OK: "))
        XCTAssertTrue(both.stderr.hasSuffix("\n1 of 2 scenes have problems.\n"), both.stderr)
    }

    func testValidateWarnsAboutIgnoredTapsAndFastGIFs() throws {
        let out = try folder()
        try write(#"{"export": {"fps": 60}, "script": [{"at": 1, "tap": 1}, {"at": 1.5, "tap": 3}]}"#, to: out.appendingPathComponent("w.json"))
        let result = try tabanim(["validate", "w.json"], in: out)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, """
            Warning: w.json: script[1]: the tap at 1.5 s will be ignored: transition 0→1 running until 2 s
            Warning: w.json: export.fps: 60 fps is too fast for a GIF (at most 50); SVG and PNG frames are fine

            """)
    }

    /// A Lottie clip using what tabanim's engine does not draw is drawn without it, as lottie-ios leaves it
    /// undrawn, and says so: validate and export warn with its key path, export --verbose counts the clips.
    func testALottieClipTheEngineDoesNotDrawIsNamedWithWhatItUses() throws {
        let out = try folder()
        let lottie = out.appendingPathComponent("lottie")
        try FileManager.default.createDirectory(at: lottie, withIntermediateDirectories: true)
        for name in ["square", "unknown_layer"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/Fixtures/lottie/\(name).json"),
                                             to: lottie.appendingPathComponent("\(name).json"))
        }
        try write(#"{"tabBar": {"items": [{"title": "A", "animation": {"lottie": "lottie/unknown_layer.json"}}, {"title": "B", "animation": {"lottie": "lottie/square.json"}}]}, "centerButton": null}"#,
                  to: out.appendingPathComponent("l.json"))
        let result = try tabanim(["validate", "l.json"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, """
            Warning: l.json: tabBar.items[0].animation: lottie/unknown_layer.json uses layer type 99, which tabanim's Lottie engine does not draw: left undrawn, as lottie-ios leaves what it does not support
            Warning: l.json: "A", "B" drawn in Inter, a stand-in for SF Pro (widths within 1 pt of iOS at 10 pt); list Apple's SF Pro (SF-Pro.ttf, developer.apple.com/fonts) in "fonts" or install it to draw them as iOS does

            """)
        let export = try tabanim(["export", "l.json", "-o", "l.gif", "--verbose", "--fps", "5", "--scale", "0.5"], in: out)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stderr.contains("· Lottie: 2 clips drawn by tabanim's engine at the exact time of each frame"), export.stderr)
        XCTAssertTrue(export.stderr.contains("Warning: l.json: tabBar.items[0].animation: lottie/unknown_layer.json uses layer type 99"), export.stderr)
    }

    // MARK: - presets

    func testPresetsListTheDevices() throws {
        let table = try tabanim(["presets"])
        XCTAssertEqual(table.status, 0)
        XCTAssertEqual(table.stderr, "")
        let lines = table.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 21, "a header, 19 presets and the iPhone Duo's note")
        XCTAssertEqual(lines[0], "name                 size (pt)    scale  pixels       status bar  home indicator  tab bar  landscape      corners")
        XCTAssertEqual(lines[1], "iphone-se            375 × 667    @2x    750 × 1334   20 pt       0 pt            49 pt    0/0/0/0 pt     0 pt")
        XCTAssertTrue(lines.contains("iphone-15 (default)  393 × 852    @3x    1179 × 2556  59 pt       34 pt           83 pt    0/59/21/59 pt  55 pt"), table.stdout)
        XCTAssertTrue(lines.contains("ipad-pro-11          834 × 1210   @2x    1668 × 2420  24 pt       20 pt           65 pt    24/0/20/0 pt   18 pt"), table.stdout)
        XCTAssertTrue(lines.contains("iphone-duo-outer     466 × 678    @3x    1398 × 2034  0 pt        34 pt           83 pt    0/0/34/84 pt   58 pt"), table.stdout)
        XCTAssertTrue(lines.last?.hasPrefix("iphone-duo-outer and iphone-duo-inner are the iPhone Duo's two displays") == true, table.stdout)
        struct Row: Decodable { var name: String; var isDefault: Bool; var width: Double; var tabBarHeight: Double }
        let rows = try JSONDecoder().decode([Row].self, from: Data(try tabanim(["presets", "--json"]).stdout.utf8))
        XCTAssertEqual(rows.map(\.name), ["iphone-se", "iphone-14", "iphone-15", "iphone-16-pro", "iphone-15-pro-max", "iphone-16", "iphone-16-plus", "iphone-16-pro-max", "iphone-17", "iphone-17-pro", "iphone-17-pro-max",
                                          "iphone-duo-outer", "iphone-duo-inner", "ipad-pro-11", "ipad-pro-13", "ipad-air-11", "ipad-air-13", "ipad-mini", "ipad-10"])
        XCTAssertEqual(rows.filter(\.isDefault).map(\.name), ["iphone-15"])
        XCTAssertEqual(rows.map(\.tabBarHeight), [49] + Array(repeating: 83, count: 12) + Array(repeating: 65, count: 6))
        // Every preset the table lists is one a scene can name.
        let out = try folder()
        for row in rows {
            try write(#"{"device": "\#(row.name)"}"#, to: out.appendingPathComponent("d.json"))
            XCTAssertTrue(try tabanim(["validate", "d.json"], in: out).stdout.contains(": OK: \(row.name) ("), row.name)
        }
    }
}
