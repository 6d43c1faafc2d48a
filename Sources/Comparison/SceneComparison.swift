import Basics
import Foundation
import Graph
import Resolving
import Scene
import SceneLayout

/// What differs between two versions of a scene, as data: the items added, removed, moved, retitled or
/// re-iconed; the colours, badges, script and timings changed; and for each change where on screen it
/// shows (a region in each scene's screen points, from its layout) and when the two pictures of that
/// region differ on one clock. `tabanim diff` draws and lists it, `--json` prints it, the review page leads
/// with it: one value for all three.
public struct SceneComparison: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case itemAdded = "item-added", itemRemoved = "item-removed", itemMoved = "item-moved"
        case itemRetitled = "item-retitled", itemReiconed = "item-reiconed", itemChanged = "item-changed"
        case badgeAdded = "badge-added", badgeRemoved = "badge-removed", badgeChanged = "badge-changed"
        case color, bar, script, timing, device
    }

    /// A stretch of the clock, `start ..< end` seconds.
    public struct Interval: Sendable, Equatable {
        public var start: TimeInterval
        public var end: TimeInterval
        public init(start: TimeInterval, end: TimeInterval) { self.start = start; self.end = end }
        public func contains(_ t: TimeInterval) -> Bool { t >= start && t < end }
    }

    public struct Change: Sendable {
        public var kind: Kind
        /// The key in the scene file ("tabBar.items.3.title", "tabBar.tintColor"), in B's indices where an item has one.
        public var key: String
        /// The words of the summary line: "tint", "item 3 title", "badge on 我".
        public var phrase: String
        public var before: String?
        public var after: String?
        /// The item it concerns in each scene (counting from 0), when it concerns one.
        public var itemA: Int?
        public var itemB: Int?
        /// Where it shows, in each scene's screen points (nil: not drawn in that scene, such as an item added).
        public var regionA: Rect?
        public var regionB: Rect?
        /// When the two pictures of its region differ, on the comparison's clock.
        public var differs: [Interval] = []

        public func differs(at t: TimeInterval) -> Bool { differs.contains { $0.contains(t) } }
    }

    public let changes: [Change]
    /// Each scene's loop; the clock runs over the longer.
    public let durationA: TimeInterval
    public let durationB: TimeInterval
    /// The clock's frame rate: the higher of the two, so that no frame of either is skipped.
    public let fps: Double
    public var duration: TimeInterval { max(durationA, durationB) }

    /// Compares `a` (before) with `b` (after).
    public init(_ a: Animation, _ b: Animation) {
        durationA = a.scene.export.duration
        durationB = b.scene.export.duration
        fps = max(a.scene.export.fps, b.scene.export.fps)
        var found = ItemMatching(a, b).changes
        found += Self.barChanges(a, b)
        found += Self.badgeChanges(a, b, pairs: ItemMatching(a, b).pairs)
        found += Self.scriptChanges(a, b)
        changes = Moments(a, b, duration: max(durationA, durationB), fps: fps).marking(found)
    }

    // MARK: - Words

    /// "3 changes: tint, item 3 title and icon, badge on 我", or "No change".
    public var summary: String {
        let phrases = Self.grouped(changes.map(\.phrase))
        guard !phrases.isEmpty else { return "No change" }
        return "\(phrases.count) change\(phrases.count == 1 ? "" : "s"): " + phrases.joined(separator: ", ")
    }

    /// An item's changes said once: "item 3 title" and "item 3 icon" become "item 3 title and icon".
    static func grouped(_ phrases: [String]) -> [String] {
        var order: [String] = []
        var aspects: [String: [String]] = [:]
        for phrase in phrases {
            let words = phrase.split(separator: " ", maxSplits: 2).map(String.init)
            let (subject, aspect) = words.count == 3 && words[0] == "item" && Int(words[1]) != nil
                ? ("item \(words[1])", words[2]) : (phrase, "")
            if aspects[subject] == nil { order.append(subject); aspects[subject] = [] }
            if !aspect.isEmpty, !aspects[subject, default: []].contains(aspect) { aspects[subject, default: []].append(aspect) }
        }
        return order.map { subject in
            let list = aspects[subject] ?? []
            guard let last = list.last else { return subject }
            return subject + " " + (list.count > 1 ? list.dropLast().joined(separator: ", ") + " and " + last : last)
        }
    }

    /// What the shorter loop does while the longer one plays on: nil when they are as long.
    public func loopNote(labels: (String, String) = ("A", "B")) -> String? {
        guard abs(durationA - durationB) > 1e-9 else { return nil }
        let (short, long) = durationA < durationB ? (labels.0, labels.1) : (labels.1, labels.0)
        let (shortLength, longLength) = (min(durationA, durationB), max(durationA, durationB))
        return "The loops differ: \(short) is \(shortLength.shortText) s, \(long) \(longLength.shortText) s. "
            + "From \(shortLength.shortText) s \(short) stays as its loop ends (nothing more happens) until both start again."
    }

    // MARK: - The bar

    private static func barChanges(_ a: Animation, _ b: Animation) -> [Change] {
        let (barA, barB) = (a.scene.tabBar, b.scene.tabBar)
        let regionA = a.layout.capsule ?? a.layout.bar, regionB = b.layout.capsule ?? b.layout.bar
        var changes: [Change] = []
        func add(_ kind: Kind, _ key: String, _ phrase: String, _ before: String, _ after: String) {
            guard before != after else { return }
            changes.append(Change(kind: kind, key: key, phrase: phrase, before: before, after: after, regionA: regionA, regionB: regionB))
        }
        if a.scene.device.name != b.scene.device.name {
            changes.append(Change(kind: .device, key: "device", phrase: "device", before: a.scene.device.name, after: b.scene.device.name,
                                  regionA: a.layout.exportRegion, regionB: b.layout.exportRegion))
        }
        add(.bar, "tabBar.style", "bar style", barA.style.rawValue, barB.style.rawValue)
        add(.color, "tabBar.tintColor", "tint", barA.tintColor.hex, barB.tintColor.hex)
        add(.color, "tabBar.unselectedItemTintColor", "unselected tint", barA.unselectedItemTintColor.hex, barB.unselectedItemTintColor.hex)
        // The glass bar draws no background colour and is never opaque: those keys do not apply to it.
        if barA.style != .glass || barB.style != .glass {
            add(.color, "tabBar.backgroundColor", "bar background", barA.backgroundColor.hex, barB.backgroundColor.hex)
            add(.bar, "tabBar.translucent", "translucency", "\(barA.translucent)", "\(barB.translucent)")
            add(.bar, "tabBar.appearance", "appearance", barA.appearance.rawValue, barB.appearance.rawValue)
        }
        add(.bar, "tabBar.selectedIndex", "selected item at start", "\(barA.initialSelectedIndex)", "\(barB.initialSelectedIndex)")
        add(.timing, "tabBar.badgeAnimation", "badge animation", barA.badgeAnimation.rawValue, barB.badgeAnimation.rawValue)
        add(.bar, "interfaceStyle", "appearance", a.scene.interfaceStyle.rawValue, b.scene.interfaceStyle.rawValue)
        return changes
    }

    // MARK: - Badges

    private static func badgeChanges(_ a: Animation, _ b: Animation, pairs: [(Int, Int)]) -> [Change] {
        var changes: [Change] = []
        for (ia, ib) in pairs {
            let before = a.scene.tabBar.items[ia].badge, after = b.scene.tabBar.items[ib].badge
            guard before != after else { continue }
            let kind: Kind = before == nil ? .badgeAdded : after == nil ? .badgeRemoved : .badgeChanged
            let name = ItemMatching.name(b.scene, ib)
            changes.append(Change(kind: kind, key: "tabBar.items.\(ib).badge", phrase: "badge on \(name)",
                                  before: before.map { "“\($0)”" } ?? "none", after: after.map { "“\($0)”" } ?? "none",
                                  itemA: ia, itemB: ib, regionA: badgeRegion(a, ia), regionB: badgeRegion(b, ib)))
        }
        // Badges the script sets: the same values at the same times on the same items, or a change.
        let bItem = Dictionary(pairs.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        let setA = a.scene.badgeChanges.map { "\($0.time.shortText) s: item \(bItem[$0.item].map(String.init) ?? "?") = \($0.value.map { "“\($0)”" } ?? "none")" }
        let setB = b.scene.badgeChanges.map { "\($0.time.shortText) s: item \($0.item) = \($0.value.map { "“\($0)”" } ?? "none")" }
        if setA != setB {
            let touched = Set(a.scene.badgeChanges.compactMap { bItem[$0.item] } + b.scene.badgeChanges.map(\.item))
            let kind: Kind = setA.isEmpty ? .badgeAdded : setB.isEmpty ? .badgeRemoved : .badgeChanged
            let only = touched.count == 1 ? touched.first : nil
            let aIndex = only.flatMap { ib in pairs.first { $0.1 == ib }?.0 }
            changes.append(Change(kind: kind, key: "script", phrase: "badge" + (only.map { " on \(ItemMatching.name(b.scene, $0))" } ?? "s") + " in the script",
                                  before: setA.isEmpty ? "none" : setA.joined(separator: "; "), after: setB.isEmpty ? "none" : setB.joined(separator: "; "),
                                  itemA: aIndex, itemB: only,
                                  regionA: aIndex.map { badgeRegion(a, $0) } ?? (a.layout.capsule ?? a.layout.bar),
                                  regionB: only.map { badgeRegion(b, $0) } ?? (b.layout.capsule ?? b.layout.bar)))
        }
        return changes
    }

    /// The item's frame with its badge's disc (which stands above the item's top on the classic bar).
    static func badgeRegion(_ animation: Animation, _ index: Int) -> Rect {
        let frames = animation.layout.items[index]
        let badge = animation.layout.badge(of: frames, glass: animation.scene.tabBar.style == .glass, rightToLeft: animation.scene.isRightToLeft)
        return frames.frame.union(badge.disc.insetBy(-2))
    }

    // MARK: - Script and timings

    private static func scriptChanges(_ a: Animation, _ b: Animation) -> [Change] {
        var changes: [Change] = []
        let regionA = a.layout.exportRegion, regionB = b.layout.exportRegion
        func tap(_ tap: Tap) -> String {
            let target: String
            switch tap.target {
            case .item(let index): target = "item \(index)"
            case .centerButton: target = "the button"
            case .point(let point): target = "(\(point.x.shortText), \(point.y.shortText))"
            }
            return "\(tap.time.shortText) s on \(target)"
        }
        let tapsA = a.scene.script.map(tap), tapsB = b.scene.script.map(tap)
        if tapsA != tapsB {
            let removed = tapsA.filter { !tapsB.contains($0) }, added = tapsB.filter { !tapsA.contains($0) }
            changes.append(Change(kind: .script, key: "script", phrase: "script",
                                  before: removed.isEmpty ? "\(tapsA.count) taps" : "tap " + removed.joined(separator: "; "),
                                  after: added.isEmpty ? "\(tapsB.count) taps" : "tap " + added.joined(separator: "; "),
                                  regionA: regionA, regionB: regionB))
        }
        let scrollsA = a.scene.scrolls.map { "\($0.time.shortText) s" }, scrollsB = b.scene.scrolls.map { "\($0.time.shortText) s" }
        if scrollsA != scrollsB {
            changes.append(Change(kind: .script, key: "script", phrase: "scrolls", before: "\(scrollsA.count) at " + scrollsA.joined(separator: ", "),
                                  after: "\(scrollsB.count) at " + scrollsB.joined(separator: ", "), regionA: regionA, regionB: regionB))
        }
        func timing(_ key: String, _ phrase: String, _ before: String, _ after: String) {
            guard before != after else { return }
            changes.append(Change(kind: .timing, key: key, phrase: phrase, before: before, after: after, regionA: regionA, regionB: regionB))
        }
        timing("export.duration", "loop length", "\(a.scene.export.duration.shortText) s", "\(b.scene.export.duration.shortText) s")
        timing("export.fps", "frame rate", "\(a.scene.export.fps.shortText) fps", "\(b.scene.export.fps.shortText) fps")
        func slide(_ transition: Transition?) -> String {
            transition.map { "\($0.duration.shortText) s, cubic-bezier(\($0.easing.controlPoints.map(\.shortText).joined(separator: ", ")))" } ?? "none"
        }
        timing("transition", "transition", slide(a.scene.transition), slide(b.scene.transition))
        func spin(_ button: CenterButton?) -> String { button.map { "a turn every \($0.spinPeriod.shortText) s" } ?? "no button" }
        timing("centerButton", "button", spin(a.scene.centerButton), spin(b.scene.centerButton))
        return changes
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let minX = min(self.minX, other.minX), minY = min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    /// Grown (`by` < 0) or shrunk by `by` points on every side.
    func insetBy(_ by: Double) -> Rect {
        Rect(x: minX + by, y: minY + by, width: max(0, width - 2 * by), height: max(0, height - 2 * by))
    }
}
