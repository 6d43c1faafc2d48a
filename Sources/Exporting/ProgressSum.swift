import Concurrency
import Foundation

/// The progress of several exports at once, reported to one `ExportProgress` as their sum, one report at
/// a time (whichever thread makes it).
package final class ProgressSum: Sendable {
    private let total: Int
    /// The sum's reporter (called under the lock: one report at a time) and each part's frames.
    private let state: Locked<(progress: ExportProgress, done: [Int])>

    package init(_ progress: ExportProgress, parts: Int, total: Int) {
        self.total = total
        state = Locked((progress, Array(repeating: 0, count: parts)))
    }

    /// What part `index` reports: its own frames.
    package func part(_ index: Int) -> ExportProgress { Part(sum: self, index: index) }

    private func exported(_ frames: Int, part index: Int) {
        state.withLock { state in
            state.done[index] = frames
            state.progress.exported(frame: state.done.reduce(0, +), of: total)
        }
    }

    private struct Part: ExportProgress {
        package let sum: ProgressSum
        package let index: Int
        package func exported(frame: Int, of total: Int) { sum.exported(frame, part: index) }
    }
}
