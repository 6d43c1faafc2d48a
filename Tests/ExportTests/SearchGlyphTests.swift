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

/// The magnifying glass of an iOS 26 search tab, drawn and measured in the frame against UIKIT-2026.md ("Search
/// tab"): 22.7 pt of ink centred in the 62-pt circle, and 16.3 pt of ink 15 pt inside the field once search
/// opens. The stand-in's live-area rule alone draws 19.0 and 12.0 pt: each check can fail.
final class SearchGlyphTests: XCTestCase {
    private let json = """
        { "device": "iphone-17", "os": "26", "export": { "scale": 3 }, "centerButton": null,
          "tabBar": { "style": "glass", "selectedIndex": 0,
                      "items": [ { "title": "Home", "icon": { "systemImage": "house" } },
                                 { "title": "Library", "icon": { "systemImage": "books.vertical" } },
                                 { "title": "Search", "icon": { "systemImage": "magnifyingglass" }, "role": "search" } ] },
          "contents": [ {"color": "#F2F2F7"}, {"color": "#F2F2F7"}, {"color": "#F2F2F7"} ],
          "script": [ { "at": 1, "tap": 2 } ] }
        """

    func testTheMagnifyingGlassIs22_7PointsInTheCircleAnd16_3InTheField() throws {
        let scene = try SceneResolver(file: "search.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "search.json"))
        let animation = Animation(scene, measuring: PangoText.Measurer())
        let exporter = PNGExporter(animation, pdf: InProcessPDFConverter())
        let s = 3.0, screen = animation.layout.screen

        let circle = Rect(x: screen.maxX - 21 - 62, y: screen.maxY - 83, width: 62, height: 62)
        let inCircle = try ink(of: exporter.frame(at: 0), in: circle, scale: s)
        XCTAssertEqual(inCircle.width, 22.7, accuracy: 0.5)
        XCTAssertEqual(inCircle.height, 22.7, accuracy: 0.5)
        XCTAssertEqual(inCircle.center.x, circle.center.x, accuracy: 0.5)
        XCTAssertEqual(inCircle.center.y, circle.center.y, accuracy: 0.5)

        let field = try XCTUnwrap(animation.layout.searchField).field
        let inField = try ink(of: exporter.frame(at: 2), in: Rect(x: field.minX, y: field.minY, width: 40, height: field.height), scale: s)
        XCTAssertEqual(inField.width, 16.3, accuracy: 0.5)
        XCTAssertEqual(inField.minX - field.minX, 15, accuracy: 0.5)
        XCTAssertEqual(inField.center.y, field.center.y, accuracy: 0.5)
    }

    /// The box of dark ink (any channel below 200 over the light glass) in `area`, in points.
    private func ink(of surface: ImageSurface, in area: Rect, scale s: Double) throws -> Rect {
        let picture = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        var xs: [Int] = [], ys: [Int] = []
        for y in Int(area.minY * s)..<Int(area.maxY * s) {
            for x in Int(area.minX * s)..<Int(area.maxX * s) where picture.pixel(x, y).r < 200 { xs.append(x); ys.append(y) }
        }
        let minX = try XCTUnwrap(xs.min()), maxX = try XCTUnwrap(xs.max()), minY = try XCTUnwrap(ys.min()), maxY = try XCTUnwrap(ys.max())
        return Rect(x: Double(minX) / s, y: Double(minY) / s, width: Double(maxX + 1 - minX) / s, height: Double(maxY + 1 - minY) / s)
    }
}
