import Foundation

/// An `LZWPlanner` (from `PlannerPool`) on a thread of its own, so that one frame is planned there while
/// the encoder maps the next. The result is only touched on `queue` between `start` and `wait`, which
/// waits for it: hence `@unchecked Sendable`. One job at a time: each `start` is followed by a `wait`.
final class PlannerLane<Result: Sendable>: @unchecked Sendable {
    private var result: Result?
    /// The processor time this lane's jobs have taken, in seconds (read between a `wait` and the next `start`).
    private(set) var cpuSeconds = 0.0
    /// Whether `cpuSeconds` is measured (set before the first `start`).
    var measuring = false
    private let queue = DispatchQueue(label: "tabanim.lzw-planner")
    private let group = DispatchGroup()

    func start(_ job: @escaping @Sendable (inout LZWPlanner) -> Result) {
        let measuring = measuring
        queue.async(group: group) { [self] in
            let start = measuring ? ThreadCPUTime.now() : 0
            result = PlannerPool.shared.withPlanner { job(&$0) }
            if measuring { cpuSeconds += ThreadCPUTime.now() - start }
        }
    }

    func wait() -> Result {
        group.wait()
        defer { result = nil }
        return result!
    }
}

/// Planners kept between plans, for every encoder of the process: a planner's tables are 2 MB, zeroed when
/// made, and each encoder made three of its own (nine locales' encoders: a quarter of the run's page
/// faults), though a plan leaves them empty for the next (`LZWPlanner.reset`). As many are made as plans
/// run at once; `kept` are kept.
final class PlannerPool: @unchecked Sendable {
    static let shared = PlannerPool()
    static let kept = 8
    private let lock = NSLock()
    private var free: [LZWPlanner] = []

    /// Runs `body` with a planner no other plan is using.
    func withPlanner<T>(_ body: (inout LZWPlanner) -> T) -> T {
        var planner = lock.withLock { free.popLast() } ?? LZWPlanner()
        let result = body(&planner)
        lock.withLock { if free.count < Self.kept { free.append(planner) } }
        return result
    }
}
