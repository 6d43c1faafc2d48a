import Basics
import Foundation
import Graph
import Review
import Scene

/// Standard output and standard error (`FileHandle`, not the C globals, for Swift 6). Colour only on a
/// terminal, and never when `NO_COLOR` is set to anything (https://no-color.org) or `TERM` is `dumb`.
struct Console: Sendable {
    var errorIsTerminal: Bool
    var colors: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        errorIsTerminal = isatty(FileHandle.standardError.fileDescriptor) != 0
        colors = errorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

    /// Bytes on standard output (`-o -`).
    func out(_ data: Data) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw SceneError(.write, file: "-", keyPath: nil, "cannot write to standard output: \((error as NSError).localizedDescription)")
        }
    }

    /// `value` as pretty JSON with sorted keys on standard output: a stable form for scripts.
    func outJSON(_ value: some Encodable) throws {
        out(String(decoding: try Self.json(value), as: UTF8.self))
    }

    /// The bytes `outJSON` prints, final newline included.
    static func json(_ value: some Encodable) throws -> Data { try StableJSON.encode(value) }
    func error(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// `Error: message` on standard error, "Error:" in bold red on a colour terminal.
    func failure(_ message: String) { error(styled("Error:", "1;31") + " \(message)\n") }
    /// `Warning: message`, "Warning:" in bold yellow.
    func warning(_ message: String) { error(styled("Warning:", "1;33") + " \(message)\n") }

    /// An error that ends a command: each problem of a scene on its own line.
    func report(_ error: any Error) {
        switch error {
        case let error as SceneError: error.diagnostics.forEach { failure($0.description) }
        case let error as CommandFailure: failure(error.message)
        case let error as UsageError: failure(error.message)
        default: failure("\(error)")
        }
    }

    func styled(_ text: String, _ sgr: String) -> String { colors ? "\u{1B}[\(sgr)m\(text)\u{1B}[0m" : text }
}

/// Messages for `--verbose`: how the pipeline chose what it did. Silent unless asked for.
struct Narrator: Sendable {
    var console: Console
    var enabled: Bool

    func say(_ text: @autoclosure () -> String) {
        if enabled { console.error(console.styled("·", "2") + " \(text())\n") }
    }
}
