import Basics
import Comparison
import Drawing
import Exporting
import Foundation
import GIFExport
import Graph
import Graphics
import Resolving
@testable import Review
import SVGExport
import Scene
import TestSupport
import XCTest

/// A comparison's page in every installed browser at 1280 × 720: each scene's mark stands around the changed
/// item, on both phones, above the fold, and the page reports no error. The pictures are made to be found: a screen-sized SVG, grey, with
/// item 3's frame (the demo's, 235.8, 769, 78.6 × 49 pt) filled in pure blue; the mark must frame the blue.
final class ReviewComparisonBrowserTests: XCTestCase {
    private static let item = Rect(x: 235.8, y: 769, width: 78.6, height: 49)
    private static let screen = Rect(x: 0, y: 0, width: 393, height: 852)
    private static let bar = Rect(x: 0, y: 729, width: 393, height: 123)

    private func variant(_ label: String) -> ReviewPage.Variant {
        let i = Self.item
        let svg = Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="393" height="852" viewBox="0 0 393 852">\
            <rect width="393" height="852" fill="#dddddd"/><rect x="0" y="769" width="393" height="83" fill="#f4f4f4"/>\
            <rect x="\(i.minX)" y="\(i.minY)" width="\(i.width)" height="\(i.height)" fill="#0000ff"/></svg>
            """.utf8)
        var variant = ReviewPage.Variant(
            label: label, title: "\(label.lowercased()).json", summary: "iPhone 15", svg: svg, pixelWidth: 393, pixelHeight: 852,
            duration: 12, fps: 30, events: [.init(time: 0.5, kind: "tap", what: "Tap on 发现", why: "script[0] in the scene")],
            taps: [], spec: [], downloads: [], storyboard: nil, notes: [])
        variant.viewport = Self.screen
        variant.barRegion = Self.bar
        variant.marks = [.init(frame: Self.item, shown: [(start: 0, end: 12)], what: "item 3 title")]
        return variant
    }

    /// The bounding box of the pixels `matching` in columns `columns`: of the topmost band of rows holding
    /// one (rows on from the first such row until one without), or with `wholeHeight`, of all of them.
    private func box(_ shot: Picture, columns: Range<Int>, rows: Range<Int>? = nil, wholeHeight: Bool = false,
                     matching: ((r: Int, g: Int, b: Int)) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var found: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for y in rows ?? 0..<shot.height {
            var inRow = false
            for x in columns where matching(shot.pixel(x, y)) {
                inRow = true
                found = (min(found?.minX ?? x, x), min(found?.minY ?? y, y), max(found?.maxX ?? x, x), max(found?.maxY ?? y, y))
            }
            if !inRow, found != nil, !wholeHeight { break }
        }
        return found
    }

    func testTheMarksFrameTheChangedItemOnBothPhonesAboveTheFold() throws {
        var page = ReviewPage(title: "a.json vs b.json", variants: [variant("A"), variant("B")], generator: "tabanim test")
        page.changeSummary = "1 change: item 3 title"
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("compare.html")
        try page.html().write(to: url)
        let browsers = try Browser.installed()
        print("comparison page in: \(browsers.map(\.name).joined(separator: ", "))")
        for browser in browsers {
            let shot = try browser.screenshot(url.absoluteString + "?t=1", width: 1280, height: 720, in: folder)
            let halves = [0..<shot.width / 2, shot.width / 2..<shot.width]
            for (side, columns) in zip(["A", "B"], halves) {
                let blue = box(shot, columns: columns, wholeHeight: true) { $0.r < 40 && $0.g < 40 && $0.b > 215 }
                let red = box(shot, columns: columns, wholeHeight: true) { $0.r > 215 && $0.g < 90 && $0.b > 50 && $0.b < 130 }
                guard let blue, let red else {
                    XCTFail("\(browser.name), \(side): the item (\(blue.map { "\($0)" } ?? "not found")) and its mark (\(red.map { "\($0)" } ?? "not found")) are both shown")
                    continue
                }
                // The phone shows the bar over the page's width: the item is drawn large enough to read.
                XCTAssertGreaterThan(blue.maxX - blue.minX, 100, "\(browser.name), \(side): item 3 is \(blue.maxX - blue.minX) px wide")
                // The mark's 3 px border stands just outside the item's frame, on every side.
                for (edge, markEdge, itemEdge) in [("left", red.minX, blue.minX - 3), ("top", red.minY, blue.minY - 3),
                                                   ("right", red.maxX, blue.maxX + 3), ("bottom", red.maxY, blue.maxY + 3)] {
                    XCTAssertLessThanOrEqual(abs(markEdge - itemEdge), 2, "\(browser.name), \(side): the mark's \(edge) edge at \(markEdge), the item's + 3 at \(itemEdge)")
                }
                XCTAssertLessThan(red.maxY, 720, "\(browser.name), \(side): the mark is above the fold")
            }
        }
    }

    /// Whether `html`, played in `browser`, reports an error: an uncaught exception, a rejected promise, a
    /// `console.error` call or a Content Security Policy violation. A hook put first in `<head>` (before the
    /// page's policy, which would refuse it) counts them and shows a 40-px pure green square at the top left,
    /// read from the screenshot. `withError`: the hook also throws once, the control.
    private func errorsShown(_ html: String, in browser: Browser, folder: URL, withError: Bool = false) throws -> Bool {
        let hook = """
            <script>(function () {
              function mark() {
                function show() {
                  if (document.getElementById('test-errors')) return;
                  var d = document.createElement('div'); d.id = 'test-errors';
                  d.style.position = 'fixed'; d.style.left = '0'; d.style.top = '0'; d.style.width = '40px'; d.style.height = '40px';
                  d.style.background = 'rgb(0, 255, 0)'; d.style.zIndex = '2147483647';
                  document.documentElement.appendChild(d);
                }
                if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show); else show();
              }
              window.addEventListener('error', mark, true);
              window.addEventListener('unhandledrejection', mark);
              document.addEventListener('securitypolicyviolation', mark);
              var error = console.error; console.error = function () { mark(); return error.apply(console, arguments); };
              \(withError ? "setTimeout(function () { notAFunctionOfThePage(); }, 0);" : "")
            })();</script>
            """
        XCTAssertTrue(html.contains("<head>"))
        let hooked = folder.appendingPathComponent(withError ? "control.html" : "hooked.html")
        try html.replacingOccurrences(of: "<head>", with: "<head>" + hook).write(to: hooked, atomically: true, encoding: .utf8)
        let shot = try browser.screenshot(hooked.absoluteString + "?t=7.5", width: 1280, height: 720, in: folder)
        let p = shot.pixel(20, 20)
        return p.r < 20 && p.g > 235 && p.b < 20
    }

    /// The page of the demo and a copy with item 3 retitled, made as `tabanim review` makes it, at 7.5 s
    /// (item 3 selected: its icon and title in the tint, rgb(27, 118, 208)): in each browser, on each phone,
    /// one mark, shaped as the item's frame (78.6 × 49 pt), around the tinted ink of item 3 and centred on
    /// it, above the fold.
    func testTheDemoPairsMarksStandAroundItem3() throws {
        let folder = try temporaryFolder().appendingPathComponent("demo")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Assets/demo"), to: folder)
        let text = try String(contentsOf: folder.appendingPathComponent("scene.json"), encoding: .utf8)
        try text.replacingOccurrences(of: #""title": "发现""#, with: #""title": "Explore""#)
            .write(to: folder.appendingPathComponent("retitled.json"), atomically: true, encoding: .utf8)
        let decoded = DecodedAssets()
        let prepared = try ["scene.json", "retitled.json"].map { name in
            PreparedAnimation(Animation(try SceneResolver.load(folder.appendingPathComponent(name), displayName: name), measuring: PangoText.Measurer()),
                              pdf: InProcessPDFConverter(), decoded: decoded)
        }
        let variants = try zip(["A", "B"], prepared).map { label, input in
            try ReviewVariantMaker(input, label: label, pageName: "compare.html", picture: SVGExporter.self, pictureOptions: { prefix in
                var options = EncodingOptions()
                options[SVGExporter.Settings.self].idPrefix = prefix
                return options
            }, offered: GIFExporter.self).make()
        }
        var page = ReviewPage(title: "scene.json vs retitled.json", variants: variants, generator: "tabanim test")
        page.show(SceneComparison(prepared[0].animation, prepared[1].animation))
        XCTAssertEqual(page.changeSummary, "1 change: item 3 title")
        let url = folder.appendingPathComponent("compare.html")
        try page.html().write(to: url)
        let html = try String(contentsOf: url, encoding: .utf8)
        for browser in try Browser.installed() {
            // No console error in any browser: Chromium's log is read in CLITests/ReviewComparisonTests; here, in
            // every browser, a hook counts errors and shows a marker (`errorsShown`), and a control page with one
            // error proves the hook works there.
            XCTAssertFalse(try errorsShown(html, in: browser, folder: folder), "\(browser.name): the comparison page logged an error")
            XCTAssertTrue(try errorsShown(html, in: browser, folder: folder, withError: true), "\(browser.name): the control's error is seen")
            let shot = try browser.screenshot(url.absoluteString + "?t=7.5", width: 1280, height: 720, in: folder)
            for (side, columns) in zip(["A", "B"], [0..<shot.width / 2, shot.width / 2..<shot.width]) {
                guard let red = box(shot, columns: columns, matching: { $0.r > 215 && $0.g < 90 && $0.b > 50 && $0.b < 130 }) else {
                    XCTFail("\(browser.name), \(side): no mark")
                    continue
                }
                let (width, height) = (Double(red.maxX - red.minX), Double(red.maxY - red.minY))
                XCTAssertEqual(width / height, 78.6 / 49, accuracy: 0.1, "\(browser.name), \(side): one mark, the item's shape (\(red))")
                XCTAssertGreaterThan(width, 100, "\(browser.name), \(side): large enough to read")
                XCTAssertLessThan(red.maxY, 720, "\(browser.name), \(side): above the fold")
                let inside = red.minX + 4..<red.maxX - 3
                let tint = box(shot, columns: inside, rows: red.minY + 4..<red.maxY - 3, wholeHeight: true) { abs($0.r - 27) < 30 && abs($0.g - 118) < 30 && abs($0.b - 208) < 30 }
                guard let tint else {
                    XCTFail("\(browser.name), \(side): item 3's tinted icon and title inside the mark (\(String(describing: tint)) in \(red))")
                    continue
                }
                XCTAssertEqual(Double(tint.minX + tint.maxX) / 2, Double(red.minX + red.maxX) / 2, accuracy: 4,
                               "\(browser.name), \(side): the mark is centred on item 3's ink")
                XCTAssertGreaterThan(tint.maxY - tint.minY, Int(height / 2), "\(browser.name), \(side): icon and title, top to bottom")
                // The title's foot is 4 pt above the item's bottom edge (the raised button's, 21 pt).
                XCTAssertGreaterThan(tint.maxY, red.maxY - 12, "\(browser.name), \(side): the tinted title stands at the mark's foot")
            }
        }
    }
}
