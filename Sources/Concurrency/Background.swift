import Foundation

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
