import Basics
import Foundation
import Graph
import Scene
import Spec
import XCTest

final class SceneSpecTests: XCTestCase {
    func testSyntaxErrorsNameLineAndColumn() {
        XCTAssertEqual(problems("{\n  \"export\": {\"fps\": 30,}\n}"),
                       ["scene.json:2:24: invalid JSON: unexpected '}', expected a key in double quotes"])
        XCTAssertEqual(problems("{\"a\": 1, \"a\": 2}"), ["scene.json:1:10: invalid JSON: duplicate key \"a\""])
        XCTAssertEqual(problems("{\"version\": tru}"), ["scene.json:1:13: invalid JSON: unexpected 't', expected a value"])
        XCTAssertEqual(problems(""), ["scene.json:1:1: invalid JSON: unexpected end of file, expected a value"])
        XCTAssertEqual(problems("{\"title\": \"首页\" x}"), ["scene.json:1:16: invalid JSON: unexpected 'x', expected ',' or '}'"],
                       "columns count characters, not UTF-8 bytes")
    }

    func testParsesStringsNumbersAndUnicode() throws {
        var parser = JSONParser(data: Data(#"{"t": "\u9996\u9875 \ud83d\ude00 é\n", "n": [-1.5e2, 0, 7]}"#.utf8))
        let root = try parser.parse()
        guard case .object(let members) = root.value else { return XCTFail("not an object") }
        XCTAssertEqual(members[0].node.value, .string("首页 😀 é\n"))
        guard case .array(let numbers) = members[1].node.value else { return XCTFail("not an array") }
        XCTAssertEqual(numbers.map(\.value), [.number(-150), .number(0), .number(7)])
    }

    /// `JSONWriter` (a dotLottie's animation with its images embedded) writes what `JSONParser` reads back
    /// as the same value: every number to the bit, every string's scalars, members in their order.
    func testWrittenJSONReadsBackAsTheSameValue() throws {
        func parse(_ data: Data) throws -> JSONValue {
            var parser = JSONParser(data: data)
            parser.rejectsDuplicateKeys = false
            return try parser.parse().value
        }
        let numbers = [0.1, 0.30000000000000004, 1e-7, 5e20, -0.0, 100, -3, 1e300, .leastNonzeroMagnitude, 123456789012345680]
        let text = #"{"n": [0.1, 0.30000000000000004, 1e-7, 5e20, -0.0, 100.0, -3, 1e300, 5e-324, 123456789012345678], "s": "a\/b\"\\\n\t\u0001é😀", "o": {"k": true, "k": null}, "e": [], "f": {}}"#
        let written = JSONWriter.data(try parse(Data(text.utf8)))
        XCTAssertEqual(String(decoding: written, as: UTF8.self),
                       #"{"n":[0.1,0.30000000000000004,1e-07,5e+20,-0.0,100,-3,1e+300,5e-324,1.2345678901234568e+17],"s":"a/b\"\\\n\t\u0001é😀","o":{"k":true,"k":null},"e":[],"f":{}}"#)
        guard case .object(let members) = try parse(written), case .array(let read) = members[0].node.value else { return XCTFail("not {n: […]}") }
        XCTAssertEqual(read.map { if case .number(let n) = $0.value { n.bitPattern } else { 0 } }, numbers.map(\.bitPattern))
        XCTAssertEqual(members[1].node.value, .string("a/b\"\\\n\t\u{1}é😀"))
    }

    func testPrettyJSONIndentsEachMemberAndReadsBackAsTheSameValue() throws {
        let text = #"{"a": [1, {"b": "é"}], "e": [], "f": {}}"#
        var parser = JSONParser(data: Data(text.utf8))
        let value = try parser.parse().value
        let pretty = JSONWriter.data(value, pretty: true)
        XCTAssertEqual(String(decoding: pretty, as: UTF8.self), "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"é\"\n    }\n  ],\n  \"e\": [],\n  \"f\": {}\n}")
        var reread = JSONParser(data: pretty)  // the same value, wherever its lines are
        XCTAssertEqual(JSONWriter.data(try reread.parse().value), JSONWriter.data(value))
    }

    /// A data URI as Foundation's writer wrote a dotLottie's image (its slashes escaped, `\/`): 4 MB of
    /// base64 with a million escapes. Appending run by run to a `String` made this quadratic (a
    /// 10 MB image took minutes; the suite would stall here); the parse is now one pass.
    func testParsesALongStringWithManyEscapesInOnePass() throws {
        let chunk = "QUJD\\/"  // "ABC" in base64, then an escaped slash
        let count = 1 << 20
        var parser = JSONParser(data: Data(("[\"" + String(repeating: chunk, count: count) + "\"]").utf8))
        let root = try parser.parse()
        guard case .array(let items) = root.value, case .string(let text)? = items.first?.value else { return XCTFail("not [string]") }
        XCTAssertEqual(text.utf8.count, 5 * count)
        XCTAssertTrue(text.hasPrefix("QUJD/QUJD/"))
    }

    func testRefusesBrokenUTF8InAString() {
        var parser = JSONParser(data: Data([0x5B, 0x22, 0x61, 0x5C, 0x6E, 0xC3, 0x28, 0x22, 0x5D]))  // ["a\n\xC3(" ]
        XCTAssertThrowsError(try parser.parse()) { error in
            XCTAssertEqual((error as? JSONParser.SyntaxError)?.message, "invalid UTF-8 in a string")
        }
    }

    func testRefusesDeepNesting() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        XCTAssertEqual(problems(deep).first?.hasPrefix("scene.json:1:65: invalid JSON: nesting deeper than 64"), true)
    }

    func testUnknownKeysAreErrorsWithSuggestions() {
        XCTAssertEqual(problems(##"{"tabBar": {"tintColour": "#FF0000"}}"##),
                       [#"scene.json: tabBar.tintColour: unknown key "tintColour" (did you mean "tintColor"?)"#])
        XCTAssertEqual(problems(#"{"scirpt": []}"#), [#"scene.json: scirpt: unknown key "scirpt" (did you mean "script"?)"#])
    }

    func testWrongTypesNameTheKeyPath() {
        let json = #"{"tabBar": {"items": [{"title": "A"}, {"title": "B"}, {"title": "C", "icon": 3}]}, "export": {"fps": "30"}}"#
        XCTAssertEqual(problems(json), [
            "scene.json: export.fps: expected a number, found a string",
            "scene.json: tabBar.items[2].icon: expected a string, found a number",
        ])
    }

    func testEveryProblemIsReportedNotOnlyTheFirst() {
        let json = #"{"tabBar": {"tintColor": "blue", "translucent": 1}, "transition": {"curve": "bounce"}}"#
        let found = problems(json)
        XCTAssertEqual(found.count, 3, "\(found)")
        XCTAssertTrue(found.contains(##"scene.json: tabBar.tintColor: invalid color "blue"; write "#RRGGBB", "#RRGGBBAA", "rgb(27, 118, 208)" or a UIKit name such as "systemBlue" (did you mean "systemBlue"?)"##))
        XCTAssertTrue(found.contains("scene.json: tabBar.translucent: expected true or false, found a number"))
        XCTAssertTrue(found.contains { $0.hasPrefix(#"scene.json: transition.curve: unknown value "bounce"; expected one of: "linear""#) })
    }

    /// Past an unknown key or a wrong value, the rest is resolved: its problems follow the reading's.
    func testResolvingGoesOnPastProblemsThatLeaveTheRestReadable() {
        let json = #"{"tabBar": {"items": [{"title": "A", "icon": "missing.svg"}, {"title": "B"}, {"title": "C"}], "colr": 1}, "script": [{"at": 0.5, "tap": 9}]}"#
        XCTAssertEqual(problems(json), [
            #"scene.json: tabBar.colr: unknown key "colr""#,
            "scene.json: tabBar.items[0].icon: file not found: missing.svg",
            "scene.json: script[0].tap: no item 9; items are 0 to 2",
        ])
        XCTAssertThrowsError(try resolve(json)) { XCTAssertEqual(($0 as? SceneError)?.stage, .decode, "the first problem's stage") }
    }

    /// A value left out for being wrong is not reported again as missing, or as a default out of place.
    func testAValueThatCouldNotBeReadIsReportedOnce() {
        let json = #"{"script": [{"at": "1", "tap": 0}, {"at": 1, "tap": "centre"}, {"at": 2, "badge": {"item": 0, "value": 3}}]}"#
        XCTAssertEqual(problems(json), [
            "scene.json: script[0].at: expected a number, found a string",
            #"scene.json: script[1].tap: unknown tap target "centre"; expected an item index, "center" or {"x": …, "y": …}"#,
            "scene.json: script[2].badge.value: expected a string, found a number",
        ])
    }

    /// An object or a list given as something else leaves out all it holds: the rest is not judged without
    /// it (here the default five items would make tap 4 look fine and the content for item 5 wrong).
    func testAWrongObjectOrListStopsBeforeResolving() throws {
        let json = #"{"tabBar": {"items": {"title": "A"}}, "contents": [{}, {}, {}, {}, {}, {}], "script": [{"at": 1, "tap": 4}], "colr": 1}"#
        XCTAssertEqual(problems(json), [
            "scene.json: tabBar.items: expected an array, found an object",
            #"scene.json: colr: unknown key "colr""#,
        ])
        let reading = try SceneSpec.read(Data(json.utf8), file: "scene.json")
        XCTAssertFalse(reading.isResolvable)
        XCTAssertNotNil(reading.spec)
        XCTAssertTrue(try SceneSpec.read(Data(#"{"version": 1, "colr": 1}"#.utf8), file: "s.json").isResolvable)
        XCTAssertFalse(try SceneSpec.read(Data(#"{"version": 2}"#.utf8), file: "s.json").isResolvable)
        XCTAssertNil(try SceneSpec.read(Data("[]".utf8), file: "s.json").spec)
    }

    func testColorsParseInEveryWrittenForm() {
        XCTAssertEqual(Color(parsing: "rgb(27, 118, 208)"), Color(rgb: 27, 118, 208))
        XCTAssertEqual(Color(parsing: "#1B76D0"), Color(rgb: 27, 118, 208))
        XCTAssertEqual(Color(parsing: "#1b76d080")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(Color(parsing: "#FFF"), .white)
        XCTAssertEqual(Color(parsing: "rgba(0, 0, 0, 0.3)"), Color(rgb: 0, 0, 0, alpha: 0.3))
        XCTAssertNil(Color(parsing: "rgb(300, 0, 0)"))
        XCTAssertNil(Color(parsing: "#12345"))
        XCTAssertNil(Color(parsing: "#+12345"))
        XCTAssertNil(Color(parsing: "rgb(27,,118,208)"))
    }
}
