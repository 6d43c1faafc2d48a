import Basics
@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import PNGExport
import Resolving
import Scene
import SceneLayout
import Spec
import TestSupport
import XCTest

/// The glass bar's cells, drawn and measured in the frame against UIKIT-2026.md's captures ("iOS 26 floating
/// Liquid Glass bar" and its search tab): the titles' ink centres, and the selected pill's width.
final class GlassCellsTests: XCTestCase {
    /// Five items "News", "Map", "Favorites", "Schedule", "Info" (dark, systemYellow, "Schedule" selected): ink
    /// centred at 40.67, 108.33, 178, 249.67 and 319.67 pt from the capsule's left. Each within 1 pt. Equal cells
    /// (the rule for four items without a circle) put them up to 3.5 pt off: the control.
    func testFiveTitlesStandWhereTheCaptureHasThem() throws {
        let measured = [40.67, 108.33, 178, 249.67, 319.67]
        let drawn = try draw(titles: ["News", "Map", "Favorites", "Schedule", "Info"], selected: 3, dark: true)
        let centres = drawn.centres.map { $0 - drawn.capsule.minX }
        print("five glass titles' ink centres: \(centres.map { String(format: "%.2f", $0) }) (measured \(measured))")
        for (centre, expected) in zip(centres, measured) { XCTAssertEqual(centre, expected, accuracy: 1) }
        let width = Layout.Glass.cellWidth(count: 5, in: drawn.capsule.width), pitch = (drawn.capsule.width - 8 - width) / 4
        let equal = (0..<5).map { 4 + width / 2 + Double($0) * pitch }
        XCTAssertGreaterThan(zip(equal, measured).map { abs($0 - $1) }.max() ?? 0, 3, "so the check can fail")
    }

    /// IceCubes (iOS 26, 402-pt iPhone): "Timeline", "Notifications" (selected), "Favorites", "Messages" beside
    /// the search circle: ink centred at 61.7, 132.7, 203.3 and 269.8 pt from the screen's left, the pill 83.3 pt
    /// wide. Each within 1 pt. Equal cells of (290 − 8) / 4 + 7 = 77.5 pt, tabanim's rule before, put the third
    /// 3 pt off and the pill 6 pt narrow: the control.
    func testFourTitlesBesideTheSearchCircleStandWhereIceCubesHasThem() throws {
        let measured = [61.7, 132.7, 203.3, 269.8]
        let drawn = try draw(titles: ["Timeline", "Notifications", "Favorites", "Messages"], selected: 1, search: true)
        print("four titles beside the circle: \(drawn.centres.map { String(format: "%.2f", $0) }) (measured \(measured)), pill \(String(format: "%.2f", drawn.pill)) (83.3)")
        XCTAssertEqual(drawn.centres.count, 4)
        for (centre, expected) in zip(drawn.centres, measured) { XCTAssertEqual(centre, expected, accuracy: 1) }
        XCTAssertEqual(drawn.pill, 83.3, accuracy: 1)
        let width = Layout.Glass.cellWidth(count: 4, in: drawn.capsule.width)
        XCTAssertGreaterThan(abs(width - 83.3), 5, "so the pill's check can fail")
    }

    /// Three items beside the circle keep the equal cells measured there: (290 − 8) / 3 + 7 = 101 pt (the pill
    /// measured 100.7), centred 54.5, 145 and 235.5 pt from the capsule's left, within 0.5 pt.
    func testThreeTitlesBesideTheSearchCircleKeepEqualCells() throws {
        let drawn = try draw(titles: ["Home", "Library", "Downloads"], selected: 0, search: true)
        let centres = drawn.centres.map { $0 - drawn.capsule.minX }
        for (centre, expected) in zip(centres, [54.5, 145, 235.5]) { XCTAssertEqual(centre, expected, accuracy: 0.5) }
        XCTAssertEqual(drawn.pill, 101, accuracy: 0.5)
    }

    private struct Drawn { var capsule: Rect; var centres: [Double]; var pill: Double }

    /// Draws a glass bar of `titles` at 3× (light over (242,242,247) or dark over black) and measures each title's
    /// ink centre (screen points) and the selected pill's width, from the picture.
    private func draw(titles: [String], selected: Int, dark: Bool = false, search: Bool = false) throws -> Drawn {
        var items = titles.map { "{\"title\": \"\($0)\"}" }
        if search { items.append(#"{"title": "Search", "icon": {"systemImage": "magnifyingglass"}, "role": "search"}"#) }
        let content = dark ? ##"{"color": "#000000"}"## : ##"{"color": "#F2F2F7"}"##
        let json = """
            { "device": "iphone-17", "os": "26", "interfaceStyle": "\(dark ? "dark" : "light")", "export": { "scale": 3 },
              "centerButton": null,
              "tabBar": { "style": "glass", "tintColor": "\(dark ? "systemYellow" : "systemBlue")", "selectedIndex": \(selected),
                          "items": [\(items.joined(separator: ", "))] },
              "contents": [\(Array(repeating: content, count: items.count).joined(separator: ", "))] }
            """
        let scene = try SceneResolver(file: "glass.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "glass.json"))
        let animation = Animation(scene, measuring: PangoText.Measurer())
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        let picture = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        let capsule = try XCTUnwrap(animation.layout.capsule)
        let s = 3.0
        func isInk(_ p: (r: Int, g: Int, b: Int)) -> Bool {
            dark ? max(p.r, p.g) > 150 : min(p.r, p.g) < 150
        }
        // The titles' rows: from 7 pt above the baseline to it (cap height 7 pt at 10 pt).
        let baseline = capsule.minY + Layout.Glass.titleBaselineY
        var inked = Set<Int>()
        for y in Int((baseline - 7) * s)..<Int(baseline * s) {
            for x in Int(capsule.minX * s)..<Int(capsule.maxX * s) where isInk(picture.pixel(x, y)) { inked.insert(x) }
        }
        // Runs of inked columns, split where 5 pt are empty: one run per title.
        var runs: [(Int, Int)] = []
        for x in inked.sorted() {
            if let last = runs.last, x - last.1 <= Int(5 * s) { runs[runs.count - 1].1 = x } else { runs.append((x, x)) }
        }
        XCTAssertEqual(runs.count, titles.count, "\(runs)")
        // The pill: the row through its middle, where neither an icon nor a title is, in the pill's own grey.
        let pillRow = Int((capsule.minY + 32) * s)
        let pillGrey = dark ? (53, 53, 53) : (233, 233, 237)
        let pillColumns = (Int(capsule.minX * s)..<Int(capsule.maxX * s)).filter { x in
            let p = picture.pixel(x, pillRow)
            return abs(p.r - pillGrey.0) <= 3 && abs(p.g - pillGrey.1) <= 3 && abs(p.b - pillGrey.2) <= 3
        }
        let pill = Double((pillColumns.last ?? 0) + 1 - (pillColumns.first ?? 0)) / s
        return Drawn(capsule: capsule, centres: runs.map { Double($0.0 + $0.1 + 1) / 2 / s }, pill: pill)
    }
}
