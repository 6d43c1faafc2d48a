import Drawing
import Foundation
import GIFExport
import Graphics
import TestSupport
import XCTest

/// `--locale` on export and validate, with the test String Catalog (Tests/Fixtures/strings: en, de, fi,
/// ar, he, ja, zh-Hans, th, hi), and the CI workflow example's steps.
final class LocaleCommandTests: CLITestCase {
    private let strings = packageRoot.appendingPathComponent("Tests/Fixtures/strings")

    func testEveryLocaleIsExportedInOneRunAllOrNone() throws {
        let out = try folder()
        let result = try tabanim(["export", strings.appendingPathComponent("scene.json").path, "-o", out.appendingPathComponent("bar.gif").path,
                                  "--locale", "all", "--fps", "5"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(written, ["ar", "de", "en", "fi", "he", "hi", "ja", "th", "zh-Hans"].map { "bar-\($0).gif" })
        for name in written {
            let gif = try DecodedGIF(path: out.appendingPathComponent(name).path, playedAt: 5)
            XCTAssertEqual(gif.frames.count, 10, name)
        }
        // One language is named by its locale too, so that a run of another language does not replace it.
        let one = try tabanim(["export", strings.appendingPathComponent("scene.json").path, "-o", out.appendingPathComponent("one.svg").path,
                               "--locale", "de"], in: out)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("one-de.svg").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("one.svg").path))
        // A language the catalog does not have (nor its fallback, pt-BR → pt) is refused, naming those it has;
        // a regional code falls back as iOS does (de-AT → de).
        let missing = try tabanim(["export", strings.appendingPathComponent("scene.json").path, "-o", out.appendingPathComponent("two.svg").path,
                                   "--locale", "de,pt-BR"], in: out)
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.hasPrefix("Error: --locale pt-BR: the scene's strings have no pt-BR; they have "), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("two-de.svg").path))
        let regional = try tabanim(["export", strings.appendingPathComponent("scene.json").path, "-o", out.appendingPathComponent("at.svg").path,
                                    "--locale", "de-AT"], in: out)
        XCTAssertEqual(regional.status, 0, regional.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("at-de-AT.svg").path))
        // Bad codes and a scene without a catalog: usage errors, nothing written.
        let bad = try tabanim(["export", strings.appendingPathComponent("scene.json").path, "-o", out.appendingPathComponent("x.gif").path, "--locale", "de,DE_de"], in: out)
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.hasPrefix("Error: --locale takes BCP 47 codes separated by commas (de,ar,zh-Hans) or 'all'; 'DE_de' is not one"), bad.stderr)
        let none = try tabanim(["export", Self.seed, "-o", out.appendingPathComponent("x.gif").path, "--locale", "all"], in: out)
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("has no \"strings\""), none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("x.gif").path))
    }

    func testValidateListsTheTitlesUIKitTruncates() throws {
        let result = try tabanim(["validate", "scene.json", "--locale", "all"], in: strings)
        XCTAssertEqual(result.status, 0, result.stderr)
        let truncated = result.stderr.split(separator: "\n").filter { $0.contains(" shows as ") }.map(String.init)
        XCTAssertEqual(truncated.map { $0.replacingOccurrences(of: #"\d+\.\d pt"#, with: "N pt", options: .regularExpression) }, [
            #"Warning: scene.json: tabBar.items[2].title: de: "Verlaufsübersicht" shows as "Verlaufsüber…" on iphone-15: it needs N pt, its label has N pt"#,
            #"Warning: scene.json: tabBar.items[3].title: de: "Benachrichtigungen" shows as "Benachrichti…" on iphone-15: it needs N pt, its label has N pt"#,
            #"Warning: scene.json: tabBar.items[2].title: fi: "Tapahtumahistoria" shows as "Tapahtumahi…" on iphone-15: it needs N pt, its label has N pt"#,
        ], result.stderr)
        XCTAssertTrue(truncated[0].hasSuffix("its label has 74.6 pt"), "a fifth of 393 pt less 2 pt a side")
        XCTAssertTrue(result.stderr.contains(#"tabBar.items[2].title: "tab.history" has no hi translation; the en text "History" is shown"#), result.stderr)
        let strict = try tabanim(["validate", "scene.json", "--locale", "de", "--strict", "-q"], in: strings)
        XCTAssertEqual([strict.status, Int32(strict.stdout.count + strict.stderr.count)], [1, 0], "--strict fails on a truncation, quietly")
        let english = try tabanim(["validate", "scene.json", "--locale", "en", "--strict", "-q"], in: strings)
        XCTAssertEqual(english.status, 0, "nothing truncated in English")
    }

    /// Tests/Fixtures/strings/plurals/scene.json: "tab.inbox" with counts 3 and 21, each locale's plural form.
    func testPluralTitlesTakeEachLocalesForm() throws {
        let plurals = strings.appendingPathComponent("plurals")
        // ar: 3 is "few", 21 (21 % 100 in 11…99) "many"; ru: 3 "few", 21 "one".
        for (locale, expected) in [("en", ["3 Messages", "21 Messages"]), ("ru", ["3 сообщения", "21 сообщение"]),
                                   ("ar", ["3 رسائل", "21 رسالة"]), ("ja", ["3件のメッセージ", "21件のメッセージ"])] {
            let result = try tabanim(["validate", "scene.json", "--locale", locale], in: plurals)
            XCTAssertEqual(result.status, 0, result.stderr)
            let text = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("  text: ") })
            XCTAssertEqual(HTMLScan.matches(#""([^"]+)""#, in: String(text)).map { $0[0] }, ["Home"] + expected, locale)
        }
    }

    /// docs/ci/locales.yml's `run:` steps, as a job runs them (the built tabanim for `swift run tabanim`;
    /// the export step for one of its matrix's groups).
    func testTheWorkflowExampleStepsRun() throws {
        let workflow = try String(contentsOf: packageRoot.appendingPathComponent("docs/ci/locales.yml"), encoding: .utf8)
        let steps = workflow.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("run: "), trimmed.contains("tabanim") else { return nil }
            return String(trimmed.dropFirst(5))
        }
        XCTAssertEqual(steps.count, 2, workflow)
        let group = try XCTUnwrap(workflow.range(of: #"locales: \["([^"]+)""#, options: .regularExpression).map { String(workflow[$0]) })
        let locales = try XCTUnwrap(group.split(separator: "\"").dropFirst().first.map(String.init))
        let out = try folder()
        for step in steps {
            let command = step.replacingOccurrences(of: "${{ matrix.locales }}", with: locales)
                .replacingOccurrences(of: "mkdir -p out && ", with: "")
                .replacingOccurrences(of: "swift run tabanim ", with: "")
                .replacingOccurrences(of: "out/", with: out.path + "/")
            let arguments = command.split(separator: " ").map(String.init) + ["--fps", "2", "--scale", "0.25"].filter { _ in command.hasPrefix("export") }
            let result = try tabanim(arguments, in: packageRoot)
            XCTAssertEqual(result.status, 0, "\(step): \(result.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).count, 6, "GIF and SVG for each of the group's three locales")
    }
}

/// `sheet --locale`: a row per locale, the truncated titles underlined in red.
final class LocaleSheetCommandTests: CLITestCase {
    func testTheLocaleSheetMarksWhatUIKitTruncates() throws {
        let out = try folder()
        let scene = packageRoot.appendingPathComponent("Tests/Fixtures/strings/scene.json").path
        func redPixels(_ locales: String) throws -> (count: Int, height: Int) {
            let path = out.appendingPathComponent("sheet-\(locales).png")
            let result = try tabanim(["sheet", scene, "-o", path.path, "--locale", locales], in: out)
            XCTAssertEqual(result.status, 0, result.stderr)
            let surface = try ImageSurface(png: try Data(contentsOf: path))
            let rgba = surface.straightRGBA()
            var count = 0
            for i in stride(from: 0, to: rgba.count, by: 4) where abs(Int(rgba[i]) - 255) < 8 && abs(Int(rgba[i + 1]) - 59) < 12 && abs(Int(rgba[i + 2]) - 48) < 12 {
                count += 1
            }
            return (count, surface.height)
        }
        let english = try redPixels("en"), both = try redPixels("en,de")
        XCTAssertEqual(english.count, 0, "nothing truncated in English")
        XCTAssertGreaterThan(both.count, 50, "German's two truncated titles underlined and named")
        XCTAssertGreaterThan(both.height, english.height, "a row per locale")
    }
}
