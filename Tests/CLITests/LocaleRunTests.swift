import Foundation
import Graph
import Scene
import Spec
import TestSupport
import XCTest
@testable import tabanim

/// `LocaleRun.all`, which `export` and `sheet` use for `--locale`: every (locale, style) read once, the first
/// read (made to learn the catalog's locales) used again for the scene's own locale.
final class LocaleRunTests: XCTestCase {
    private let scene = packageRoot.appendingPathComponent("Tests/Fixtures/strings/scene.json").path

    /// The runs, and the reads: the first (which tells the catalog's locales), then the others in order (they
    /// are read concurrently).
    private func runs(_ request: LocaleOption.Request, styles: [InterfaceStyle?]) throws -> (runs: [LocaleRun], reads: [String]) {
        final class Reads: @unchecked Sendable {
            let lock = NSLock()
            var all: [String] = []
        }
        let reads = Reads(), scene = scene
        let runs = try LocaleRun.all(request, styles: styles) { locale, style in
            reads.lock.withLock { reads.all.append("\(locale ?? "own")/\(style?.rawValue ?? "own")") }
            var overrides = ExportOverrides(interfaceStyle: style)
            overrides.locale = locale
            return try LoadedScene(scene, overrides: overrides, safeguards: Safeguards(ParsedArguments(), environment: [:]))
        }
        let order = runs.map { "\($0.locale ?? "own")/\($0.style?.rawValue ?? "own")" }
        return (runs, [reads.all[0]] + reads.all.dropFirst().sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! })
    }

    func testEveryLocaleIsReadOnce() throws {
        let all = try runs(.all, styles: [nil])
        XCTAssertEqual(all.runs.map(\.locale), ["en", "ar", "de", "fi", "he", "hi", "ja", "th", "zh-Hans"])
        XCTAssertEqual(all.reads.count, 9, "9 locales, 9 reads (the earlier code read 10): \(all.reads)")
        XCTAssertEqual(all.reads.first, "own/own", "the first read is the scene's own, en, and serves for en")
        XCTAssertFalse(all.reads.contains("en/own"), "\(all.reads)")
        XCTAssertEqual(all.runs.map { $0.loaded.scene.locale }, all.runs.map(\.locale), "each run drawn in its own locale")
        XCTAssertEqual(all.runs[2].loaded.scene.tabBar.items[2].title, "Verlaufsübersicht")
    }

    func testStylesAndChosenLocales() throws {
        let both = try runs(.all, styles: [.light, .dark])
        XCTAssertEqual(both.reads.count, 18, "9 locales × 2 styles: \(both.reads)")
        XCTAssertEqual(both.runs.map { $0.loaded.scene.interfaceStyle }, Array(repeating: [InterfaceStyle.light, .dark], count: 9).flatMap { $0 })
        // A list without the scene's own locale reads it once more than it draws; the scene's own alone, once.
        XCTAssertEqual(try runs(.these(["de", "ar"]), styles: [nil]).reads, ["own/own", "de/own", "ar/own"])
        XCTAssertEqual(try runs(.these(["en"]), styles: [nil]).reads, ["own/own"])
        XCTAssertEqual(try runs(.scene, styles: [nil]).reads, ["own/own"])
    }
}
