import Foundation

/// A thread of its own for jobs run one after the other beside the caller's work (a GIF frame planned while
/// the encoder maps the next): `run` returns at once with a promise of the job's result.
public final class Lane: Sendable {
    private let queue: DispatchQueue

    public init(label: String) { queue = DispatchQueue(label: label) }

    /// Starts `job` after the jobs started before it; its result is the promise's value.
    public func run<Result>(_ job: @escaping @Sendable () -> Result) -> Promise<Result> {
        let promise = Promise<Result>()
        queue.async { promise.fulfil(job()) }
        return promise
    }
}

/// Runs `job` on a thread of the system's pool, at once, beside the caller (a child process's pipes
/// drained while it runs); the promise keeps its result.
public func inBackground<Result>(_ job: @escaping @Sendable () -> Result) -> Promise<Result> {
    let promise = Promise<Result>()
    DispatchQueue.global().async { promise.fulfil(job()) }
    return promise
}

/// Blocks the calling thread for `seconds` (a watcher's polling interval).
public func pause(seconds: TimeInterval) {
    Thread.sleep(forTimeInterval: seconds)
}
