import Concurrency
import Foundation

/// A child process that isolates a C library which can crash or hang on a bad file (poppler):
/// tabanim's own executable with a hidden subcommand, told the parent's pid (so that it ends with it),
/// both pipes drained while it runs, killed at the deadline.
package enum ChildProcess {
    package enum Outcome {
        case finished(status: Int32, stdout: Data, stderr: Data)
        /// Killed by a signal it raised (a crash): the signal's number.
        case crashed(signal: Int32)
        case timedOut
    }

    /// The parent's process id, which the child checks: if tabanim died before the child could ask to die
    /// with it, the child must not run on.
    static let parentVariable = "TABANIM_CHILD_PARENT"

    /// Runs `executable` with `arguments` for at most `timeout` seconds; throws only when it cannot start.
    package static func run(_ executable: URL, _ arguments: [String], timeout: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        process.environment = ProcessInfo.processInfo.environment.merging([parentVariable: String(getpid())]) { $1 }
        let finished = Promise<Void>()
        process.terminationHandler = { _ in finished.fulfil(()) }  // set before run(), or a quick exit is missed
        try process.run()
        // Read both pipes while the child runs (a full pipe would block it); kill it at the deadline.
        let stdout = inBackground { output.fileHandleForReading.readDataToEndOfFile() }
        let stderr = inBackground { errors.fileHandleForReading.readDataToEndOfFile() }
        if finished.wait(timeout: timeout) == nil {
            // SIGKILL, not SIGTERM: a hung child may have SIGTERM blocked (a signal mask is inherited: a
            // test runner's worker thread had it blocked, and the child ran on for a minute).
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .timedOut
        }
        if process.terminationReason == .uncaughtSignal { return .crashed(signal: process.terminationStatus) }
        return .finished(status: process.terminationStatus, stdout: stdout.wait(), stderr: stderr.wait())
    }

    /// A failed child's last words, or nil when it said nothing.
    package static func message(_ stderr: Data) -> String? {
        let text = String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
