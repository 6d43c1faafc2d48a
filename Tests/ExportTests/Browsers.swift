@testable import Drawing
import Foundation
@testable import GIFExport
import Graph
import Outputs
@testable import SVGExport
import Scene
import TestSupport
import XCTest

/// The GIF of `animation`, written and decoded with giflib.
func decodedGIF(of animation: Animation, in folder: URL) throws -> DecodedGIF {
    let url = folder.appendingPathComponent("parity-\(UUID().uuidString).gif")
    try GIFExporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(url))
    return try DecodedGIF(path: url.path, playedAt: animation.scene.export.fps)
}

/// One page of SVG copies of `animation`, each at the time of frame `frames[i]`, in every installed browser:
/// per browser its name and the copies' pictures.
func playInEveryBrowser(_ animation: Animation, frames: [Int], width: Int, height: Int, in folder: URL) throws -> [(String, [Picture])] {
    let page = try SeekPage(animation, at: frames.map(animation.scene.export.time(ofFrame:)), width: width, height: height)
    let url = try page.write(in: folder)
    return try Browser.installed().map { browser in
        let shot = try browser.screenshot(url.absoluteString, width: width, height: max(height * frames.count, 200), in: folder)
        return (browser.name, frames.indices.map { page.copy($0, of: shot) })
    }
}

/// The browsers installed here that play SVG: headless Chromium and Firefox, and WebKit (WebKitGTK, driven
/// through its WebDriver by `Tests/Support/webkit_screenshot.py` under a virtual X server).
/// Each takes a screenshot of a page at a window size; a page holds SVG copies that its script seeks.
struct Browser: Sendable {
    let name: String
    let executable: String
    private let arguments: @Sendable (_ profile: String, _ shot: String, _ width: Int, _ height: Int, _ page: String) -> [String]

    static let chromium = find("Chromium", variable: "TABANIM_CHROMIUM",
                               candidates: ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]) { profile, shot, width, height, page in
        ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
         "--user-data-dir=\(profile)", "--screenshot=\(shot)", "--window-size=\(width),\(height)", page]
    }

    static let firefox = find("Firefox", variable: "TABANIM_FIREFOX", candidates: ["/usr/bin/firefox-esr", "/usr/bin/firefox"]) {
        profile, shot, width, height, page in
        ["--headless", "--no-remote", "--profile", profile, "--screenshot", shot, "--window-size=\(width),\(height)", page]
    }

    /// WebKitGTK needs a display (xvfb-run), its WebDriver and Debian's python3-selenium.
    static let webkit: Browser? = {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/webkit_screenshot.py").path
        let needed = ["/usr/bin/xvfb-run", "/usr/bin/WebKitWebDriver", "/usr/bin/python3"]
        guard needed.allSatisfy(FileManager.default.isExecutableFile(atPath:)),
              FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium/webdriver/webkitgtk/webdriver.py")
        else { return nil }
        return Browser(name: "WebKit", executable: "/usr/bin/xvfb-run") { _, shot, width, height, page in
            ["-a", "-s", "-screen 0 \(width + 200)x\(height + 200)x24", "/usr/bin/python3", script, page, shot, String(width), String(height)]
        }
    }()

    /// Every browser found; skips the test, saying so, when there is none.
    static func installed() throws -> [Browser] {
        let found = [chromium, firefox, webkit].compactMap { $0 }
        if found.isEmpty {
            throw XCTSkip("no browser found (scripts/install-deps.sh --test installs Chromium, Firefox and WebKit): browser tests skipped")
        }
        return found
    }

    private static func find(_ name: String, variable: String, candidates: [String],
                             arguments: @escaping @Sendable (String, String, Int, Int, String) -> [String]) -> Browser? {
        let paths = [ProcessInfo.processInfo.environment[variable]].compactMap { $0 } + candidates
        guard let path = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        return Browser(name: name, executable: path, arguments: arguments)
    }

    /// A screenshot of `page` (a file URL, query included) in a window of `width` × `height` pixels.
    func screenshot(_ page: String, width: Int, height: Int, in folder: URL) throws -> Picture {
        let shot = folder.appendingPathComponent("\(name)-\(UUID().uuidString).png")
        let profile = folder.appendingPathComponent("\(name)-profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments(profile.path, shot.path, width, height, page)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path  // Firefox writes beside its profile; keep it in the test's folder
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return try Picture(png: shot)
    }
}

/// A page of SVG copies laid out one below the other, each paused at its own time.
struct SeekPage {
    /// The markup of each copy (ids prefixed apart) and the time it shows.
    var copies: [(svg: Data, time: Double)]
    let width: Int
    let height: Int

    /// A copy of `animation`'s SVG at each of `times`.
    init(_ animation: Animation, at times: [Double], width: Int, height: Int) throws {
        copies = try times.enumerated().map { index, time in
            var exporter = SVGExporter(animation, pdf: InProcessPDFConverter())
            exporter.idPrefix = "c\(index)-"
            return (svg: try exporter.document(), time: time)
        }
        self.width = width
        self.height = height
    }

    init(copies: [(svg: Data, time: Double)], width: Int, height: Int) {
        self.copies = copies
        self.width = width
        self.height = height
    }

    /// Writes the page into `folder` and returns its URL.
    func write(in folder: URL) throws -> URL {
        var body = ""
        for (index, copy) in copies.enumerated() {
            var markup = String(decoding: copy.svg, as: UTF8.self)
            if let end = markup.range(of: "?>") { markup = String(markup[end.upperBound...]) }
            body += "<div style=\"position:absolute;left:0;top:\(index * height)px;width:\(width)px;height:\(height)px\" data-t=\"\(copy.time)\">\(markup)</div>\n"
        }
        let page = folder.appendingPathComponent("page-\(UUID().uuidString).html")
        try """
        <!doctype html><html><body style="margin:0;overflow:hidden;background:#fff">
        \(body)<script>
        for (const div of document.querySelectorAll('div[data-t]')) {
          const svg = div.querySelector('svg');
          svg.pauseAnimations();
          svg.setCurrentTime(parseFloat(div.dataset.t));
        }
        </script></body></html>
        """.write(to: page, atomically: true, encoding: .utf8)
        return page
    }

    /// Copy `index` of a screenshot of the page.
    func copy(_ index: Int, of shot: Picture) -> Picture {
        shot.cropped(x: 0, y: index * height, width: width, height: height)
    }
}
