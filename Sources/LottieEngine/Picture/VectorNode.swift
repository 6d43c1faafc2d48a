import Foundation

/// One entry of a `VectorPicture`'s drawing list, in the coordinates of the node around it.
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
    /// `content` with a drop shadow under it (a layer's Drop Shadow effect or style), in the content's coordinates.
    case shadowed(content: [VectorNode], shadow: DropShadow)
    /// Paths combined by merge paths (`mm` 2–5), the first with each next in turn, then filled.
    case merged(operands: [BezierPath], mode: MergeMode, paint: Paint, rule: FillRule)
    /// An embedded image (`data:` URI bytes, PNG or JPEG) drawn at its natural size at the origin.
    case image(data: Data, width: Double, height: Double)
}

/// One entry of a layer's `masksProperties`.
public struct Mask: Sendable, Hashable {
    public enum Mode: Sendable, Hashable { case add, subtract, intersect, lighten, darken, difference, none }
    public var path: BezierPath
    public var mode: Mode
    public var opacity: Double
    public var inverted: Bool
}

/// Merge paths' `mm`: 2 add (union), 3 subtract (the first minus the others), 4 intersect, 5 exclude
/// (where an odd number of them cover).
public enum MergeMode: Int, Sendable, Hashable { case add = 2, subtract, intersect, exclude }

/// A layer's `tt`: 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
public enum MatteMode: Int, Sendable, Hashable { case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4 }

/// A layer's `bm`, After Effects' numbering: the separable and non-separable modes of the W3C
/// Compositing spec, which cairo and CSS's `mix-blend-mode` implement under the same names, as lottie-ios
/// sets them on the layer (`compositingFilter`, `Sources/Private/Utility/Extensions/BlendMode+Filter.swift`).
/// lottie-ios has no 16 (add): the decoder draws it as normal, with a warning.
public enum BlendMode: Int, Sendable, Hashable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
         difference, exclusion, hue, saturation, color, luminosity
}
