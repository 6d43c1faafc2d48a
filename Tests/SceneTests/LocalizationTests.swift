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

/// `strings` and `locale`: titles from the app's String Catalog or legacy `.strings` files, resolved as
/// `NSLocalizedString` resolves them, right to left for Arabic and Hebrew.
final class LocalizationTests: XCTestCase {
    private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/strings").standardizedFileURL

    private func resolve(_ json: String) throws -> ResolvedScene {
        try SceneResolver(file: "scene.json", baseDirectory: folder).resolve(try SceneSpec.parse(Data(json.utf8), file: "scene.json"))
    }

    private func problems(_ json: String) -> [String] {
        do {
            _ = try resolve(json)
            return []
        } catch {
            return (error as? SceneError)?.diagnostics.map(\.description) ?? ["\(error)"]
        }
    }

    private let items = #""tabBar": {"items": [{"title": {"key": "tab.home"}}, {"title": {"key": "tab.history"}}, {"title": "tab.settings"}, {"title": "Not a key"}]}"#

    func testTitlesResolveInTheLocaleWithTheSourceAsFallback() throws {
        let german = try resolve(#"{"strings": "Localizable.xcstrings", "locale": "de", \#(items)}"#)
        XCTAssertEqual(german.tabBar.items.map(\.title), ["Startseite", "Verlaufsübersicht", "Einstellungen", "Not a key"],
                       "by key, by the title as key (NSLocalizedString), and text that is no key as it is")
        XCTAssertEqual(german.locale, "de")
        XCTAssertEqual(german.catalogLocales, ["en", "ar", "de", "fi", "he", "hi", "ja", "th", "zh-Hans"])
        XCTAssertEqual(german.warnings, [])
        XCTAssertEqual(german.layoutDirection, .leftToRight)
        // Hindi has no "tab.history": the source text, with a warning.
        let hindi = try resolve(#"{"strings": "Localizable.xcstrings", "locale": "hi", \#(items)}"#)
        XCTAssertEqual(hindi.tabBar.items[1].title, "History")
        XCTAssertEqual(hindi.warnings.map(\.description), [
            #"scene.json: tabBar.items[1].title: "tab.history" has no hi translation; the en text "History" is shown, as iOS shows it"#,
        ])
        // A region falls back to its language; no locale means the source language.
        XCTAssertEqual(try resolve(#"{"strings": "Localizable.xcstrings", "locale": "de-CH", \#(items)}"#).tabBar.items[0].title, "Startseite")
        XCTAssertEqual(try resolve(#"{"strings": "Localizable.xcstrings", \#(items)}"#).tabBar.items[0].title, "Home")
        // Content titles follow their item's.
        XCTAssertEqual(german.contents[1].title, "Verlaufsübersicht")
    }

    func testArabicAndHebrewAreLaidOutRightToLeftUnlessTheSceneSaysOtherwise() throws {
        for locale in ["ar", "he"] {
            let scene = try resolve(#"{"strings": "Localizable.xcstrings", "locale": "\#(locale)", \#(items)}"#)
            XCTAssertEqual(scene.layoutDirection, .rightToLeft, locale)
            XCTAssertTrue(scene.isRightToLeft)
        }
        let forced = try resolve(#"{"strings": "Localizable.xcstrings", "locale": "ar", "layoutDirection": "leftToRight", \#(items)}"#)
        XCTAssertEqual(forced.layoutDirection, .leftToRight)
        XCTAssertEqual(try resolve(#"{"strings": "Localizable.xcstrings", "locale": "ja", \#(items)}"#).layoutDirection, .leftToRight)
    }

    func testLegacyStringsFilesBesideEachOther() throws {
        let json = #"{"strings": "legacy/en.lproj/Localizable.strings", "locale": "de", "tabBar": {"items": [{"title": {"key": "tab.home"}}, {"title": {"key": "tab.search"}}]}}"#
        let scene = try resolve(json)
        XCTAssertEqual(scene.tabBar.items.map(\.title), ["Startseite", "Sucheä"])
        XCTAssertEqual(scene.catalogLocales, ["en", "de"])
        let english = try resolve(json.replacingOccurrences(of: #""locale": "de""#, with: #""locale": "en""#))
        XCTAssertEqual(english.tabBar.items.map(\.title), ["Home", #"Search "all""#], "comments skipped, escapes read")
    }

    func testBadCatalogsKeysAndLocalesAreNamed() {
        let broken = problems(#"{"strings": "broken.xcstrings"}"#)
        XCTAssertEqual(broken.count, 1)
        XCTAssertTrue(broken[0].hasPrefix("scene.json: strings: broken.xcstrings:2:"), broken[0])
        XCTAssertEqual(problems(#"{"strings": "Localizable.xcstrings", "tabBar": {"items": [{"title": {"key": "tab.hom"}}]}}"#), [
            #"scene.json: tabBar.items[0].title.key: no key "tab.hom" in the strings (did you mean "tab.home"?)"#,
        ])
        XCTAssertEqual(problems(#"{"locale": "de_DE", "strings": "nowhere.xcstrings"}"#), [
            #"scene.json: locale: "de_DE" is not a BCP 47 language tag; write "de", "zh-Hans" or "pt-BR""#,
            "scene.json: strings: file not found: nowhere.xcstrings",
        ])
        XCTAssertEqual(problems(#"{"tabBar": {"items": [{"title": {"key": "tab.home"}}]}}"#), [
            #"scene.json: tabBar.items[0].title.key: a title by key needs "strings": the app's String Catalog"#,
        ])
        XCTAssertEqual(problems(#"{"strings": "scene.json"}"#), [
            #"scene.json: strings: unsupported strings file "scene.json"; use a String Catalog (.xcstrings) or LOCALE.lproj/Localizable.strings (and .stringsdict)"#,
        ])
    }

    func testLanguageTags() {
        for tag in ["de", "zh-Hans", "pt-BR", "es-419", "sr-Latn-RS", "de-CH-1996"] { XCTAssertTrue(SceneResolver.isLanguageTag(tag), tag) }
        for tag in ["", "d", "de_DE", "deutsch", "zh-Hans-", "en-US-x", "1de"] { XCTAssertFalse(SceneResolver.isLanguageTag(tag), tag) }
    }

    func testHostileCatalogsAreBounded() throws {
        // Deep nesting is refused by the JSON reader's depth limit; a catalog of too many keys by count.
        let deep = String(repeating: "[", count: 10_000)
        XCTAssertThrowsError(try StringCatalog.xcstrings(Data(#"{"sourceLanguage": "en", "strings": \#(deep)"#.utf8)))
        let keys = (0...StringCatalog.maximumKeys).map { "\"k\($0)\": {}" }.joined(separator: ",")
        XCTAssertThrowsError(try StringCatalog.xcstrings(Data(#"{"sourceLanguage": "en", "strings": {\#(keys)}}"#.utf8))) { error in
            XCTAssertEqual((error as? StringCatalog.Problem)?.message, "50001 keys, more than 50000")
        }
        XCTAssertThrowsError(try StringCatalog.strings(Data(#""a" = "never ends;"#.utf8))) { error in
            XCTAssertEqual((error as? StringCatalog.Problem)?.message, "a string that never ends")
        }
        XCTAssertThrowsError(try StringCatalog.strings(Data(#"/* open"#.utf8)))
        // Bytes of a fixed pseudo-random sequence (the same every run) never crash either reader.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<200 {
            let bytes = (0..<Int(next()) * 2).map { _ in [UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "{"), next()][Int(next()) % 5] }
            _ = try? StringCatalog.xcstrings(Data(bytes))
            _ = try? StringCatalog.strings(Data(bytes))
        }
    }
}
