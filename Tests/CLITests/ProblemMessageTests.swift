import Foundation
import TestSupport
import XCTest

/// What the commands say about a scene with problems: every problem in one run, and a problem caused by
/// a command-line flag told as the flag's.
final class ProblemMessageTests: CLITestCase {
    /// An unknown key, a missing icon and a tap on an item the bar does not have.
    static let threeProblems = """
        {
          "tabBar": { "items": [ {"title": "A", "icon": "missing.svg"}, {"title": "B"}, {"title": "C"} ], "colr": 1 },
          "script": [ { "at": 0.5, "tap": 9 } ]
        }
        """

    static let threeProblemLines = """
        Error: s.json: tabBar.colr: unknown key "colr"
        Error: s.json: tabBar.items[0].icon: file not found: missing.svg
        Error: s.json: script[0].tap: no item 9; items are 0 to 2

        """

    /// An unknown key does not stop the reading: the values and files after it are checked too.
    func testValidateReportsProblemsPastAnUnknownKey() throws {
        let out = try folder()
        try write(Self.threeProblems, to: out.appendingPathComponent("s.json"))
        let result = try tabanim(["validate", "s.json"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, Self.threeProblemLines)
    }

    /// `export` refuses the same scene with the same problems, and writes nothing.
    func testExportRefusesWithEveryProblemAndWritesNothing() throws {
        let out = try folder()
        try write(Self.threeProblems, to: out.appendingPathComponent("s.json"))
        let result = try tabanim(["export", "s.json", "-o", "s.gif", "-o", "s.svg"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, Self.threeProblemLines)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["s.json"])
    }

    /// A bad colour and a misspelt word leave the rest readable as well.
    func testValidateReportsProblemsPastBadValues() throws {
        let out = try folder()
        try write(##"{"tabBar": {"tintColor": "#12345", "items": [{"title": "A", "rendering": "tmplate"}, {"title": "B", "iconSize": 900}]}, "centerButton": null, "export": {"duration": 2}, "script": [{"at": 5, "tap": 1}]}"##,
                  to: out.appendingPathComponent("v.json"))
        let result = try tabanim(["validate", "v.json"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, """
            Error: v.json: tabBar.tintColor: invalid color "#12345"; write "#RRGGBB", "#RRGGBBAA", "rgb(27, 118, 208)" or a UIKit name such as "systemBlue"
            Error: v.json: tabBar.items[0].rendering: unknown value "tmplate"; expected one of: "template", "original" (did you mean "template"?)
            Error: v.json: tabBar.items[1].iconSize: 900 is out of range; expected 4 to 64 pt
            Error: v.json: script[0].at: tap at 5 s is not before the loop's end (2 s)

            """)
    }

    // MARK: - Flags

    /// A frame rate too fast for a GIF, given by `--fps`, is the flag's problem, not `export.fps`'s (the
    /// demo's file says 30); written in the file, it is still the key's.
    func testTooFastAFrameRateNamesTheFlagThatGaveIt() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.bundledDemo, "-o", "x.gif", "--fps", "60"], in: out)
        XCTAssertEqual(result.status, 64, "a flag's mistake is a usage error")
        XCTAssertTrue(result.stderr.hasPrefix("Error: --fps 60 is too fast for a GIF ('x.gif'): at most 50 fps (browsers play shorter delays slower)\n"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [])

        try write(#"{"export": {"fps": 60}}"#, to: out.appendingPathComponent("f.json"))
        let written = try tabanim(["export", "f.json", "-o", "x.gif"], in: out)
        XCTAssertEqual(written.status, 1)
        XCTAssertEqual(written.stderr, "Error: f.json: export.fps: 60 fps is too fast for a GIF: browsers play delays under 2 cs as 10 cs, so at most 50 fps\n")
    }

    /// `--duration` shorter than the script: one problem, the flag's, with the option that does what was
    /// probably meant; and that option works.
    func testALoopTooShortForTheScriptNamesTheFlagAndTheFix() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.bundledDemo, "-o", "x.gif", "--duration", "6"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "Error: --duration 6: the script taps at 7, 8.5 and 10 s, after the loop ends; use --to 6 to cut the loop instead\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [])

        let fixed = try tabanim(["export", Self.bundledDemo, "-o", "x.svg", "--to", "6", "--quiet"], in: out)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["x.svg"])

        // `review` has no --to: it is not offered.
        let review = try tabanim(["review", Self.bundledDemo, "-o", "r.html", "--duration", "6"], in: out)
        XCTAssertEqual(review.status, 1)
        XCTAssertEqual(review.stderr, "Error: --duration 6: the script taps at 7, 8.5 and 10 s, after the loop ends\n")
    }
}
