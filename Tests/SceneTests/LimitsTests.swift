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

final class LimitsTests: XCTestCase {
    func testValuesTakeSuffixesByUnit() {
        XCTAssertEqual(Limits.number("6000", unit: .count), 6000)
        XCTAssertEqual(Limits.number("20k", unit: .count), 20_000)
        XCTAssertEqual(Limits.number("2.5G", unit: .count), 2_500_000_000)
        XCTAssertEqual(Limits.number("16M", unit: .bytes), 16 * 1_048_576)
        XCTAssertEqual(Limits.number("1K", unit: .bytes), 1024)
        XCTAssertEqual(Limits.number("0.5", unit: .seconds), 0.5)
        XCTAssertNil(Limits.number("5M", unit: .seconds), "seconds take no suffix")
        XCTAssertNil(Limits.number("lots", unit: .count))
        XCTAssertNil(Limits.number("1e20", unit: .count), "too large to be a count")
        XCTAssertNil(Limits.number("inf", unit: .seconds))
    }

    func testDefaultsAreShownExactlyAndRaisesRoundUp() {
        XCTAssertEqual(Limits.defaults, "frames=3000, duration=120, pixels=5G, frame-pixels=16777216, taps=1000, scrolls=1000, badge-changes=1000, scene-size=1M, asset-size=16M, font-size=64M, image-pixels=16777216, svg-elements=10k")
        // Every default, written as shown, reads back as itself.
        for entry in Limits.entries {
            var limits = Limits()
            let shown = Limits.text(Limits.standard[keyPath: entry.keyPath], unit: entry.unit, exact: true)
            XCTAssertNil(limits.set(entry.name, to: shown))
            XCTAssertEqual(limits, .standard, entry.name)
        }
        XCTAssertEqual(Limits.raise("pixels", to: 16_105_000_000), "raise it with --limit pixels=16.2G")
        XCTAssertEqual(Limits.raise("asset-size", to: 20 * 1_048_576 + 1), "raise it with --limit asset-size=20.1M")
        XCTAssertEqual(Limits.raise("taps", to: 1001), "raise it with --limit taps=1001")
    }

    func testSettingNamesTheProblem() {
        var limits = Limits()
        XCTAssertNil(limits.set("frames", to: "6k"))
        XCTAssertEqual(limits.frames, 6000)
        XCTAssertEqual(limits.set("frame", to: "1"), "unknown limit 'frame'; known: frames, duration, pixels, frame-pixels, taps, scrolls, badge-changes, scene-size, asset-size, font-size, image-pixels, svg-elements (did you mean 'frames'?)")
        XCTAssertEqual(limits.set("taps", to: "0"), "limit taps takes a number above 0 (k, M, G allowed), not '0'")
        XCTAssertEqual(limits.set("duration", to: "-1"), "limit duration takes a number above 0 (seconds), not '-1'")
    }

    func testTheResolverKeepsToItsLimits() throws {
        var limits = Limits()
        limits.frames = 100
        limits.taps = 1
        let spec = try SceneSpec.parse(Data(#"{"export": {"fps": 30, "duration": 4}, "script": [{"at": 1, "tap": 0}, {"at": 2, "tap": 1}]}"#.utf8), file: "s.json")
        XCTAssertThrowsError(try SceneResolver(file: "s.json", baseDirectory: fixtureURL(""), limits: limits).resolve(spec)) { error in
            XCTAssertEqual((error as? SceneError)?.diagnostics.map(\.description), [
                "s.json: script: 2 taps is more than the limit of 1 (raise it with --limit taps=2)",
                "s.json: export.duration: 120 frames (duration × fps) is more than the limit of 100 (raise it with --limit frames=120)",
            ])
        }
        XCTAssertEqual(try SceneResolver(file: "s.json", baseDirectory: fixtureURL("")).resolve(spec).limits, .standard)
    }

    func testSVGElementsAreCountedWithoutParsing() {
        XCTAssertEqual(SVGHeader.elementCount(Data(#"<?xml version="1.0"?><!-- a --><svg><g><path d="M0 0"/></g><![CDATA[x]]></svg>"#.utf8)), 3)
        XCTAssertEqual(SVGHeader.elementCount(Data("<svg><图形/></svg>".utf8)), 2, "names may start with any letter")
        XCTAssertEqual(SVGHeader.elementCount(Data("a < b".utf8)), 0)
    }

    func testFilesAreReadOnlyWhenRegularAndSmallEnough() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try Data(repeating: 0x20, count: 2000).write(to: file)
        XCTAssertEqual(try FileReader.contents(of: file, limit: 2000).get().count, 2000)
        XCTAssertEqual(FileReader.contents(of: file, limit: 1999), .failure(.tooLarge(2000, limit: 1999)))
        XCTAssertEqual(FileReader.contents(of: folder, limit: 10), .failure(.folder))
        XCTAssertEqual(FileReader.contents(of: folder.appendingPathComponent("none"), limit: 10), .failure(.notFound))
        XCTAssertEqual(FileReader.contents(of: URL(fileURLWithPath: "/dev/zero"), limit: 10), .failure(.notRegular))
        XCTAssertEqual(FileReader.Failure.tooLarge(2000, limit: 1999).reason, "the file is 2000 bytes, more than the limit of 1999 bytes")
    }
}
