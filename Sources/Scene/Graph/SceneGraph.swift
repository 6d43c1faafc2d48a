import Foundation

/// The picture as a tree of a few node kinds whose animated properties are `Track`s over the loop.
/// Raster exporters sample it at t (`sample(at:)`); the SVG exporter writes the tracks as SMIL.
/// Coordinates are screen points.
public struct SceneGraph: Sendable {
    public var root: Group
    /// The part of the screen the export shows.
    public var viewport: Rect
    public var duration: TimeInterval
    /// The background behind everything (the device's screen is opaque).
    public var background: Color
}

public indirect enum Node: Sendable {
    case group(Group)
    case shape(Shape)
    case text(Text)
    case image(Image)
    case sequence(FrameSequence)
}

/// Children drawn in order, then (from the outside in) clipped, moved, rotated and faded.
public struct Group: Sendable {
    /// A readable name, used for ids in the SVG ("tab-2", "center-button").
    public var name: String
    public var children: [Node]
    /// In the parent's coordinates: not moved by this group's own animation.
    public var clip: Rect?
    /// Horizontal offset in points.
    public var translationX: Track?
    public var rotation: Rotation?
    /// Inside the rotation.
    public var scale: Scale?
    /// 0…1; a hold track turns a group on and off.
    public var opacity: Track?

    public init(name: String, children: [Node] = [], clip: Rect? = nil, translationX: Track? = nil,
                rotation: Rotation? = nil, scale: Scale? = nil, opacity: Track? = nil) {
        self.name = name; self.children = children; self.clip = clip
        self.translationX = translationX; self.rotation = rotation; self.scale = scale; self.opacity = opacity
    }
}

extension Group {
    /// Whether anything is drawn inside (groups of empty groups are not).
    public var hasContent: Bool {
        children.contains { child in
            if case .group(let nested) = child { return nested.hasContent }
            return true
        }
    }
}

/// A rotation about a fixed point, in degrees, clockwise on screen (as `transform.rotation.z` on iOS).
public struct Rotation: Sendable {
    public var degrees: Track
    public var center: Point
}

/// A scale about a fixed point. `x` and `y` have keyframes at the same times with the same easings
/// (so that SMIL can animate them as one `scale` transform).
public struct Scale: Sendable {
    public var x: Track
    public var y: Track
    public var center: Point
}

/// A filled, optionally rounded rectangle.
public struct Shape: Sendable {
    public var frame: Rect
    public var cornerRadius: Double
    public var fill: Color
    public init(frame: Rect, cornerRadius: Double = 0, fill: Color) {
        self.frame = frame; self.cornerRadius = cornerRadius; self.fill = fill
    }
}

public enum FontWeight: Int, Sendable {
    case regular = 400
    case medium = 500
    case semibold = 600
}

/// One line of text in the system font.
public struct Text: Sendable {
    public enum Alignment: Sendable { case leading, center, trailing }
    public var string: String
    public var fontSize: Double
    public var weight: FontWeight
    public var color: Color
    /// The baseline's anchor point: its left end, centre or right end per `alignment`.
    public var baseline: Point
    public var alignment: Alignment

    public init(string: String, fontSize: Double, weight: FontWeight, color: Color, baseline: Point, alignment: Alignment) {
        self.string = string; self.fontSize = fontSize; self.weight = weight
        self.color = color; self.baseline = baseline; self.alignment = alignment
    }
}

/// Pre-rendered frames of an animation (a Lottie file's, drawn by rlottie), shown one at a time.
public struct FrameSequence: Sendable {
    public var clip: LottieClip
    /// Where the frames are drawn: the canvas scaled to fill the icon's box. Like `LOTAnimationView`
    /// (a UIView, `clipsToBounds = NO`), it is not clipped to the box when the canvas's aspect differs.
    public var frame: Rect
    /// Which frame shows (counting from the in point): a hold track, so both exporters switch frames at
    /// the same instants.
    public var frameIndex: Track
    /// Non-nil for template rendering.
    public var tint: Color?
}

/// An image fitted into `frame` keeping its aspect ratio; a template image is drawn in `tint`
/// through its alpha channel.
public struct Image: Sendable {
    public var asset: Asset
    public var frame: Rect
    /// Non-nil for template rendering.
    public var tint: Color?
}
