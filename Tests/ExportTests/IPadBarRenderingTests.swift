import Basics
@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// The iPad's bars as drawn, at 2× on the 1024 pt iPad (the width UIKIT-2026.md's iPad section was measured
/// on), measured in pixels against that section: iPadOS 26's top bar and the iPadOS 14 classic bar, every
/// number within 1 pt; and their SVG, with the landscape iPhone's, played in the browsers against the GIF.
final class IPadBarRenderingTests: XCTestCase {
    private let measurer = PangoText.Measurer()

    private func animation(_ json: String) throws -> Animation {
        let scene = try SceneResolver(file: "ipad.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "ipad.json"))
        return Animation(scene, measuring: measurer)
    }

    private func frame(_ animation: Animation, at t: TimeInterval) throws -> Picture {
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: t)
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    private func luminance(_ p: (r: Int, g: Int, b: Int)) -> Int { (p.r + p.g + p.b) / 3 }
    private func near(_ p: (r: Int, g: Int, b: Int), _ value: Int, _ tolerance: Int) -> Bool {
        abs(p.r - value) <= tolerance && abs(p.g - value) <= tolerance && abs(p.b - value) <= tolerance
    }

    /// Capitals, so the ink stands on the baseline and reaches the cap height.
    private let titles = ["HOME", "LIBRARY", "RADIO", "SEARCH", "MORE"]

    func testTheTopBarMeasuresAsIPadOS26s() throws {
        let itemsJSON = titles.map { "{\"title\": \"\($0)\"}" }.joined(separator: ", ")
        let animation = try animation("""
            { "device": "ipad-air-13", "interfaceStyle": "dark", "export": { "scale": 2 }, "centerButton": null,
              "tabBar": { "style": "glass", "items": [\(itemsJSON)] }, "contents": [\(Array(repeating: ##"{"color": "#000000"}"##, count: 5).joined(separator: ", "))] }
            """)
        let picture = try frame(animation, at: 0)
        let s = 2.0
        // Titles are spaced by their ink (UIKIT-2026.md): these widths are the ink's.
        let extents = titles.map { measurer.extent(of: $0, fontSize: 17, weight: .medium, family: nil, language: nil) }
        let widths = extents.map(\.inkWidth)
        // The bar (25,25,25): its row through the middle, 32 + 22 pt down.
        let middle = Int((32 + 22) * s)
        let inBar = { (x: Int, y: Int) in self.luminance(picture.pixel(x, y)) >= 15 }
        let leftPixel: Int = try XCTUnwrap((0..<1024).first { inBar($0, middle) })
        let rightPixel: Int = try XCTUnwrap((0..<2048).reversed().first { inBar($0, middle) })
        let left = Double(leftPixel) / s, right = Double(rightPixel + 1) / s
        let titlesWidth: Double = widths.reduce(0, +)
        let expectedWidth: Double = 2 * 21 + titlesWidth + 4 * 33.5
        XCTAssertEqual(right - left, expectedWidth, accuracy: 1, "21 pt ends, the titles, 33.5 pt gaps")
        XCTAssertEqual((left + right) / 2, 512, accuracy: 1, "centred")
        // Top and bottom where the bar is straight and empty: between items 2's and 3's titles.
        let items = animation.layout.items
        let column = Int((items[2].titleBaseline.x + widths[2] / 2 + 33.5 / 2) * s)
        let topPixel: Int = try XCTUnwrap((0..<400).first { inBar(column, $0) })
        let bottomPixel: Int = try XCTUnwrap((0..<400).reversed().first { inBar(column, $0) })
        let top = Double(topPixel) / s, bottom = Double(bottomPixel + 1) / s
        XCTAssertEqual(top, 32, accuracy: 1, "its top 32 pt below the screen's")
        XCTAssertEqual(bottom - top, 44, accuracy: 1, "44 pt tall")
        XCTAssertTrue(near(picture.pixel(column, middle), 25, 2), "dark bar (25,25,25): \(picture.pixel(column, middle))")

        // The pill under item 0 (58,58,58): 36 pt tall, 4 pt in; the title's width + 31.5–33 pt.
        let inPill = { (x: Int, y: Int) in (50...66).contains(self.luminance(picture.pixel(x, y))) }
        let pillRow = middle  // the pill's ends are widest on its middle row
        let searchEnd = Int((left + 21 + widths[0] + 30) * s)
        let pillLeftPixel: Int = try XCTUnwrap((0..<2048).first { inPill($0, pillRow) })
        let pillRightPixel: Int = try XCTUnwrap((0..<searchEnd).reversed().first { inPill($0, pillRow) })
        let pillLeft = Double(pillLeftPixel) / s, pillRight = Double(pillRightPixel + 1) / s
        let padding: Double = pillRight - pillLeft - widths[0]
        XCTAssertGreaterThanOrEqual(padding, 31.5 - 1, "pill = title + 31.5–33 pt")
        XCTAssertLessThanOrEqual(padding, 33 + 1, "pill = title + 31.5–33 pt")
        let pillColumn = Int((pillLeft + 20) * s)
        let pillTopPixel: Int = try XCTUnwrap((0..<400).first { inPill(pillColumn, $0) })
        let pillBottomPixel: Int = try XCTUnwrap((0..<400).reversed().first { inPill(pillColumn, $0) })
        let pillTop = Double(pillTopPixel) / s, pillBottom = Double(pillBottomPixel + 1) / s
        XCTAssertEqual(pillTop - top, 4, accuracy: 1, "4 pt inset")
        XCTAssertEqual(pillBottom - pillTop, 36, accuracy: 1, "36 pt tall")
        let aboveTitle = Int((32 + 8) * s)
        XCTAssertTrue(near(picture.pixel(pillColumn, aboveTitle), 58, 2), "dark pill (58,58,58): \(picture.pixel(pillColumn, aboveTitle))")

        // Item 2's title (unselected, light on dark): ink on the baseline 27.9 pt below the bar's top, cap
        // height of a 17 pt font (0.705 em = 12 pt), its centre where the layout says.
        let item = items[2]
        let x0 = Int((item.titleBaseline.x - widths[2] / 2 - 3) * s), x1 = Int((item.titleBaseline.x + widths[2] / 2 + 3) * s)
        var rows: [Int] = [], columns: [Int] = []
        let y0 = Int((top + 4) * s), y1 = Int((top + 40) * s)
        for y in y0..<y1 {
            for x in x0..<x1 where luminance(picture.pixel(x, y)) > 150 { rows.append(y); columns.append(x) }
        }
        let lowest: Int = try XCTUnwrap(rows.max()), highest: Int = try XCTUnwrap(rows.min())
        let baseline = Double(lowest + 1) / s
        XCTAssertEqual(baseline - top, 27.9, accuracy: 1, "baseline")
        XCTAssertEqual(baseline - Double(highest) / s, 0.705 * 17, accuracy: 1, "a 17 pt title")
        let firstColumn: Int = try XCTUnwrap(columns.min()), lastColumn: Int = try XCTUnwrap(columns.max())
        let inkCentre = Double(firstColumn + lastColumn + 1) / 2 / s
        XCTAssertEqual(inkCentre, item.frame.center.x, accuracy: 1, "title's ink centred in its cell")
        print(String(format: "top bar: x %.1f…%.1f (width %.1f, expected %.1f), top %.1f, height %.1f; pill %.1f…%.1f (title + %.2f), top inset %.1f, height %.1f; baseline %.2f below the top, cap %.2f, title centre %.2f (layout %.2f)",
                     left, right, right - left, expectedWidth, top, bottom - top, pillLeft, pillRight, padding, pillTop - top, pillBottom - pillTop,
                     baseline - top, baseline - Double(highest) / s, inkCentre, item.titleBaseline.x))
        // The gap between item 1's and item 2's ink is the measured gap, 33.5 pt.
        XCTAssertEqual(item.frame.center.x - items[1].frame.center.x, (widths[1] + widths[2]) / 2 + 33.5, accuracy: 1e-9)
    }

    /// UIKIT-2026.md, "iPad": the five-tab top bar of "News", "Map", "Favorites", "Schedule", "Info" is 419 pt
    /// wide (spaced by advance boxes it would be 9 pt wider).
    func testTheFiveTabTopBarMeasuredIs419PointsWide() throws {
        let names = ["News", "Map", "Favorites", "Schedule", "Info"]
        let animation = try animation("""
            { "device": "ipad-air-13", "interfaceStyle": "dark", "export": { "scale": 2 }, "centerButton": null,
              "tabBar": { "style": "glass", "items": [\(names.map { "{\"title\": \"\($0)\"}" }.joined(separator: ", "))] },
              "contents": [\(Array(repeating: ##"{"color": "#000000"}"##, count: 5).joined(separator: ", "))] }
            """)
        let picture = try frame(animation, at: 0)
        let middle = Int((32 + 22) * 2.0)
        let inBar = { (x: Int) in self.luminance(picture.pixel(x, middle)) >= 15 }
        let left: Int = try XCTUnwrap((0..<2048).first(where: inBar)), right: Int = try XCTUnwrap((0..<2048).reversed().first(where: inBar))
        let width = Double(right + 1 - left) / 2
        print(String(format: "five-tab top bar: %.2f pt wide (measured 419)", width))
        XCTAssertEqual(width, 419, accuracy: 2)
    }

    /// The top bar's pill glides on the iPhone glass pill's spring (critically damped, ω = 2π / 0.5 s), its
    /// width passing from one title's + 32.25 pt to the next's: centre and width 0.1 s after a tap.
    func testTheTopBarsPillGlidesOnTheSpringAndChangesWidthOnTheWay() throws {
        let itemsJSON = titles.map { "{\"title\": \"\($0)\"}" }.joined(separator: ", ")
        let json = """
            { "device": "ipad-air-13", "interfaceStyle": "dark", "export": { "scale": 2 }, "centerButton": null, "transition": null,
              "tabBar": { "style": "glass", "items": [\(itemsJSON)] }, "contents": [\(Array(repeating: ##"{"color": "#000000"}"##, count: 5).joined(separator: ", "))],
              "script": [{"at": 0.5, "tap": 3}] }
            """
        let animation = try animation(json)
        let cells = animation.layout.items.map(\.frame)
        let omega = 2 * Double.pi / 0.5
        func pill(at t: TimeInterval) throws -> (centre: Double, width: Double) {
            let picture = try frame(animation, at: t)
            let row = Int((36 + 3) * 2.0)  // 3 pt into the pill, above the titles' ink
            let run = (0..<2048).filter { (50...66).contains(luminance(picture.pixel($0, row))) }
            let first: Int = try XCTUnwrap(run.first), last: Int = try XCTUnwrap(run.last)
            return (Double(first + last + 1) / 4, Double(last + 1 - first) / 2)
        }
        let rest = try pill(at: 0.4)
        XCTAssertEqual(rest.centre, cells[0].center.x, accuracy: 0.5)
        let moving = try pill(at: 0.6)
        let progress = 1 - (1 + omega * 0.1) * exp(-omega * 0.1)
        let centre = cells[0].center.x + (cells[3].center.x - cells[0].center.x) * progress
        print(String(format: "top bar pill at 0.6 s: centre %.2f (spring %.2f), chord width %.2f (at rest %.2f → %.2f)", moving.centre, centre,
                     moving.width, rest.width, try pill(at: 2).width))
        XCTAssertEqual(moving.centre, centre, accuracy: 1, "on the spring")
        XCTAssertGreaterThan(moving.centre, cells[1].center.x, "between the cells")
        XCTAssertEqual(try pill(at: 2).centre, cells[3].center.x, accuracy: 0.5, "at rest on item 3")
        // The chord 3 pt into a 36 pt capsule is 2·(18 − √(18² − 15²)) = 16.1 pt short of its width.
        XCTAssertEqual(try pill(at: 2).width, cells[3].width - 16.1, accuracy: 1, "item 3's pill: its title + 32.25 pt")
    }

    /// UIKIT-2026.md, "iPad": the iPadOS 14 classic bar's items are sized to their content (icon ink + gap +
    /// title ink) and separated by one spacing (132.35 pt between the groups' ink), the group centred; the
    /// titles 13 pt Regular. The Done-when titles of issue 48, with SF Symbols by name.
    func testTheClassicIPadBarMeasuresAsIPadOS14s() throws {
        let names = ["Encryption", "Decryption", "Keychain", "Settings"], symbols = ["lock", "lock.open", "person.2", "gearshape"]
        let items = zip(names, symbols).map { "{\"title\": \"\($0)\", \"icon\": {\"systemImage\": \"\($1)\"}}" }.joined(separator: ", ")
        let animation = try animation("""
            { "device": "ipad-air-13", "export": { "scale": 2 }, "centerButton": null, "tabBar": { "style": "classic", "items": [\(items)] },
              "contents": [\(Array(repeating: ##"{"color": "#FFFFFF"}"##, count: 4).joined(separator: ", "))] }
            """)
        let picture = try frame(animation, at: 0)
        let s = 2.0
        // The bar: 65 pt at the bottom of the 1366 pt screen, its hairline one pixel above it.
        let hairline: Int = try XCTUnwrap((2400..<2732).first { luminance(picture.pixel(300, $0)) < 200 })
        XCTAssertEqual(Double(hairline + 1) / s, 1366 - 65, accuracy: 1, "65 pt including the home-indicator area")
        let barTop = Double(hairline + 1) / s
        var groups: [(left: Double, right: Double)] = []
        for index in names.indices {
            let slot = animation.layout.items[index].frame
            var columns: [Int] = [], titleRows: [Int] = []
            // The title's first letter, a capital (no descender): its rows give the baseline and cap height.
            let titleStart = animation.layout.items[index].iconFrame.maxX
            let y0 = Int((barTop + 5) * s), y1 = Int((barTop + 44) * s), x0 = Int(slot.minX * s), x1 = Int(slot.maxX * s)
            for y in y0..<y1 {
                for x in x0..<x1 where luminance(picture.pixel(x, y)) < 200 { columns.append(x) }
            }
            let firstTitleColumn: Int = try XCTUnwrap(columns.filter { Double($0) / s > titleStart }.min())
            for y in y0..<y1 {
                for x in firstTitleColumn..<(firstTitleColumn + Int(5 * s)) where luminance(picture.pixel(x, y)) < 200 { titleRows.append(y) }
            }
            let first: Int = try XCTUnwrap(columns.min()), last: Int = try XCTUnwrap(columns.max())
            groups.append((Double(first) / s, Double(last + 1) / s))
            let lowest: Int = try XCTUnwrap(titleRows.max()), highest: Int = try XCTUnwrap(titleRows.min())
            let baseline = Double(lowest + 1) / s
            XCTAssertEqual(baseline - barTop, 30.9, accuracy: 1, "baseline")
            XCTAssertEqual(baseline - Double(highest) / s, 0.705 * 13, accuracy: 1, "a 13 pt title")
        }
        let gaps = zip(groups, groups.dropFirst()).map { $1.left - $0.right }
        print("classic iPad: groups \(groups.map { String(format: "%.1f…%.1f", $0.left, $0.right) }), ink gaps \(gaps.map { String(format: "%.2f", $0) })")
        for gap in gaps { XCTAssertEqual(gap, 132.35, accuracy: 1, "one spacing between the groups' ink: \(gaps)") }
        XCTAssertEqual((groups[0].left + groups[3].right) / 2, 512, accuracy: 1, "the group centred")
        // 13 pt Regular: the ink area of a title within 5 % of Inter Regular's (Medium's is 22–24 % larger).
        let regular = try inkArea(names[0], weight: .regular), drawn = try inkArea(names[0], weight: animation.layout.titleWeight)
        XCTAssertEqual(drawn / regular, 1, accuracy: 0.05)
        XCTAssertGreaterThan(try inkArea(names[0], weight: .medium) / regular, 1.05, "so the check can fail")
    }

    /// The dark pixels of `string` drawn at 13 pt, 4× (a count of pixels standing for its ink's area).
    private func inkArea(_ string: String, weight: FontWeight) throws -> Double {
        let surface = try ImageSurface(width: 400, height: 80)
        let context = try CairoContext(surface)
        context.setColor((1, 1, 1, 1))
        context.paint()
        context.setMatrix(a: 4, b: 0, c: 0, d: 4, tx: 0, ty: 0)
        PangoText.draw(Text(string: string, fontSize: 13, weight: weight, color: .black, baseline: Point(x: 4, y: 16), alignment: .leading), in: context)
        let picture = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        var sum = 0.0
        for y in 0..<picture.height { for x in 0..<picture.width { sum += Double(255 - luminance(picture.pixel(x, y))) / 255 } }
        return sum
    }

    func testTheNewLayoutsSVGPlaysInTheBrowsersAsTheGIF() throws {
        let scenes = [
            ("ipad-glass", #""device": "ipad-pro-11", "tabBar": {"style": "glass", "items": [{"title": "Home"}, {"title": "Library"}, {"title": ""}, {"title": "Radio"}, {"title": "Search"}]}"#),
            ("ipad-glass-landscape", #""device": "ipad-pro-11", "orientation": "landscape", "interfaceStyle": "dark", "tabBar": {"style": "glass", "items": [{"title": "Home"}, {"title": "Library"}, {"title": ""}, {"title": "Radio"}, {"title": "Search"}]}"#),
            ("ipad-classic", #""device": "ipad-pro-11", "tabBar": {"style": "classic", "items": [{"title": "Home", "icon": "icons/home.svg", "badge": "2"}, {"title": "Discover", "icon": {"systemImage": "safari"}}, {"title": ""}, {"title": "Profile", "icon": {"systemImage": "person.crop.circle"}}, {"title": "More", "icon": "icons/home.svg"}]}"#),
            ("ipad-classic-landscape", #""device": "ipad-pro-11", "orientation": "landscape", "tabBar": {"style": "classic", "items": [{"title": "Home", "icon": "icons/home.svg"}, {"title": "Discover", "icon": "icons/discover.svg"}, {"title": ""}, {"title": "Profile", "icon": "icons/profile.svg"}, {"title": "More", "icon": "icons/home.svg"}]}"#),
            ("iphone-landscape", #""device": "iphone-16-pro", "orientation": "landscape", "tabBar": {"style": "classic", "items": [{"title": "Home", "icon": "icons/home.svg"}, {"title": "Discover", "icon": "icons/discover.svg"}, {"title": ""}, {"title": "Profile", "icon": "icons/profile.svg"}, {"title": "More", "icon": "icons/home.svg"}]}"#),
        ]
        for (name, body) in scenes {
            let colours = [##"{"color": "#FF3B30", "rows": 8}"##, ##"{"color": "#FFFFFF"}"##, ##"{"color": "#FFCC00", "rows": 8}"##,
                           ##"{"color": "#34C759"}"##, ##"{"color": "#FFFFFF"}"##]
            let count = body.components(separatedBy: "\"title\"").count - 1
            let json = """
                { \(body), "export": { "fps": 10, "duration": 2.5, "scale": 1 },
                  "contents": [\(colours.prefix(count).joined(separator: ", "))],
                  "script": [ {"at": 0.2, "tap": 1}, {"at": 1.2, "tap": "center"} ] }
                """
            let animation = try animation(json)
            let folder = try temporaryFolder()
            let decoded = try decodedGIF(of: animation, in: folder)
            let frames = [3, 5, 9, 14, 20]
            let bar = animation.layout.bar
            let button = animation.layout.centerButton ?? bar
            let top = Int(max(0, min(bar.minY - 20, button.minY))), bottom = Int(min(animation.layout.screen.height, max(bar.maxY + 20, button.maxY)))
            for (browser, pictures) in try playInEveryBrowser(animation, frames: frames, width: decoded.width, height: decoded.height, in: folder) {
                for (frame, picture) in zip(frames, pictures) {
                    let expected = decoded.picture(frame)
                    let label = "\(browser)-\(name)-frame\(frame)"
                    func region(_ p: Picture) -> Picture { p.cropped(x: 0, y: top, width: p.width, height: bottom - top) }
                    print("\(label): whole \(String(format: "%.1f", picture.psnr(expected))) dB, bar \(String(format: "%.1f", region(picture).psnr(region(expected)))) dB")
                    assertSimilar(picture, expected, minimumPSNR: 33, label)
                    // Each browser's edge antialiasing set aside (3 × 3 blurred), as for icon boxes: over this small
                    // region WebKit's spinning button read 29.8–30.2 dB raw, and Chromium's 29.0 at frame 14 once the
                    // iPadOS status bar (its glyphs' edges) was drawn in it; their pixels otherwise the GIF's.
                    assertSimilar(region(picture).boxBlurred(), region(expected).boxBlurred(), minimumPSNR: 30, label + "-bar")
                }
            }
        }
    }
}
