import Foundation
import XCTest

/// `validate` on the iPhone Duo and the iPad sidebar (issue 55): which form the bar takes and why, what the
/// seeds' raised button does on a rail, and the script's postures, presses and sidebar changes in `timeline`.
final class DuoCommandTests: CLITestCase {
    func testValidateSaysWhichFormTheBarTakesAndWhy() throws {
        let out = try folder()
        let cases: [(String, String)] = [
            (#"{"device": "iphone-duo-outer"}"#, "bar form: a vertical glass rail in the strip: iOS 27.1 on the outer display (portrait), for an app built with the iOS 27.1 SDK"),
            (#"{"device": "iphone-duo-inner", "orientation": "landscape"}"#, "bar form: a vertical glass rail in the strip: iOS 27.1 on the inner display in landscape"),
            (#"{"device": "iphone-duo-inner"}"#, "bar form: the bottom bar: iOS 27.1 keeps bars horizontal on the inner display in portrait"),
            (#"{"device": "iphone-duo-outer", "os": "27"}"#, "bar form: the bottom bar, the strip at the top: iOS 27 has no vertical bars"),
            (#"{"device": "iphone-duo-outer", "tabBar": {"verticalBehavior": "disabled"}}"#, #"bar form: the bottom bar, the strip at the top: tabBar.verticalBehavior "disabled""#),
        ]
        for (scene, said) in cases {
            try write(scene, to: out.appendingPathComponent("d.json"))
            let result = try tabanim(["validate", "d.json"], in: out)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains(said), "\(scene): \(result.stdout)")
        }
    }

    func testValidateNamesWhereTheSeedsButtonLandsOnARail() throws {
        let out = try folder()
        try write(#"{"device": "iphone-duo-outer", "centerButton": {"size": 56}}"#, to: out.appendingPathComponent("d.json"))
        let result = try tabanim(["validate", "d.json"], in: out)
        XCTAssertTrue(result.stderr.contains("Warning: d.json: centerButton: on iphone-duo-outer's vertical rail the raised centre button lands at x 599–655, y 364–420 pt"), result.stderr)
        XCTAssertTrue(result.stderr.contains("past the screen's right edge: not seen, no tap reaches it; it covers no item; item 2, which it selects, is tapped on the rail"), result.stderr)
        XCTAssertNotEqual(try tabanim(["validate", "--strict", "d.json"], in: out).status, 0, "a design problem: --strict fails on it")
    }

    func testTheTimelineListsPosturesPressesAndSidebarChanges() throws {
        let out = try folder()
        try write(#"{"device": "iphone-duo-outer", "script": [{"at": 1, "press": 0.5}, {"at": 2, "posture": "unfold"}]}"#, to: out.appendingPathComponent("d.json"))
        let duo = try tabanim(["timeline", "d.json"], in: out).stdout
        XCTAssertTrue(duo.contains("1.00s  press                 rail pressed for 0.5 s, every label shown"), duo)
        XCTAssertTrue(duo.contains("2.00s  posture               iphone-duo-inner, portrait (669×951 pt): the bottom bar"), duo)
        try write(#"{"device": "ipad-mini", "os": "26", "tabBar": {"sidebar": "shown"}, "script": [{"at": 1, "sidebar": "toggle"}]}"#,
                  to: out.appendingPathComponent("p.json"))
        let pad = try tabanim(["timeline", "p.json"], in: out).stdout
        XCTAssertTrue(pad.contains("1.00s  sidebar               sidebar hidden"), pad)
    }
}
