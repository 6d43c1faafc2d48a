import Foundation

/// A straight (not premultiplied) colour, each channel 0…1.
public struct RGBA: Sendable, Hashable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

public enum FillRule: Sendable, Hashable { case nonZero, evenOdd }

/// What a fill or stroke paints, its opacity (`o`, and every enclosing group's) already multiplied in.
public enum Paint: Sendable, Hashable {
    case color(RGBA)
    case linear(start: Vec2, end: Vec2, stops: [GradientStop], opacity: Double)
    /// `highlight` moves the focal point from the centre towards the edge: After Effects' highlight
    /// length (`h`, percent) and angle (`a`, degrees from the start→end direction).
    case radial(center: Vec2, end: Vec2, highlightLength: Double, highlightAngle: Double, stops: [GradientStop], opacity: Double)
}

public struct GradientStop: Sendable, Hashable {
    public var offset: Double
    public var color: RGBA
}

public struct StrokeStyle: Sendable, Hashable {
    public enum Cap: Sendable, Hashable { case butt, round, square }
    public enum Join: Sendable, Hashable { case miter, round, bevel }
    public var width: Double
    public var cap: Cap
    public var join: Join
    public var miterLimit: Double
    /// Alternating dash and gap lengths (empty: solid), starting `dashOffset` into the pattern.
    public var dashes: [Double]
    public var dashOffset: Double
    /// One per contour of the stroked path when a trim path is left to dashes (`TrimWindow`); empty when
    /// the path is already cut, always so in the engine's own pictures.
    public var trim: [TrimWindow] = []
}

/// A `CALayer` shadow: the alpha of what the layer draws, in `color`, blurred and moved by `offset`, drawn
/// under it. `radius` is `shadowRadius`, drawn as a Gaussian blur of standard deviation `radius` (Core
/// Animation's shadow, as the usual CSS conversion `blur = 2 · shadowRadius` reads it).
public struct DropShadow: Sendable, Hashable {
    public var color: RGBA
    public var offset: Vec2
    public var radius: Double
}
