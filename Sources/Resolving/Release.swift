import Basics
import Spec

/// What a release of iOS or iPadOS does to the tab bar, asked by name: `scene.os.has(.prominentTab, on: idiom)`
/// rather than a version number written where the rule is used. `Release.table` is the one place that says
/// which release brought what.
public enum Capability: String, Sendable, CaseIterable {
    /// The floating bar is the default: the iPhone's Liquid Glass capsule (iOS 26) or the iPad's top bar
    /// (iPadOS 18 moved the tab bar to the top; UIKIT-2026.md, "iPad").
    case floatingBar
    /// A search tab apart from the capsule only when it activates search and no tab is prominent; before it,
    /// every search tab is apart (iOS 26; iOS 27 per Apple's documentation quoted in UIKIT-2026.md, "Search tab").
    case searchApartOnlyWhenActivating
    /// `role: "prominent"`: iOS 27's prominent tab, a tinted circle apart at the capsule's trailing end.
    case prominentTab
}

public enum Release {
    /// The first major release with each capability, per idiom.
    static let table: [Capability: (phone: Int, pad: Int)] = [
        .floatingBar: (phone: 26, pad: 18),
        .searchApartOnlyWhenActivating: (phone: 27, pad: 27),
        .prominentTab: (phone: 27, pad: 27),
    ]

    /// The release whose rules a glass bar follows when the scene names none (`os` absent): iOS 26, the
    /// first with the glass bar.
    public static let glassDefault = OSVersion(major: 26)

    /// The first release with `capability` on `idiom`.
    public static func first(with capability: Capability, on idiom: Device.Idiom) -> OSVersion {
        let first = table[capability] ?? (phone: Int.max, pad: Int.max)
        return OSVersion(major: idiom == .pad ? first.pad : first.phone)
    }
}

extension OSVersion {
    /// Whether this release has `capability` on `idiom`.
    public func has(_ capability: Capability, on idiom: Device.Idiom) -> Bool {
        self >= Release.first(with: capability, on: idiom)
    }

    /// "iOS 26", "iPadOS 18".
    public func name(for idiom: Device.Idiom) -> String { "\(idiom == .pad ? "iPadOS" : "iOS") \(major)" }
}

extension Optional where Wrapped == OSVersion {
    /// The release whose rules a glass bar follows: the scene's `os`, else `Release.glassDefault`.
    public var glassRules: OSVersion { self ?? Release.glassDefault }
}
