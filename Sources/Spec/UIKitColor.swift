import Basics
import Foundation

/// UIKit's named colours (`UIColor.systemBlue`, `.label`, `.secondarySystemBackground`, …), each with its
/// value in the light and in the dark interface style, so that a scene can write `"tintColor": "systemBlue"`
/// as the app's code does.
///
/// Sources: the light values are those UIKit itself returns on iOS 13 (read off the device and published
/// as fall-backs by noahsark769/ColorCompatibility, `Sources/ColorCompatibility.swift`); the dark values and
/// the system palette are Apple's Human Interface Guidelines, "Color" (system colors, iOS, default contrast).
/// `UIKIT-2026.md` confirms systemBlue dark (10,132,255), systemYellow dark (255,214,10) and systemRed
/// (255,59,48) / (255,69,58) on real screenshots.
public enum UIKitColor {
    /// A name as UIKit spells it (`systemBlue`), without the `UIColor.` prefix; looked up case-sensitively,
    /// so a misspelling is reported with the nearest name.
    public static func named(_ name: String) -> StyledColor? { table[name] }

    /// Every name, in the order the documentation lists them (for messages and completion).
    public static let names: [String] = entries.map(\.name)

    private static let table: [String: StyledColor] = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0.color) })

    private static func pair(_ light: Color, _ dark: Color) -> StyledColor { StyledColor(light: light, dark: dark) }
    private static func rgb(_ r: Int, _ g: Int, _ b: Int, _ alpha: Double = 1) -> Color { Color(rgb: r, g, b, alpha: alpha) }

    private static let entries: [(name: String, color: StyledColor)] = [
        // System colours (HIG "Color", iOS).
        ("systemRed", pair(rgb(255, 59, 48), rgb(255, 69, 58))),
        ("systemOrange", pair(rgb(255, 149, 0), rgb(255, 159, 10))),
        ("systemYellow", pair(rgb(255, 204, 0), rgb(255, 214, 10))),
        ("systemGreen", pair(rgb(52, 199, 89), rgb(48, 209, 88))),
        ("systemMint", pair(rgb(0, 199, 190), rgb(99, 230, 226))),
        ("systemTeal", pair(rgb(48, 176, 199), rgb(64, 200, 224))),
        ("systemCyan", pair(rgb(50, 173, 230), rgb(100, 210, 255))),
        ("systemBlue", pair(rgb(0, 122, 255), rgb(10, 132, 255))),
        ("systemIndigo", pair(rgb(88, 86, 214), rgb(94, 92, 230))),
        ("systemPurple", pair(rgb(175, 82, 222), rgb(191, 90, 242))),
        ("systemPink", pair(rgb(255, 45, 85), rgb(255, 55, 95))),
        ("systemBrown", pair(rgb(162, 132, 94), rgb(172, 142, 104))),
        ("systemGray", pair(rgb(142, 142, 147), rgb(142, 142, 147))),
        ("systemGray2", pair(rgb(174, 174, 178), rgb(99, 99, 102))),
        ("systemGray3", pair(rgb(199, 199, 204), rgb(72, 72, 74))),
        ("systemGray4", pair(rgb(209, 209, 214), rgb(58, 58, 60))),
        ("systemGray5", pair(rgb(229, 229, 234), rgb(44, 44, 46))),
        ("systemGray6", pair(rgb(242, 242, 247), rgb(28, 28, 30))),
        // Label colours.
        ("label", pair(rgb(0, 0, 0), rgb(255, 255, 255))),
        ("secondaryLabel", pair(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))),
        ("tertiaryLabel", pair(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))),
        ("quaternaryLabel", pair(rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))),
        ("placeholderText", pair(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))),
        ("link", pair(rgb(0, 122, 255), rgb(9, 132, 255))),
        // Fill colours.
        ("systemFill", pair(rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36))),
        ("secondarySystemFill", pair(rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32))),
        ("tertiarySystemFill", pair(rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24))),
        ("quaternarySystemFill", pair(rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18))),
        // Backgrounds.
        ("systemBackground", pair(rgb(255, 255, 255), rgb(0, 0, 0))),
        ("secondarySystemBackground", pair(rgb(242, 242, 247), rgb(28, 28, 30))),
        ("tertiarySystemBackground", pair(rgb(255, 255, 255), rgb(44, 44, 46))),
        ("systemGroupedBackground", pair(rgb(242, 242, 247), rgb(0, 0, 0))),
        ("secondarySystemGroupedBackground", pair(rgb(255, 255, 255), rgb(28, 28, 30))),
        ("tertiarySystemGroupedBackground", pair(rgb(242, 242, 247), rgb(44, 44, 46))),
        // Separators.
        ("separator", pair(rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6))),
        ("opaqueSeparator", pair(rgb(198, 198, 200), rgb(56, 56, 58))),
        // Fixed colours (the same in both styles).
        ("white", pair(rgb(255, 255, 255), rgb(255, 255, 255))),
        ("black", pair(rgb(0, 0, 0), rgb(0, 0, 0))),
        ("clear", pair(rgb(0, 0, 0, 0), rgb(0, 0, 0, 0))),
        ("darkText", pair(rgb(0, 0, 0), rgb(0, 0, 0))),
        ("lightText", pair(rgb(255, 255, 255, 0.6), rgb(255, 255, 255, 0.6))),
    ]
}
