import Basics
import Foundation
import Graph
import Spec

/// UIKit's look in one interface style (`UIUserInterfaceStyle`): the dynamic system colours tabanim draws
/// with, and the bar's. Light values are those tabanim measured on iOS 10–18 (SPEC.md); dark ones come
/// from `UIKIT-2026.md` (measured on real dark-mode screenshots) where measured, else from Apple's
/// documented dark values of the named dynamic colour.
public struct SystemColors: Sendable, Equatable {
    /// `systemBackground`: tab contents with no colour of their own.
    public var background: Color
    /// `label`: the navigation title, the status bar's time and battery.
    public var label: Color
    /// Between placeholder rows (`separator`-like).
    public var separator: Color
    /// The placeholder rows' bars.
    public var placeholderFill: Color
    /// The bar's hairline, one device pixel above its top edge.
    public var hairline: Color
    /// The standard bar's material when translucent, and when opaque.
    public var translucentBar: Color
    public var opaqueBar: Color
    /// Unselected items' icons and titles.
    public var unselectedItem: Color
    /// Selected items when the scene gives no `tintColor`.
    public var defaultTint: Color
    /// A badge's disc: `systemRed` (UIKIT-2026.md: light (255,59,48), dark (255,69,58), Apple's documented values).
    public var badge: Color

    public static func of(_ style: InterfaceStyle) -> SystemColors {
        switch style {
        case .light: return .light
        case .dark: return .dark
        }
    }

    public static let light = SystemColors(
        background: .white,
        label: .black,
        separator: Color(red: 0, green: 0, blue: 0, alpha: 0.15),
        placeholderFill: Color(rgb: 0, 0, 0, alpha: 0.12),
        // SPEC.md: black at 30 % (reads (178,178,178) over white).
        hairline: Color(red: 0, green: 0, blue: 0, alpha: 0.3),
        // SPEC.md: the standard bar reads about (248,249,249) over white, translucent.
        translucentBar: Color(rgb: 248, 249, 249, alpha: 0.94),
        // Seed 000's comment: with `translucent = NO` the bar "shows white".
        opaqueBar: .white,
        // SPEC.md: (146,146,146) on the standard bar.
        unselectedItem: Color(rgb: 146, 146, 146),
        // An app that sets no tint gets systemBlue (`UIKitColor`); the seeds' (27,118,208) is written in the demo scene.
        defaultTint: Color(rgb: 0, 122, 255),
        badge: Color(rgb: 255, 59, 48))

    public static let dark = SystemColors(
        // UIKIT-2026.md: dark content is systemBackground, (0,0,0); label is white (Apple's dark `label`).
        background: .black,
        label: .white,
        // Apple's dark `separator`: (84,84,88) at 60 %.
        separator: Color(rgb: 84, 84, 88, alpha: 0.6),
        // Apple's dark `tertiarySystemFill`: (118,118,128) at 24 %.
        placeholderFill: Color(rgb: 118, 118, 128, alpha: 0.24),
        // UIKIT-2026.md: (38,38,38) over black, "white at ~15 %".
        hairline: Color(red: 1, green: 1, blue: 1, alpha: 0.15),
        // UIKIT-2026.md: the material reads (18,18,18) over black: 19 at 94 % (the light bar's opacity) gives 17.9.
        translucentBar: Color(rgb: 19, 19, 19, alpha: 0.94),
        opaqueBar: Color(rgb: 18, 18, 18),
        // UIKIT-2026.md: unselected (125,125,125) (124–126 across two apps).
        unselectedItem: Color(rgb: 125, 125, 125),
        // UIKIT-2026.md: default dark systemBlue (10,132,255), Apple's documented dark value.
        defaultTint: Color(rgb: 10, 132, 255),
        badge: Color(rgb: 255, 69, 58))
}
