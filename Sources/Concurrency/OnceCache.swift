/// Values made once per key and shared by every thread that asks: the first to ask for a key makes it,
/// others asking for the same key meanwhile wait for that one value, and keys are made in parallel. No
/// lock is held while a value is made (it may take a child process or a second of drawing).
public final class OnceCache<Key: Hashable & Sendable, Value>: Sendable {
    private let entries = Locked<[Key: Promise<Value>]>([:])

    public init() {}

    /// The value for `key`: made by `make` on this thread if no thread has asked for it before, else the
    /// value another thread made (waited for if it is still being made).
    public func value(_ key: Key, make: () -> Value) -> Value {
        let (promise, claimed) = entries.withLock { entries -> (Promise<Value>, Bool) in
            if let known = entries[key] { return (known, false) }
            let promise = Promise<Value>()
            entries[key] = promise
            return (promise, true)
        }
        guard claimed else { return promise.wait() }
        let value = make()
        promise.fulfil(value)
        return value
    }

    /// The value for `key` if it has been made, without waiting or making it.
    public func valueIfMade(_ key: Key) -> Value? {
        entries.withLock { $0[key] }?.valueIfMade
    }

    /// Forgets the keys `drop` names (values still being made are delivered to their waiters all the same).
    public func removeAll(where drop: (Key) -> Bool) {
        entries.withLock { entries in
            for key in entries.keys where drop(key) { entries.removeValue(forKey: key) }
        }
    }

    /// How many keys are kept.
    public var count: Int { entries.withLock { $0.count } }
}
