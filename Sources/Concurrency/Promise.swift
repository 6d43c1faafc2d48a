import Foundation

/// A value made once, on one thread, and waited for on others: a job's result handed from the thread that
/// made it (`inBackground`, a plan `SharedPlans` hands out) to the threads that wait for it.
public final class Promise<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var kept: Value?

    public init() {}

    /// Gives the value to every thread waiting and every later `wait`; called once.
    public func fulfil(_ value: Value) {
        condition.lock()
        defer { condition.unlock() }
        precondition(kept == nil, "a promise is fulfilled once")
        kept = value
        condition.broadcast()
    }

    /// The value, once made; blocks until then.
    public func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while kept == nil { condition.wait() }
        return kept!
    }

    /// The value, if it is made within `timeout` seconds; nil if not.
    public func wait(timeout: TimeInterval) -> Value? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while kept == nil { if !condition.wait(until: deadline) { break } }
        return kept
    }

    /// The value if it is made already, without waiting.
    public var valueIfMade: Value? {
        condition.lock()
        defer { condition.unlock() }
        return kept
    }
}
