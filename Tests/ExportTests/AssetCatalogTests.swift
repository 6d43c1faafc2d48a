import AppleFormats
import Basics
@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import PNGExport
import Resolving
import SVGExport
import Scene
import SceneLayout
import Spec
import TestSupport
import XCTest

/// Icons from the project's own asset catalog (Tests/Fixtures/catalog, written by its make.py), drawn where
/// UIKit puts them: images by their box, centred 18.6 pt below the classic bar's top (SPEC.md); a symbol
/// by its alignment rectangle, its baseline half the cap height below that centre (`SymbolConfiguration`).
/// Measured in the pixels of a PNG frame at 3×, of the SVG drawn by librsvg (and for the symbol, of the GIF's
/// first frame), to 0.5 pt.
final class AssetCatalogTests: XCTestCase {
    /// Selected items red, unselected blue: the icons' ink is whatever is saturated.
    private func animation(_ icons: [String], scale: Int = 3, style: String = "light", barStyle: String = "classic",
                           extra: String = "") throws -> Animation {
        let items = icons.map { #"{"icon": "\#($0)"}"# }.joined(separator: ", ")
        let json = """
            {"device": "iphone-16-pro", "export": {"scale": \(scale), "fps": 10, "duration": 1}, "centerButton": null,
             "interfaceStyle": "\(style)",
             "tabBar": {"style": "\(barStyle)", "assets": "Assets.xcassets", "tintColor": "#FF0000", "unselectedItemTintColor": "#0000FF",
                        "items": [\(items)]\(extra)}}
            """
        let spec = try SceneSpec.parse(Data(json.utf8), file: "catalog.json")
        return Animation(try SceneResolver(file: "catalog.json", baseDirectory: fixtureURL("catalog")).resolve(spec))
    }

    private func png(_ animation: Animation) throws -> Picture {
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    /// The SVG at t = 0 as librsvg draws it (no animation: every icon at its place).
    private func svg(_ animation: Animation) throws -> Picture {
        let document = try SVGDocument(data: try SVGExporter(animation, pdf: InProcessPDFConverter()).document())
        let scale = animation.scene.export.scale, screen = animation.layout.screen
        let surface = try ImageSurface(width: Int(screen.width * scale), height: Int(screen.height * scale))
        try document.render(in: try CairoContext(surface), x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    /// Pixels more than half covered by a saturated tint (red or blue over the bar: the edge at 50 %), or by
    /// the glass bar's dark unselected colour, in
    /// item `index`'s icon band (from the bar's top, the glass capsule's, 44 pt down; the items have no
    /// titles), in points from the bar's top: their box, and per pixel row (top down) how wide the ink is.
    private func ink(_ picture: Picture, item index: Int, of animation: Animation) -> (box: Rect, rows: [(y: Double, width: Double)])? {
        let scale = animation.scene.export.scale, frame = animation.layout.items[index].frame, top = animation.layout.bar.minY
        var xs: [Int] = [], ys: [Int] = [], rows: [(Double, Double)] = []
        for y in Int(top * scale)..<Int((top + 44) * scale) {
            var count = 0
            for x in Int(frame.minX * scale)..<Int(frame.maxX * scale) {
                let p = picture.pixel(x, y)
                // Saturated, or dark: the glass bar draws its own unselected colour ((25,25,29) in light mode).
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 127 || max(p.r, p.g, p.b) < 140 { xs.append(x); ys.append(y); count += 1 }
            }
            if count > 0 { rows.append((Double(y) / scale - top, Double(count) / scale)) }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return (Rect(x: Double(minX) / scale, y: Double(minY) / scale - top, width: Double(maxX - minX + 1) / scale,
                     height: Double(maxY - minY + 1) / scale), rows)
    }

    func testTheImageSetGivesTheFileForTheScaleAndTheAppearance() throws {
        // make.py: @2x red, @3x green; dark @2x yellow, @3x blue; "original", so the colours are the files'.
        let cases: [(scale: Int, style: String, rgb: [Int])] = [(3, "light", [0, 200, 0]), (2, "light", [255, 0, 0]),
                                                                 (1, "light", [255, 0, 0]), (4, "light", [0, 200, 0]),
                                                                 (3, "dark", [0, 0, 255]), (2, "dark", [255, 220, 0])]
        for (scale, style, rgb) in cases {
            let animation = try animation(["scaled"], scale: scale, style: style)
            let picture = try png(animation)
            let center = animation.layout.items[0].iconFrame.center
            let p = picture.pixel(Int(center.x * Double(scale)), Int(center.y * Double(scale)))
            XCTAssertEqual([p.r, p.g, p.b], rgb, "\(scale)× \(style): the file Xcode picks")
            XCTAssertEqual(animation.scene.tabBar.items[0].rendering, .original, "template-rendering-intent")
        }
    }

    func testAPDFAndAPNGAreCentredByTheirBoxAsBefore() throws {
        let animation = try animation(["Tabs/vector", "scaled"])
        XCTAssertEqual(animation.scene.tabBar.items[0].rendering, .template, "the PDF set's template-rendering-intent")
        for (name, picture) in [("PNG", try png(animation)), ("SVG", try svg(animation))] {
            let pdf = try XCTUnwrap(ink(picture, item: 0, of: animation), name)
            // The PDF's page is 24 pt, its square 16 pt at its centre: drawn in the 24 pt icon box.
            XCTAssertEqual(pdf.box.center.y, Layout.iconCenterY, accuracy: 0.5, "\(name): PDF box centred at 18.6 pt")
            XCTAssertEqual(pdf.box.height, 16, accuracy: 0.5, "\(name): PDF drawn as vectors at its size")
            XCTAssertEqual(pdf.box.center.x, animation.layout.items[0].frame.center.x, accuracy: 0.5, name)
            let scaled = try XCTUnwrap(ink(picture, item: 1, of: animation), name)
            XCTAssertEqual(scaled.box.center.y, Layout.iconCenterY, accuracy: 0.5, "\(name): PNG box centred at 18.6 pt")
            XCTAssertEqual(scaled.box.height, 24, accuracy: 0.5, name)
        }
    }

    /// The template's Regular-M is a square on the baseline, the alignment rectangle's size, with a stem 30
    /// units below it: centred by its ink box, its baseline would be 3.3 pt higher.
    func testTheSymbolsBaselineIsWhereItsGuidesSay() throws {
        let capHeight = 22 * SymbolTemplate.capHeightPerPoint  // 15.50 pt at 22 pt
        for (barStyle, iconCenter) in [("classic", Layout.iconCenterY), ("glass", Layout.Glass.iconCenterY)] {
            let animation = try animation(["pin", "Assets.xcassets/Nested/pin.symbolset"], barStyle: barStyle)
            XCTAssertEqual(animation.scene.tabBar.items[0].icon?.symbol?.variant.description, "Regular-M")
            let expectedBaseline = iconCenter + capHeight / 2
            let folder = try temporaryFolder()
            let gif = try decodedGIF(of: animation, in: folder).picture(0)
            for (name, picture) in [("PNG", try png(animation)), ("SVG", try svg(animation)), ("GIF", gif)] {
                for index in 0..<2 {
                    let found = try XCTUnwrap(ink(picture, item: index, of: animation), "\(barStyle) \(name) item \(index)")
                    let what = "\(barStyle) \(name) item \(index)"
                    // The baseline: the bottom of the last row as wide as the square (the stem is a fifth of it).
                    let square = try XCTUnwrap(found.rows.last { $0.width > capHeight * 100 / 70.459 / 2 }, what)
                    XCTAssertEqual(square.y + 1 / 3, expectedBaseline, accuracy: 0.5, "\(what): baseline")
                    XCTAssertEqual(found.box.minY, expectedBaseline - capHeight, accuracy: 0.5, "\(what): cap line")
                    XCTAssertEqual(found.box.maxY, expectedBaseline + 30 * capHeight / 70.459, accuracy: 0.5, "\(what): the stem")
                    // Its margins centred on the item: the square is the alignment rectangle's width.
                    XCTAssertEqual(found.box.center.x, animation.layout.items[index].frame.center.x, accuracy: 0.5, what)
                    XCTAssertEqual(found.box.width, capHeight * 100 / 70.459, accuracy: 0.5, "\(what): Regular-M, not Regular-S or Black-S")
                }
            }
        }
    }

    /// small.symbolset has Regular-S only (its square 80 × 40 units on the S baseline): drawn as Regular-M,
    /// grown by 1 / 0.783 about the cap height's centre, its baseline where the S guides say.
    func testAVariableTemplatesDerivedVariantSitsOnItsBaseline() throws {
        let capHeight = 22 * SymbolTemplate.capHeightPerPoint, points = capHeight / 70.459, grown = 1 / 0.783
        let animation = try animation(["small"])
        let baseline = Layout.iconCenterY + capHeight / 2, middle = baseline - capHeight / 2
        for (name, picture) in [("PNG", try png(animation)), ("SVG", try svg(animation))] {
            let found = try XCTUnwrap(ink(picture, item: 0, of: animation), name)
            XCTAssertEqual(found.box.maxY, middle + (capHeight / 2) * grown, accuracy: 0.5, "\(name): the bottom, grown below the baseline")
            XCTAssertEqual(found.box.minY, middle + (capHeight / 2 - 40 * points) * grown, accuracy: 0.5, "\(name): the top")
            XCTAssertEqual(found.box.width, 80 * points * grown, accuracy: 0.5, "\(name): the width")
            XCTAssertEqual(found.box.center.x, animation.layout.items[0].frame.center.x, accuracy: 0.5, name)
        }
    }

    func testTheScenesRenderingAndIconSizeComeFirst() throws {
        let animation = try animation(["scaled"], extra: "")
        XCTAssertEqual(animation.scene.tabBar.items[0].rendering, .original)
        let json = #"""
            {"tabBar": {"assets": "Assets.xcassets", "items": [{"icon": "scaled", "rendering": "template"}, {"icon": "pin", "iconSize": 44}]}}
            """#
        let scene = try SceneResolver(file: "s.json", baseDirectory: fixtureURL("catalog")).resolve(try SceneSpec.parse(Data(json.utf8), file: "s.json"))
        XCTAssertEqual(scene.tabBar.items[0].rendering, .template, "the scene's rendering over the set's intent")
        XCTAssertEqual(try XCTUnwrap(scene.tabBar.items[1].icon?.symbol).alignmentRect.height, 44 * SymbolTemplate.capHeightPerPoint,
                       accuracy: 1e-9, "iconSize is the symbol's point size")
    }
}
