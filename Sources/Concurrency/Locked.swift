import Foundation

/// A value reached only under its lock: the one way tabanim shares mutable state between threads.
/// `@unchecked Sendable` because the lock, not the compiler, keeps `state` from being touched by two threads
/// at once; every access goes through `withLock`, which holds the lock for the whole of `body`, so `body`
/// does no slow work (no drawing, no child process, no I/O): take what you need and let go.
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
