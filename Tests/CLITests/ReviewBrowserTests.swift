import Drawing
import Foundation
import GIFExport
import Outputs
import TestSupport
import XCTest

/// The review page of the demo scene in headless Chromium: seeking shows the GIF's frame, the event list is
/// the timeline and follows the clock, and the page asks the network for nothing.
final class ReviewBrowserTests: CLITestCase {
    /// The demo's page, made once for the class (XCTest runs a class's tests one after another).
    nonisolated(unsafe) private static var made: (folder: URL, page: URL, html: String)?

    override class func tearDown() {
        if let made { try? FileManager.default.removeItem(at: made.folder) }
        made = nil
        super.tearDown()
    }

    private func demoPage() throws -> (folder: URL, page: URL, html: String) {
        if let made = Self.made { return made }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-review-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try tabanim(["review", Self.bundledDemo, "-o", "demo.html"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = folder.appendingPathComponent("demo.html")
        let made = (folder, page, try String(contentsOf: page, encoding: .utf8))
        Self.made = made
        return made
    }

    private func chromium() throws -> Chromium { try Chromium.find(profile: try folder().appendingPathComponent("profile")) }

    private func events() throws -> [JSON] {
        let timeline = try tabanim(["timeline", Self.bundledDemo, "--json"])
        return try JSONDecoder().decode(JSON.self, from: Data(timeline.stdout.utf8))["events"]?.array ?? []
    }

    // MARK: - Seeking

    /// At each chosen event time (a tap, a restart, a tap ignored mid-slide, a slide with an effect, a Lottie
    /// clip starting, one ending mid-slide) the page's picture is tabanim's PNG frame and the page's own GIF's
    /// frame at that time. Chromium (Skia) and cairo draw text and edges a little differently: measured
    /// 36.6–40.0 dB against the PNG frames and the GIF's alike, and at most 179 pixels off by more than 96, so
    /// the bars are 35 dB and 300 pixels. A picture one frame late mid-slide scores 29.6 dB with 435 such pixels, and one a few
    /// microseconds early at a tap (before the selection changes) 34.0 dB with 410.
    func testSeekingToAnEventShowsTheGIFFrameAtThatTime() throws {
        let browser = try chromium()
        let (folder, page, html) = try demoPage()
        let gifFile = folder.appendingPathComponent("embedded.gif")
        try embedded("scene.gif", in: html).write(to: gifFile)
        let gif = try DecodedGIF(path: gifFile.path, playedAt: 30)
        let fps = 30.0
        let eventTimes = Set(try events().compactMap { $0["time"]?.number })
        for t in [0.5, 2.5, 4.5, 5.5, 7.0, 10.8] {
            XCTAssertTrue(eventTimes.contains(t), "\(t) s is an event's time")
            let shot = try browser.screenshot("\(page.absoluteString)?t=\(t)&view=frame", width: gif.width, height: gif.height,
                                              to: folder.appendingPathComponent("shot-\(t).png"))
            XCTAssertEqual([shot.width, shot.height], [gif.width, gif.height])
            let framePath = "frame-\(t).png"
            XCTAssertEqual(try tabanim(["frame", Self.bundledDemo, "--at", String(t), "-o", framePath], in: folder).status, 0)
            let frame = try Picture(png: folder.appendingPathComponent(framePath))
            let index = Int((t * fps).rounded())
            let gifFrame = Picture(rgba: gif.frames[index].rgba, width: gif.width, height: gif.height)
            for (name, expected) in [("the PNG frame", frame), ("GIF frame \(index)", gifFrame)] {
                let psnr = shot.psnr(expected), differing = shot.differingPixels(expected)
                print("review page at \(t) s against \(name): \(String(format: "%.1f", psnr)) dB, \(differing) pixels off")
                if psnr < 35 || differing > 300 {
                    XCTFail("at \(t) s against \(name): \(String(format: "%.1f", psnr)) dB, \(differing) pixels off; diff: \(shot.writeDiff(against: expected, named: "review-\(t)"))")
                }
            }
            if [4.5, 10.8].contains(t) {
                // Mid-slide every frame differs: the browser's picture is this frame, not its neighbour.
                for neighbour in [index - 1, index + 1] {
                    let other = shot.psnr(Picture(rgba: gif.frames[neighbour].rgba, width: gif.width, height: gif.height))
                    XCTAssertGreaterThan(shot.psnr(gifFrame), other + 3, "at \(t) s: closer to frame \(index) than to frame \(neighbour)")
                }
            }
        }
    }

    // MARK: - The event list

    /// One row per timeline event; opened at 4.5 s the rows at 4.5 s are current and the line under the
    /// phone says the tap was ignored; played from 4.5 s the clock runs and the current rows follow it.
    /// (This also shows the script ran: the policy's hash is the script's.)
    func testTheEventListIsTheTimelineAndFollowsTheClock() throws {
        let browser = try chromium()
        let (_, page, _) = try demoPage()
        let events = try events()
        let paused = try browser.dom("\(page.absoluteString)?t=4.5")
        let rows = HTMLScan.matches(#"<tr class="(event[^"]*)" data-t="([^"]*)" data-kind="([^"]*)">"#, in: paused)
        XCTAssertEqual(rows.count, events.count, "one row per event")
        XCTAssertEqual(rows.map { $0[2] }, events.compactMap { $0["kind"]?.string })
        XCTAssertEqual(rows.filter { $0[0].contains("current") }.map { "\($0[1]) \($0[2])" }, ["4.5 tap", "4.5 tap-ignored"])
        XCTAssertTrue(paused.contains(#"<main class="single" data-review="#), "paused")
        XCTAssertTrue(paused.contains(">4.50 s · frame 135</output>"), paused.components(separatedBy: "<output").last ?? "")
        XCTAssertTrue(paused.contains(#"<p class="now">4.50 s · Tap on 扩展 ignored</p>"#))
        let rings = HTMLScan.matches(#"<span class="(touch[^"]*)" data-t="([^"]*)""#, in: paused)
        XCTAssertEqual(rings.count, 8, "a ring for each tap of the script")
        XCTAssertEqual(rings.filter { $0[0].contains("shown") }.map { "\($0[1]) \($0[0])" }, ["4.5 touch ignored shown"], "the ignored tap's ring, red")

        // Headless Chromium's virtual time hands out animation frames only once the page has settled: on a
        // busy machine a short budget can run out before the first one, so a longer one is tried then.
        var playing = "", clock: [String] = [], t = 4.5
        for budget in [3000, 8000, 20000] where t <= 4.5 {
            playing = try browser.dom("\(page.absoluteString)?t=4.5&play", virtualTime: budget)
            clock = try XCTUnwrap(HTMLScan.matches(#">([0-9.]+) s · frame ([0-9]+)</output>"#, in: playing).first)
            t = try XCTUnwrap(Double(clock[0]))
        }
        XCTAssertTrue(playing.contains(#"<main class="single playing" data-review="#))
        XCTAssertGreaterThan(t, 4.5, "the clock runs")
        // The clock shows the time to the hundredth, the frame from the exact time: 4.5333 s reads
        // "4.53 s · frame 136", so the frame is the one of some time within half a hundredth of it.
        let frame = try XCTUnwrap(Int(clock[1]))
        XCTAssertTrue(Int((t - 0.005) * 30 + 1e-6)...Int((t + 0.005) * 30 + 1e-6) ~= frame,
                      "frame \(frame) is not the frame of \(clock[0]) s")
        // Likewise the current rows are those of the latest event at some time that reads as the clock does
        // ("4.60 s" may be 4.597 s, still before the event at 4.6 s).
        let times = events.compactMap { $0["time"]?.number }
        let latest = Set([t - 0.005, t + 0.005].compactMap { end in times.filter { $0 <= end }.max() })
        let current = HTMLScan.matches(#"<tr class="event[^"]*current" data-t="([^"]*)""#, in: playing).compactMap { Double($0[0]) }
        XCTAssertEqual(Set(current).count, 1, "the rows of one event are current")
        XCTAssertTrue(latest.isSuperset(of: current), "at \(clock[0]) s the rows of the latest event are current, not \(current)")
    }

    // MARK: - Keys and clicks

    /// Real key presses and clicks through the DevTools protocol: → and ← step one frame, with Shift they
    /// jump between events, space plays and pauses (on a focused button it only presses the button), a
    /// click on an event row seeks there and pauses, the scrubber seeks, and at 0.25× the clock runs at a
    /// quarter of real time. The SVG's own clock is the page's, a tenth of a millisecond ahead.
    func testKeysClicksAndTheScrubberDriveTheClock() throws {
        let chromium = try chromium()
        let (_, page, _) = try demoPage()
        let browser = try DevToolsPipe(chromium: chromium, url: "\(page.absoluteString)?t=4.5")
        defer { browser.close() }
        func state() throws -> (clock: String, playing: Bool, current: Set<String>) {
            let value = try XCTUnwrap(try browser.evaluate("""
                [document.getElementById('clock').textContent, document.querySelector('main').classList.contains('playing'),
                 Array.from(document.querySelectorAll('tr.event.current')).map(row => row.dataset.t),
                 document.querySelector('.screen svg').getCurrentTime(), parseFloat(document.getElementById('clock').textContent)]
                """) as? [Any])
            let svgTime = try XCTUnwrap(value[3] as? Double), shown = try XCTUnwrap(value[4] as? Double)
            XCTAssertEqual(svgTime, shown, accuracy: 0.006, "the SVG's clock is the page's")
            return (try XCTUnwrap(value[0] as? String), try XCTUnwrap(value[1] as? Bool), Set(try XCTUnwrap(value[2] as? [String])))
        }
        func seconds(_ clock: String) -> Double { Double(clock.split(separator: " ")[0]) ?? .nan }

        XCTAssertEqual(try state().clock, "4.50 s · frame 135")
        try browser.press("ArrowRight", code: "ArrowRight", keyCode: 39)
        XCTAssertEqual(try state().clock, "4.53 s · frame 136")
        try browser.press("ArrowRight", code: "ArrowRight", keyCode: 39, shift: true)
        XCTAssertEqual(try state().clock, "4.60 s · frame 138", "the next event: the flip ends")
        XCTAssertEqual(try state().current, ["4.6"])
        try browser.press("ArrowLeft", code: "ArrowLeft", keyCode: 37, shift: true)
        XCTAssertEqual(try state().clock, "4.50 s · frame 135")
        try browser.press("ArrowLeft", code: "ArrowLeft", keyCode: 37)
        XCTAssertEqual(try state().clock, "4.47 s · frame 134")
        XCTAssertEqual(try state().current, ["4"])

        try browser.press(" ", code: "Space", keyCode: 32)
        XCTAssertTrue(try state().playing)
        Thread.sleep(forTimeInterval: 0.6)
        try browser.press(" ", code: "Space", keyCode: 32)
        let played = try state()
        XCTAssertFalse(played.playing)
        XCTAssertGreaterThan(seconds(played.clock), 4.7, "it played")

        // A click on the first row at 7 s, in the middle of the row.
        let point = try XCTUnwrap(try browser.evaluate("""
            (() => { const row = document.querySelector('tr.event[data-t="7"]'); row.scrollIntoView({block: 'center'});
                     const box = row.getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]; })()
            """) as? [Double])
        try browser.click(x: point[0], y: point[1])
        XCTAssertEqual(try state().clock, "7.00 s · frame 210")
        XCTAssertEqual(try state().current, ["7"])

        try browser.evaluate("(() => { const s = document.getElementById('scrubber'); s.value = '9.25'; s.dispatchEvent(new Event('input')); })()")
        XCTAssertEqual(try state().clock, "9.25 s · frame 277")

        try browser.evaluate("document.querySelector('[data-speed=\"0.25\"]').click(); document.activeElement.blur()")
        let before = seconds(try state().clock), start = Date()
        try browser.press(" ", code: "Space", keyCode: 32)
        Thread.sleep(forTimeInterval: 2)
        try browser.press(" ", code: "Space", keyCode: 32)
        let rate = (seconds(try state().clock) - before) / Date().timeIntervalSince(start)
        XCTAssertEqual(rate, 0.25, accuracy: 0.08, "a quarter of real time")

        try browser.evaluate("document.getElementById('play').focus()")
        try browser.press(" ", code: "Space", keyCode: 32)
        XCTAssertTrue(try state().playing, "space on the focused button toggles once, not twice")
    }

    // MARK: - Network

    /// Two detectors, first shown to work on a page that does fetch: Chromium's net log (requests the page
    /// made) and a socket on 127.0.0.1 (connections that arrived). Then the review of a scene whose titles
    /// try to load from that socket: no request, no connection, and the titles are text. The demo's page
    /// names no URL but the SVG namespace.
    func testThePageMakesNoNetworkRequest() throws {
        let browser = try chromium()
        let out = try folder()
        let listener = try LocalListener()
        let bait = "http://127.0.0.1:\(listener.port)"

        let control = out.appendingPathComponent("control.html")
        try write(#"<!doctype html><img src="\#(bait)/control">"#, to: control)
        let controlLog = out.appendingPathComponent("control-net.json")
        _ = try browser.dom(control.absoluteString, virtualTime: 1000, netLog: controlLog)
        XCTAssertEqual(try Chromium.pageRequests(inNetLog: controlLog), ["\(bait)/control"], "the net log sees a page's request")
        XCTAssertGreaterThan(listener.connections(), 0, "the socket sees it too")

        try write("""
            {"export": {"fps": 10, "scale": 0.5},
             "tabBar": {"items": [{"title": "<img src=\(bait)/item>"}, {"title": "<script>fetch('\(bait)/script')</script>"}]},
             "contents": [{"title": "<link rel=stylesheet href=\(bait)/style>"}],
             "script": [{"at": 0.5, "tap": 1}]}
            """, to: out.appendingPathComponent("bait.json"))
        let made = try tabanim(["review", "bait.json", "-o", "bait.html", "--title", "<iframe src=\(bait)/title>"], in: out)
        XCTAssertEqual(made.status, 0, made.stderr)
        let log = out.appendingPathComponent("review-net.json")
        let dom = try browser.dom(out.appendingPathComponent("bait.html").absoluteString, virtualTime: 3000, netLog: log)
        XCTAssertEqual(try Chromium.pageRequests(inNetLog: log), [], "the page asked for nothing")
        XCTAssertEqual(listener.connections(), 0, "nothing connected")
        XCTAssertTrue(dom.contains(#"<main class="single playing""#), "the page ran")
        for tag in ["<img src=\"\(bait)", "<iframe", "<link rel=\"stylesheet\"", "<script>fetch"] {
            XCTAssertFalse(dom.contains(tag), "\(tag) became an element")
        }
        XCTAssertTrue(dom.contains("<h1>&lt;iframe src=\(bait)/title&gt;</h1>"))
        XCTAssertTrue(dom.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:;"#))

        let (_, _, html) = try demoPage()
        let urls = HTMLScan.matches(#"((?:https?|wss?|ftp)://[^\s"'<>)&]*)"#, in: html).map { $0[0] }
        XCTAssertEqual(Set(urls), ["http://www.w3.org/2000/svg"], "no URL but the SVG namespace")
    }

    /// The bytes of the page's download named `name`.
    private func embedded(_ name: String, in html: String) throws -> Data {
        let match = try XCTUnwrap(HTMLScan.matches(#"download="\#(name)"[^>]*href="data:[^;]*;base64,([^"]*)""#, in: html).first)
        return try XCTUnwrap(Data(base64Encoded: match[0]))
    }
}
