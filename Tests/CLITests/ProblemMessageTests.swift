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
            Error: v.json: tabBar.tintColor: invalid color "#12345"; write "#RRGGBB", "#RRGGBBAA" or "rgb(27, 118, 208)"
            Error: v.json: tabBar.items[0].rendering: unknown value "tmplate"; expected one of: "template", "original" (did you mean "template"?)
            Error: v.json: tabBar.items[1].iconSize: 900 is out of range; expected 4 to 64 pt
            Error: v.json: script[0].at: tap at 5 s is not before the loop's end (2 s)

            """)
    }
}
