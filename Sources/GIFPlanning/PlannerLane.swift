import Foundation

/// A second `LZWPlanner` on a thread of its own, so that one version of a frame is planned there while the
/// encoder plans another. The planner and the result are only touched on `queue` between `start` and
/// `wait`, which waits for it: hence `@unchecked Sendable`.
final class PlannerLane: @unchecked Sendable {
    private var planner = LZWPlanner()
    private var result: LZWPlanner.Plan?
    private let queue = DispatchQueue(label: "tabanim.lzw-planner")
    private let group = DispatchGroup()

    func start(_ indices: [UInt8], latitude: LZWPlanner.Latitude?, codeSize: Int) {
        queue.async(group: group) { [self] in
            result = planner.plan(indices, latitude: latitude, codeSize: codeSize)
        }
    }

    func wait() -> LZWPlanner.Plan {
        group.wait()
        defer { result = nil }
        return result!
    }
}
