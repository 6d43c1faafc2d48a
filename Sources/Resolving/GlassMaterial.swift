import Basics
import Foundation
import Graph
import Spec

/// iOS 26's floating Liquid Glass tab bar (`tabBar.style: "glass"`) in one interface style: its colours, the
/// blur and tone of the content seen through it, and its shadow. Numbers from UIKIT-2026.md ("iOS 26 floating
/// Liquid Glass bar", six screenshots of two apps on a 402 × 874 pt iPhone at 3×) unless a comment says it is
/// a choice.
public struct GlassMaterial: Sendable, Equatable {
    /// The ~1 pt rim around the capsule, lighter than its interior (light: white; dark: (47,47,47)).
    public var rim: Color
    /// How the content behind the capsule shows through it: blurred, then toned.
    public var backdrop: BackdropTone
    /// The selection pill: light (233,233,237), dark (53,53,53).
    public var pill: Color
    /// Unselected icons and titles when the scene gives no `unselectedItemTintColor`: light (25,25,29),
    /// dark (243,243,243).
    public var unselectedItem: Color
    /// The soft shadow around the capsule; dark mode shows none (UIKIT-2026.md: "No visible shadow").
    public var shadow: ShadowStyle?

    /// The material of `style` on `idiom`: the iPad's floating top bar has its own dark colours; in light
    /// mode it takes the iPhone's (no light iPad screenshot was measured: a choice).
    public static func of(_ style: InterfaceStyle, idiom: Device.Idiom = .phone) -> GlassMaterial {
        switch (style, idiom) {
        case (.light, _): return .light
        case (.dark, .phone): return .dark
        case (.dark, .pad): return .padDark
        }
    }

    /// UIKIT-2026.md, "iPad": iPadOS 26's top bar over dark content reads (25,25,25), its pill (58,58,58).
    /// The iPhone's dark tone (35 % of the content) with the offset that gives 25 over black.
    public static let padDark: GlassMaterial = {
        var material = GlassMaterial.dark
        material.backdrop = BackdropTone(gain: 0.35, offset: Color(rgb: 25, 25, 25))
        material.pill = Color(rgb: 58, 58, 58)
        return material
    }()

    /// The Gaussian blur of the content behind the glass, in points (σ). A choice: iOS does not publish it;
    /// 8 pt keeps a slide's or a screenshot's shapes and colours recognisable through the capsule, as the
    /// screenshots show, while text behind it is no longer legible.
    public static let backdropBlur = 8.0

    public static let light = GlassMaterial(
        rim: .white,
        // The interior reads (251,251,255) over (242,242,247) content. A tone that keeps 30 % of the content
        // (a choice: enough for a slide to show through) and adds the rest: 0.3·242 + 178.4 = 251,
        // 0.3·247 + 180.9 = 255, and white content stays white (0.3·255 + 178.4 = 254.9).
        backdrop: BackdropTone(gain: 0.3, offset: Color(red: 178.4 / 255, green: 178.4 / 255, blue: 180.9 / 255)),
        pill: Color(rgb: 233, 233, 237),
        unselectedItem: Color(rgb: 25, 25, 29),
        // The measured profile (luminance change below the capsule: −12 at the rim, −11 at 1 pt, −10 at 5 pt,
        // −7 at 12 pt, −4 at 20 pt; above −5 → −1 over 20 pt; at the sides −8 → −2 over 20 pt) is fitted by
        // a black capsule at 6.6 % blurred by σ = 17.4 pt and moved 11.7 pt down: sides 16·Φc(d/σ) gives 8 at
        // 0 and 2 at 20 pt; below 16·Φc((d − 11.7)/σ) gives 12, 10.4, 7.9, 5.1 at 0, 5, 12, 20 pt; above
        // 16·Φc((d + 11.7)/σ) gives 4 and 0.6 at 0 and 20 pt (16 levels = 6.6 % of 242).
        shadow: ShadowStyle(color: Color(red: 0, green: 0, blue: 0, alpha: 0.066), blur: 17.4, offsetY: 11.7))

    public static let dark = GlassMaterial(
        rim: Color(rgb: 47, 47, 47),
        // The interior reads (19,19,19) over black, (30,30,31) over a dark list, (22,52,59) over a teal map:
        // 35 % of the content plus 19 gives 19 over black and 29 over secondarySystemBackground (28,28,30).
        backdrop: BackdropTone(gain: 0.35, offset: Color(rgb: 19, 19, 19)),
        pill: Color(rgb: 53, 53, 53),
        unselectedItem: Color(rgb: 243, 243, 243),
        shadow: nil)
}
