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
    /// 0…1; a hold track turns a group on and off.
    public var opacity: Track?

    public init(name: String, children: [Node] = [], clip: Rect? = nil, translationX: Track? = nil,
                rotation: Rotation? = nil, opacity: Track? = nil) {
        self.name = name; self.children = children; self.clip = clip
        self.translationX = translationX; self.rotation = rotation; self.opacity = opacity
    }
}

/// A rotation about a fixed point, in degrees, clockwise on screen (as `transform.rotation.z` on iOS).
public struct Rotation: Sendable {
    public var degrees: Track
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
}

/// An image fitted into `frame` keeping its aspect ratio; a template image is drawn in `tint`
/// through its alpha channel.
public struct Image: Sendable {
    public var asset: Asset
    public var frame: Rect
    /// Non-nil for template rendering.
    public var tint: Color?
}
