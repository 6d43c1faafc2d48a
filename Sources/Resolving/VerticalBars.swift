import Basics
import Spec

/// Which form the iPhone Duo's tab bar takes, and why (`validate` says it): a vertical glass rail in the
/// strip on the hardware's side, or the horizontal bar with the strip moved to the top. UIKIT-2026.md,
/// "iPhone Duo": bars go vertical on the outer display in every orientation and on the inner one in
/// landscape, for apps linked against the iOS 27.1 SDK whose bars come from containers (`UITabBarController`,
/// `TabView`, which is what tabanim draws); `toolbarVerticalBehavior(.disabled)` opts out, and then the strip
/// moves to the top. Only the glass bar goes vertical (tabanim's reading: the rail is a piece of Liquid Glass;
/// an app keeping the classic bar with `UIDesignRequiresCompatibility` is treated as opted out, chosen).
public struct VerticalBars: Sendable, Equatable {
    /// Whether the bar is the vertical rail.
    public var isRail: Bool
    /// Why, in `validate`'s words: the release, the display, the orientation, the SDK rule or the opt-out.
    public var reason: String

    /// The form on `device` (nil off the Duo).
    static func decide(device: Device, os: OSVersion?, style: TabBarStyle, behavior: VerticalBehavior?) -> VerticalBars? {
        guard let display = device.foldDisplay else { return nil }
        let place = display == .outer ? "the outer display (\(device.orientation.rawValue))" : "the inner display in \(device.orientation.rawValue)"
        guard device.stripsBarsVertically else {
            return VerticalBars(isRail: false, reason: "the bottom bar: iOS 27.1 keeps bars horizontal on \(place)")
        }
        let first = Release.first(with: .verticalBars, on: .phone)
        let release = os ?? first
        if !release.has(.verticalBars, on: .phone) {
            return VerticalBars(isRail: false, reason: "the bottom bar, the strip at the top: \(release.name(for: .phone)) has no vertical bars (an app built with the \(first.name(for: .phone)) SDK gets them on \(place))")
        }
        if behavior == .disabled {
            return VerticalBars(isRail: false, reason: "the bottom bar, the strip at the top: tabBar.verticalBehavior \"disabled\" (toolbarVerticalBehavior(.disabled)) on \(place)")
        }
        guard style == .glass else {
            return VerticalBars(isRail: false, reason: "the bottom bar, the strip at the top: only the glass bar goes vertical (tabBar.style \"classic\") on \(place)")
        }
        return VerticalBars(isRail: true, reason: "a vertical glass rail in the strip: \(release.name(for: .phone)) on \(place), for an app built with the \(first.name(for: .phone)) SDK whose tab bar is a UITabBarController's or TabView's")
    }
}
