import AppleFormats
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// Titles that vary with a count: `"title": {"key": "tab.inbox", "count": 3}` with a String Catalog's plural
/// variations (Tests/Fixtures/strings/plurals/Plurals.xcstrings) or legacy `.stringsdict` files, and CLDR's
/// plural rules for the languages of the project's catalogs.
final class PluralTests: XCTestCase {
    private let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/strings/plurals").standardizedFileURL

    private func titles(_ strings: String, locale: String, key: String = "tab.inbox", counts: [Int], in folder: URL? = nil) throws -> [String] {
        let items = counts.map { #"{"title": {"key": "\#(key)", "count": \#($0)}}"# }.joined(separator: ", ")
        let json = #"{"strings": "\#(strings)", "locale": "\#(locale)", "tabBar": {"items": [\#(items)]}}"#
        let scene = try SceneResolver(file: "scene.json", baseDirectory: folder ?? self.folder).resolve(try SceneSpec.parse(Data(json.utf8), file: "scene.json"))
        XCTAssertEqual(scene.warnings, [], locale)
        return scene.tabBar.items.map(\.title)
    }

    private func problems(_ json: String, in folder: URL) -> [String] {
        do {
            _ = try SceneResolver(file: "scene.json", baseDirectory: folder).resolve(try SceneSpec.parse(Data(json.utf8), file: "scene.json"))
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// CLDR 44's sample numbers (`@integer` of plurals.xml) for each category of each language.
    func testCLDRCategoriesOfTheCatalogsLanguages() {
        let samples: [String: [PluralCategory: [Int]]] = [
            "en": [.one: [1], .other: [0, 2, 11, 21, 100]],
            "de": [.one: [1], .other: [0, 2, 21]],
            "fi": [.one: [1], .other: [0, 2, 101]],
            "ar": [.zero: [0], .one: [1], .two: [2], .few: [3, 10, 103, 110, 1003], .many: [11, 26, 99, 111, 1011], .other: [100, 102, 200, 1000]],
            "he": [.one: [1], .two: [2], .other: [0, 3, 10, 17, 20, 100]],
            "ja": [.other: [0, 1, 2, 15]], "zh-Hans": [.other: [0, 1, 2]], "th": [.other: [0, 1, 2]],
            "hi": [.one: [0, 1], .other: [2, 17, 100]],
            "ru": [.one: [1, 21, 31, 101, 1001], .few: [2, 3, 4, 22, 24, 102], .many: [0, 5, 11, 12, 14, 19, 100, 111, 112]],
            "pt-BR": [.one: [0, 1], .other: [2, 10]],
        ]
        for (locale, categories) in samples {
            for (category, numbers) in categories {
                for n in numbers { XCTAssertEqual(PluralRules.category(of: n, in: locale), category, "\(locale) \(n)") }
            }
        }
        XCTAssertEqual(PluralRules.category(of: 1, in: "xx"), .other, "a language without rules: CLDR's root")
    }

    func testACatalogsPluralVariationFollowsTheCount() throws {
        let strings = "Plurals.xcstrings"
        XCTAssertEqual(try titles(strings, locale: "en", counts: [0, 1, 3]), ["No Messages", "1 Message", "3 Messages"],
                       "English: the zero form for 0, as Foundation reads it in any language")
        XCTAssertEqual(try titles(strings, locale: "de", counts: [0, 1, 3]), ["0 Nachrichten", "1 Nachricht", "3 Nachrichten"])
        XCTAssertEqual(try titles(strings, locale: "fi", counts: [1, 2]), ["1 viesti", "2 viestiä"])
        XCTAssertEqual(try titles(strings, locale: "ar", counts: [0, 1, 2, 3, 11]), ["لا رسائل", "رسالة واحدة", "رسالتان", "3 رسائل", "11 رسالة"])
        XCTAssertEqual(try titles(strings, locale: "ar", counts: [100, 103, 111]), ["100 رسالةً", "103 رسائل", "111 رسالة"])
        XCTAssertEqual(try titles(strings, locale: "he", counts: [1, 2, 3]), ["הודעה אחת", "שתי הודעות", "3 הודעות"])
        XCTAssertEqual(try titles(strings, locale: "ru", counts: [1, 3, 5, 21, 112]),
                       ["1 сообщение", "3 сообщения", "5 сообщений", "21 сообщение", "112 сообщений"])
        XCTAssertEqual(try titles(strings, locale: "ja", counts: [1, 3]), ["1件のメッセージ", "3件のメッセージ"])
        XCTAssertEqual(try titles(strings, locale: "zh-Hans", counts: [2]), ["2 条消息"])
        XCTAssertEqual(try titles(strings, locale: "th", counts: [2]), ["2 ข้อความ"])
        XCTAssertEqual(try titles(strings, locale: "hi", counts: [0, 2]), ["0 संदेश", "2 संदेश"])
        // Substitutions (%#@items@ with %arg forms), and a plain key given a count.
        XCTAssertEqual(try titles(strings, locale: "en", key: "tab.unread", counts: [1, 4]), ["1 item unread", "4 items unread"])
        XCTAssertEqual(try titles(strings, locale: "de", key: "tab.unread", counts: [1, 4]), ["1 Eintrag ungelesen", "4 Einträge ungelesen"])
        XCTAssertEqual(try titles(strings, locale: "de", key: "tab.home", counts: [4]), ["Startseite"])
    }

    func testAPluralWithoutACountIsAWarningAndACountIsBounded() throws {
        let json = #"{"strings": "Plurals.xcstrings", "locale": "de", "tabBar": {"items": [{"title": {"key": "tab.inbox"}}]}}"#
        let scene = try SceneResolver(file: "scene.json", baseDirectory: folder).resolve(try SceneSpec.parse(Data(json.utf8), file: "scene.json"))
        XCTAssertEqual(scene.tabBar.items[0].title, "%lld Nachrichten")
        XCTAssertEqual(scene.warnings.map(\.description), [
            #"scene.json: tabBar.items[0].title: "tab.inbox" varies with a count: give one, {"key": "tab.inbox", "count": 3}; its "other" form is shown as written"#,
        ])
        XCTAssertEqual(problems(#"{"strings": "Plurals.xcstrings", "tabBar": {"items": [{"title": {"key": "tab.inbox", "count": -2}}]}}"#, in: folder), [
            "scene.json: tabBar.items[0].title.count: -2 is not a count from 0 to 999999999",
        ])
        XCTAssertEqual(problems(#"{"strings": "Plurals.xcstrings", "tabBar": {"items": [{"title": {"key": "tab.inbox", "count": "3"}}]}}"#, in: folder), [
            "scene.json: tabBar.items[0].title.count: expected a whole number, found a string",
        ])
    }

    func testLegacyStringsdictBesideTheStringsFiles() throws {
        let strings = "legacy/en.lproj/Localizable.strings"
        XCTAssertEqual(try titles(strings, locale: "en", counts: [1, 2]), ["1 Message", "2 Messages"], "the stringsdict wins over the .strings's \"Inbox\"")
        XCTAssertEqual(try titles(strings, locale: "ru", counts: [1, 3, 5, 21]), ["1 сообщение", "3 сообщения", "5 сообщений", "21 сообщение"])
        XCTAssertEqual(try titles(strings, locale: "en", key: "tab.files", counts: [1, 3]), ["1 file in 1 folder", "3 files in 3 folders"])
        XCTAssertEqual(try titles("legacy/ru.lproj/Localizable.stringsdict", locale: "ru", key: "tab.home", counts: [2]), ["Главная"],
                       "naming the .stringsdict reads the .strings beside it too")
    }

    func testBadStringsdictFilesAreRefusedWithFileAndKey() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plurals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let lproj = root.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        func refusal(_ plist: String) throws -> [String] {
            try Data(plist.utf8).write(to: lproj.appendingPathComponent("Localizable.stringsdict"))
            return problems(#"{"strings": "en.lproj/Localizable.stringsdict"}"#, in: root)
        }
        func dict(_ body: String) -> String { #"<?xml version="1.0"?><plist version="1.0"><dict>\#(body)</dict></plist>"# }
        let rule = "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
        XCTAssertEqual(try refusal("<plist><dict><key>a</key>"), ["scene.json: strings: en.lproj/Localizable.stringsdict: not a property list (XML or binary)"])
        XCTAssertEqual(try refusal(dict("<key>tab.inbox</key><string>%d</string>")), [
            #"scene.json: strings: en.lproj/Localizable.stringsdict: "tab.inbox": expected a dictionary (NSStringLocalizedFormatKey and its variables), found a string"#,
        ])
        XCTAssertEqual(try refusal(dict("<key>tab.inbox</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict>")), [
            #"scene.json: strings: en.lproj/Localizable.stringsdict: "tab.inbox": NSStringLocalizedFormatKey uses %#@n@, and there is no dictionary "n""#,
        ])
        XCTAssertEqual(try refusal(dict("<key>tab.inbox</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>\(rule)<key>one</key><string>%d</string></dict></dict>")), [
            #"scene.json: strings: en.lproj/Localizable.stringsdict: "tab.inbox".n: no "other" form, which every language needs"#,
        ])
        XCTAssertEqual(try refusal(dict("<key>tab.inbox</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict>\(rule)<key>several</key><string>%d</string><key>other</key><string>%d</string></dict></dict>")), [
            #"scene.json: strings: en.lproj/Localizable.stringsdict: "tab.inbox".n: "several" is not a plural category (zero, one, two, few, many, other)"#,
        ])
        XCTAssertEqual(try refusal(dict("<key>tab.inbox</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>other</key><string>%d</string></dict></dict>")), [
            #"scene.json: strings: en.lproj/Localizable.stringsdict: "tab.inbox".n: NSStringFormatSpecTypeKey is missing; tabanim reads plural rules (NSStringPluralRuleType)"#,
        ])
    }

    func testBadCatalogPluralsAreNamedWithLineAndColumn() {
        let catalog = #"{"sourceLanguage": "en", "strings": {"k": {"localizations": {"en": {"variations": {"plural": {"one": {"stringUnit": {"value": "1"}}}}}}}}}"#
        XCTAssertThrowsError(try StringCatalog.xcstrings(Data(catalog.utf8))) { error in
            let problem = error as? StringCatalog.Problem
            XCTAssertEqual(problem?.message, #""k" in en: variations.plural: no "other" form, which every language needs"#)
            XCTAssertEqual(problem.map { [$0.line, $0.column] }, [1, 94], "the plural object's opening brace")
        }
    }

    func testHostileStringsdictFilesAreBounded() {
        // Nesting past CoreFoundation's own limit is refused, not a stack overflow; too many keys by count.
        let deep = #"<?xml version="1.0"?><plist version="1.0">"# + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</plist>"
        XCTAssertThrowsError(try StringCatalog.stringsdict(Data(deep.utf8))) { error in
            XCTAssertEqual((error as? StringCatalog.Problem)?.message, "not a property list (XML or binary)")
        }
        let keys = (0...StringCatalog.maximumKeys).map { "<key>k\($0)</key><string/>" }.joined()
        XCTAssertThrowsError(try StringCatalog.stringsdict(Data(#"<?xml version="1.0"?><plist version="1.0"><dict>\#(keys)</dict></plist>"#.utf8))) { error in
            XCTAssertEqual((error as? StringCatalog.Problem)?.message, "50001 keys, more than 50000")
        }
        let variables = (0...StringCatalog.maximumVariables).map { "%#@v\($0)@" }.joined()
        XCTAssertThrowsError(try StringCatalog.stringsdict(Data(#"<plist version="1.0"><dict><key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>\#(variables)</string></dict></dict></plist>"#.utf8))) { error in
            XCTAssertEqual((error as? StringCatalog.Problem)?.message, #""k": 17 variables, more than 16"#)
        }
        // Bytes of a fixed pseudo-random sequence, XML-ish, never crash the reader.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let pieces = ["<dict>", "</dict>", "<key>a</key>", "<string>%#@n@</string>", "<array>", "<integer>1</integer>", "<plist>", "</plist>", "NSStringLocalizedFormatKey"]
        for _ in 0..<300 {
            let text = (0..<Int(next() % 40)).map { _ in next() % 4 == 0 ? String(UnicodeScalar(next() % 128)) : pieces[Int(next()) % pieces.count] }.joined()
            _ = try? StringCatalog.stringsdict(Data(text.utf8))
        }
    }

    func testFormatting() {
        XCTAssertEqual(PluralText.formatted("%d / %lld / %1$ld / %u%% / %@ / %5.1f", count: 7), "7 / 7 / 7 / 7% / %@ / %5.1f")
        XCTAssertEqual(PluralText.formatted("ends with %", count: 7), "ends with %")
    }
}
