import Basics
import Foundation
import Graph
import Scene
import TestSupport
import XCTest
@testable import tabanim

/// `validate` tells what UIKit would show wrong, before any export: a title under the raised button, text
/// too faint against what is behind it; `--strict` fails on it. The starter scene, changed as designers
/// change it.
final class DesignCheckTests: CLITestCase {
    /// The starter with `change` applied to its scene, in a fresh folder; returns the folder.
    private func starter(_ change: (inout [String: Any]) -> Void) throws -> URL {
        let out = try folder()
        XCTAssertEqual(try tabanim(["init", "s"], in: out).status, 0)
        let url = out.appendingPathComponent("s/scene.json")
        var scene = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&scene)
        try JSONSerialization.data(withJSONObject: scene).write(to: url)
        return out
    }

    private func designWarnings(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Warning:") && !$0.contains("stand-in for SF Pro") }
    }

    func testTheStarterAsShippedHasNothingToTellInEitherStyle() throws {
        for style in ["light", "dark"] {
            let out = try starter { $0["interfaceStyle"] = style }
            let result = try tabanim(["validate", "s/scene.json", "--strict"], in: out)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(designWarnings(result.stderr), [], style)
        }
    }

    func testDarkModeOnLightOnlyColoursNamesTheInvisibleStatusBarAndTitle() throws {
        // The starter's colours have dark values; a designer's scene often gives the light ones only.
        let out = try starter { scene in
            scene["interfaceStyle"] = "dark"
            scene["contents"] = (scene["contents"] as? [[String: Any]] ?? []).map { content in
                var light = content
                light["color"] = (content["color"] as? [String: Any])?["light"] ?? content["color"]
                return light
            }
        }
        let result = try tabanim(["validate", "s/scene.json"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = designWarnings(result.stderr)
        XCTAssertTrue(warnings.contains { $0.hasPrefix("Warning: s/scene.json: contents[0].color: the status bar and the navigation title \"Today\" (dark mode's label colour, #FFFFFF) on #FFFFFF: contrast 1.0:1, below WCAG's 3.0:1") },
                      warnings.joined(separator: "\n"))
        XCTAssertEqual(try tabanim(["validate", "s/scene.json", "--strict", "-q"], in: out).status, 1)
        // Export draws it as the app would, and says so.
        let export = try tabanim(["export", "s/scene.json", "-o", "x.svg", "--fps", "5"], in: out)
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stderr.contains("contents[0].color: the status bar and the navigation title"), export.stderr)
    }

    func testTheRaisedButtonOnAnIPadNamesTheTitleItCovers() throws {
        let out = try starter { $0["device"] = "ipad-pro-11" }
        let result = try tabanim(["validate", "s/scene.json"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(designWarnings(result.stderr).contains(
            "Warning: s/scene.json: tabBar.items[2].title: \"New\" is drawn under the raised centre button on ipad-pro-11: UIKit draws the button over it; leave item 2's title empty (the button stands for it), or drop the button on this device"),
            result.stderr)
        XCTAssertEqual(try tabanim(["validate", "s/scene.json", "--strict", "-q"], in: out).status, 1)
    }

    func testContrastIsWCAGs() {
        // WCAG 2.2's understanding of SC 1.4.3: black on white 21:1; #777777 on white 4.48:1.
        let white = Color(red: 1, green: 1, blue: 1)
        XCTAssertEqual(DesignCheck.contrast(Color(red: 0, green: 0, blue: 0), white), 21, accuracy: 0.01)
        XCTAssertEqual(DesignCheck.contrast(Color(red: 0x77 / 255.0, green: 0x77 / 255.0, blue: 0x77 / 255.0), white), 4.48, accuracy: 0.01)
        // Half-transparent black over white is grey 0.5 (3.98:1).
        XCTAssertEqual(DesignCheck.contrast(Color(red: 0, green: 0, blue: 0, alpha: 0.5).over(white), white), 3.98, accuracy: 0.01)
    }

    // MARK: - The glass bar of an iPhone (issue 57)

    /// The demo of the late-2026 bar (`Assets/demo/bars2026.json`: an accessory, a bar that minimizes on
    /// scroll down at 1 s, a search tab opened at 5.5 s) with the seeds' raised button, `change` applied.
    private func glassWithButton(_ change: (inout [String: Any]) -> Void = { _ in }) throws -> (folder: URL, warnings: [String]) {
        let out = try folder()
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Assets/demo/icons"), to: out.appendingPathComponent("icons"))
        let demo = try Data(contentsOf: packageRoot.appendingPathComponent("Assets/demo/bars2026.json"))
        var scene = try XCTUnwrap(try JSONSerialization.jsonObject(with: demo) as? [String: Any])
        scene["centerButton"] = ["image": "icons/add.svg", "size": 56, "selects": 1]
        var bar = try XCTUnwrap(scene["tabBar"] as? [String: Any]), items = try XCTUnwrap(bar["items"] as? [[String: Any]])
        items[1]["title"] = ""
        bar["items"] = items
        scene["tabBar"] = bar
        change(&scene)
        try JSONSerialization.data(withJSONObject: scene).write(to: out.appendingPathComponent("scene.json"))
        let result = try tabanim(["validate", "scene.json"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (out, designWarnings(result.stderr).filter { !$0.contains("SF Symbols drawn with stand-ins") })
    }

    func testTheRaisedButtonOnTheGlassBarIsNamedWithTheMomentItCovers() throws {
        let (_, warnings) = try glassWithButton()
        XCTAssertEqual(warnings, [
            #"Warning: scene.json: centerButton: the raised centre button covers the accessory ("Blue in Green") above the bar from 0 s on iphone-17: UIKit draws the button over it; the glass bar's tabs need no raised button"#,
            #"Warning: scene.json: centerButton: the raised centre button covers the accessory ("Blue in Green") beside the minimized bar, from 1 s (minimizeBehavior "onScrollDown") on iphone-17"#,
            #"Warning: scene.json: centerButton: the raised centre button floats over the content while the bar is minimized, from 1 s (minimizeBehavior "onScrollDown") on iphone-17: the bar it stood on has shrunk to its capsule; drop the button on the glass bar, or keep the bar from minimizing ("minimizeBehavior": "never")"#,
            #"Warning: scene.json: centerButton: the raised centre button covers the search field (its prompt "Search") while search is open, from 5.5 s on iphone-17: UIKit draws the button over it"#,
        ])
    }

    func testWithoutTheMomentsNothingIsToldAndAProminentTabIsNamed() throws {
        // So that the check can fail: no accessory, a bar that never minimizes, search never opened.
        let (_, quiet) = try glassWithButton { scene in
            var bar = scene["tabBar"] as? [String: Any] ?? [:]
            bar["minimizeBehavior"] = "never"
            bar["accessory"] = nil
            scene["tabBar"] = bar
            scene["script"] = [["at": 1, "tap": 0]]
        }
        XCTAssertEqual(quiet, [])
        // The minimized bar alone, scrolled by a fling at 1 s: the button over the content only.
        let (_, minimized) = try glassWithButton { scene in
            var bar = scene["tabBar"] as? [String: Any] ?? [:]
            bar["accessory"] = nil
            scene["tabBar"] = bar
            scene["script"] = [["at": 1, "scroll": ["by": 600, "fling": true]]]
        }
        XCTAssertEqual(minimized.count, 1, minimized.joined(separator: "\n"))
        XCTAssertTrue(minimized.first?.contains("floats over the content while the bar is minimized, from 1 s") == true, minimized.joined(separator: "\n"))
        // iOS 27's prominent tab and the raised button: two tabs stand out.
        let (_, prominent) = try glassWithButton { scene in
            scene["os"] = "27"
            var bar = scene["tabBar"] as? [String: Any] ?? [:], items = bar["items"] as? [[String: Any]] ?? []
            items[2]["role"] = "prominent"
            bar["items"] = items
            scene["tabBar"] = bar
        }
        XCTAssertTrue(prominent.contains(#"Warning: scene.json: tabBar.items[2].role: item 2 is a prominent tab and the scene keeps the seeds' raised centre button (it selects item 1): two tabs stand out from 0 s; keep one"#),
                      prominent.joined(separator: "\n"))
    }

    /// A template picture is drawn from its alpha alone: an opaque full-colour one draws as a solid square.
    /// Told for that icon only: not for the same picture drawn "original", nor for a template icon with a
    /// clear background (the controls), and the review page says it too.
    func testAnOpaqueFullColourIconDrawnAsATemplateIsTold() throws {
        let out = try folder()
        let solid = ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><rect width="24" height="24" fill="#f80"/><circle cx="12" cy="12" r="6" fill="#08f"/></svg>"##
        let clear = ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9" fill="#000"/></svg>"##
        try solid.write(to: out.appendingPathComponent("solid.svg"), atomically: true, encoding: .utf8)
        try clear.write(to: out.appendingPathComponent("clear.svg"), atomically: true, encoding: .utf8)
        try #"{"centerButton": null, "tabBar": {"items": [{"title": "A", "icon": "solid.svg"}, {"title": "B", "icon": "solid.svg", "rendering": "original"}, {"title": "C", "icon": "clear.svg"}]}}"#
            .write(to: out.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let result = try tabanim(["validate", "s.json", "--strict"], in: out)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(designWarnings(result.stderr), [
            #"Warning: s.json: tabBar.items[0].icon: item 0's icon solid.svg is an opaque full-colour picture (100 % of its box opaque) drawn as a template: UIKit keeps only its alpha, so it draws as a solid square in the tint; give it "rendering": "original", or a transparent background"#,
        ])
        XCTAssertEqual(try tabanim(["review", "s.json", "-o", "r.html", "-q"], in: out).status, 0)
        let page = try String(contentsOf: out.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "draws as a solid square in the tint").count, 2, "the review says it, once")
    }
}
