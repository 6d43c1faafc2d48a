import Concurrency

/// Planners kept between plans, for every encoder of the process: a planner's tables are 2 MB, zeroed when
/// made, though a plan leaves them empty for the next (`LZWPlanner.reset`), so they are kept rather than
/// made per plan. As many are made as plans run at once; `kept` are kept.
final class PlannerPool: Sendable {
    static let shared = PlannerPool()
    static let kept = 8
    private let free = Locked<[LZWPlanner]>([])

    /// Runs `body` with a planner no other plan is using.
    func withPlanner<T>(_ body: (inout LZWPlanner) -> T) -> T {
        var planner = free.withLock { $0.popLast() } ?? LZWPlanner()
        let result = body(&planner)
        free.withLock { if $0.count < Self.kept { $0.append(planner) } }
        return result
    }
}
