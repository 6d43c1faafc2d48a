import Foundation

/// A second `LZWPlanner` on a thread of its own, so that one frame is planned there while the encoder maps
/// the next. The planner and the result are only touched on `queue` between `start` and `wait`, which
/// waits for it: hence `@unchecked Sendable`. One job at a time: each `start` is followed by a `wait`.
final class PlannerLane<Result: Sendable>: @unchecked Sendable {
    private var planner = LZWPlanner()
    private var result: Result?
    /// The processor time this lane's jobs have taken, in seconds (read between a `wait` and the next `start`).
    private(set) var cpuSeconds = 0.0
    private let queue = DispatchQueue(label: "tabanim.lzw-planner")
    private let group = DispatchGroup()

    func start(_ job: @escaping @Sendable (inout LZWPlanner) -> Result) {
        queue.async(group: group) { [self] in
            let start = ThreadCPUTime.now()
            result = job(&planner)
            cpuSeconds += ThreadCPUTime.now() - start
        }
    }

    func wait() -> Result {
        group.wait()
        defer { result = nil }
        return result!
    }
}
