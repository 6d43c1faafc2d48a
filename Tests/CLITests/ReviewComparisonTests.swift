import Foundation
import TestSupport
import XCTest

/// The review of the demo and a copy with item 3 retitled, in headless Chromium at 1280 × 720: it leads
/// with the change, marks item 3 on both phones where the SVG draws it, above the fold, logs nothing, and
/// everything in the accessibility tree that one can see or press has a name.
final class ReviewComparisonTests: CLITestCase {
    func testTheComparisonLeadsWithTheChangeMarkedWhereTheItemIsDrawn() throws {
        let folder = try demo(["retitled.json": { Self.retitle(&$0) }])
        let result = try tabanim(["review", "scene.json", "retitled.json", "-o", "compare.html"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let item = try itemFrames("retitled.json", in: folder)[3]
        // The event rows that name item 3 differ, on both sides; the rest face their twins (the control).
        let html = try String(contentsOf: folder.appendingPathComponent("compare.html"), encoding: .utf8)
        let differing = HTMLScan.matches(#"<tr class="event differs" data-t="([0-9.]+)" data-kind="([A-Za-z-]+)">"#, in: html)
        // Three of each: A's list, B's list, and the table where A's and B's face each other.
        XCTAssertEqual(differing.map { "\($0[0]) \($0[1])" }.sorted(),
                       ["7 didSelect", "7 icon-animation-start", "7 select", "7 tap", "8 icon-animation-end"].flatMap { Array(repeating: $0, count: 3) })
        XCTAssertTrue(html.contains("<h3>5 events differ</h3>"))
        XCTAssertTrue(html.contains("<td>Tap on 发现</td><td>Tap on Explore</td>"), "A's and B's on one row")
        XCTAssertGreaterThan(HTMLScan.matches(#"(<tr class="event")"#, in: html).count, 60, "the rows that do not differ are not marked")
        let chromium = try Chromium.find(profile: folder.appendingPathComponent("profile"))
        let browser = try DevToolsPipe(chromium: chromium, url: folder.appendingPathComponent("compare.html").absoluteString + "?t=1",
                                       width: 1280, height: 720)
        defer { browser.close() }
        try browser.setViewport(width: 1280, height: 720)
        try browser.enable("Runtime")
        try browser.enable("Log")
        let text = try XCTUnwrap(try browser.evaluate("""
            (() => {
              const summary = document.getElementById('change-summary');
              const marks = Array.from(document.querySelectorAll('.mark')).map(mark => {
                const m = mark.parentElement.querySelector('svg').getScreenCTM(), b = mark.getBoundingClientRect();
                return { what: mark.dataset.what, shown: getComputedStyle(mark).display !== 'none',
                         box: [b.left, b.top, b.right, b.bottom], ctm: [m.a, m.b, m.c, m.d, m.e, m.f] };
              });
              return JSON.stringify({ summary: summary.textContent, bottom: summary.getBoundingClientRect().bottom,
                                      player: document.querySelector('.transport').getBoundingClientRect().bottom,
                                      height: innerHeight, marks });
            })()
            """) as? String)
        let state = try json(text)
        XCTAssertEqual(state["height"] as? Double, 720)
        XCTAssertEqual(state["summary"] as? String, "1 change: item 3 title")
        XCTAssertLessThan(try XCTUnwrap(state["bottom"] as? Double), 720, "the summary is above the fold")
        XCTAssertLessThan(try XCTUnwrap(state["player"] as? Double), 720, "the player's controls too")
        let marks = try XCTUnwrap(state["marks"] as? [[String: Any]])
        XCTAssertEqual(marks.count, 2, "item 3 marked on A and on B, nothing else: \(marks)")
        for mark in marks {
            XCTAssertEqual(mark["what"] as? String, "item 3 title")
            XCTAssertEqual(mark["shown"] as? Bool, true, "shown at 1 s: the title differs throughout")
            let box = try XCTUnwrap(mark["box"] as? [Double]), m = try XCTUnwrap(mark["ctm"] as? [Double])
            // Item 3's frame where the SVG draws it, and the mark's 3 px border just outside.
            let left = m[0] * item.x + m[2] * item.y + m[4], top = m[1] * item.x + m[3] * item.y + m[5]
            let right = m[0] * (item.x + item.width) + m[2] * (item.y + item.height) + m[4]
            let bottom = m[1] * (item.x + item.width) + m[3] * (item.y + item.height) + m[5]
            for (name, got, expected) in [("left", box[0], left - 3), ("top", box[1], top - 3), ("right", box[2], right + 3), ("bottom", box[3], bottom + 3)] {
                XCTAssertEqual(got, expected, accuracy: 1.5, "the mark's \(name) edge")
            }
            XCTAssertLessThan(box[3], 720, "the mark is above the fold")
            XCTAssertGreaterThan(right - left, 100, "the item is drawn large enough to read its title: \(right - left) px")
        }

        // Nothing logged: no exception, no console message, no refused script or image.
        let logged = browser.events.filter { ["Runtime.exceptionThrown", "Runtime.consoleAPICalled", "Log.entryAdded"].contains($0.method) }
        XCTAssertTrue(logged.isEmpty, "\(logged.map { "\($0.method): \($0.params)" })")
        // The control: a message logged now is seen (Chromium reports those before `Runtime.enable` alike).
        try browser.evaluate("console.error('control')")
        try browser.evaluate("1")
        XCTAssertTrue(browser.events.contains { $0.method == "Runtime.consoleAPICalled" }, "the detector sees a console message")

        // Flip: one scene at a time in the same place (F, or its button); wipe: B over A from the slider on.
        func visibleStages() throws -> [String] {
            let value = try browser.evaluate("""
                JSON.stringify(Array.from(document.querySelectorAll('.stage')).filter(e => e.getClientRects().length > 0).map(e => e.dataset.variant))
                """) as? String ?? "[]"
            return try JSONDecoder().decode([String].self, from: Data(value.utf8))
        }
        XCTAssertEqual(try visibleStages(), ["A", "B"])
        try browser.press("f", code: "KeyF", keyCode: 70)
        XCTAssertEqual(try visibleStages(), ["A"])
        try browser.press("f", code: "KeyF", keyCode: 70)
        XCTAssertEqual(try visibleStages(), ["B"])
        try browser.evaluate("document.querySelector('[data-view=\"wipe\"]').click()")
        try browser.evaluate("(() => { const w = document.getElementById('wipe'); w.value = '30'; w.dispatchEvent(new Event('input')); })()")
        let wiped = try XCTUnwrap(try browser.evaluate("""
            (() => { const [a, b] = Array.from(document.querySelectorAll('.screen')).map(s => s.getBoundingClientRect());
                     return [a.left, a.top, b.left, b.top, getComputedStyle(document.querySelectorAll('.screen')[1]).clipPath]; })()
            """) as? [Any])
        XCTAssertEqual(wiped[0] as? Double, wiped[2] as? Double, "B stands over A")
        XCTAssertEqual(wiped[1] as? Double, wiped[3] as? Double)
        XCTAssertEqual(wiped[4] as? String, "inset(0px 0px 0px 30%)")
        try browser.evaluate("document.querySelector('[data-view=\"both\"]').click()")
        XCTAssertEqual(try visibleStages(), ["A", "B"])

        // Every picture and control has a name in the accessibility tree.
        let tree = try browser.accessibilityTree()
        let named = ["image", "img", "button", "link", "slider", "combobox", "DisclosureTriangle", "checkbox", "textbox"]
        let shown = tree.filter { !$0.ignored && named.contains($0.role) }
        XCTAssertGreaterThan(shown.count, 50, "the control: the tree holds the page's controls")
        XCTAssertEqual(shown.filter { $0.name.trimmingCharacters(in: .whitespaces).isEmpty }.map(\.role), [], "nameless")
        let names = shown.map(\.name)
        XCTAssertTrue(names.contains { $0.hasPrefix("A: scene.json, animated, a 12 s loop.") && $0.contains("Marked in red while it differs from the other scene: item 3 title.") }, "\(names)")
        XCTAssertTrue(names.contains { $0.hasPrefix("B: retitled.json, animated") }, "\(names)")
        XCTAssertTrue(names.contains("A: 0.50 s: Tap on button"), "an event button says what happens: \(names.filter { $0.contains("0.50 s") })")
        let downloads = names.filter { $0.hasPrefix("Download the GIF of ") }
        XCTAssertEqual(downloads.count, 2)
        XCTAssertEqual(Set(downloads).count, 2, "each download names its scene: \(downloads)")
    }

    /// A glass bar draws no hairline and no background colour and is never opaque: its spec says none of
    /// them; the classic bar's does (the control). Icons are pictures in the spec, fonts folded away.
    func testTheSpecShowsWhatTheBarsStyleDraws() throws {
        let folder = try temporaryFolder()
        let rows = ["spec.tabBar.hairline", "spec.tabBar.backgroundColor", "spec.tabBar.appearance"]
        for (scene, glass) in [("glass.json", true), ("scene.json", false)] {
            let path = packageRoot.appendingPathComponent("Assets/demo/\(scene)").path
            let result = try tabanim(["review", path, "-o", "\(scene).html", "-q"], in: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            let html = try String(contentsOf: folder.appendingPathComponent("\(scene).html"), encoding: .utf8)
            for row in rows {
                XCTAssertEqual(html.contains("data-keys=\"\(row) ") || html.contains("data-keys=\"\(row)\""), !glass, "\(scene): \(row)")
            }
            XCTAssertEqual(html.contains("translucent"), !glass, scene)
            XCTAssertTrue(html.contains("<details class=\"note fonts\"><summary>Fonts</summary>"), "\(scene): the fonts folded away")
            if !glass {
                XCTAssertTrue(html.contains("<img class=\"icon\" src=\"data:image/svg+xml;base64,"), "the icons are pictures")
                XCTAssertTrue(html.contains("alt=\"icons/home.svg\""))
            }
        }
    }

    /// `--interface-style both` writes one page holding both appearances and a switch: it opens in the
    /// reader's (here, emulated dark), and the switch shows the other; every part of the hidden one is hidden.
    func testBothAppearancesAreOnePageWithASwitch() throws {
        let folder = try temporaryFolder()
        let result = try tabanim(["review", Self.seed, "-o", "both.html", "--interface-style", "both"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Wrote both.html (270 frames, 9 s, light and dark, "), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["both.html"], "one page, not one per style")
        let chromium = try Chromium.find(profile: folder.appendingPathComponent("profile"))
        let browser = try DevToolsPipe(chromium: chromium, url: folder.appendingPathComponent("both.html").absoluteString + "?t=1&appearance=dark")
        defer { browser.close() }
        func shown() throws -> [String] {
            let value = try browser.evaluate("""
                JSON.stringify(Array.from(document.querySelectorAll('[data-appearance]'))
                  .filter(e => e.getClientRects().length > 0).map(e => e.dataset.appearance))
                """) as? String ?? "[]"
            return try JSONDecoder().decode([String].self, from: Data(value.utf8))
        }
        let dark = try shown()
        XCTAssertFalse(dark.isEmpty)
        XCTAssertEqual(Set(dark), ["dark"], "asked for dark: only dark's parts show")
        try browser.evaluate("document.querySelector('[data-appearance-button=\"light\"]').click()")
        let light = try shown()
        XCTAssertEqual(Set(light), ["light"])
        XCTAssertEqual(light.count, dark.count, "the same parts for each")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('.screen[role=img]').length") as? Int, 2, "one picture per appearance")

        // With locales too: each locale once in the picker, each in both appearances.
        let strings = packageRoot.appendingPathComponent("Tests/Fixtures/strings/scene.json").path
        let locales = try tabanim(["review", strings, "-o", "locales.html", "--locale", "de,ja", "--interface-style", "both", "-q"], in: folder)
        XCTAssertEqual(locales.status, 0, locales.stderr)
        let html = try String(contentsOf: folder.appendingPathComponent("locales.html"), encoding: .utf8)
        XCTAssertEqual(HTMLScan.matches(#"<option value="([a-z]+)""#, in: html).map { $0[0] }, ["de", "ja"])
        XCTAssertTrue(html.contains("Design review · 2 languages"))
        XCTAssertEqual(HTMLScan.matches(#"<figure class="stage" data-variant="" data-locale="([a-z]+)"[^>]* data-appearance="([a-z]+)">"#, in: html)
            .map { "\($0[0]) \($0[1])" }, ["de light", "ja light", "de dark", "ja dark"])
    }

    /// When B's loop is shorter, the page warns, and B's picture stays as its loop ends (as `tabanim diff`
    /// draws it) while A plays on; then both start again.
    func testAShorterLoopIsSaidAndStaysAsItEnds() throws {
        let folder = try demo(["shorter.json": { json in
            json["script"] = (json["script"] as! [[String: Any]]).filter { ($0["at"] as! Double) < 10 }
            var export = json["export"] as! [String: Any]
            export["duration"] = 10.5
            json["export"] = export
        }])
        let result = try tabanim(["review", "scene.json", "shorter.json", "-o", "short.html", "-q"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOf: folder.appendingPathComponent("short.html"), encoding: .utf8)
        XCTAssertTrue(html.contains(#"<p class="warning" role="note">⚠ The loops differ: B is 10.5 s, A 12 s."#))
        let chromium = try Chromium.find(profile: folder.appendingPathComponent("profile"))
        for (asked, a, b) in [(11.5, 11.5, 10.499), (4.0, 4.0, 4.0)] {
            let browser = try DevToolsPipe(chromium: chromium, url: folder.appendingPathComponent("short.html").absoluteString + "?t=\(asked)")
            defer { browser.close() }
            let times = try XCTUnwrap(try browser.evaluate("Array.from(document.querySelectorAll('.screen > svg')).map(svg => svg.getCurrentTime())") as? [Double])
            XCTAssertEqual(times.count, 2)
            XCTAssertEqual(times[0], a, accuracy: 0.0005, "A at \(asked) s")
            XCTAssertEqual(times[1], b, accuracy: 0.0005, "B at \(asked) s")
        }
    }
}
