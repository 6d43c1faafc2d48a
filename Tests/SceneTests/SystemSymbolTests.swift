import AppleFormats
import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// SF Symbols by name: Apple's template from `tabBar.symbols` when the scene has it, else the Material Design
/// Icons stand-in (Debian's fonts-materialdesignicons-webfont, installed by scripts/install-deps.sh), placed by
/// its alignment rectangle, the selected state `.fill` by default, and one warning naming every stand-in.
final class SystemSymbolTests: XCTestCase {
    private func items(_ items: String, extra: String = "") throws -> ResolvedScene {
        try resolve(#"{"centerButton": null, "tabBar": {"items": ["# + items + "]" + extra + "}}")
    }

    func testANamedSymbolIsDrawnByItsStandInWithTheFillVariantSelected() throws {
        let scene = try items(#"{"title": "Home", "icon": {"systemImage": "house"}}, {"title": "Me", "icon": {"systemImage": "person"}}"#)
        let home = try XCTUnwrap(scene.tabBar.items[0].icon), selected = try XCTUnwrap(scene.tabBar.items[0].selectedIcon)
        XCTAssertEqual(home.standIn, "house → home")
        XCTAssertEqual(selected.standIn, "house.fill → home", "selected: the .fill variant, as tab bars show it")
        XCTAssertEqual(scene.tabBar.items[1].icon?.standIn, "person → account-outline")
        XCTAssertEqual(scene.tabBar.items[1].selectedIcon?.standIn, "person.fill → account")
        XCTAssertEqual(scene.tabBar.items[0].rendering, .template, "SF Symbols are template images")
        // The live area (20 of the font's 24 units) is the point size: a 26.4 pt em at 22 pt, and the
        // alignment rectangle the cap height (0.7046 em of SF Pro) centred in it, its sides the glyph's ink.
        let metrics = try XCTUnwrap(home.symbol)
        XCTAssertEqual(metrics.size, Size(width: 26.4, height: 26.4))
        XCTAssertEqual(metrics.alignmentRect.height, 22 * 1443 / 2048, accuracy: 1e-9)
        XCTAssertEqual(metrics.alignmentRect.center.y, 13.2, accuracy: 1e-9)
        XCTAssertGreaterThan(metrics.alignmentRect.minX, 1, "the house's ink starts inside the em square")
        XCTAssertLessThan(metrics.alignmentRect.maxX, 25.4)
        // Placed by it: the ink centred on the icon's centre.
        let layout = Animation(scene).layout.items[0]
        let frame = layout.imageFrame(of: home)
        XCTAssertEqual(frame.minX + metrics.alignmentRect.center.x, layout.iconFrame.center.x, accuracy: 1e-9)
        guard case .builtIn(_, let data) = home.source else { return XCTFail("a stand-in is drawn from its own SVG") }
        let svg = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(svg.contains("viewBox=\"0 0 512 512\"") && svg.contains("matrix(1 0 0 -1 0 448)"), svg.prefix(200).description)
        // One warning names every stand-in.
        let warnings = scene.warnings.map(\.description).filter { $0.contains("stand-ins") }
        XCTAssertEqual(warnings, ["scene.json: tabBar.items: SF Symbols drawn with stand-ins from Material Design Icons: house → home, house.fill → home, "
            + "person → account-outline, person.fill → account; put Apple's templates (exported by the SF Symbols app) in a folder named by "
            + "\"tabBar.symbols\" to draw Apple's glyphs"])
    }

    func testTheSelectedSymbolCanBeNamedAndASymbolWithoutFillKeepsItsOwn() throws {
        let scene = try items(#"{"icon": {"systemImage": "magnifyingglass"}}, {"icon": {"systemImage": "star", "selectedSystemImage": "heart.fill"}}"#)
        XCTAssertEqual(scene.tabBar.items[0].selectedIcon, scene.tabBar.items[0].icon, "magnifyingglass has no .fill")
        XCTAssertEqual(scene.tabBar.items[1].selectedIcon?.standIn, "heart.fill → heart")
    }

    func testAppleTemplatesInTheSymbolsFolderWinOverTheStandIn() throws {
        // symbols/star.svg is a symbol template (the catalog fixture's): it draws "star", the stand-in the rest.
        let scene = try items(#"{"icon": {"systemImage": "star"}}, {"icon": {"systemImage": "house"}}"#, extra: #", "symbols": "symbols""#)
        let star = try XCTUnwrap(scene.tabBar.items[0].icon)
        XCTAssertNil(star.standIn)
        XCTAssertEqual(star.displayName, "symbols/star.svg")
        XCTAssertEqual(star.symbol?.variant.description, "Regular-M")
        XCTAssertEqual(scene.tabBar.items[0].selectedIcon?.standIn, "star.fill → star", "the folder has no star.fill: its stand-in")
        XCTAssertTrue(scene.inputs.contains { $0.url.lastPathComponent == "star.svg" }, "a template read is an input no output may replace")
        let warning = try XCTUnwrap(scene.warnings.first { $0.message.contains("stand-ins") })
        XCTAssertFalse(warning.message.contains("star →"), warning.message)
    }

    func testMissingNamesAreOneProblemEachWithTheirKeys() {
        XCTAssertEqual(problems(#"{"tabBar": {"items": [{"icon": {"systemImage": "hose"}}, {"icon": {"selectedSystemImage": "house"}}, {"icon": {"systemImage": 3}}]}}"#).sorted(), [
            "scene.json: tabBar.items[1].icon.systemImage: missing: an SF Symbol's name (\"house\"), or give \"icon\" a file's path",
            "scene.json: tabBar.items[2].icon.systemImage: expected a string, found a number",
        ].sorted(), "a name outside the table is no problem: it draws")
    }

    /// SF Symbols has thousands of names and the table 373: any other name draws the neutral stand-in, with one
    /// warning naming it and how to supply Apple's template; did-you-mean only where a known name is close.
    func testANameOutsideTheTableDrawsTheNeutralStandInWithOneWarning() throws {
        let scene = try items(#"{"title": "Latest", "icon": {"systemImage": "calendar.badge.clock"}}, {"title": "Home", "icon": {"systemImage": "hous"}}"#)
        let latest = try XCTUnwrap(scene.tabBar.items[0].icon), selected = try XCTUnwrap(scene.tabBar.items[0].selectedIcon)
        XCTAssertNil(latest.standIn, "not listed among the look-alikes")
        XCTAssertEqual(latest.displayName, "systemImage \"calendar.badge.clock\"")
        XCTAssertNotNil(latest.symbol, "placed by its alignment rectangle like any symbol")
        guard case .builtIn(let key, _) = latest.source else { return XCTFail("\(latest.source)") }
        XCTAssertTrue(key.contains("|\(SystemSymbolStandIns.neutral)|"), key)
        XCTAssertEqual(selected.symbol, latest.symbol, "no .fill known: the same glyph selected")
        let named = scene.warnings.filter { $0.message.contains("calendar.badge.clock") }
        XCTAssertEqual(named.map(\.description), [
            "scene.json: tabBar.items[0].icon.systemImage: SF Symbol \"calendar.badge.clock\" is not among the \(SystemSymbolStandIns.table.count) tabanim "
                + "has stand-ins for: drawn as a neutral square; put Apple's template (calendar.badge.clock.svg, exported by the SF Symbols app) "
                + "in a folder named by \"tabBar.symbols\" to draw Apple's glyph",
        ], "one warning, though the selected state names it again")
        let misspelt = try XCTUnwrap(scene.warnings.first { $0.message.contains("\"hous\"") })
        XCTAssertTrue(misspelt.message.contains("(did you mean \"house\"?)"), misspelt.message)
        XCTAssertFalse(named[0].message.contains("did you mean"), "no known name is close to calendar.badge.clock")
    }

    /// The path bounds that place a stand-in: end and control points of every command, relative ones added.
    func testPathBoundsFollowEveryCommand() throws {
        XCTAssertEqual(SVGPathBounds.bounds(of: "M10 20L30 40H5V-2Z"), Rect(x: 5, y: -2, width: 25, height: 42))
        XCTAssertEqual(SVGPathBounds.bounds(of: "m10 20l5 5c1 1 2 2 3 3s1 1 2-30"), Rect(x: 10, y: -2, width: 10, height: 31))
        XCTAssertEqual(SVGPathBounds.bounds(of: "M1.5.5 2e1 3"), Rect(x: 1.5, y: 0.5, width: 18.5, height: 2.5), "numbers run together as SVG allows")
        XCTAssertNil(SVGPathBounds.bounds(of: ""))
        XCTAssertNil(SVGPathBounds.bounds(of: "Q"), "malformed data ends the scan")
        let font = try SVGFont(Data(#"<svg><font><font-face units-per-em="100" ascent="80" descent="-20"/><glyph glyph-name="dot" d="M40 30h20v20h-20z"/></font></svg>"#.utf8))
        let dot = try XCTUnwrap(font.glyph(named: "dot"))
        XCTAssertEqual(dot.bounds, Rect(x: 40, y: 30, width: 20, height: 20))
        XCTAssertNil(font.glyph(named: "do"), "a name is matched whole")
        XCTAssertEqual(String(decoding: dot.picture(size: 10), as: UTF8.self),
                       #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 100 100"><path transform="matrix(1 0 0 -1 0 80)" d="M40 30h20v20h-20z"/></svg>"# + "\n")
        XCTAssertThrowsError(try SVGFont(Data("<svg/>".utf8)))
    }

    /// Every stand-in the table names is in the font (scripts/check-symbol-standins.py checks the same from Python).
    func testEveryStandInOfTheTableIsAGlyphOfTheFont() throws {
        let path = try XCTUnwrap(SceneResolver.standInFontPaths.first { FileManager.default.fileExists(atPath: $0) },
                                 "fonts-materialdesignicons-webfont is not installed (scripts/install-deps.sh installs it)")
        let font = try SVGFont(try Data(contentsOf: URL(fileURLWithPath: path)))
        for (name, glyph) in SystemSymbolStandIns.table {
            let found = font.glyph(named: glyph)
            XCTAssertNotNil(found?.bounds, "\(name) → \(glyph)")
        }
    }
}
