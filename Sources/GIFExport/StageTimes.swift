import Concurrency
import Foundation
import GIFPlanning

/// Where a GIF export's time went, stage by stage, in CPU seconds summed over the threads that ran it
/// (frames render on every core at once), and the export's wall time. For `--verbose` and the benchmark.
public struct StageTimes: Sendable, Equatable {
    public enum Stage: String, Sendable, CaseIterable {
        /// Drawing frames (both passes; only what changed is drawn again).
        case render
        /// Counting the colours of the first pass's frames.
        case census
        /// The global palette: exact, or libimagequant's.
        case palette
        /// Each frame's pixels to palette indices (on the render workers).
        case mapping
        /// The changed rectangle, transparency, substitutes, the LZW plan and its code stream (`FrameDiffEncoder`).
        case planning
        /// giflib writing the file around the code streams.
        case writing
    }

    public private(set) var seconds: [Stage: Double] = [:]
    public var wall: Double = 0

    public subscript(stage: Stage) -> Double { seconds[stage] ?? 0 }

    mutating func add(_ stage: Stage, _ duration: Double) { seconds[stage, default: 0] += duration }

    /// "render 3.1 s, census 0.4 s, … (CPU seconds over all threads); 4.9 s wall".
    public var summary: String {
        let parts = Stage.allCases.map { "\($0.rawValue) \(String(format: "%.2f", self[$0])) s" }
        return "time: \(parts.joined(separator: ", ")) (CPU seconds over all threads); \(String(format: "%.2f", wall)) s wall"
    }

    /// Seconds since an arbitrary start, for differences: the wall clock (for a stage's CPU seconds,
    /// `ThreadCPUTime.now()`).
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// `StageTimes` added to from several threads; when not `measuring`, nothing is read or added.
final class StageClock: Sendable {
    private let times = Locked(StageTimes())
    let measuring: Bool

    init(measuring: Bool) { self.measuring = measuring }

    /// Runs `body`, adding the processor time it took on this thread to `stage` (not the time it waited).
    func measure<T>(_ stage: StageTimes.Stage, _ body: () throws -> T) rethrows -> T {
        guard measuring else { return try body() }
        let start = ThreadCPUTime.now()
        defer { add(stage, ThreadCPUTime.now() - start) }
        return try body()
    }

    func add(_ stage: StageTimes.Stage, _ duration: Double) {
        guard measuring else { return }
        times.withLock { $0.add(stage, duration) }
    }

    var snapshot: StageTimes { times.value }
}
