import Foundation

/// Items made on worker threads and handed out in order to one consumer, over a bounded window (gifski's
/// stages): at most `window` items are made ahead of the one being taken, so memory is bounded by the
/// window, whatever the count. Each worker has state of its own (`Worker`: made on its thread by `start`,
/// never shared, ended by `end`); items the consumer is done with can be handed back (`recycle`) for a
/// worker to fill again.
public final class OrderedPipeline<Item: Sendable>: @unchecked Sendable {
    public let count: Int
    public let window: Int
    /// Items handed back and kept for the workers (`recycle`), at most.
    public let spareLimit: Int

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var ready: [Int: Result<Item, Error>] = [:]
    private var nextToMake = 0
    private var nextToTake = 0
    private var stopped = false
    private var runningWorkers = 0
    private var spare: [Item] = []

    /// Starts `workers` threads (with `stackSize` bytes of stack each: drawing recurses deeply) that make
    /// items 0 to `count` − 1; at most `spareLimit` items handed back are kept (default: `window`). `make` gets the worker's state, the item's position, and a function that
    /// returns an item handed back, if any, whose storage may be filled again. A failure of `start` is
    /// handed to the consumer as the failure of the next item nobody has claimed.
    public init<Worker>(count: Int, window: Int, spareLimit: Int? = nil, workers: Int, stackSize: Int = 1 << 22,
                        start: @escaping @Sendable () throws -> Worker,
                        make: @escaping @Sendable (inout Worker, _ position: Int, _ spare: () -> Item?) throws -> Item,
                        end: @escaping @Sendable (Worker) -> Void) {
        self.count = count
        self.window = max(1, window)
        self.spareLimit = max(0, spareLimit ?? window)
        let workers = max(1, workers)
        runningWorkers = workers
        for _ in 0..<workers {
            let thread = Thread { [self] in work(start: start, make: make, end: end) }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    deinit { stop() }

    /// The item at `position`, which must be the next one (from 0, in order); blocks until it is made.
    public func take(_ position: Int) throws -> Item {
        condition.lock()
        defer { condition.unlock() }
        precondition(position == nextToTake, "items are taken in order")
        while ready[position] == nil { condition.wait() }
        let result = ready.removeValue(forKey: position)!
        nextToTake += 1
        condition.broadcast()
        return try result.get()
    }

    /// Hands an item back, for a worker to make another into (at most `spareLimit` are kept).
    public func recycle(_ item: consuming Item) {
        condition.lock()
        defer { condition.unlock() }
        if spare.count < spareLimit { spare.append(item) }
    }

    /// Stops the workers (after the items they are making) and waits for them to end.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    private func work<Worker>(start: () throws -> Worker, make: (inout Worker, Int, () -> Item?) throws -> Item,
                              end: (Worker) -> Void) {
        defer {
            condition.lock()
            runningWorkers -= 1
            condition.broadcast()
            condition.unlock()
        }
        var worker: Worker
        do {
            worker = try start()
        } catch {
            deliver(error: error)
            return
        }
        while let position = claim() {
            let result = Result { try make(&worker, position, takeSpare) }
            condition.lock()
            ready[position] = result
            condition.broadcast()
            condition.unlock()
        }
        end(worker)
    }

    private func deliver(error: Error) {
        condition.lock()
        defer { condition.unlock() }
        guard nextToMake < count else { return }
        ready[nextToMake] = .failure(error)
        nextToMake += 1
        condition.broadcast()
    }

    private func takeSpare() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        return spare.popLast()
    }

    /// The position of the next item to make, once it is within `window` of the consumer; nil when done or
    /// stopped.
    private func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, nextToMake < count, nextToMake - nextToTake >= window { condition.wait() }
        guard !stopped, nextToMake < count else { return nil }
        nextToMake += 1
        return nextToMake - 1
    }
}
