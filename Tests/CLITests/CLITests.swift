import Export
import Foundation
import XCTest

/// Runs the built `tabanim` binary and checks stdout, stderr and the exit code.
final class CLITests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Seed 000's story (button, button again above the bar, another item, the center item, item 0) on the
    /// default scene; the bundled demo may grow, this fixture stays.
    static let demo = packageRoot.appendingPathComponent("Tests/Fixtures/seed000.json").path
    static let bundledDemo = packageRoot.appendingPathComponent("Assets/demo/scene.json").path

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private func tabanim(_ arguments: [String], in folder: URL? = nil) throws -> Result {
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabanim")
        let process = Process()
        process.executableURL = FileManager.default.isExecutableFile(atPath: binary.path)
            ? binary : Self.packageRoot.appendingPathComponent(".build/debug/tabanim")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "tabanim must exit, never die of a signal")
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: - Help and usage

    func testHelpGoesToStdoutWithExitZero() throws {
        for arguments in [["--help"], ["help"], ["-h"]] {
            let result = try tabanim(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.stdout.hasPrefix("OVERVIEW: Turn a small scene file into an animated GIF or SVG of an iOS tab bar."))
            XCTAssertTrue(result.stdout.contains("SUBCOMMANDS:\n  export"))
            XCTAssertEqual(result.stderr, "")
        }
        for arguments in [["export", "--help"], ["help", "export"]] {
            let result = try tabanim(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.stdout.contains("USAGE: tabanim export <scene> --output <file> [--format <format>]"), result.stdout)
            XCTAssertTrue(result.stdout.contains("ARGUMENTS:\n  <scene>"))
            XCTAssertTrue(result.stdout.contains("  -o, --output <file>"))
            XCTAssertTrue(result.stdout.contains("EXAMPLES:\n  tabanim export scene.json -o demo.gif"))
        }
        let version = try tabanim(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("tabanim "))
    }

    func testUsageErrorsExit64WithTheUsageLine() throws {
        let missing = try tabanim(["export", Self.demo])
        XCTAssertEqual(missing.status, 64)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, """
            Error: missing expected option '--output <file>'
            Usage: tabanim export <scene> --output <file> [--format <format>] [--fps <n>] [--scale <n>] [--duration <seconds>] [--quiet]
              See 'tabanim export --help'.

            """)
        let misspelt = try tabanim(["export", Self.demo, "-o", "x.gif", "--fsp", "10"])
        XCTAssertEqual(misspelt.status, 64)
        XCTAssertTrue(misspelt.stderr.hasPrefix("Error: unknown option '--fsp'; did you mean '--fps'?\n"), misspelt.stderr)
        let command = try tabanim(["exprot"])
        XCTAssertEqual(command.status, 64)
        XCTAssertTrue(command.stderr.hasPrefix("Error: unknown subcommand 'exprot'; did you mean 'export'?\n"), command.stderr)
        let format = try tabanim(["export", Self.demo, "-o", "x.mp4"])
        XCTAssertEqual(format.status, 64)
        XCTAssertTrue(format.stderr.contains("cannot tell the format of 'x.mp4'"))
        let number = try tabanim(["frame", Self.demo, "--at", "soon", "-o", "x.png"])
        XCTAssertEqual(number.status, 64)
        XCTAssertTrue(number.stderr.hasPrefix("Error: --at takes a number, not 'soon'\n"))
        let range = try tabanim(["export", Self.demo, "-o", "x.gif", "--fps", "500"])
        XCTAssertEqual(range.status, 64)
        XCTAssertTrue(range.stderr.hasPrefix("Error: --fps 500 is out of range; expected 1 to 60\n"), range.stderr)
        XCTAssertEqual(try tabanim([]).status, 64)
    }

    // MARK: - Timeline

    func testTimelineJSONShowsTheSeedRules() throws {
        let result = try tabanim(["timeline", Self.demo, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        struct Report: Decodable {
            struct Event: Decodable { var time: Double; var kind: String; var item: Int?; var programmatic: Bool? }
            var events: [Event]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        let spin = report.events.filter { $0.kind.hasPrefix("spin-") }.map { "\($0.time) \($0.kind)" }
        XCTAssertEqual(spin, ["0.5 spin-start", "2.5 spin-restart", "4.0 spin-stop", "5.5 spin-start", "7.5 spin-stop"])
        XCTAssertEqual(report.events.first { $0.kind == "select" }?.programmatic, true, "the button selects programmatically")
        XCTAssertFalse(report.events.contains { $0.kind == "didSelect" && $0.time == 0.5 }, "no didSelect for the button")
        XCTAssertTrue(report.events.contains { $0.kind == "didSelect" && $0.time == 5.5 && $0.item == 2 }, "the bar's center item")
        let table = try tabanim(["timeline", Self.demo])
        XCTAssertTrue(table.stdout.contains("   2.50s  tap                   point (196.5, 752) → center button  (script[1])"), table.stdout)
    }

    // MARK: - Exports

    func testExportWritesAGIFAndAnSVGFromAnyFolder() throws {
        let out = try folder()
        let result = try tabanim(["export", Self.demo, "-o", "demo.gif", "-o", "demo.svg", "--scale", "0.5", "--fps", "10"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("Wrote demo.gif (90 frames, 9 s,"), result.stderr)
        let gif = try DecodedGIF(path: out.appendingPathComponent("demo.gif").path)
        XCTAssertEqual(gif.frames.count, 90)
        let svg = try String(contentsOf: out.appendingPathComponent("demo.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"dur="9s""#))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
        let quiet = try tabanim(["export", Self.bundledDemo, "-o", "q.svg", "--quiet"], in: out)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "")
    }

    func testFrameWritesAPNG() throws {
        let out = try folder()
        let result = try tabanim(["frame", Self.demo, "--at", "1", "-o", "f.png", "--scale", "1"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        let png = try ImageSurface(png: try Data(contentsOf: out.appendingPathComponent("f.png")))
        XCTAssertEqual([png.width, png.height], [393, 852])
        let late = try tabanim(["frame", Self.demo, "--at", "30", "-o", "f.png"], in: out)
        XCTAssertEqual(late.status, 64)
        XCTAssertTrue(late.stderr.hasPrefix("Error: --at 30 is not before the loop's end (9 s)\n"), late.stderr)
    }

    // MARK: - Bad input

    func testABrokenSceneLeavesTheExistingOutputUntouched() throws {
        let out = try folder()
        let scene = out.appendingPathComponent("scene.json")
        try #"{"tabBar": {"items": [{"title": "A"}, {"title": "B", "icon": "icons/home.svg"}]}}"#.write(to: scene, atomically: true, encoding: .utf8)
        let previous = Data("previous GIF".utf8)
        let gif = out.appendingPathComponent("out.gif")
        try previous.write(to: gif)
        let result = try tabanim(["export", "scene.json", "-o", "out.gif"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "Error: scene.json: tabBar.items[1].icon: file not found: icons/home.svg\n")
        XCTAssertEqual(try Data(contentsOf: gif), previous, "byte-identical")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["out.gif", "scene.json"])
    }

    func testUnreadableAssetsAndBrokenJSONNameFileAndKey() throws {
        let out = try folder()
        try Data("not an svg".utf8).write(to: out.appendingPathComponent("bad.svg"))
        try Data("not a png".utf8).write(to: out.appendingPathComponent("bad.png"))
        try #"{"tabBar": {"items": [{"icon": "bad.svg"}, {"icon": "bad.png"}]}, "centerButton": {"selects": 0}}"#
            .write(to: out.appendingPathComponent("scene.json"), atomically: true, encoding: .utf8)
        let result = try tabanim(["export", "scene.json", "-o", "out.svg"], in: out)
        XCTAssertEqual(result.status, 1)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("Error: scene.json: tabBar.items[0].icon: unreadable SVG bad.svg: XML parse error"), result.stderr)
        XCTAssertEqual(lines[1], "Error: scene.json: tabBar.items[1].icon: unreadable PNG bad.png: not a PNG file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("out.svg").path))

        try "{\n  \"export\": {\"fps\": 30,,}\n}".write(to: out.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let broken = try tabanim(["timeline", "broken.json"], in: out)
        XCTAssertEqual(broken.status, 1)
        XCTAssertEqual(broken.stderr, "Error: broken.json:2:24: invalid JSON: unexpected ',', expected a key in double quotes\n")
        let missing = try tabanim(["timeline", "nowhere.json"], in: out)
        XCTAssertEqual(missing.stderr, "Error: nowhere.json: file not found\n")
        XCTAssertEqual(missing.status, 1)
    }
}
