import Basics
import Foundation

/// `os`: the iOS or iPadOS release the scene shows, by its major version: `"26"`, `26`, `"iOS 18"` or
/// `"iPadOS 18"` (the name is optional and not checked against the device). It decides `tabBar.style`
/// when the scene gives none: iOS 26's Liquid Glass capsule on an iPhone from 26, the floating top bar on an
/// iPad from 18 (iPadOS 18 moved the tab bar to the top; UIKIT-2026.md, "iPad"), the classic bar before.
/// Absent, the bar stays classic, as before this key existed.
public struct OSVersion: Sendable, Equatable, Comparable {
    /// The major version, one of `known`.
    public var major: Int
    /// The minor version ("27.1": 1), one of `knownMinors`; 0 when the scene gives none. Only iOS 27.1's vertical bars on
    /// the iPhone Duo ask for it (UIKIT-2026.md, "iPhone Duo").
    public var minor = 0

    public init(major: Int, minor: Int = 0) { self.major = major; self.minor = minor }

    /// "27", "27.1": as a scene writes it.
    public var number: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }

    /// The releases tabanim knows: iOS 13 (the first with `UITabBarAppearance`) to 18, then 26 (Apple
    /// numbered the 2025 release by its year) and 27 (2026: the prominent tab, and a search tab detached only
    /// when it activates search).
    public static let known = [13, 14, 15, 16, 17, 18, 26, 27]
    /// The minor releases a scene may name: iOS 27.1 (September 2026), the first with the iPhone Duo's vertical
    /// bars (UIKIT-2026.md, "iPhone Duo"); the others change nothing tabanim draws.
    public static let knownMinors: [Int: ClosedRange<Int>] = [27: 0...1]

    public static func < (a: OSVersion, b: OSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

    /// `"26"`, `"iOS 26"`, `"iPadOS 26"`, `"27.1"`, case and spaces aside; nil for anything else.
    init?(parsing text: String) {
        var word = text.trimmingCharacters(in: .whitespaces).lowercased()
        for prefix in ["ipados", "ios"] where word.hasPrefix(prefix) {
            word = String(word.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let major = Int(parts[0]), Self.known.contains(major) else { return nil }
        self.major = major
        if parts.count == 2 {
            guard let minors = Self.knownMinors[major], let minor = Int(parts[1]), String(minor) == parts[1], minors.contains(minor) else { return nil }
            self.minor = minor
        }
    }
}

extension OSVersion: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> OSVersion? {
        let found: String
        switch node.value {
        case .string(let text):
            if let version = OSVersion(parsing: text) { return version }
            found = "unknown OS version \"\(text)\""
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e9, let version = OSVersion(parsing: String(Int(value))) { return version }
            if abs(value) < 1e9, let version = OSVersion(parsing: value.shortText) { return version }
            found = "unknown OS version \(value.shortText)"
        default:
            found = "expected an OS version, found \(node.value.typeName)"
        }
        let choices = known.map { "\"\($0)\"" }.joined(separator: ", ")
        reader.report(path, "\(found); \"os\" is one of \(choices) (the major version, optionally as \"iOS 26\" or \"iPadOS 18\"; \"27.1\" for the iPhone Duo's vertical bars)", at: node)
        return nil
    }
}
