import Foundation
import Scene

/// Outputs that are written all or none: each is produced into its own temporary beside its target (held
/// and locked as `UnfinishedOutputs` holds every temporary, so Ctrl-C removes it), and only when every one
/// is complete does `commit()` rename them into place, one after the other. A failure before that
/// (`discard()`) removes every temporary and leaves every target as it was.
///
/// The renames themselves are not one atomic step; they are the last thing a run does, after every folder
/// was checked writable, so what can still fail between them is the disk or the machine itself.
public final class OutputBatch: @unchecked Sendable {
    private var staged: [(temporary: URL, move: () throws -> Void)] = []
    /// Outputs may be written on several threads at once (one per locale); `staged` is shared.
    private let lock = NSLock()

    public init() {}

    /// Keeps `temporary`, complete, to be put in place by `move` on `commit()`.
    func stage(_ temporary: URL, move: @escaping () throws -> Void) {
        lock.withLock { staged.append((temporary, move)) }
    }

    /// Puts every staged output in place, in the order they were written.
    public func commit() throws {
        while !staged.isEmpty {
            let (temporary, move) = staged.removeFirst()
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
        for (temporary, _) in staged { UnfinishedOutputs.shared.discard(temporary) }
        staged.removeAll()
    }

    deinit { discard() }
}
