import Foundation
import GIFExport
import TestSupport
import XCTest

/// `tabanim diff`: the list of changes and the picture of both scenes on one clock, read back from the
/// GIF's pixels and checked against the scene's own layout (`timeline --json`).
final class DiffCommandTests: CLITestCase {
    /// The outline's colour (`ComparisonPicture.outlineColor`).
    private static let outline: (Int, Int, Int) = (255, 45, 85)
}

extension CLITestCase {
    /// A copy of the demo folder, with each edit of its scene written beside it under its name.
    func demo(_ edits: [String: (inout [String: Any]) -> Void]) throws -> URL {
        let folder = try temporaryFolder().appendingPathComponent("demo")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Assets/demo"), to: folder)
        let scene = folder.appendingPathComponent("scene.json")
        for (name, edit) in edits {
            var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: scene)) as? [String: Any])
            edit(&json)
            try JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted]).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    static func items(_ json: inout [String: Any], _ edit: (inout [[String: Any]]) -> Void) {
        var bar = json["tabBar"] as! [String: Any]
        var items = bar["items"] as! [[String: Any]]
        edit(&items)
        bar["items"] = items
        json["tabBar"] = bar
    }

    static func dropLottieFolder(_ json: inout [String: Any]) {
        var bar = json["tabBar"] as! [String: Any]
        bar["lottieFolder"] = nil
        json["tabBar"] = bar
    }

    static func retitle(_ json: inout [String: Any]) { items(&json) { $0[3]["title"] = "Explore" } }

    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func rect(_ value: Any?) throws -> (x: Double, y: Double, width: Double, height: Double) {
        let r = try XCTUnwrap(value as? [String: Double])
        return (r["x"]!, r["y"]!, r["width"]!, r["height"]!)
    }

    /// Each item's frame as the scene's own timeline gives it.
    func itemFrames(_ scene: String, in folder: URL) throws -> [(x: Double, y: Double, width: Double, height: Double)] {
        let timeline = try tabanim(["timeline", scene, "--json"], in: folder)
        XCTAssertEqual(timeline.status, 0, timeline.stderr)
        let spec = try XCTUnwrap(try json(timeline.stdout)["spec"] as? [String: Any])
        return try XCTUnwrap(spec["items"] as? [[String: Any]]).map { try rect($0["frame"]) }
    }

}

extension DiffCommandTests {
    func testARetitledItemIsListedWithItsRegionAndOutlinedAloneOnOneClock() throws {
        let folder = try demo(["retitled.json": { Self.retitle(&$0) }])
        let result = try tabanim(["diff", "scene.json", "retitled.json", "-o", "ab.gif", "--json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("1 change: item 3 title\nWrote ab.gif (360 frames, 12 s, "), result.stderr)
        let report = try json(result.stdout)
        let changes = try XCTUnwrap(report["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes[0]["kind"] as? String, "item-retitled")
        XCTAssertEqual(changes[0]["key"] as? String, "tabBar.items.3.title")
        XCTAssertEqual(changes[0]["before"] as? String, "“发现”")
        XCTAssertEqual(changes[0]["after"] as? String, "“Explore”")
        XCTAssertEqual(changes[0]["differs"] as? [[Double]], [[0, 12]], "a title differs for the whole loop")
        let frames = try itemFrames("scene.json", in: folder)
        XCTAssertEqual(frames.count, 5)
        let item3 = try rect(changes[0]["regionB"])
        XCTAssertEqual(item3.x, frames[3].x); XCTAssertEqual(item3.y, frames[3].y)
        XCTAssertEqual(item3.width, frames[3].width); XCTAssertEqual(item3.height, frames[3].height)

        // The picture: both scenes at 1 px per pt, each in its panel.
        let picture = try XCTUnwrap(report["picture"] as? [String: Any])
        let panels = [try rect(picture["panelA"]), try rect(picture["panelB"])]
        let shown = try rect((report["a"] as? [String: Any])?["region"])
        let gif = try DecodedGIF(path: folder.appendingPathComponent("ab.gif").path, playedAt: 30)
        XCTAssertEqual(gif.frames.count, 360, "the comparison's clock: 12 s at 30 fps")
        XCTAssertEqual(gif.width, Int(picture["width"] as! Double))
        func pixel(_ frame: Int, _ x: Double, _ y: Double) -> (Int, Int, Int) {
            let offset = (Int(y) * gif.width + Int(x)) * 4
            let rgba = gif.frames[frame].rgba
            return (Int(rgba[offset]), Int(rgba[offset + 1]), Int(rgba[offset + 2]))
        }
        func isOutline(_ p: (Int, Int, Int)) -> Bool {
            abs(p.0 - Self.outline.0) < 24 && abs(p.1 - Self.outline.1) < 24 && abs(p.2 - Self.outline.2) < 24
        }
        for frame in [0, 100, 250] {
            for panel in panels {
                // The outline is drawn around the item's frame, 2 pt wide outside it: the pixel 1 pt out.
                func top(of item: (x: Double, y: Double, width: Double, height: Double)) -> (Int, Int, Int) {
                    pixel(frame, panel.x + item.x - shown.x + item.width / 2, panel.y + item.y - shown.y - 1)
                }
                func left(of item: (x: Double, y: Double, width: Double, height: Double)) -> (Int, Int, Int) {
                    pixel(frame, panel.x + item.x - shown.x - 1, panel.y + item.y - shown.y + item.height / 2)
                }
                XCTAssertTrue(isOutline(top(of: frames[3])), "frame \(frame): item 3's top edge is outlined, \(top(of: frames[3]))")
                XCTAssertTrue(isOutline(left(of: frames[3])), "frame \(frame): item 3's left edge is outlined")
                for other in [0, 1, 2, 4] {
                    // Item 4's left edge is item 3's right one: its middle is outlined; its top is not.
                    XCTAssertFalse(isOutline(top(of: frames[other])), "frame \(frame): item \(other) is not outlined")
                    if other != 4 { XCTAssertFalse(isOutline(left(of: frames[other])), "frame \(frame): item \(other) is not outlined") }
                }
                // Nothing else in the panel is in the outline's colour (the control: item 3's edges are).
                var outlined = 0
                for y in stride(from: panel.y, to: panel.y + panel.height, by: 1) {
                    for x in stride(from: panel.x, to: panel.x + panel.width, by: 1) where isOutline(pixel(frame, x, y)) {
                        outlined += 1
                        let (sx, sy) = (x - panel.x + shown.x, y - panel.y + shown.y)
                        XCTAssertTrue(sx >= frames[3].x - 2 && sx < frames[3].x + frames[3].width + 2 && sy >= frames[3].y - 2 && sy < frames[3].y + frames[3].height + 2,
                                      "frame \(frame): an outline pixel at (\(sx), \(sy)) pt, outside item 3's region")
                    }
                }
                XCTAssertGreaterThan(outlined, 200)
            }
        }
        // One clock: outside item 3, A's picture and B's are the same at every moment (the button spins,
        // the selection moves, a slide plays in both at once).
        for frame in stride(from: 0, to: 360, by: 15) {
            var differing = 0
            for y in stride(from: 0.0, to: panels[0].height, by: 1) {
                for x in stride(from: 0.0, to: panels[0].width, by: 1) {
                    let (sx, sy) = (x + shown.x, y + shown.y)
                    if sx >= frames[3].x - 3 && sx < frames[3].x + frames[3].width + 3 && sy >= frames[3].y - 3 && sy < frames[3].y + frames[3].height + 3 { continue }
                    let (a, b) = (pixel(frame, panels[0].x + x, panels[0].y + y), pixel(frame, panels[1].x + x, panels[1].y + y))
                    if abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2) > 24 { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "frame \(frame): A and B differ outside item 3")
        }
        // …and the pictures move (the control for the check above: it compares moments that differ).
        XCTAssertNotEqual(gif.frames[0].rgba, gif.frames[30].rgba)
    }

    func testATintChangedTooIsListedBesideTheTitle() throws {
        let folder = try demo(["both.json": { json in
            Self.retitle(&json)
            var bar = json["tabBar"] as! [String: Any]
            bar["tintColor"] = "#E0457B"
            json["tabBar"] = bar
        }])
        let result = try tabanim(["diff", "scene.json", "both.json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try json(result.stdout)
        XCTAssertEqual(report["summary"] as? String, "2 changes: item 3 title, tint")
        let changes = try XCTUnwrap(report["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.map { $0["kind"] as? String }, ["item-retitled", "color"])
        XCTAssertEqual(changes[1]["key"] as? String, "tabBar.tintColor")
        XCTAssertEqual(changes[1]["after"] as? String, "#E0457B")
        XCTAssertNotNil(changes[1]["regionB"], "the tint shows on the bar")
    }

    func testABadgeAddedAndAnItemMovedAreListedAsSuch() throws {
        let folder = try demo([
            "badge.json": { json in Self.items(&json) { $0[4]["badge"] = "3" } },
            // Without `lottieFolder`, which gives animations by position: moved, an item would take another's.
            "still.json": { json in Self.dropLottieFolder(&json) },
            "moved.json": { json in
                Self.dropLottieFolder(&json)
                Self.items(&json) { items in items.insert(items.remove(at: 4), at: 0) }
            },
        ])
        let badge = try json(try tabanim(["diff", "scene.json", "badge.json"], in: folder).stdout)
        let added = try XCTUnwrap(badge["changes"] as? [[String: Any]])
        XCTAssertEqual(added.count, 1, "\(added)")
        XCTAssertEqual(added.first?["kind"] as? String, "badge-added")
        XCTAssertEqual(added.first?["itemB"] as? Int, 4)
        XCTAssertEqual(badge["summary"] as? String, "1 change: badge on 我")

        let moved = try json(try tabanim(["diff", "still.json", "moved.json"], in: folder).stdout)
        let changes = try XCTUnwrap(moved["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.count, 1, "one move, not every row of the items it passed: \(changes)")
        XCTAssertEqual(changes.first?["kind"] as? String, "item-moved")
        XCTAssertEqual(changes.first?["itemA"] as? Int, 4)
        XCTAssertEqual(changes.first?["itemB"] as? Int, 0)
        XCTAssertEqual(moved["summary"] as? String, "1 change: 我 moved")
    }

    /// An item removed is one change; a shorter loop is said, in the list and over its picture, and the clock
    /// runs over the longer.
    func testARemovedItemAndAShorterLoop() throws {
        let folder = try demo(["fewer.json": { json in
            Self.items(&json) { $0.removeLast() }
            var contents = json["contents"] as! [Any]
            contents.removeLast()
            json["contents"] = contents
            json["centerButton"] = NSNull()  // four items have no centre item for it
            json["script"] = (json["script"] as! [[String: Any]]).filter { ($0["tap"] as? Int) != 4 && ($0["tap"] as? String) != "center" && ($0["at"] as! Double) < 10 }
            var export = json["export"] as! [String: Any]
            export["duration"] = 10.5
            json["export"] = export
        }])
        let result = try tabanim(["diff", "scene.json", "fewer.json", "-o", "ab.gif", "--json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try json(result.stdout)
        let changes = try XCTUnwrap(report["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.first { $0["kind"] as? String == "item-removed" }?["itemA"] as? Int, 4)
        XCTAssertNil(changes.first { $0["kind"] as? String == "item-removed" }?["regionB"], "not drawn in B")
        XCTAssertTrue(changes.contains { $0["kind"] as? String == "timing" && $0["key"] as? String == "export.duration" })
        XCTAssertFalse(changes.contains { ["item-retitled", "item-moved", "item-reiconed"].contains($0["kind"] as? String) }, "\(changes)")
        XCTAssertEqual(report["loops"] as? String,
                       "The loops differ: B is 10.5 s, A 12 s. From 10.5 s B stays as its loop ends (nothing more happens) until both start again.")
        XCTAssertEqual(report["duration"] as? Double, 12, "the longer loop")
        XCTAssertTrue(result.stderr.contains("\nThe loops differ: B is 10.5 s, A 12 s."), result.stderr)
        XCTAssertTrue(result.stderr.contains("Wrote ab.gif (360 frames, 12 s, "), result.stderr)
    }

    func testTheSameSceneHasNoChangeAndAPNGNeedsAMoment() throws {
        let folder = try demo([:])
        let same = try tabanim(["diff", "scene.json", "scene.json"], in: folder)
        XCTAssertEqual(try json(same.stdout)["summary"] as? String, "No change")
        let png = try tabanim(["diff", "scene.json", "scene.json", "-o", "ab.png"], in: folder)
        XCTAssertEqual(png.status, 64)
        XCTAssertTrue(png.stderr.hasPrefix("Error: a PNG shows one moment: give it with --at"), png.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ab.png").path))
    }

    /// `--region` is export's too: the seed's scene draws the whole screen, `--region tabBar` its bar.
    func testExportTakesTheRegion() throws {
        let folder = try temporaryFolder()
        for (region, height) in [("screen", "852"), ("tabBar", "123")] {
            let result = try tabanim(["export", Self.seed, "-o", "\(region).svg", "--region", region, "-q"], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            let svg = try String(contentsOf: folder.appendingPathComponent("\(region).svg"), encoding: .utf8)
            XCTAssertTrue(svg.contains(" width=\"393\" height=\"\(height)\""), String(svg.prefix(200)))
        }
    }
}
