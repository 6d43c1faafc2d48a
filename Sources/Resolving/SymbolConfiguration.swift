import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// The symbol configuration a tab bar draws a symbol image in (`UIImage.SymbolConfiguration`: point size,
/// weight, scale), and how a symbol is placed in its item.
///
/// What is sourced, measured and chosen:
/// - Sourced: a configuration's weight defaults to regular and its scale to medium (`UIImage.SymbolWeight`,
///   `UIImage.SymbolScale` "default"; WWDC 2019 "Introducing SF Symbols": "medium (default)"); the point
///   size is a system font size, whose cap height the symbol's cap line meets; "the system automatically
///   centers symbols vertically to San Francisco's cap-height in all the different scales and weights"
///   and scales them S 0.783, M 1.0, L 1.29 (Apple, "Creating custom symbol images for your app"). So both
///   bar styles take the template's **Regular-M** variant (or Regular-S grown by 1 / 0.783 when a variable
///   template has only the S variants).
/// - Measured (SPEC.md): on iOS 17/18 classic bars, SF Symbols' boxes are 23–27 pt, centred 18.6 pt below the
///   bar's top; on the iOS 26 glass bar (UIKIT-2026.md) icons are centred 24.0 pt below the capsule's top.
/// - Chosen: **22 pt** for both styles. No source found states the tab bar's point size; at 22 pt the
///   Regular-M variant of a typical SF Symbol is 20–26 pt wide, inside the measured 23–27 pt boxes, and equal
///   in size to Large at 17 pt (1.29 × 17 = 21.9; 17 pt is UIKit's body size): the two configurations apps
///   report for tab bars. The
///   glass bar was measured for its icon centre only, not for its symbols' size; it keeps the same size.
///   A scene's `iconSize` sets the point size instead.
/// - Placement (chosen, following UIKit's alignment rectangles): the symbol's alignment rectangle (margins ×
///   cap line to baseline) is centred where an image's box is centred, so its baseline stands half the cap
///   height below the icon centre: 18.6 + 0.5 × 0.7046 × 22 = 26.35 pt below the classic bar's top. Plain
///   images keep their box centred there.
public struct SymbolConfiguration: Sendable, Equatable {
    public var pointSize: Double
    public var variant: SymbolTemplate.Variant

    public init(pointSize: Double, variant: SymbolTemplate.Variant) {
        self.pointSize = pointSize
        self.variant = variant
    }

    /// See the type's comment: 22 pt, Regular-M, for each bar style.
    public static let defaultPointSize = 22.0

    /// The configuration `style` draws symbols in; `pointSize` from the scene's `iconSize` when given.
    public static func of(_ style: TabBarStyle, pointSize: Double? = nil) -> SymbolConfiguration {
        let regularMedium = SymbolTemplate.Variant(weight: "Regular", scale: "M")
        switch style {
        case .classic, .glass:
            return SymbolConfiguration(pointSize: pointSize ?? defaultPointSize, variant: regularMedium)
        }
    }
}
