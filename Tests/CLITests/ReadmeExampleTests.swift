import Foundation
import TestSupport
import XCTest

/// The README's usage block runs top to bottom as written: its first `sh` block under "## Usage", as one
/// bash script (errexit, pipefail) in an empty folder, the built tabanim first on the PATH. `--watch` runs
/// until Ctrl-C: that line is only parsed (`--help` of its command).
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

    func testTheUsageBlockRunsTopToBottomAsOneScript() throws {
        let examples = try Self.examples()
        XCTAssertGreaterThan(examples.count, 15)
        XCTAssertEqual(examples.prefix(2), ["tabanim init my-tab-bar", "cd my-tab-bar"], "the block starts from an empty folder")
        let folder = try folder()
        let needsGifsicle = !FileManager.default.isExecutableFile(atPath: "/usr/bin/gifsicle")
        var script = "set -e -o pipefail\n"
        for example in examples {
            XCTAssertTrue(example.hasPrefix("tabanim ") || example.hasPrefix("cd "), example)
            var line = example
            if line.contains("--watch") { line = line.replacingOccurrences(of: "--watch", with: "--help") }
            if needsGifsicle, line.contains("gifsicle") {
                print("gifsicle not found (apt-get install gifsicle): '\(example)' runs without its pipe")
                line = String(line[..<line.range(of: "|")!.lowerBound]) + "> piped.gif"
            }
            // Each line says itself on standard error first, so that a failure names it.
            script += "echo \(Self.quoted("+ " + example)) >&2\n\(line) >/dev/null\n"
            if example.hasPrefix("cd ") {
                // The test's one change: the starter drawn at scale 1, a quarter of its pixels, so that the
                // block's 27 commands take 25 s instead of 98; the commands are the README's, unchanged.
                script += #"sed -i 's/"scale": 2/"scale": 1/' scene.json"# + "\n"
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Self.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        let started = Date()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let last = stderr.split(separator: "\n").last { $0.hasPrefix("+ ") } ?? "?"
        XCTAssertEqual(process.terminationStatus, 0, "the README's usage block stopped at '\(last.dropFirst(2))':\n\(stderr.suffix(3000))")
        XCTAssertEqual(last.dropFirst(2), examples.last.map { Substring($0) }, "every line ran")
        print("README usage block: \(examples.count) lines in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }

    private static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
