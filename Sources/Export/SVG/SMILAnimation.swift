import Foundation
import Scene

/// A `Track` over one loop written the way SMIL animates: `keyTimes` (fractions of the loop), `values`,
/// and per segment a `keySplines` curve. Jumps become zero-length segments (equal key times). A track that
/// only ever holds its values becomes `calcMode="discrete"`.
struct SMILAnimation: Equatable {
    var calcMode: String
    var keyTimes: [Double]
    var values: [Double]
    /// One per segment, for `calcMode="spline"`.
    var keySplines: [Easing]

    /// `nil` when the track does not change within `0 ..< duration`.
    init?(_ track: Track, duration: TimeInterval) {
        let keys = track.keyframes
        let times = Array(Set(keys.map(\.time).filter { $0 > 0 && $0 < duration })).sorted()
        let holdsOnly = zip(keys, keys.dropFirst()).allSatisfy { $0.easing == .hold || $0.value == $1.value }
        if holdsOnly {
            var keyTimes = [0.0], values = [track.value(at: 0)]
            for t in times where track.value(at: t) != values.last {
                keyTimes.append(t / duration)
                values.append(track.value(at: t))
            }
            guard values.count > 1 else { return nil }
            self.init(calcMode: "discrete", keyTimes: keyTimes, values: values, keySplines: [])
            return
        }
        var keyTimes = [0.0], values = [track.value(at: 0)], splines: [Easing] = []
        var start = 0.0
        for end in times + [duration] {
            // The keyframe governing this segment: the last one at or before its start.
            let index = keys.lastIndex { $0.time <= start }
            var endValue = values.last!
            var easing = Easing.linear
            if let index, index + 1 < keys.count {
                let key = keys[index], next = keys[index + 1]
                if key.easing != .hold {
                    easing = key.easing
                    if next.time <= end {
                        endValue = next.value
                    } else {  // cut short by the loop's end
                        let p = (end - key.time) / (next.time - key.time)
                        endValue = key.value + (next.value - key.value) * key.easing(p)
                        easing = key.easing.truncated(at: p)
                    }
                }
            }
            keyTimes.append(end / duration)
            values.append(endValue)
            splines.append(easing == .hold ? .linear : easing)
            if end < duration, track.value(at: end) != endValue {  // a jump: zero-length segment
                keyTimes.append(end / duration)
                values.append(track.value(at: end))
                splines.append(.linear)
            }
            start = end
        }
        guard Set(values).count > 1 else { return nil }
        self.init(calcMode: "spline", keyTimes: keyTimes, values: values, keySplines: splines)
    }

    init(calcMode: String, keyTimes: [Double], values: [Double], keySplines: [Easing]) {
        self.calcMode = calcMode
        self.keyTimes = keyTimes
        self.values = values
        self.keySplines = keySplines
    }

    /// Rounded down to the microsecond of the loop: a state change written a hair late would show the state
    /// before an event at the event's own time, where tabanim's frames (right-continuous) show the state after.
    var keyTimesAttribute: String { keyTimes.map { SVGNumber.time(($0 * 1_000_000).rounded(.down) / 1_000_000) }.joined(separator: ";") }

    var keySplinesAttribute: String {
        keySplines.map { $0.controlPoints.map { SVGNumber.time($0) }.joined(separator: " ") }.joined(separator: ";")
    }
}

/// Numbers written as short as a pixel needs.
enum SVGNumber {
    /// Coordinates and values: 2 decimals, no trailing zeros.
    static func format(_ value: Double) -> String { trimmed(String(format: "%.2f", value)) }
    /// Key times and spline points: 6 decimals, so that timing stays exact to the microsecond.
    static func time(_ value: Double) -> String { trimmed(String(format: "%.6f", value)) }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
