@testable import Drawing
import Foundation
import Graph
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// A dark frame has UIKit's dark bar (UIKIT-2026.md, measured on real dark-mode screenshots) over black.
final class DarkModeTests: XCTestCase {
    func testADarkFrameHasTheDarkBarHairlineAndItems() throws {
        let json = #"""
        {"interfaceStyle": "dark", "device": "iphone-15", "export": {"scale": 3}, "centerButton": null,
         "tabBar": {"items": [{"title": "Home", "icon": "icons/home.svg"}, {"title": "Discover", "icon": "icons/discover.svg"}]}}
        """#
        let scene = try SceneResolver(file: "dark.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "dark.json"))
        let animation = Animation(scene)
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        let picture = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        let layout = animation.layout, s = scene.export.scale
        func near(_ p: (r: Int, g: Int, b: Int), _ value: Int, _ tolerance: Int) -> Bool {
            [p.r, p.g, p.b].allSatisfy { abs($0 - value) <= tolerance }
        }
        let content = picture.pixel(10, Int(layout.content.center.y * s))
        XCTAssertTrue(near(content, 0, 0), "content is systemBackground black: \(content)")
        let bar = picture.pixel(Int((layout.items[0].frame.minX + 3) * s), Int((layout.bar.minY + 3) * s))
        XCTAssertTrue(near(bar, 18, 4), "bar \(bar), expected (18,18,18) ± 4")
        let hairline = picture.pixel(10, Int((layout.hairline.minY * s).rounded()))
        XCTAssertTrue(near(hairline, 38, 6), "hairline \(hairline), expected (38,38,38) ± 6")
        XCTAssertEqual(layout.hairline.height * s, 1, accuracy: 1e-9, "one device pixel")
        // The unselected icon's strokes: its brightest pixels are the unselected colour.
        let box = layout.items[1].iconFrame
        var brightest = (r: 0, g: 0, b: 0)
        for y in Int(box.minY * s)..<Int(box.maxY * s) {
            for x in Int(box.minX * s)..<Int(box.maxX * s) {
                let p = picture.pixel(x, y)
                if p.r + p.g + p.b > brightest.r + brightest.g + brightest.b { brightest = p }
            }
        }
        XCTAssertTrue(near(brightest, 125, 6), "unselected icon \(brightest), expected (125,125,125) ± 6")
    }
}
