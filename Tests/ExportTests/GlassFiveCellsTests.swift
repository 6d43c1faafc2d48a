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

/// UIKIT-2026.md, "iOS 26 floating Liquid Glass bar": five items "News", "Map", "Favorites", "Schedule", "Info"
/// (dark, systemYellow, "Schedule" selected) have their titles' ink centred at 40.67, 108.33, 178, 249.67 and
/// 319.67 pt from the capsule's left. tabanim's content-sized cells, drawn and measured in the frame: each
/// within 1 pt. Equal cells (the rule for four items) put them up to 3.5 pt off: the control.
final class GlassFiveCellsTests: XCTestCase {
    private let measured = [40.67, 108.33, 178, 249.67, 319.67]

    func testFiveTitlesStandWhereTheCaptureHasThem() throws {
        let names = ["News", "Map", "Favorites", "Schedule", "Info"]
        let json = """
            { "device": "iphone-17", "interfaceStyle": "dark", "export": { "scale": 3 }, "centerButton": null,
              "tabBar": { "style": "glass", "tintColor": "systemYellow", "selectedIndex": 3,
                          "items": [\(names.map { "{\"title\": \"\($0)\"}" }.joined(separator: ", "))] },
              "contents": [\(Array(repeating: ##"{"color": "#000000"}"##, count: 5).joined(separator: ", "))] }
            """
        let scene = try SceneResolver(file: "glass5.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "glass5.json"))
        let animation = Animation(scene, measuring: PangoText.Measurer())
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        let picture = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        let capsule = try XCTUnwrap(animation.layout.capsule)
        // The titles' rows: from 7 pt above the baseline to it (cap height 7 pt at 10 pt), bright ink only.
        let baseline = capsule.minY + 48.6, s = 3.0
        var inked = Set<Int>()
        for y in Int((baseline - 7) * s)..<Int(baseline * s) {
            for x in Int(capsule.minX * s)..<Int(capsule.maxX * s) {
                let p = picture.pixel(x, y)
                if max(p.r, p.g) > 150 { inked.insert(x) }
            }
        }
        // Runs of inked columns, split where 5 pt are empty: one run per title.
        var runs: [(Int, Int)] = []
        for x in inked.sorted() {
            if let last = runs.last, x - last.1 <= Int(5 * s) { runs[runs.count - 1].1 = x } else { runs.append((x, x)) }
        }
        XCTAssertEqual(runs.count, 5, "\(runs)")
        let centres = runs.map { (Double($0.0 + $0.1 + 1) / 2 / s) - capsule.minX }
        print("five glass titles' ink centres: \(centres.map { String(format: "%.2f", $0) }) (measured \(measured))")
        for (centre, expected) in zip(centres, measured) { XCTAssertEqual(centre, expected, accuracy: 1) }
        // The control: equal cells of (360 − 8) / 5 + 7 pt put the centres up to 3.5 pt off.
        let width = Layout.Glass.cellWidth(count: 5, in: capsule.width), pitch = (capsule.width - 8 - width) / 4
        let equal = (0..<5).map { 4 + width / 2 + Double($0) * pitch }
        XCTAssertGreaterThan(zip(equal, measured).map { abs($0 - $1) }.max() ?? 0, 3, "so the check can fail")
    }
}
