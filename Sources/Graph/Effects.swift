import Basics
import Foundation

/// What the glass does to the content behind it: each colour channel c (0…1, straight) becomes
/// `gain · c + offset`, clamped to 0…1 (an SVG `feColorMatrix` with that gain on the diagonal and the
/// offset in its last column); alpha is kept.
public struct BackdropTone: Sendable, Equatable, Hashable {
    public var gain: Double
    /// Added per channel; its alpha is not used.
    public var offset: Color

    public init(gain: Double, offset: Color) { self.gain = gain; self.offset = offset }
}

/// A blurred, offset copy of a shape in one colour.
public struct ShadowStyle: Sendable, Hashable {
    public var color: Color
    /// σ of the Gaussian blur, in points.
    public var blur: Double
    /// Points down.
    public var offsetY: Double

    public init(color: Color, blur: Double, offsetY: Double) { self.color = color; self.blur = blur; self.offsetY = offsetY }
}
