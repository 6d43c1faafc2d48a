import Foundation

/// Indices handed out to lanes of work one at a time, and each one's result; after a failure no more are
/// handed out. (Several locales' exports, two at a time; a GIF's groups of locales.)
package final class SharedWork<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var failed = false
    private var slots: [Result<Value, Error>?]

    private init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next index to work on; nil when all are taken or one failed.
    private func take() -> Int? {
        lock.withLock {
            guard next < slots.count, !failed else { return nil }
            next += 1
            return next - 1
        }
    }

    private func finish(_ index: Int, _ result: Result<Value, Error>) {
        lock.withLock {
            slots[index] = result
            if case .failure = result { failed = true }
        }
    }

    /// Every result in order; the first failure, when one was not started.
    private var results: [Result<Value, Error>] {
        lock.withLock { slots.compactMap { $0 } }
    }

    /// Runs `body` for every index on `lanes` threads at once (the calling thread one of them), and
    /// returns the results in order; throws the first failure.
    package static func run(_ count: Int, lanes: Int, _ body: @Sendable (Int) throws -> Value) throws -> [Value] {
        let work = SharedWork(count: count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(lanes, count))) { _ in
            while let index = work.take() { work.finish(index, Result { try body(index) }) }
        }
        return try work.results.map { try $0.get() }
    }
}

/// The progress of several exports at once, reported to one `ExportProgress` as their sum, one report at
/// a time (whichever thread makes it).
package final class ProgressSum: @unchecked Sendable {
    private let lock = NSLock()
    private let progress: ExportProgress
    private let total: Int
    private var done: [Int]

    package init(_ progress: ExportProgress, parts: Int, total: Int) {
        self.progress = progress
        self.total = total
        done = Array(repeating: 0, count: parts)
    }

    /// What part `index` reports: its own frames.
    package func part(_ index: Int) -> ExportProgress { Part(sum: self, index: index) }

    private func exported(_ frames: Int, part index: Int) {
        lock.withLock {
            done[index] = frames
            progress.exported(frame: done.reduce(0, +), of: total)
        }
    }

    private struct Part: ExportProgress {
        let sum: ProgressSum
        let index: Int
        func exported(frame: Int, of total: Int) { sum.exported(frame, part: index) }
    }
}
