import Concurrency
import Foundation
import PixelKernels

/// Plans shared by the encoders of several GIFs of one animation (one per locale: `GIFExporter`'s
/// variants). Where two encoders plan the same rectangle from the same inputs (a frame's part that no title
/// touches, against the same canvas), the second takes the first's plan instead of searching again. A plan
/// is a pure function of what it is given (`FrameDiffEncoder.planExact`, `LZWPlanner.plan`), so the key is
/// all of that, compared whole: a hash that matches is never trusted alone, and a GIF written with shared
/// plans is the GIF written without them, byte for byte.
///
/// Entries live for `lifetime` frames (`nextFrame`): the encoders take the same frame one after the other,
/// so an entry is wanted within a frame or two of its making. Memory holds a few frames' keys.
public final class SharedPlans: Sendable {
    /// Everything a plan is made from: compared whole, hashed from a sample (hashing every byte of every
    /// rectangle was a large share of the locales' time).
    struct Key: Hashable, Sendable {
        var box: PixelBox
        /// `planExact`'s plan, or the search with substitutes (`tolerance`, `truth`, `shown`).
        var exact: Bool
        var transparent: UInt8?
        var tolerance: Int
        var colors: [UInt32]
        var indices: [UInt8]
        var unchanged: [Bool]
        var truth: [UInt32]
        var shown: [UInt32]

        /// `planExact`'s inputs (`latitude` nil), or the search's.
        init(_ mapped: FrameDiffEncoder.Mapped, latitude: LZWPlanner.Latitude?, tolerance: Int) {
            box = mapped.box
            exact = latitude == nil
            transparent = mapped.transparentIndex
            self.tolerance = tolerance
            colors = mapped.colors
            indices = mapped.indices
            unchanged = mapped.unchanged
            truth = latitude?.truth ?? []
            shown = latitude?.shown ?? []
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(box)
            hasher.combine(exact)
            hasher.combine(transparent)
            hasher.combine(tolerance)
            Self.sample(indices, into: &hasher)
            Self.sample(truth, into: &hasher)
            Self.sample(shown, into: &hasher)
        }

        /// At most `samples` elements, evenly spread, and the count.
        private static func sample<T: Hashable>(_ values: [T], into hasher: inout Hasher) {
            hasher.combine(values.count)
            let step = max(1, values.count / Self.samples)
            for i in stride(from: 0, to: values.count, by: step) { hasher.combine(values[i]) }
        }
        static let samples = 256

        static func == (a: Key, b: Key) -> Bool {
            a.box == b.box && a.exact == b.exact && a.transparent == b.transparent && a.tolerance == b.tolerance
                && same(a.indices, b.indices) && same(a.unchanged, b.unchanged) && same(a.truth, b.truth) && same(a.shown, b.shown)
                && same(a.colors, b.colors)
        }

        /// Byte for byte (`memcmp`), not element by element.
        private static func same<T>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count && a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        }
    }

    /// Each key's plan (a promise while the encoder that claimed it makes it) and the frame it was made
    /// for; how many plans were taken from another encoder, and made.
    private struct State {
        var entries: [Key: (plan: Promise<FrameDiffEncoder.Planned>, frame: Int)] = [:]
        var frame = 0
        var reused = 0
        var made = 0
    }
    private let state = Locked(State())
    /// Plans taken from another encoder, and plans made.
    public var reused: Int { state.withLock { $0.reused } }
    public var made: Int { state.withLock { $0.made } }
    static let lifetime = 3

    public init() {}

    /// The plan for `key`: another encoder's, waited for if it is still being made, or made here by `make`.
    func plan(_ key: Key, _ make: () -> FrameDiffEncoder.Planned) -> FrameDiffEncoder.Planned {
        let (plan, claimed) = state.withLock { state -> (Promise<FrameDiffEncoder.Planned>, Bool) in
            if let known = state.entries[key] {
                state.reused += 1
                return (known.plan, false)
            }
            state.made += 1
            let plan = Promise<FrameDiffEncoder.Planned>()
            state.entries[key] = (plan, state.frame)
            return (plan, true)
        }
        guard claimed else { return plan.wait() }
        let planned = make()
        plan.fulfil(planned)
        return planned
    }

    /// The plan for `key` if another encoder has made it already: taken on the encoder's own thread, with
    /// no thread woken to hand it over (a locale made with its lead takes most of its plans so).
    func made(_ key: Key) -> FrameDiffEncoder.Planned? {
        state.withLock { state in
            guard let planned = state.entries[key]?.plan.valueIfMade else { return nil }
            state.reused += 1
            return planned
        }
    }

    /// Called once every encoder has taken the current frame: entries older than `lifetime` frames go.
    public func nextFrame() {
        state.withLock { state in
            state.frame += 1
            let oldest = state.frame - Self.lifetime
            if state.entries.values.contains(where: { $0.frame < oldest }) { state.entries = state.entries.filter { $0.value.frame >= oldest } }
        }
    }
}
