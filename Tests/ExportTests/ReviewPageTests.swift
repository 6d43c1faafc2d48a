@testable import Drawing
import Foundation
@testable import GIFExport
import Graph
@testable import Graphics
import Outputs
@testable import Review
@testable import SVGExport
import Scene
import XCTest

/// The review page's HTML: user text never becomes markup, the one script is the one the policy names,
/// nothing points off the page, and two scenes' spec rows face each other.
final class ReviewPageTests: XCTestCase {
    private static let hostile = #"<script>alert(1)</script><img src="http://127.0.0.1:1/x" onerror='alert(2)'>&amp;"#

    private func variant(_ label: String, title: String = "scene.json", spec: [ReviewPage.SpecSection] = []) -> ReviewPage.Variant {
        let svg = Data(#"<?xml version="1.0" encoding="UTF-8"?>\#n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><text>&lt;b&gt;</text></svg>"#.utf8)
        return ReviewPage.Variant(
            label: label, title: title, summary: Self.hostile, svg: svg, pixelWidth: 10, pixelHeight: 20,
            duration: 3, fps: 30,
            events: [.init(time: 0.5, kind: "tap", what: Self.hostile, why: Self.hostile),
                     .init(time: 0.5, kind: "tap-ignored", what: "ignored", why: "transition 0→2 running")],
            taps: [.init(time: 0.5, ignored: true, x: 0.3, y: 0.95, diameter: 0.112), .init(time: 2, ignored: false)], spec: spec,
            downloads: [.init(title: Self.hostile, fileName: "a\"b.gif", mimeType: "image/gif", data: Data([1, 2, 3]))],
            storyboard: Data([4, 5]), notes: [Self.hostile])
    }

    private func html(_ page: ReviewPage) throws -> String { String(decoding: try page.html(), as: UTF8.self) }

    /// Every whole match of `pattern`.
    private func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
    }

    func testTextFromScenesAndTheCommandLineIsNeverMarkup() throws {
        let spec = [ReviewPage.SpecSection(title: Self.hostile, rows: [.init(label: Self.hostile, value: Self.hostile, keys: [Self.hostile])])]
        let page = try html(ReviewPage(title: Self.hostile, variants: [variant("", title: Self.hostile, spec: spec)], generator: "tabanim test"))
        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 1, "only the page's own script")
        XCTAssertFalse(page.contains("<img src=\"http"), "no element from user text")
        XCTAssertFalse(page.contains("onerror='"))
        XCTAssertFalse(page.contains("&amp;\""), "an & in user text is escaped itself")
        XCTAssertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=&quot;http://127.0.0.1:1/x&quot; onerror=&#39;alert(2)&#39;&gt;&amp;amp;"))
        XCTAssertTrue(page.contains(#"download="a&quot;b.gif""#), "attribute values are escaped too")
        XCTAssertTrue(page.contains("<title>&lt;script&gt;"))
    }

    func testThePolicyAllowsExactlyThePagesScript() throws {
        let page = try html(ReviewPage(title: "t", variants: [variant("")], generator: "tabanim test"))
        let script = try XCTUnwrap(page.components(separatedBy: "<script>").last?.components(separatedBy: "</script>").first)
        XCTAssertEqual(script, ReviewPageTemplate.script)
        let hash = try SHA256.digest(Data(script.utf8)).base64EncodedString()
        let policy = ReviewPage.contentSecurityPolicy(scriptHash: hash)
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; img-src data:;"))
        XCTAssertTrue(page.contains(#"<meta http-equiv="Content-Security-Policy" content="\#(policy.replacingOccurrences(of: "'", with: "&#39;"))">"#))
        let head = try XCTUnwrap(page.components(separatedBy: "</head>").first)
        XCTAssertLessThan(try XCTUnwrap(head.range(of: "Content-Security-Policy")).lowerBound, try XCTUnwrap(head.range(of: "<style>")).lowerBound,
                          "the policy comes before anything it governs")
    }

    /// glib's SHA-256 against the FIPS 180-2 test vectors.
    func testSHA256() throws {
        XCTAssertEqual(try SHA256.digest(Data("abc".utf8)).map { String(format: "%02x", $0) }.joined(),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(try SHA256.digest(Data()).map { String(format: "%02x", $0) }.joined(),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testNothingPointsOffThePage() throws {
        let page = try html(ReviewPage(title: "t", variants: [variant("A"), variant("B")], generator: "tabanim test"))
        let urls = matches(#"(?:https?|wss?|ftp)://[^\s"'<>)&]*"#, in: page)
        XCTAssertEqual(Set(urls), ["http://www.w3.org/2000/svg", "http://127.0.0.1:1/x"], "namespaces and escaped user text only")
        XCTAssertFalse(page.contains("<?xml"), "the SVG's declaration is left out inside HTML")
        XCTAssertTrue(page.contains(#"<svg aria-hidden="true" xmlns="http://www.w3.org/2000/svg" width="10" height="20"><text>&lt;b&gt;</text></svg>"#), "named by its holder")
        XCTAssertTrue(page.contains(#"href="data:image/gif;base64,AQID""#))
        XCTAssertTrue(page.contains(#"src="data:image/png;base64,BAU=""#))
    }

    func testEventRowsCarryTheirTimeAndTheScrubberMarksTaps() throws {
        let page = try html(ReviewPage(title: "t", variants: [variant("")], generator: "tabanim test"))
        XCTAssertEqual(page.components(separatedBy: #"<tr class="event"#).count - 1, 2)
        XCTAssertTrue(page.contains(#"<tr class="event ignored" data-t="0.5" data-kind="tap-ignored">"#), page)
        XCTAssertTrue(page.contains(#"<span class="tick ignored" style="left: 16.666667%" title="tap at 0.50 s, ignored"></span>"#))
        XCTAssertTrue(page.contains(#"<span class="tick" style="left: 66.666667%" title="tap at 2.00 s"></span>"#))
        // A ring where the finger lands, for taps on the picture only.
        XCTAssertEqual(matches(#"<span class="touch[^"]*"[^>]*>"#, in: page),
                       [#"<span class="touch ignored" data-t="0.5" aria-hidden="true" style="left: 30%; top: 95%; width: 11.2%">"#])
        XCTAssertTrue(page.contains(#"data-duration="3" data-fps="30""#))
    }

    /// Sections by title, rows by their first key, in the order they first appear; gaps stay empty.
    func testTwoScenesSpecRowsFaceEachOther() {
        func row(_ key: String, _ value: String) -> ReviewPage.SpecRow { .init(label: key, value: value, keys: [key]) }
        let a = [ReviewPage.SpecSection(title: "Bar", rows: [row("k1", "1"), row("k2", "2")])]
        let b = [ReviewPage.SpecSection(title: "Bar", rows: [row("k1", "1"), row("k3", "3")]),
                 ReviewPage.SpecSection(title: "Button", rows: [row("k4", "4")])]
        let aligned = ReviewPage.alignedSections([a, b])
        XCTAssertEqual(aligned.map(\.title), ["Bar", "Button"])
        XCTAssertEqual(aligned[0].rows.map(\.keys), [["k1"], ["k2"], ["k3"]])
        XCTAssertEqual(aligned[0].rows.map { $0.cells.map { $0?.value } }, [["1", "1"], ["2", nil], [nil, "3"]])
        XCTAssertEqual(aligned[1].rows.map { $0.cells.map { $0?.value } }, [[nil, "4"]])
    }

    func testRowsThatDifferBetweenScenesAreMarked() throws {
        let tint = { (value: String) in [ReviewPage.SpecSection(title: "Bar", rows: [.init(label: "tint", value: value, keys: ["spec.tabBar.tintColor"]),
                                                                                   .init(label: "h", value: "49 pt", keys: ["spec.tabBar.itemsHeight"])])] }
        let page = try html(ReviewPage(title: "t", variants: [variant("A", spec: tint("#1B76D0")), variant("B", spec: tint("#FF6A00"))],
                                       generator: "tabanim test"))
        XCTAssertTrue(page.contains(#"<tr class="changed" data-keys="spec.tabBar.tintColor">"#))
        XCTAssertTrue(page.contains(#"<tr data-keys="spec.tabBar.itemsHeight">"#))
        XCTAssertEqual(page.components(separatedBy: #"class="changed-mark""#).count - 1, 1)
    }
}
