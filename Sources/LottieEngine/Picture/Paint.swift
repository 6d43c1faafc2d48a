import Foundation

/// A straight (not premultiplied) colour, each channel 0…1.
public struct RGBA: Sendable, Hashable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

extension RGBA {
    /// A Lottie colour (`[r, g, b]` or `[r, g, b, a]`) as lottie-ios reads it: components from 0 to 1, or
    /// from 0 to 255 where red, green and blue all exceed 1 (some exporters write bytes); clamped to 0…1.
    /// `alpha` is the colour's alpha: a fill's or stroke's is its opacity alone (lottie-ios draws their
    /// colours opaque, whatever a fourth component says); text keeps the fourth component.
    static func lottie(_ v: [Double], alpha: Double) -> RGBA {
        let scale = v.count >= 3 && v[0] > 1 && v[1] > 1 && v[2] > 1 ? 1.0 / 255 : 1
        func unit(_ x: Double) -> Double { min(max(x * scale, 0), 1) }
        return RGBA(red: v.count > 0 ? unit(v[0]) : 0, green: v.count > 1 ? unit(v[1]) : 0, blue: v.count > 2 ? unit(v[2]) : 0,
                    alpha: min(max(alpha, 0), 1))
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
