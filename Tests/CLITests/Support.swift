import Drawing
import Foundation
import GIFExport
import Graphics
import Outputs
import TestSupport
import XCTest

/// Runs the built `tabanim` binary and collects stdout, stderr and the exit status.
class CLITestCase: XCTestCase {
    /// Seed 000's story (button, button again above the bar, another item, the center item, item 0) on the
    /// default scene; the bundled demo may grow, this fixture stays.
    static let seed = packageRoot.appendingPathComponent("Tests/Fixtures/seed000.json").path
    static let bundledDemo = packageRoot.appendingPathComponent("Assets/demo/scene.json").path
    static let binary: URL = {
        let beside = Bundle.main.bundleURL.appendingPathComponent("tabanim")
        return FileManager.default.isExecutableFile(atPath: beside.path) ? beside : packageRoot.appendingPathComponent(".build/debug/tabanim")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Standard output's bytes (a file written with `-o -`).
        var stdoutData = Data()
    }

    func tabanim(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
                 file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let (result, exited) = try Self.run(arguments, in: folder, environment: environment)
        XCTAssertTrue(exited, "tabanim must exit, never die of a signal", file: file, line: line)
        return result
    }

    /// Runs the binary; whether it exited (rather than died of a signal) comes with the result.
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> (Result, exited: Bool) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end concurrently, so that neither fills up and blocks the child.
        let stderrReader = PipeReader(err)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: stderrReader.waitForEnd(), stdoutData: stdout), process.terminationReason == .exit)
    }

    /// Starts tabanim in `folder` and returns, still running, as soon as a temporary file or folder appears
    /// there, that is while an output is being written, or, with `after`, once it has run that long. With
    /// `holdingBytes`, only a temporary with bytes in it counts: the check that the folder is writable makes
    /// an empty one and removes it at once, well before the output's own (a signal sent then finds none).
    func startWriting(_ arguments: [String], in folder: URL, after delay: TimeInterval? = nil, holdingBytes: Bool = false,
                      file: StaticString = #filePath, line: UInt = #line) throws -> (process: Process, stderr: PipeReader) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let err = Pipe()
        process.standardError = err
        let stderr = PipeReader(err)
        try process.run()
        if let delay {
            Thread.sleep(forTimeInterval: delay)
        } else {
            func writing() throws -> Bool {
                try leftovers(in: folder).contains { name in
                    guard holdingBytes else { return true }
                    let size = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int
                    return (size ?? 0) > 0
                }
            }
            let deadline = Date().addingTimeInterval(60)
            while try !writing(), process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        }
        XCTAssertTrue(process.isRunning, "tabanim ended before it could be interrupted: \(stderr.text)", file: file, line: line)
        return (process, stderr)
    }

    /// Runs tabanim in `folder` and interrupts it (SIGINT, as Ctrl-C) once it is writing (`startWriting`);
    /// returns its exit status and standard error.
    func interrupt(_ arguments: [String], in folder: URL, after delay: TimeInterval? = nil,
                   file: StaticString = #filePath, line: UInt = #line) throws -> (status: Int32, stderr: String) {
        let (process, stderr) = try startWriting(arguments, in: folder, after: delay, file: file, line: line)
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, file: file, line: line)
        return (process.terminationStatus, stderr.waitForEnd())
    }

    /// A fresh folder for one test's files.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func write(_ text: String, to url: URL) throws {
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Every `.tmp` file or folder left in `folder`.
    func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    /// A usage error: exit 64, nothing on stdout, the message, the usage line and where to look.
    func assertUsageError(_ result: Result, _ message: String, usage: String? = nil, see: String,
                          file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 64, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        let lines = result.stderr.components(separatedBy: "\n")
        XCTAssertEqual(lines.first, "Error: \(message)", file: file, line: line)
        XCTAssertTrue(lines.count == 4 && lines[1].hasPrefix("Usage: tabanim") && lines[3] == "",
                      "usage line and see line expected:\n\(result.stderr)", file: file, line: line)
        if let usage { XCTAssertEqual(lines.dropFirst().first, "Usage: \(usage)", file: file, line: line) }
        XCTAssertEqual(lines.dropFirst(2).first, "  See '\(see)'.", file: file, line: line)
    }

    /// Straight RGBA of a PNG file.
    func pixels(ofPNG url: URL) throws -> (rgba: [UInt8], width: Int, height: Int) {
        let surface = try ImageSurface(png: try Data(contentsOf: url))
        return (surface.straightRGBA(), surface.width, surface.height)
    }

    /// The largest difference of any channel of any pixel, and how many pixels differ by more than `tolerance`.
    func difference(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 2) -> (largest: Int, count: Int) {
        var largest = 0, count = 0
        for pixel in 0..<min(a.count, b.count) / 4 {
            var worst = 0
            for channel in 0..<4 { worst = max(worst, abs(Int(a[pixel * 4 + channel]) - Int(b[pixel * 4 + channel]))) }
            largest = max(largest, worst)
            if worst > tolerance { count += 1 }
        }
        return (largest, count)
    }
}

/// Reads a pipe on a background thread; `text` is what has arrived so far.
final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    func waitForEnd() -> String {
        done.wait()
        return text
    }

    /// Waits until `condition` holds for the text so far, up to `timeout` seconds.
    @discardableResult
    func wait(timeout: TimeInterval, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(text) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(text)
    }
}
