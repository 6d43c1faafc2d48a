import Concurrency
import Foundation

/// Outputs that are written all or none: each is produced into its own temporary beside its target (held
/// and locked as `UnfinishedOutputs` holds every temporary, so Ctrl-C removes it), and only when every one
/// is complete does `commit()` rename them into place, one after the other. A failure before that
/// (`discard()`) removes every temporary and leaves every target as it was.
///
/// The renames themselves are not one atomic step; they are the last thing a run does, after every folder
/// was checked writable, so what can still fail between them is the disk or the machine itself.
public final class OutputBatch: Sendable {
    /// Outputs may be written on several threads at once (one per locale); what is staged is shared.
    private let staged = Locked<[(temporary: URL, move: () throws -> Void)]>([])

    public init() {}

    /// Keeps `temporary`, complete, to be put in place by `move` on `commit()`.
    func stage(_ temporary: URL, move: @escaping () throws -> Void) {
        staged.withLock { $0.append((temporary, move)) }
    }

    /// Puts every staged output in place, in the order they were written.
    public func commit() throws {
        while let (temporary, move) = staged.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            do {
                try UnfinishedOutputs.shared.commit(temporary, move)
            } catch {
                UnfinishedOutputs.shared.discard(temporary)
                throw error
            }
        }
    }

    /// Removes every temporary not yet put in place.
    public func discard() {
        let left = staged.withLock { staged in
            defer { staged.removeAll() }
            return staged
        }
        for (temporary, _) in left { UnfinishedOutputs.shared.discard(temporary) }
    }

    deinit { discard() }
}
