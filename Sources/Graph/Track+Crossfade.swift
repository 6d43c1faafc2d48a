import Foundation

extension Track {
    /// A value that eases from `initial` to each change's target over `duration` seconds on UIView's
    /// ease-in-ease-out, from the change's time; a change that comes while one runs starts from where that
    /// one is (it is cut short). Nothing past `end` (the loop's end) is kept. The crossfades of the glass bar's
    /// states and the sidebar's slide.
    public static func crossfading(initial: Double, changes: [(time: TimeInterval, target: Double)], duration: TimeInterval,
                                   end: TimeInterval) -> Track {
        var keys = [Keyframe(0, initial)]
        for change in changes where change.time < end {
            let target = change.target
            let now = Track(keys).value(at: change.time)
            if let last = keys.last, last.time > change.time, keys.count >= 2 {
                // Cut short: the running crossfade stops where it is.
                let start = keys[keys.count - 2]
                keys.removeLast()
                keys[keys.count - 1].easing = start.easing.truncated(at: (change.time - start.time) / (last.time - start.time))
                keys.append(Keyframe(change.time, now))
            }
            guard now != target else { continue }
            let stop = min(change.time + duration, end)
            let easing = Easing.easeInEaseOut
            let reached = now + (target - now) * easing((stop - change.time) / duration)
            keys.append(Keyframe(change.time, now, stop < change.time + duration ? easing.truncated(at: (stop - change.time) / duration) : easing))
            keys.append(Keyframe(stop, stop < change.time + duration ? reached : target))
        }
        return Track(keys)
    }
}
