import Foundation
import TestSupport
import XCTest

/// The README's usage examples run as written: each line of its first `sh` block under "## Usage", in a
/// folder holding the starter scene (`tabanim init`, its files also at the folder's top, so that both
/// `scene.json` and `my-tab-bar/lottie/star.json` are there), through bash (with pipefail) and the built tabanim first on
/// the PATH. `--watch` runs until Ctrl-C: that line is only parsed (`--help` of its command).
final class ReadmeExampleTests: CLITestCase {
    /// The example lines, without their comments.
    static func examples() throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let usage = readme.range(of: "## Usage\n"), let open = readme.range(of: "```sh\n", range: usage.upperBound..<readme.endIndex),
              let close = readme.range(of: "```\n", range: open.upperBound..<readme.endIndex) else {
            XCTFail("the README has no sh block under ## Usage")
            return []
        }
        return readme[open.upperBound..<close.lowerBound].split(separator: "\n").map { line in
            // A comment starts at a '#' after two spaces; none of the commands holds one.
            let command = line.range(of: "  #").map { line[..<$0.lowerBound] } ?? line[...]
            return command.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    func testTheUsageExamplesRunAsWritten() throws {
        let examples = try Self.examples()
        XCTAssertGreaterThan(examples.count, 15)
        let folder = try folder()
        XCTAssertEqual(try tabanim(["init", "starter"], in: folder).status, 0)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("starter").path) {
            try FileManager.default.copyItem(at: folder.appendingPathComponent("starter/\(name)"), to: folder.appendingPathComponent(name))
        }
        let needsGifsicle = !FileManager.default.isExecutableFile(atPath: "/usr/bin/gifsicle")
        for example in examples {
            XCTAssertTrue(example.hasPrefix("tabanim "), example)
            var line = example
            if line.contains("--watch") { line = line.replacingOccurrences(of: "--watch", with: "--help") }
            if needsGifsicle, line.contains("gifsicle") {
                print("gifsicle not found (apt-get install gifsicle): '\(example)' runs without its pipe")
                line = String(line[..<line.range(of: "|")!.lowerBound]) + "> piped.gif"
            }
            let started = Date()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "set -o pipefail; " + line]
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = Self.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "README example '\(example)' failed:\n\(stderr)")
            print("README example (\(String(format: "%.1f", Date().timeIntervalSince(started))) s): \(example)")
        }
    }
}
