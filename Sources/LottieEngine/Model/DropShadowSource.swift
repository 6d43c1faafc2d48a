import Foundation

/// A layer's drop shadow, from a Drop Shadow effect (`ef` entry with `ty` 25) or a Drop Shadow layer style
/// (`sy` entry with `ty` 1), already in lottie-ios's terms (its `DropShadowModel`, in
/// `Sources/Private/CoreAnimation/Animations/DropShadowAnimation.swift`): the values of a `CALayer`'s
/// `shadowOpacity`, `shadowColor`, `shadowRadius` and `shadowOffset`. lottie-ios reads only these two
/// forms; when a layer has both, the effect wins, as there.
public struct DropShadowSource: Sendable {
    /// Colour (0…1, alpha included): the effect's "Shadow Color", the style's `c`.
    public var color: Animated<Vector>
    /// Percent (0…100): the effect's "Opacity" (0…255) · 100/255, the style's `o`.
    public var opacity: Animated<Vector>
    /// Degrees, 0 along +x, 90 straight down: the effect's "Direction" − 90, the style's `a` as it stands.
    public var angle: Animated<Vector>
    /// Points along `angle`: the effect's "Distance", the style's `d`.
    public var distance: Animated<Vector>
    /// `CALayer.shadowRadius` before the divisor: the effect's "Softness", the style's `s`.
    public var softness: Animated<Vector>
    /// lottie-ios divides the effect's softness by 5 and the style's size by 2 ("visually similar" to
    /// After Effects, its comments say).
    public var softnessDivisor: Double

    /// A blur wider than any canvas (4096 pt) only flattens the shadow: bounded so that no file makes the
    /// blur, or a browser's filter, cost more.
    static let maxRadius = 4096.0

    /// The shadow at `frame`, in the layer's own coordinates; `nil` when it would not show.
    public func value(at frame: Double, options: EvaluationOptions) -> DropShadow? {
        let c = color.value(at: frame, options: options), o = min(max(opacity.value(at: frame, options: options).x / 100, 0), 1)
        let alpha = (c.values.count > 3 ? min(max(c[3], 0), 1) : 1) * o
        guard alpha > 0 else { return nil }
        let radians = angle.value(at: frame, options: options).x * .pi / 180, d = distance.value(at: frame, options: options).x
        return DropShadow(color: RGBA(red: min(max(c[0], 0), 1), green: min(max(c[1], 0), 1), blue: min(max(c[2], 0), 1), alpha: alpha),
                          offset: Vec2(d * cos(radians), d * sin(radians)),
                          radius: min(max(0, softness.value(at: frame, options: options).x / softnessDivisor), Self.maxRadius))
    }
}
