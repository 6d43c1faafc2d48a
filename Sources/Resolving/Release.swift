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
    /// The iPhone Duo's vertical bars: the tab bar a glass rail in the strip on the hardware's side (iOS 27.1,
    /// for apps linked against its SDK; UIKIT-2026.md, "iPhone Duo"). No iPad has it.
    case verticalBars
    /// The iPad sidebar as a floating glass panel (iPadOS 26); before it, a flush column (iPadOS 18;
    /// UIKIT-2026.md, "iPad sidebar").
    case floatingSidebar
}

public enum Release {
    /// The first major release with each capability, per idiom.
    static let table: [Capability: (phone: OSVersion, pad: OSVersion)] = [
        .floatingBar: (phone: OSVersion(major: 26), pad: OSVersion(major: 18)),
        .searchApartOnlyWhenActivating: (phone: OSVersion(major: 27), pad: OSVersion(major: 27)),
        .prominentTab: (phone: OSVersion(major: 27), pad: OSVersion(major: 27)),
        .verticalBars: (phone: OSVersion(major: 27, minor: 1), pad: never),
        .floatingSidebar: (phone: never, pad: OSVersion(major: 26)),
    ]

    /// A release after every one tabanim knows: what no release has.
    static let never = OSVersion(major: Int.max)

    /// The release whose rules a glass bar follows when the scene names none (`os` absent): iOS 26, the
    /// first with the glass bar.
    public static let glassDefault = OSVersion(major: 26)

    /// The first release with `capability` on `idiom`.
    public static func first(with capability: Capability, on idiom: Device.Idiom) -> OSVersion {
        let first = table[capability] ?? (phone: never, pad: never)
        return idiom == .pad ? first.pad : first.phone
    }
}

extension OSVersion {
    /// Whether this release has `capability` on `idiom`.
    public func has(_ capability: Capability, on idiom: Device.Idiom) -> Bool {
        self >= Release.first(with: capability, on: idiom)
    }

    /// "iOS 26", "iPadOS 18".
    public func name(for idiom: Device.Idiom) -> String { "\(idiom == .pad ? "iPadOS" : "iOS") \(number)" }
}

extension Optional where Wrapped == OSVersion {
    /// The release whose rules a glass bar follows: the scene's `os`, else `Release.glassDefault`.
    public var glassRules: OSVersion { self ?? Release.glassDefault }
}
