import Foundation
import XCTest
@testable import tabanim

/// What tabanim does when standard error is a terminal: colour unless NO_COLOR, a progress bar unless
/// --quiet. Runs the binary under util-linux's `script`, which gives it a pseudo-terminal.
final class TerminalTests: CLITestCase {
    /// Standard output and error as the terminal received them.
    private func inTerminal(_ arguments: [String], environment: [String: String] = [:], in folder: URL) throws -> String {
        guard let script = ["/usr/bin/script", "/bin/script"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("util-linux's script is not installed")
        }
        let command = ([Self.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qefc", command, "/dev/null"]
        process.currentDirectoryURL = folder
        // Only what the test says: the runner's own NO_COLOR or TERM must not decide the outcome.
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = nil
        inherited["TERM"] = "xterm"
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    func testErrorsAreColouredOnATerminalUnlessNO_COLOR() throws {
        let here = try folder()
        let coloured = try inTerminal(["timeline", "nowhere.json"], in: here)
        XCTAssertTrue(coloured.contains("\u{1B}[1;31mError:\u{1B}[0m nowhere.json: file not found"), coloured.debugDescription)
        let plain = try inTerminal(["timeline", "nowhere.json"], environment: ["NO_COLOR": "1"], in: here)
        XCTAssertTrue(plain.contains("Error: nowhere.json: file not found"), plain.debugDescription)
        XCTAssertFalse(plain.contains("\u{1B}"), plain.debugDescription)
        // Not a terminal: never colour, whatever the environment says.
        XCTAssertEqual(try tabanim(["timeline", "nowhere.json"], in: here).stderr, "Error: nowhere.json: file not found\n")
    }

    func testTheProgressBarShowsOnATerminalUnlessQuiet() throws {
        let here = try folder()
        // Long enough to outlast the bar's delay (0.3 s) on a fast machine: 270 frames of a full screen at 2×.
        let arguments = ["export", Self.seed, "-o", "p.gif", "--scale", "2", "--fps", "30"]
        let shown = try inTerminal(arguments, environment: ["NO_COLOR": "1"], in: here)
        XCTAssertNotNil(shown.range(of: #"\rp\.gif [█░]{24} \d+/270 frames, \d+ fps, \d+ s left"#, options: .regularExpression), shown.debugDescription)
        XCTAssertTrue(shown.contains("\r\u{1B}[KWrote p.gif (270 frames, 9 s, "), "the bar's line is cleared before the summary")
        let quiet = try inTerminal(arguments + ["--quiet"], in: here)
        XCTAssertEqual(quiet, "")
        // Not a terminal: no bar.
        XCTAssertFalse(try tabanim(arguments, in: here).stderr.contains("█"))
    }

    /// No time left is guessed before it means something: the first frame came after a long setup (the
    /// palette), and the rate is measured from it, once a second and a tenth of the frames have passed.
    func testTheTimeLeftWaitsUntilItMeansSomething() {
        XCTAssertEqual(ProgressBar.line(label: "a.gif", frame: 1, of: 270, elapsed: 3, since: (1, 3)), "a.gif ░░░░░░░░░░░░░░░░░░░░░░░░ 1/270 frames")
        XCTAssertEqual(ProgressBar.line(label: "a.gif", frame: 20, of: 270, elapsed: 4, since: (1, 3)), "a.gif █░░░░░░░░░░░░░░░░░░░░░░░ 20/270 frames")
        XCTAssertEqual(ProgressBar.line(label: "a.gif", frame: 61, of: 270, elapsed: 5, since: (1, 3)),
                       "a.gif █████░░░░░░░░░░░░░░░░░░░ 61/270 frames, 30 fps, 7 s left")
    }
}
