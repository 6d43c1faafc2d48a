import Dispatch
import Foundation

/// What Ctrl-C (SIGINT) or SIGTERM does while outputs are being written: the temporary files and folders
/// that this run made beside its outputs are removed (outputs themselves are only ever renamed into place,
/// so they stay whole), a message is printed, and the process exits.
final class Interruption {
    private var sources: [DispatchSourceSignal] = []

    /// `outputs`: the files and folders this run writes. `status`: the exit status (130, 128 + SIGINT,
    /// for a job cut short; 0 for `--watch`, whose normal end it is).
    init(outputs: [URL], status: Int32, message: String, console: Console) {
        let leftovers = TemporaryFiles(outputs: outputs)
        for number in [SIGINT, SIGTERM] {
            // The default action would end the process at once; a dispatch source handles it on a queue instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                leftovers.remove()
                if console.errorIsTerminal { console.error("\r\u{1B}[K") }
                console.error(message)
                // `_exit`: the main thread may be inside cairo; no atexit handlers should race with it.
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Runs `work`; Ctrl-C meanwhile leaves `outputs` as they were and exits 130 (128 + SIGINT).
    static func during(_ outputs: [URL], console: Console, _ work: () throws -> Void) throws {
        let interruption = Interruption(outputs: outputs, status: 130, message: "Interrupted; no output was changed.\n", console: console)
        try withExtendedLifetime(interruption, work)
    }

    deinit {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// The temporary names `OutputFile` and `OutputFolder` use beside an output (`.name.tabanim-XXXXXXXX.tmp`),
/// minus those that were there before this run started (another run's).
struct TemporaryFiles: Sendable {
    private let outputs: [URL]
    private let before: Set<String>

    init(outputs: [URL]) {
        self.outputs = outputs
        before = Set(Self.find(outputs).map(\.path))
    }

    func remove() {
        for url in Self.find(outputs) where !before.contains(url.path) {
            try? FileManager.default.removeItem(at: url)
        }
    }

    private static func find(_ outputs: [URL]) -> [URL] {
        outputs.flatMap { output -> [URL] in
            let folder = output.deletingLastPathComponent()
            let prefix = ".\(output.lastPathComponent).tabanim-"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") }.map { folder.appendingPathComponent($0) }
        }
    }
}
