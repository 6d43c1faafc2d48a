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

/// How a scene's icon names resolve against Tests/Fixtures/catalog/Assets.xcassets (written by its make.py):
/// names and namespaces as Xcode gives them, the file for the scale and style, and the problems' words.
final class AssetCatalogResolverTests: XCTestCase {
    private func resolveCatalogScene(_ json: String) throws -> ResolvedScene {
        let reading = try SceneSpec.read(Data(json.utf8), file: "scene.json")
        return try SceneResolver(file: "scene.json", baseDirectory: fixtureURL("catalog")).resolve(reading)
    }

    private func catalogProblems(_ json: String) -> [String] {
        do {
            _ = try resolveCatalogScene(json)
            return []
        } catch let error as SceneError {
            return error.diagnostics.map(\.description)
        } catch {
            return ["unexpected error: \(error)"]
        }
    }

    private func file(of asset: Asset?) -> String? {
        guard case .file(let url)? = asset?.source else { return asset?.displayName }
        return url.lastPathComponent
    }

    func testTheCatalogIndexNamesSetsAsXcodeDoes() throws {
        let catalog = try AssetCatalog.index(fixtureURL("catalog/Assets.xcassets"), path: "Assets.xcassets").get()
        // Tabs provides a namespace, Nested does not.
        XCTAssertEqual(catalog.sets.keys.sorted(), ["Tabs/vector", "pin", "scaled", "small"])
        XCTAssertEqual(catalog.sets["pin"]?.kind, .symbol)
    }

    func testNamesPathsAndSetFoldersResolveToTheSameFiles() throws {
        let scene = try resolveCatalogScene(#"""
            {"export": {"scale": 2}, "tabBar": {"assets": "Assets.xcassets", "items": [
              {"icon": "scaled"}, {"icon": "Assets.xcassets/scaled"}, {"icon": "Assets.xcassets/scaled.imageset"},
              {"icon": "Tabs/vector", "selectedIcon": "Assets.xcassets/Tabs/vector"}]}}
            """#)
        let items = scene.tabBar.items
        XCTAssertEqual(items.prefix(3).map { file(of: $0.icon) }, Array(repeating: "scaled@2x.png", count: 3))
        XCTAssertEqual(file(of: items[3].icon), "vector.pdf")
        XCTAssertEqual(items[3].icon?.format, .pdf)
        XCTAssertEqual(file(of: items[3].selectedIcon), "vector.pdf")
        XCTAssertEqual(items[0].icon?.displayName, "Assets.xcassets/scaled.imageset/scaled@2x.png", "messages name the file as written")
    }

    func testASymbolSetGivesItsVariantAndAlignment() throws {
        let scene = try resolveCatalogScene(#"{"tabBar": {"assets": "Assets.xcassets", "items": [{"icon": "pin"}]}}"#)
        let symbol = try XCTUnwrap(scene.tabBar.items[0].icon?.symbol)
        let points = 22 * SymbolTemplate.capHeightPerPoint / 70.459  // per template unit
        XCTAssertEqual(symbol.alignmentRect.width, 100 * points, accuracy: 1e-9, "margins 1391.3 to 1491.3")
        XCTAssertEqual(symbol.alignmentRect.height, 70.459 * points, accuracy: 1e-9)
        XCTAssertEqual(symbol.size.height, 2 * 70.459 * points, accuracy: 1e-9, "half the cap height of room on each side")
        XCTAssertEqual(scene.tabBar.items[0].rendering, .template, "symbols are templates by default")
        let layout = Animation(scene).layout
        let frame = layout.items[0].imageFrame(of: try XCTUnwrap(scene.tabBar.items[0].icon))
        XCTAssertEqual(frame.minY + symbol.baseline - layout.bar.minY, Layout.iconCenterY + 70.459 * points / 2, accuracy: 1e-9)
    }

    /// small.symbolset is a variable template (S variants only): Regular-M is Regular-S grown by 1 / 0.783
    /// about its margins' and cap height's centre; the S row's guides give its baseline.
    func testAVariableTemplateGivesRegularMFromRegularS() throws {
        let scene = try resolveCatalogScene(#"{"tabBar": {"assets": "Assets.xcassets", "items": [{"icon": "small"}]}}"#)
        let icon = try XCTUnwrap(scene.tabBar.items[0].icon)
        let symbol = try XCTUnwrap(icon.symbol)
        XCTAssertEqual(symbol.variant.description, "Regular-M")
        XCTAssertEqual(symbol.source.description, "Regular-S")
        let points = 22 * SymbolTemplate.capHeightPerPoint / 70.459
        XCTAssertEqual(symbol.alignmentRect.width, 80 / 0.783 * points, accuracy: 1e-9, "Regular-S's margins, 80 units apart, grown")
        XCTAssertEqual(symbol.alignmentRect.height, 70.459 * points, accuracy: 1e-9, "the cap height does not grow")
        guard case .builtIn(_, let svg) = icon.source else { return XCTFail("an extracted SVG") }
        XCTAssertTrue(String(decoding: svg, as: UTF8.self).contains("scale(1.2771)"), "1 / 0.783")
    }

    func testProblemsNameTheCatalogTheFileAndTheKey() {
        XCTAssertEqual(catalogProblems(#"{"tabBar": {"assets": "Assets.xcassets", "items": [{"icon": "scaeld"}, {"icon": "Assets.xcassets/nothing"}]}}"#), [
            #"scene.json: tabBar.items[0].icon: no asset "scaeld" in Assets.xcassets (did you mean "scaled"?)"#,
            #"scene.json: tabBar.items[1].icon: no asset "nothing" in Assets.xcassets; it has "Tabs/vector", "pin", "scaled", "small""#,
        ])
        XCTAssertEqual(catalogProblems(#"{"tabBar": {"assets": "Missing.xcassets", "items": [{"icon": "x.svg"}]}}"#), [
            "scene.json: tabBar.assets: folder not found: Missing.xcassets",
            "scene.json: tabBar.items[0].icon: file not found: x.svg",
        ])
    }

    func testContentsPicksTheIdiomAppearanceAndScale() throws {
        let json = #"""
            {"images": [{"filename": "a.png", "idiom": "universal", "scale": "2x"}, {"filename": "b.png", "idiom": "iphone", "scale": "3x"},
                        {"filename": "c.png", "idiom": "ipad", "scale": "1x"}, {"idiom": "iphone", "scale": "1x"},
                        {"filename": "d.png", "idiom": "iphone", "scale": "3x", "appearances": [{"appearance": "luminosity", "value": "dark"}]},
                        {"filename": "e.png", "idiom": "iphone", "scale": "3x", "appearances": [{"appearance": "contrast", "value": "high"}]}],
             "properties": {"template-rendering-intent": "original"}}
            """#
        let contents = try AssetSetContents.read(Data(json.utf8), kind: .image).get()
        XCTAssertEqual(contents.renderingIntent, .original)
        XCTAssertEqual(contents.choose(scale: 2, dark: false)?.filename, "b.png", "the iPhone idiom before universal")
        XCTAssertEqual(contents.choose(scale: 2, dark: true)?.filename, "d.png")
        let scales = try AssetSetContents.read(Data(#"{"images": [{"filename": "2.png", "scale": "2x"}, {"filename": "3.png", "scale": "3x"}]}"#.utf8), kind: .image).get()
        XCTAssertEqual([1, 2, 2.5, 3, 4].map { scales.choose(scale: $0, dark: false)?.filename }, ["2.png", "2.png", "3.png", "3.png", "3.png"])
        for (text, message) in [("[]", "not a JSON object"), ("{}", #"no "images" list"#),
                                (#"{"images": [{"filename": "../x.png"}]}"#, #"images[0].filename "../x.png" is not a file name in the set's folder"#),
                                (#"{"images": [{"filename": "x.png", "scale": "9x"}]}"#, #"images[0].scale "9x" is not 1x, 2x or 3x"#)] {
            guard case .failure(let failure) = AssetSetContents.read(Data(text.utf8), kind: .image) else { XCTFail(text); continue }
            XCTAssertEqual(failure.message, message)
        }
    }
}
