import Foundation

/// Runs `body` for every index in `0..<count` on at most `lanes` threads at once (the calling thread one of
/// them), handing indices out one at a time in order, and returns the results in index order. After a
/// failure no more indices are handed out, and the failure of the lowest index that ran is thrown. The one
/// way tabanim runs "N jobs and collect the results" (locales, a GIF's groups of locales, WebP's batches).
public func parallelMap<Value, E: Error>(_ count: Int, lanes: Int = ProcessInfo.processInfo.activeProcessorCount,
                                         _ body: @Sendable (Int) throws(E) -> Value) throws(E) -> [Value] {
    guard count > 0 else { return [] }
    let lanes = max(1, min(lanes, count))
    if lanes == 1 { return try (0..<count).map { index throws(E) in try body(index) } }
    let work = Locked(Slots<Value, E>(count: count))
    DispatchQueue.concurrentPerform(iterations: lanes) { _ in
        while let index = work.withLock({ $0.take() }) {
            let result = Result { () throws(E) -> Value in try body(index) }
            work.withLock { $0.finish(index, result) }
        }
    }
    return try work.withLock { $0.results }.map { result throws(E) in try result.get() }
}

private struct Slots<Value, E: Error> {
    var next = 0
    var failed = false
    private var slots: [Result<Value, E>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The results of the indices that ran, in order (all of them unless one failed).
    var results: [Result<Value, E>] { slots.compactMap { $0 } }

    mutating func take() -> Int? {
        guard next < slots.count, !failed else { return nil }
        next += 1
        return next - 1
    }

    mutating func finish(_ index: Int, _ result: Result<Value, E>) {
        slots[index] = result
        if case .failure = result { failed = true }
    }
}
