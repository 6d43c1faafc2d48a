import Basics
import Foundation
import Graph
import Spec

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
        let release = os.glassRules
        if release.has(.prominentTab, on: .phone), let index = items.firstIndex(where: { $0.role == .prominent }) {
            return DetachedItem(index: index, role: .prominent, opensSearchField: false,
                                reason: "item \(index) is the prominent tab: iOS \(release.major) places it apart, at the trailing end")
        }
        if release.has(.searchApartOnlyWhenActivating, on: .phone) {
            if let index = items.firstIndex(where: { $0.role == .search && $0.activatesSearch }) {
                return DetachedItem(index: index, role: .search, opensSearchField: true,
                                    reason: "item \(index) is a search tab that activates search, and no tab is prominent: iOS \(release.major) places it apart")
            }
            return nil
        }
        guard let index = items.firstIndex(where: { $0.role == .search }) else { return nil }
        return DetachedItem(index: index, role: .search, opensSearchField: true,
                            reason: "item \(index) is a search tab: iOS \(release.major) places every search tab apart, in a circle of its own")
    }

    /// Why a search tab stays inside the bar on iOS 27, for `validate`; nil when none does.
    public static func inlineSearchReason(_ items: [TabBarItem], os: OSVersion?, detached: DetachedItem?) -> String? {
        let release = os.glassRules
        guard release.has(.searchApartOnlyWhenActivating, on: .phone), let index = items.firstIndex(where: { $0.role == .search }),
              detached?.index != index else { return nil }
        return detached?.role == .prominent
            ? "item \(index), the search tab, stays inside the bar: on iOS \(release.major) a prominent tab takes the place apart"
            : "item \(index), the search tab, stays inside the bar: on iOS \(release.major) only a search tab that activates search is apart"
    }
}
