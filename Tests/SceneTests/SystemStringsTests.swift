import Basics
import Foundation
import Graph
@testable import Resolving
import Scene
import XCTest

/// The words iOS draws (the search field's prompt, the carrier's name, the iPad's date) come from the scene
/// and its language, never an English literal in a Japanese or German scene.
final class SystemStringsTests: XCTestCase {
    /// Every text the picture draws, anywhere in the graph.
    private func texts(_ scene: ResolvedScene) -> [String] { Animation(scene).graph.root.texts.map(\.string) }

    private func searchScene(locale: String, searchTitle: String, prompt: String? = nil) throws -> ResolvedScene {
        let promptKey = prompt.map { #", "searchPrompt": "\#($0)""# } ?? ""
        return try resolve("""
            { "device": "iphone-17", "os": "26", "locale": "\(locale)", "centerButton": null, "statusBar": false,
              "tabBar": { "items": [{"title": "ホーム", "icon": "icons/home.svg"},
                                    {"title": "\(searchTitle)", "icon": "icons/discover.svg", "role": "search"\(promptKey)}] },
              "script": [{"at": 1, "tap": 1}] }
            """)
    }

    func testAJapaneseSearchTabTitled検索PromptsWith検索NotSearch() throws {
        let drawn = texts(try searchScene(locale: "ja", searchTitle: "検索"))
        XCTAssertTrue(drawn.contains("検索"), "\(drawn)")
        XCTAssertFalse(drawn.contains { $0.contains("Search") }, "\(drawn)")
    }

    func testSearchPromptIsTheScenesAndIsRefusedOnATabThatIsNotSearch() throws {
        XCTAssertTrue(texts(try searchScene(locale: "ja", searchTitle: "検索", prompt: "アプリを検索")).contains("アプリを検索"))
        let refused = problems(#"{"tabBar": {"items": [{"title": "A", "searchPrompt": "x"}, {"title": "B"}]}}"#)
        XCTAssertEqual(refused.count, 1)
        XCTAssertTrue(refused.first?.contains("tabBar.items[0].searchPrompt") == true, "\(refused)")
    }

    func testAnUntitledSearchTabInJapaneseDrawsNoPromptAndSaysWhichKeySetsIt() throws {
        let scene = try searchScene(locale: "ja", searchTitle: "")
        XCTAssertFalse(texts(scene).contains("Search"))
        XCTAssertEqual(scene.warnings.filter { $0.description.contains("searchPrompt") }.count, 1, "\(scene.warnings)")
        // The control: in English the system's word is known.
        XCTAssertTrue(texts(try searchScene(locale: "en", searchTitle: "")).contains("Search"))
    }

    private func homeButtonScene(_ locale: String, statusBar: String = "true") throws -> ResolvedScene {
        try resolve("""
            { "device": "iphone-se", "locale": "\(locale)", "statusBar": \(statusBar),
              "tabBar": { "items": [{"title": "Start", "icon": "icons/home.svg"}, {"title": "Profil", "icon": "icons/profile.svg"}] } }
            """)
    }

    func testAGermanHomeButtonIPhoneDrawsNoCarrierUnlessTheSceneNamesOne() throws {
        let german = try homeButtonScene("de")
        XCTAssertFalse(texts(german).contains("Carrier"))
        XCTAssertEqual(german.warnings.filter { $0.description.contains("statusBar.carrier") }.count, 1, "\(german.warnings)")
        XCTAssertTrue(texts(try homeButtonScene("de", statusBar: #"{"carrier": "Telekom.de"}"#)).contains("Telekom.de"))
        XCTAssertTrue(texts(try homeButtonScene("en")).contains("Carrier"))
        XCTAssertFalse(texts(try homeButtonScene("en", statusBar: #"{"carrier": ""}"#)).contains("Carrier"))
    }

    func testTheIPadsDateIsFormattedInTheScenesLanguage() {
        XCTAssertEqual(SceneResolver.statusBarDate(locale: nil), "Mon Jun 9")
        XCTAssertEqual(SceneResolver.statusBarDate(locale: "en-GB"), "Mon 9 Jun")
        XCTAssertEqual(SceneResolver.statusBarDate(locale: "ja"), "6月9日(月)")
        XCTAssertEqual(SceneResolver.statusBarDate(locale: "de"), "Mo. 9. Juni")
    }

    func testAStatusBarOutOfRangeIsRefusedNotIgnored() {
        XCTAssertEqual(problems(#"{"statusBar": {"signal": 5}}"#).count, 1)
        XCTAssertEqual(problems(#"{"statusBar": {"battery": 150}}"#).count, 1)
    }
}
