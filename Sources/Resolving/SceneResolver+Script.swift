import Basics
import Foundation
import Graph
import Spec

/// The script: taps, badge changes and scrolls read and checked (each kind against its own limit), and every
/// entry checked against the loop's end.
extension SceneResolver {
    /// What a script entry does, in messages: its noun ("tap at 5 s") and its verb ("the script taps").
    enum ScriptEntryKind: CaseIterable {
        case tap, badge, scroll, sidebar, posture, press
        var noun: String {
            switch self {
            case .tap: "tap"; case .badge: "badge change"; case .scroll: "scroll"; case .sidebar: "sidebar change"; case .posture: "posture change"
            case .press: "press"
            }
        }
        var verb: String {
            switch self {
            case .tap: "taps"; case .badge: "changes a badge"; case .scroll: "scrolls"; case .sidebar: "shows or hides the sidebar"
            case .posture: "folds, unfolds or turns the device"
            case .press: "presses the rail"
            }
        }
    }

    /// Every tap, badge change and scroll starts before the loop's end. When a flag set the loop's length, the
    /// flag is to blame rather than each entry: one problem names it, with the option that cuts the output
    /// short without moving the script, where the command has one.
    func checkScriptEnds(before end: TimeInterval, _ entries: [(time: TimeInterval, keyPath: KeyPath, kind: ScriptEntryKind)],
                         _ problems: inout Problems) {
        let late = entries.filter { $0.time >= end }
        let durationPath = KeyPath.root.appending("export").appending("duration")
        guard flags[durationPath] != nil else {
            // Taps first, then badge changes, then scrolls, each in time order.
            for kind in ScriptEntryKind.allCases {
                for entry in late where entry.kind == kind {
                    problems.add(entry.keyPath.appending("at"), "\(kind.noun) at \(entry.time.shortText) s is not before the loop's end (\(end.shortText) s)")
                }
            }
            return
        }
        let times = late.map(\.time).sorted()
        guard !times.isEmpty else { return }
        let what = ScriptEntryKind.allCases.filter { kind in late.contains { $0.kind == kind } }.map(\.verb).joined(separator: " or ")
        var message = "the script \(what) at \(Self.times(times)), after the loop ends"
        if let cutOption { message += "; use \(cutOption) \(end.shortText) to cut the loop instead" }
        problems.add(durationPath, message)
    }

    /// `7 s`, `7 and 8.5 s`, `7, 8.5 and 10 s`; past three, `7, 8.5, 10 s and later (5 times in all)`.
    static func times(_ times: [TimeInterval]) -> String {
        let shown = times.prefix(3).map(\.shortText)
        guard times.count > shown.count else {
            return (shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " : "") + (shown.last ?? "") + " s"
        }
        return shown.joined(separator: ", ") + " s and later (\(times.count) times in all)"
    }

    func resolveScript(_ specs: [TapSpec]?, itemCount: Int, hasButton: Bool,
                       _ problems: inout Problems) -> (taps: [Tap], badges: [BadgeChange], scrolls: [Scroll]) {
        var taps: [Tap] = []
        var badges: [BadgeChange] = []
        var scrolls: [Scroll] = []
        // Each kind of entry counted against its own limit, and named in the message.
        let specs = specs ?? []
        let scrollCount = specs.count { $0.badge == nil && $0.scroll != nil }, badgeCount = specs.count { $0.badge != nil }
        let counts = [(specs.count - scrollCount - badgeCount, limits.taps, "taps", "taps"),
                      (scrollCount, limits.scrolls, "scrolls", "scrolls"),
                      (badgeCount, limits.badgeChanges, "badge changes", "badge-changes")]
        let over = counts.filter { $0.0 > $0.1 }
        for (count, limit, kind, name) in over {
            problems.add(KeyPath.root.appending("script"), "\(count) \(kind) is more than the limit of \(limit) (\(Limits.raise(name, to: Double(count))))")
        }
        guard over.isEmpty else { return ([], [], []) }
        for (index, spec) in specs.enumerated() {
            let path = KeyPath.root.appending("script").appending(index)
            guard let time = spec.at else { problems.add(path.appending("at"), "missing: when the tap happens, in seconds"); continue }
            guard time >= 0 else { problems.add(path.appending("at"), "a tap cannot happen before 0 s (found \(time))"); continue }
            if let badge = spec.badge {
                if spec.tap != nil { problems.add(path, "an entry is a tap or a badge change, not both"); continue }
                guard let item = badge.item else { problems.add(path.appending("badge").appending("item"), "missing: the item's index"); continue }
                guard (0..<itemCount).contains(item) else {
                    problems.add(path.appending("badge").appending("item"), "no item \(item); items are 0 to \(itemCount - 1)"); continue
                }
                let value: String?
                switch badge.value {
                case .absent: problems.add(path.appending("badge").appending("value"), "missing: the badge's text, or null to clear it"); continue
                case .null: value = nil
                case .value(let text): value = self.badge(text, at: path.appending("badge").appending("value"), &problems)
                }
                badges.append(BadgeChange(time: time, item: item, value: value, keyPath: path))
                continue
            }
            if spec.sidebar != nil || spec.posture != nil || spec.press != nil {
                // Read by `resolveSidebar`, `resolvePostures` and `resolvePresses`.
                let kinds = [spec.tap != nil, spec.badge != nil, spec.scroll != nil, spec.sidebar != nil, spec.posture != nil, spec.press != nil]
                if kinds.filter({ $0 }).count > 1 {
                    problems.add(path, "an entry is a tap, a badge change, a scroll, a sidebar change, a posture change or a press: one of them")
                }
                continue
            }
            if let scroll = spec.scroll {
                if spec.tap != nil { problems.add(path, "an entry is a tap or a scroll, not both"); continue }
                if let resolved = self.scroll(scroll, at: time, path, &problems) { scrolls.append(resolved) }
                continue
            }
            guard let target = spec.tap else { problems.add(path.appending("tap"), "missing: an item index, \"center\", {\"x\": …, \"y\": …}, or give \"scroll\" or \"badge\" instead"); continue }
            switch target {
            case .item(let item) where !(0..<itemCount).contains(item):
                problems.add(path.appending("tap"), "no item \(item); items are 0 to \(itemCount - 1)")
            case .centerButton where !hasButton:
                problems.add(path.appending("tap"), "the scene has no center button")
            case .item(let item): taps.append(Tap(time: time, target: .item(item), keyPath: path))
            case .centerButton: taps.append(Tap(time: time, target: .centerButton, keyPath: path))
            case .point(let point): taps.append(Tap(time: time, target: .point(point), keyPath: path))
            }
        }
        return (Self.inTimeOrder(taps, \.time), Self.inTimeOrder(badges, \.time), Self.inTimeOrder(scrolls, \.time))
    }

    /// A badge's text: what `badgeValue` shows is short ("3", "99+", "New"); at most 16 characters are kept.
    func badge(_ text: String, at keyPath: KeyPath, _ problems: inout Problems) -> String {
        let kept = text.prefix(Self.badgeLength + 1)
        return kept.count > Self.badgeLength ? String(kept.prefix(Self.badgeLength)) + TextFitting.ellipsis : text
    }

    /// The longest badge kept, in characters.
    static let badgeLength = 16

    /// `entries` by time, stable: equal times keep the file's order.
    static func inTimeOrder<Entry>(_ entries: [Entry], _ time: (Entry) -> TimeInterval) -> [Entry] {
        entries.enumerated().sorted { (time($0.element), $0.offset) < (time($1.element), $1.offset) }.map(\.element)
    }
}
