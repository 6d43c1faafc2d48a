import Dispatch
import Drawing
import Foundation
import Outputs
import Review

/// What Ctrl-C (SIGINT) or SIGTERM does while outputs are being written: the
/// temporary files and folders this run is filling are removed (outputs themselves are only ever renamed
/// into place, so they stay whole), a message is printed, and the process exits with 128 + the signal's
/// number (130 for Ctrl-C, 143 for SIGTERM). SIGKILL cannot be caught: what it leaves behind, the next
/// export to the same output sweeps (`UnfinishedOutputs`).
final class Interruption {
    private var sources: [DispatchSourceSignal] = []
    static let signals = [SIGINT, SIGTERM]

    /// `status`: the exit status, or nil for 128 + the signal (a job cut short); 0 for `--watch`, whose
    /// normal end it is.
    init(status: Int32?, message: String, console: Console) {
        for number in Self.signals {
            // The default action would end the process at once; a dispatch source handles it on a queue instead.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                UnfinishedOutputs.shared.removeAll()
                if console.errorIsTerminal { console.error("\r\u{1B}[K") }
                console.error(message)
                // `_exit`: the main thread may be inside cairo; no atexit handlers should race with it.
                _exit(status ?? 128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Runs `work`; a signal meanwhile leaves every output as it was and exits 128 + its number.
    static func during(_ console: Console, _ work: () throws -> Void) throws {
        let interruption = Interruption(status: nil, message: "Interrupted; no output was changed.\n", console: console)
        try withExtendedLifetime(interruption, work)
    }

    deinit {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
