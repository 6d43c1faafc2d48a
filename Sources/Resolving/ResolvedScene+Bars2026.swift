import Basics
import Foundation
import Graph
import Spec

/// `script[i].scroll`: the selected tab's content scrolled by `distance` points (positive: down, the content
/// moves up), from `time` over `duration` on `easing`; clamped to the content's extent by the timeline.
public struct Scroll: Sendable, Equatable {
    public var time: TimeInterval
    public var distance: Double
    public var duration: TimeInterval
    public var easing: Easing
    /// A flick decelerating at UIScrollView's normal rate (`Fling.progress`), not `easing`.
    public var fling = false
    /// `script[i]`, for messages and the timeline.
    public var keyPath: KeyPath
}

/// `tabBar.accessory`: the bottom accessory's artwork and text.
public struct Accessory: Sendable, Equatable {
    public var image: Asset?
    public var title: String
    public var subtitle: String
}

/// An item drawn apart from the capsule, at its trailing end: a search tab (a circle of its own on iOS 26;
/// on iOS 27 only when it activates search and no tab is prominent) or iOS 27's prominent tab.
public struct DetachedItem: Sendable, Equatable {
    public var index: Int
    public var role: TabRole
    /// Selecting it replaces the bar with a search field (a detached search tab).
    public var opensSearchField: Bool
    /// Why it is apart, for `validate`: "a search tab is apart on iOS 26".
    public var reason: String
}

extension TabBar {
    /// Which item is apart from the capsule under `os`'s rules (UIKIT-2026.md, "Search tab"; iOS 27 per Apple's
    /// documentation quoted there): on iOS 26 a search tab always; on iOS 27 a prominent tab, else a search
    /// tab that activates search. Only the glass bar of an iPhone detaches (`isPhoneGlass`).
    static func detachedItem(_ items: [TabBarItem], os: OSVersion?) -> DetachedItem? {
        let release = os?.major ?? 26
        if release >= 27 {
            if let index = items.firstIndex(where: { $0.role == .prominent }) {
                return DetachedItem(index: index, role: .prominent, opensSearchField: false,
                                    reason: "item \(index) is the prominent tab: iOS 27 places it apart, at the trailing end")
            }
            if let index = items.firstIndex(where: { $0.role == .search && $0.activatesSearch }) {
                return DetachedItem(index: index, role: .search, opensSearchField: true,
                                    reason: "item \(index) is a search tab that activates search, and no tab is prominent: iOS 27 places it apart")
            }
            return nil
        }
        guard let index = items.firstIndex(where: { $0.role == .search }) else { return nil }
        return DetachedItem(index: index, role: .search, opensSearchField: true,
                            reason: "item \(index) is a search tab: iOS 26 places every search tab apart, in a circle of its own")
    }

    /// Why a search tab stays inside the bar on iOS 27, for `validate`; nil when none does.
    public static func inlineSearchReason(_ items: [TabBarItem], os: OSVersion?, detached: DetachedItem?) -> String? {
        guard (os?.major ?? 26) >= 27, let index = items.firstIndex(where: { $0.role == .search }), detached?.index != index else { return nil }
        return detached?.role == .prominent
            ? "item \(index), the search tab, stays inside the bar: on iOS 27 a prominent tab takes the place apart"
            : "item \(index), the search tab, stays inside the bar: on iOS 27 only a search tab that activates search is apart"
    }
}
