import Foundation

/// A Lottie frame as a small resolved drawing list: what a renderer (cairo, SVG) draws, with every
/// property evaluated, every reference followed and no Lottie syntax left.
public struct VectorPicture: Sendable, Equatable {
    /// The canvas (`w`, `h`) in points; nothing is drawn outside it.
    public var width: Double
    public var height: Double
    /// Bottom to top.
    public var nodes: [VectorNode]
}

/// A straight (not premultiplied) colour, each channel 0…1.
public struct RGBA: Sendable, Hashable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

public indirect enum VectorNode: Sendable, Equatable {
    /// Children (bottom to top) drawn through `transform`, composited as one with `opacity` (a layer).
    case group(transform: Affine, opacity: Double, children: [VectorNode])
    case fill(BezierPath, paint: Paint, rule: FillRule)
    case stroke(BezierPath, paint: Paint, style: StrokeStyle)
    /// `content` shown through the layer's masks, combined in order (each in the content's coordinates).
    case masked(content: [VectorNode], masks: [Mask])
    /// `content` shown through `matte` (a track matte: the layer above the matted one in After Effects).
    case matted(content: [VectorNode], matte: [VectorNode], mode: MatteMode)
    /// `content` composited onto what lies below with a blend mode (a layer's `bm`).
    case blended(content: [VectorNode], mode: BlendMode)
    /// An embedded image (`data:` URI bytes, PNG or JPEG) drawn at its natural size at the origin.
    case image(data: Data, width: Double, height: Double)
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
}

/// One entry of a layer's `masksProperties`.
public struct Mask: Sendable, Hashable {
    public enum Mode: Sendable, Hashable { case add, subtract, intersect, lighten, darken, difference, none }
    public var path: BezierPath
    public var mode: Mode
    public var opacity: Double
    public var inverted: Bool
}

/// A layer's `tt`: 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
public enum MatteMode: Int, Sendable, Hashable { case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4 }

/// A layer's `bm`, After Effects' numbering: the separable and non-separable modes of the W3C
/// Compositing spec, which cairo implements under the same names, and 16 add.
public enum BlendMode: Int, Sendable, Hashable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
         difference, exclusion, hue, saturation, color, luminosity, add
}
