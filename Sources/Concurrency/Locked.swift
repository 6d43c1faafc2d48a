import Foundation

/// A value reached only under its lock: the one way tabanim shares mutable state between threads.
/// `@unchecked Sendable` because the lock, not the compiler, keeps `state` from being touched by two threads
/// at once: every access goes through `withLock`, which holds the lock for the whole of `body`. So `body`
/// is short (no drawing, no child process; file-system calls only where they must exclude another, as
/// `UnfinishedOutputs`' renames exclude an interruption), and an object taken out of the state is the
/// caller's to use on one thread at a time (a rasterizer taken from its pool).
public final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    public init(_ state: State) { self.state = state }

    /// Runs `body` on the state with the lock held, and returns what it returns.
    public func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// A copy of the state as it is now.
    public var value: State { withLock { $0 } }
}
