import Drawing
import Foundation
import GIFExport
import Graphics
import Outputs
import TestSupport
import XCTest

/// `tabanim review`: usage, exit codes, outputs left whole, and a page made of the same numbers as
/// `tabanim timeline --json`. The page in a real browser: ReviewBrowserTests.
final class ReviewCommandTests: CLITestCase {
    /// Seed 000's story, small and quick: half a point per pixel, 10 fps.
    static let quickScene = """
        {"export": {"fps": 10, "duration": 9, "scale": 0.5},
         "script": [{"at": 0.5, "tap": "center"}, {"at": 2.5, "tap": {"x": 196.5, "y": 752}}, {"at": 4.0, "tap": 4},
                    {"at": 4.5, "tap": 1}, {"at": 5.5, "tap": 2}, {"at": 7.5, "tap": 0}]}
        """

    func testUsageErrorsExit64AndTouchNothing() throws {
        let out = try folder()
        try write(Self.quickScene, to: out.appendingPathComponent("s.json"))
        let see = "tabanim review --help"
        let usage = "tabanim review <scene> [<other>] --output <file> [<options>]"
        assertUsageError(try tabanim(["review", "s.json"], in: out), "missing expected option '--output <file>'", usage: usage, see: see)
        assertUsageError(try tabanim(["review", "-o", "r.html"], in: out), "missing expected argument '<scene>'", usage: usage, see: see)
        assertUsageError(try tabanim(["review", "s.json", "s.json", "s.json", "-o", "r.html"], in: out), "unexpected argument 's.json'", see: see)
        assertUsageError(try tabanim(["review", "s.json", "-o", "r.png"], in: out), "the review is an HTML page: name it .html, not 'r.png'", see: see)
        assertUsageError(try tabanim(["review", "s.json", "-o", "r.html", "--fps", "fast"], in: out), "--fps takes a number, not 'fast'", see: see)
        assertUsageError(try tabanim(["review", "s.json", "-o", "r.html", "--titel", "x"], in: out),
                         "unknown option '--titel'; did you mean '--title'?", see: see)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["s.json"])
    }

    /// Problems in both scenes are reported at once; the page that was there stays byte for byte, and a
    /// failure while rendering the second scene leaves no scratch files.
    func testBrokenScenesLeaveTheExistingPageUntouched() throws {
        let out = try folder()
        let page = out.appendingPathComponent("review.html")
        let previous = Data("<p>the last review</p>".utf8)
        try previous.write(to: page)
        try write(#"{"export": {"fsp": 10}}"#, to: out.appendingPathComponent("a.json"))
        try write(#"{"tabBar": {"items": [{"title": "A", "icon": "nowhere.svg"}]}}"#, to: out.appendingPathComponent("b.json"))
        let result = try tabanim(["review", "a.json", "b.json", "-o", "review.html"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            Error: a.json: export.fsp: unknown key "fsp" (did you mean "fps"?)
            Error: b.json: tabBar.items[0].icon: file not found: nowhere.svg

            """)
        XCTAssertEqual(try Data(contentsOf: page), previous)

        try write(Self.quickScene, to: out.appendingPathComponent("good.json"))
        try Data("not an svg".utf8).write(to: out.appendingPathComponent("bad.svg"))
        try write(#"{"export": {"scale": 0.5, "fps": 10}, "tabBar": {"items": [{"title": "A", "icon": "bad.svg"}, {"title": "B"}]}}"#,
                  to: out.appendingPathComponent("bad.json"))
        let late = try tabanim(["review", "good.json", "bad.json", "-o", "review.html"], in: out)
        XCTAssertEqual(late.status, 1)
        XCTAssertTrue(late.stderr.hasPrefix("Error: bad.json: tabBar.items[0].icon: unreadable SVG bad.svg"), late.stderr)
        XCTAssertEqual(try Data(contentsOf: page), previous)
        XCTAssertEqual(try leftovers(in: out), [])

        let missing = try tabanim(["review", "good.json", "-o", "nowhere/review.html"], in: out)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: nowhere/review.html: folder not found: "), missing.stderr)
    }

    func testInterruptingAReviewLeavesNothingHalfWritten() throws {
        let out = try folder()
        let previous = Data("the last review".utf8)
        try previous.write(to: out.appendingPathComponent("r.html"))
        // The GIF is written in memory: interrupted while it is being written (the review takes seconds),
        // nothing is left beside the page nor in the system's temporary directory.
        let scratch = { try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("tabanim-review-") } }
        let before = Set(try scratch())
        let result = try interrupt(["review", Self.bundledDemo, "-o", "r.html", "--scale", "2"], in: out, after: 1.0)
        XCTAssertEqual(result.status, 130)
        XCTAssertEqual(result.stderr, "Interrupted; no output was changed.\n")
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("r.html")), previous)
        XCTAssertEqual(try leftovers(in: out), [])
        XCTAssertEqual(Set(try scratch()).subtracting(before), [], "nothing in the temporary directory")
    }

    // MARK: - The page

    func testThePageHoldsEverythingAndTheTimelinesNumbers() throws {
        let out = try folder()
        try write(Self.quickScene, to: out.appendingPathComponent("s.json"))
        let result = try tabanim(["review", "s.json", "-o", "review.html"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("Wrote review.html (90 frames, 9 s, "), result.stderr)
        XCTAssertEqual(try leftovers(in: out), [])
        let html = try String(contentsOf: out.appendingPathComponent("review.html"), encoding: .utf8)
        let timeline = try tabanim(["timeline", "s.json", "--json"], in: out).stdout
        let report = try JSONDecoder().decode(JSON.self, from: Data(timeline.utf8))

        // One row per timeline event, in order, each seeking to its time.
        let events = report["events"]?.array ?? []
        let rows = HTMLScan.matches(#"<tr class="event[^"]*" data-t="([^"]*)" data-kind="([^"]*)">"#, in: html)
        XCTAssertEqual(rows.count, events.count)
        XCTAssertEqual(rows.map { Double($0[0]) }, events.map { $0["time"]?.number })
        XCTAssertEqual(rows.map { $0[1] }, events.map { $0["kind"]?.string })
        XCTAssertTrue(html.contains("transition 2→4 running until 5 s: UIKit ignores touches until a transition completes"))

        // The downloads: the timeline is `timeline --json` byte for byte, the GIF has every frame.
        XCTAssertEqual(try download("s-timeline.json", in: html), Data(timeline.utf8))
        let gif = out.appendingPathComponent("check.gif")
        try download("s.gif", in: html).write(to: gif)
        XCTAssertEqual(try DecodedGIF(path: gif.path, playedAt: 10).frames.count, 90)
        XCTAssertTrue(String(decoding: try download("s.svg", in: html), as: UTF8.self).contains(#"dur="9s" repeatCount="indefinite""#))
        XCTAssertEqual(try ImageSurface(png: try download("s-storyboard.png", in: html)).width > 100, true)

        // Every spec row shows the numbers and words at the keys it names, and every number under `spec`
        // is in some row.
        let specRows = HTMLScan.matches(#"<tr(?: class="changed")? data-keys="([^"]*)">(.*?)</tr>"#, in: html)
        XCTAssertGreaterThan(specRows.count, 30)
        var covered: [String] = []
        for row in specRows {
            // The label and the value, without the key written under the label.
            let value = HTMLScan.text(row[1].replacingOccurrences(of: "<code>.*?</code>", with: "", options: .regularExpression))
            let keys = row[0].split(separator: " ").map(String.init)
            XCTAssertNotNil(report[path: keys[0]], "no \(keys[0]) in timeline --json")
            for key in keys {
                // Optional values (no selected icon, no curve name) are left out of the JSON.
                guard let node = report[path: key] else { continue }
                for leaf in node.leaves {
                    XCTAssertTrue(value.contains(leaf), "\(key): \(leaf) not in “\(value)”")
                }
                covered.append(key)
            }
        }
        for leaf in report["spec"]?.leafPaths(prefix: "spec") ?? [] {
            XCTAssertTrue(covered.contains { leaf == $0 || leaf.hasPrefix($0 + ".") }, "\(leaf) is in no row of the spec table")
        }
    }

    /// Two scenes: one clock at the higher frame rate over the longer loop, ids that do not collide, the
    /// differences marked, user text escaped, and no GIF where the rate is too fast for one.
    func testTwoScenesSideBySide() throws {
        let out = try folder()
        try write(Self.quickScene, to: out.appendingPathComponent("before.json"))
        try write("""
            {"export": {"fps": 60, "duration": 6, "scale": 0.5}, "tabBar": {"tintColor": "#FF6A00",
             "items": [{"title": "<img src=x onerror=alert(1)>"}, {"title": "B"}, {"title": "C"}]},
             "transition": {"duration": 0.3, "curve": "easeOut"}, "script": [{"at": 1, "tap": 2}]}
            """, to: out.appendingPathComponent("after.json"))
        let result = try tabanim(["review", "before.json", "after.json", "-o", "cmp.html", "--title", "Tab bar <v2>"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("Wrote cmp.html (2 scenes on one clock, "), result.stderr)
        let html = try String(contentsOf: out.appendingPathComponent("cmp.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h1>Tab bar &lt;v2&gt;</h1>"))
        XCTAssertTrue(html.contains(#"data-duration="9" data-fps="60""#))
        XCTAssertEqual(HTMLScan.matches(#"<figure class="stage" data-variant="([AB])">"#, in: html).map { $0[0] }, ["A", "B"])
        XCTAssertEqual(HTMLScan.matches(#"(<svg aria-hidden="true" xmlns=)"#, in: html).count, 2, "two scenes")
        let ids = HTMLScan.matches(#" id="([^"]*)""#, in: html).map { $0[0] }
        XCTAssertEqual(ids.count, Set(ids).count, "no id twice: \(Dictionary(grouping: ids) { $0 }.filter { $0.value.count > 1 }.keys)")
        XCTAssertTrue(ids.contains { $0.hasPrefix("a-") } && ids.contains { $0.hasPrefix("b-") })
        XCTAssertFalse(html.contains("<img src=x"))
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertTrue(html.contains(#"<tr class="changed" data-keys="spec.tabBar.tintColor">"#))
        XCTAssertTrue(html.contains(#"<tr data-keys="spec.device.name spec.device.width spec.device.height spec.device.scale">"#), "the same device")
        XCTAssertTrue(html.contains("No GIF: 60 fps is faster than a GIF can play (at most 50); the SVG is exact."))
        XCTAssertNoThrow(try download("a-before.gif", in: html))
        XCTAssertFalse(html.contains(#"download="b-after.gif""#))
        XCTAssertNoThrow(try download("b-after-timeline.json", in: html))
    }

    /// The bytes of the page's `data:` link that downloads as `name`.
    private func download(_ name: String, in html: String) throws -> Data {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let match = try XCTUnwrap(HTMLScan.matches(#"download="\#(escaped)"[^>]*href="data:[^;]*;base64,([^"]*)""#, in: html).first,
                                  "no download \(name)")
        return try XCTUnwrap(Data(base64Encoded: match[0]))
    }
}

/// Regular expressions over tabanim's own HTML (its shape is known: no general HTML parsing needed).
enum HTMLScan {
    /// The capture groups of every match.
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).dropFirst().map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    /// Text with the tags removed and the character references tabanim writes decoded.
    static func text(_ html: String) -> String {
        let bare = html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
            .reduce(bare) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}

/// Any JSON value, to walk `timeline --json` by key path.
enum JSON: Decodable, Equatable {
    case number(Double), string(String), bool(Bool), array([JSON]), object([String: JSON]), null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSON].self)) }
    }

    subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// "spec.items.0.frame": object keys and array indices.
    subscript(path path: String) -> JSON? {
        path.split(separator: ".").reduce(self as JSON?) { node, key in
            if let index = Int(key), case .array(let array)? = node { return array.indices.contains(index) ? array[index] : nil }
            return node?[String(key)]
        }
    }

    var array: [JSON]? { if case .array(let value) = self { return value }; return nil }
    var number: Double? { if case .number(let value) = self { return value }; return nil }
    var string: String? { if case .string(let value) = self { return value }; return nil }

    /// Numbers (written as Swift writes the shortest form: "78.6", "49") and strings, booleans as words.
    var leaves: [String] {
        switch self {
        case .number(let value): return [value == value.rounded() ? String(Int(value)) : String(value)]
        case .string(let value): return [value]
        case .bool(let value): return [String(value)]
        case .array(let values): return values.flatMap(\.leaves)
        case .object(let object): return object.values.flatMap(\.leaves)
        case .null: return []
        }
    }

    /// The key path of every leaf under this value.
    func leafPaths(prefix: String) -> [String] {
        switch self {
        case .array(let values): return values.enumerated().flatMap { $0.element.leafPaths(prefix: "\(prefix).\($0.offset)") }
        case .object(let object): return object.flatMap { $0.value.leafPaths(prefix: "\(prefix).\($0.key)") }
        default: return [prefix]
        }
    }
}

/// `review --locale`: one scene in several languages, one shown at a time (the browser side:
/// ReviewLocaleBrowserTests).
final class ReviewLocaleCommandTests: CLITestCase {
    private let strings = packageRoot.appendingPathComponent("Tests/Fixtures/strings")

    func testALocalePageHoldsEveryLocaleAndShowsOne() throws {
        let out = try folder()
        let result = try tabanim(["review", strings.appendingPathComponent("scene.json").path, "-o", "locales.html", "--locale", "all"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("(9 locales: en, ar, de, fi, he, hi, ja, th, zh-Hans, "), result.stderr)
        let html = try String(contentsOf: out.appendingPathComponent("locales.html"), encoding: .utf8)
        let order = ["en", "ar", "de", "fi", "he", "hi", "ja", "th", "zh-Hans"]
        XCTAssertEqual(HTMLScan.matches(#"<option value="([^"]+)""#, in: html).map { $0[0] }, order, "the scene's own first")
        XCTAssertTrue(html.contains(#"<option value="de" lang="de">de · Deutsch (2 truncated)</option>"#))
        // Each locale's stage, files, events, truncations, spec and storyboard; only the first's shown.
        let stages = HTMLScan.matches(#"<figure class="stage" data-variant="" data-locale="([^"]+)" lang="[^"]+"( hidden)?>"#, in: html)
        XCTAssertEqual(stages.map { $0[0] }, order)
        XCTAssertEqual(stages.map { $0[1].isEmpty }, [true] + Array(repeating: false, count: 8))
        for part in ["card event-list", "card truncation-list", "card scroll", "card storyboard"] {
            XCTAssertEqual(HTMLScan.matches(#"class="\#(part)"[^>]*data-locale="([^"]+)""#, in: html).map { $0[0] }, order, part)
        }
        XCTAssertTrue(html.contains("tabBar.items[2].title: fi: &quot;Tapahtumahistoria&quot; shows as &quot;Tapahtumahi…&quot; on iphone-15"))
        XCTAssertTrue(html.contains(#"<p class="empty">No title is truncated in ja.</p>"#))
        // Every id is unique across the nine SVGs (each prefixed with its locale).
        let ids = HTMLScan.matches(#" id="([^"]+)""#, in: html).map { $0[0] }
        XCTAssertEqual(ids.count, Set(ids).count, "duplicate ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.prefix(5))")
        XCTAssertEqual(HTMLScan.matches(#"<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg""#, in: html).count, 9)
        let urls = HTMLScan.matches(#"((?:https?|wss?|ftp)://[^\s"'<>)&]*)"#, in: html).map { $0[0] }
        XCTAssertEqual(Set(urls), ["http://www.w3.org/2000/svg"], "nothing to fetch: no URL but the SVG namespace")
        // The size bound: files (GIF, SVG, storyboard) of the first locale only.
        XCTAssertEqual(HTMLScan.matches(#"download="([^"]+)""#, in: html).map { $0[0] }.filter { !$0.hasSuffix("timeline.json") },
                       ["scene-en.gif", "scene-en.svg", "scene-en-storyboard.png"])
        let size = try Data(contentsOf: out.appendingPathComponent("locales.html")).count
        let single = try tabanim(["review", strings.appendingPathComponent("scene.json").path, "-o", "one.html"], in: out)
        XCTAssertEqual(single.status, 0, single.stderr)
        let one = try Data(contentsOf: out.appendingPathComponent("one.html")).count
        print("locale page: \(size) bytes for 9 locales, \(one) for one")
        XCTAssertLessThan(size, one + 8 * 120_000, "at most about 120 KB a further locale")
        let onePage = try String(contentsOf: out.appendingPathComponent("one.html"), encoding: .utf8)
        XCTAssertEqual(HTMLScan.matches(#"<[a-z]+ [^>]*(data-locale=")"#, in: onePage).count + HTMLScan.matches(#"(<select id="locale")"#, in: onePage).count, 0,
                       "no picker, and no part of a locale, without --locale")
    }

    func testChosenLocalesTheScenesOwnFirstAndUsageErrors() throws {
        let out = try folder()
        // A scene in German of its own: German first.
        let catalog = try Data(contentsOf: strings.appendingPathComponent("Localizable.xcstrings"))
        try catalog.write(to: out.appendingPathComponent("Localizable.xcstrings"))
        var scene = try String(contentsOf: strings.appendingPathComponent("scene.json"), encoding: .utf8)
        scene = scene.replacingOccurrences(of: #""strings": "Localizable.xcstrings","#, with: #""strings": "Localizable.xcstrings", "locale": "de","#)
        try write(scene, to: out.appendingPathComponent("de.json"))
        XCTAssertEqual(try tabanim(["review", "de.json", "-o", "all.html", "--locale", "all", "-q"], in: out).status, 0)
        let all = try String(contentsOf: out.appendingPathComponent("all.html"), encoding: .utf8)
        XCTAssertEqual(HTMLScan.matches(#"<option value="([^"]+)""#, in: all).map { $0[0] }, ["de", "en", "ar", "fi", "he", "hi", "ja", "th", "zh-Hans"])
        XCTAssertEqual(try tabanim(["review", "de.json", "-o", "two.html", "--locale", "ar,ja", "-q"], in: out).status, 0)
        let two = try String(contentsOf: out.appendingPathComponent("two.html"), encoding: .utf8)
        XCTAssertEqual(HTMLScan.matches(#"<option value="([^"]+)""#, in: two).map { $0[0] }, ["ar", "ja"])
        let see = "tabanim review --help"
        assertUsageError(try tabanim(["review", "de.json", "de.json", "-o", "x.html", "--locale", "all"], in: out),
                         "--locale reviews one scene in several languages; give one scene, not two", see: see)
        assertUsageError(try tabanim(["review", "de.json", "-o", "x.html", "--locale", "de_DE"], in: out),
                         "--locale takes BCP 47 codes separated by commas (de,ar,zh-Hans) or 'all'; 'de_DE' is not one", see: see)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("x.html").path))
    }
}
