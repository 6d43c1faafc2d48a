import Basics
import Foundation

/// The picture as a tree of a few node kinds whose animated properties are `Track`s over the loop.
/// Raster exporters sample it at t (`sample(at:)`); the SVG exporter writes the tracks as SMIL.
/// Coordinates are screen points.
public struct SceneGraph: Sendable {
    public var root: Group
    /// The part of the screen the export shows.
    public var viewport: Rect
    public var duration: TimeInterval
    /// The background behind everything (the device's screen is opaque), and the screen's rounded corners
    /// when `export.screenCorners` asks for them.
    public var matte: Matte

    public init(root: Group, viewport: Rect, duration: TimeInterval, matte: Matte) {
        self.root = root; self.viewport = viewport; self.duration = duration; self.matte = matte
    }
}

public indirect enum Node: Sendable {
    case group(Group)
    case shape(Shape)
    case text(Text)
    case image(Image)
    case sequence(FrameSequence)
    /// A blurred, offset copy of a shape (the glass bar's shadow).
    case shadow(Shadow)
    /// What is behind a shape, blurred and toned, seen through it (the glass bar's interior).
    case backdrop(Backdrop)
}

/// A shape drawn blurred and moved: a soft shadow. Every exporter blurs it alike: a Gaussian of σ = `style.blur`
/// points as SVG's `feGaussianBlur` defines it (three box blurs), inside `region`, outside which nothing of
/// it is drawn.
public struct Shadow: Sendable, Hashable {
    /// The shape casting it, where it stands (the shadow is `style.offsetY` below it).
    public var frame: Rect
    public var cornerRadius: Double
    public var style: ShadowStyle

    public init(frame: Rect, cornerRadius: Double, style: ShadowStyle) {
        self.frame = frame; self.cornerRadius = cornerRadius; self.style = style
    }

    /// Where the blurred shape is computed and drawn: the moved shape grown by 3σ on every side.
    public var region: Rect {
        let grow = 3 * style.blur
        return Rect(x: frame.minX - grow, y: frame.minY + style.offsetY - grow, width: frame.width + 2 * grow, height: frame.height + 2 * grow)
    }
}

/// The content behind a rounded rectangle, seen through it: `source` (a group drawn before it in the graph,
/// at the same place, untransformed) drawn again, blurred by σ = `blur` points, toned, and clipped to the rounded rectangle.
/// Only the source within 3σ of the shape takes part in the blur; beyond the screen it is transparent.
public struct Backdrop: Sendable {
    /// The group seen through the glass: a copy of one drawn before this node (the content), sampled and
    /// drawn again by every exporter.
    public var source: Group
    public var frame: Rect
    public var cornerRadius: Double
    public var blur: Double
    public var tone: BackdropTone

    public init(source: Group, frame: Rect, cornerRadius: Double, blur: Double, tone: BackdropTone) {
        self.source = source; self.frame = frame; self.cornerRadius = cornerRadius; self.blur = blur; self.tone = tone
    }

    /// The part of the source that is blurred: the shape grown by 3σ on every side.
    public var region: Rect {
        let grow = 3 * blur
        return Rect(x: frame.minX - grow, y: frame.minY - grow, width: frame.width + 2 * grow, height: frame.height + 2 * grow)
    }
}

/// Children drawn in order, clipped, then moved and faded by its motion.
public struct Group: Sendable {
    /// A readable name, used for ids in the SVG ("tab-2", "center-button").
    public var name: String
    public var children: [Node]
    /// In the parent's coordinates: not moved by this group's own motion.
    public var clip: Rect?
    /// The group's animated properties, outermost first: each transform applies inside the ones before it
    /// (`[.translation, .rotation]` rotates about a point that the translation then moves). Every exporter
    /// reads this one list through an exhaustive `switch`, so a kind that one of them leaves out does not
    /// compile.
    public var motion: [Motion]
    /// Faded as one layer, as SVG fades a `<g>` with an `opacity`: its children drawn together, then the
    /// whole at the group's opacity (what overlaps inside does not show through). Otherwise the opacity
    /// multiplies into each primitive, which is the same for groups whose children do not overlap or whose
    /// opacity is 0 or 1. The late-2026 bar's crossfades set it: a piece of glass is a rim under a backdrop.
    public var composited = false

    public init(name: String, children: [Node] = [], clip: Rect? = nil, motion: [Motion] = [], composited: Bool = false) {
        self.name = name; self.children = children; self.clip = clip; self.motion = motion; self.composited = composited
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

    /// The product of the group's opacity tracks at `t`.
    public func opacity(at t: TimeInterval) -> Double {
        motion.reduce(1) { alpha, property in
            if case .opacity(let track) = property { return alpha * track.value(at: t) }
            return alpha
        }
    }

    /// Every text inside, nested groups' too, in the order drawn.
    public var texts: [Text] {
        children.flatMap { child -> [Text] in
            switch child {
            case .group(let nested): nested.texts
            case .text(let text): [text]
            case .backdrop, .image, .sequence, .shadow, .shape: []
            }
        }
    }

    /// Whether the group is hidden for the whole loop (an opacity that is 0 throughout).
    public var isNeverShown: Bool {
        motion.contains { property in
            if case .opacity(let track) = property { return track.isConstant && track.value(at: 0) == 0 }
            return false
        }
    }
}

/// One animated property of a group: an ordered list of these is all the motion the picture has.
///
/// What is coming gets a case of its own here (a colour for the iOS 26 pill, a blur behind the glass, a Lottie
/// path), and the compiler then lists every place that must draw it: sampling (`SceneGraph.sample(at:)`),
/// retiming, the rasterizer's changed-pixel estimate (through the draw command), and the SVG writer.
public enum Motion: Sendable, Equatable {
    /// A move by (x, y) points. Both tracks have keyframes at the same times with the same easings, so
    /// that SMIL animates them as one `translate` (`Motion.translation(x:)` makes y a matching 0).
    case translation(x: Track, y: Track)
    /// A rotation about a fixed point, in degrees, clockwise on screen (as `transform.rotation.z` on iOS).
    case rotation(degrees: Track, center: Point)
    /// A scale about a fixed point; x and y keyed alike, as for a translation. A negative x mirrors
    /// (the back of a flipped icon).
    case scale(x: Track, y: Track, center: Point)
    /// 0…1, multiplied into the group's alpha wherever it is in the list; a hold track turns a group on
    /// and off.
    case opacity(Track)

    /// A horizontal move (y stays 0, keyed as x).
    public static func translation(x: Track) -> Motion {
        .translation(x: x, y: Track(x.keyframes.map { Keyframe($0.time, 0, $0.easing) }))
    }

    /// A uniform scale.
    public static func scale(_ factor: Track, center: Point) -> Motion { .scale(x: factor, y: factor, center: center) }
}

/// A filled, optionally rounded rectangle (a capsule when the radius is half its height).
public struct Shape: Sendable {
    public var frame: Rect
    public var cornerRadius: Double
    public var fill: Color
    /// A shape as wide as a text (a badge's capsule): `Animation.fittingText` sets the frame's width, about
    /// its centre, before any exporter draws it.
    public var widthFit: WidthFit?

    public init(frame: Rect, cornerRadius: Double = 0, fill: Color, widthFit: WidthFit? = nil) {
        self.frame = frame; self.cornerRadius = cornerRadius; self.fill = fill; self.widthFit = widthFit
    }
}

/// How wide a shape around a text is: the text's advance plus `padding` on each side, at least `minimum`.
public struct WidthFit: Sendable, Equatable {
    public var text: String
    public var fontSize: Double
    public var weight: FontWeight
    /// The text's font family; nil: the system font.
    public var family: String? = nil
    public var padding: Double
    public var minimum: Double
    /// Which way the shape grows from the frame it is given: about its centre, or keeping its right edge
    /// (`.left`) or its left edge (`.right`); the texts of its group move with its centre.
    public var growth: Growth = .both

    public init(text: String, fontSize: Double, weight: FontWeight, family: String? = nil, padding: Double, minimum: Double,
                growth: Growth = .both) {
        self.text = text; self.fontSize = fontSize; self.weight = weight; self.family = family
        self.padding = padding; self.minimum = minimum; self.growth = growth
    }

    public enum Growth: Sendable, Equatable { case both, left, right }
}

public enum FontWeight: Int, Sendable {
    case regular = 400
    case medium = 500
    case semibold = 600
    /// The navigation bar's large title.
    case bold = 700
}

/// One line of text in the system font (SF Pro, or its stand-in) or in the family the scene names.
public struct Text: Sendable {
    public enum Alignment: Sendable { case leading, center, trailing }
    public var string: String
    public var fontSize: Double
    public var weight: FontWeight
    public var color: Color
    /// The baseline's anchor point: its left end, centre or right end per `alignment`.
    public var baseline: Point
    public var alignment: Alignment
    /// The label's width in points: a string wider than this is truncated at the tail with "…" before any
    /// exporter draws it (`Animation.fittingText`), as UIKit's labels do (`NSLineBreakByTruncatingTail`,
    /// UILabel's default, which the tab bar button's label and the navigation bar's title keep). nil: any width.
    public var maximumWidth: Double?
    /// `tabBar.titleFont` / `badgeFont`: the family the scene names; nil: the system font, tracked as
    /// UIKit tracks SF Pro at this size.
    public var family: String?
    /// The text's language (`locale`, BCP 47): where several fonts cover it (Han characters), the one of
    /// its language draws it (Japanese forms for "ja", Traditional for "zh-Hant").
    public var language: String?

    public init(string: String, fontSize: Double, weight: FontWeight, color: Color, baseline: Point, alignment: Alignment,
                maximumWidth: Double? = nil, family: String? = nil, language: String? = nil) {
        self.string = string; self.fontSize = fontSize; self.weight = weight
        self.color = color; self.baseline = baseline; self.alignment = alignment; self.maximumWidth = maximumWidth
        self.family = family; self.language = language
    }
}

/// A Lottie clip playing in a box: at each moment the picture of one (fractional) frame of it, drawn by
/// tabanim's Lottie engine.
public struct FrameSequence: Sendable {
    public var clip: LottieClip
    /// Where the frames are drawn: the canvas scaled to fill the icon's box. Like `LOTAnimationView`
    /// (a UIView, `clipsToBounds = NO`), it is not clipped to the box when the canvas's aspect differs.
    public var frame: Rect
    /// Where the clip's playhead is, in its frames counting from the in point, fractional: linear while it
    /// plays (`(t − start) · fr`), as lottie-ios shows frame `ip + (t − start) · fr` unrounded.
    public var playhead: Track
    /// Non-nil for template rendering.
    public var tint: Color?

    public init(clip: LottieClip, frame: Rect, playhead: Track, tint: Color?) {
        self.clip = clip; self.frame = frame; self.playhead = playhead; self.tint = tint
    }
}

/// An image fitted into `frame` keeping its aspect ratio; a template image is drawn in `tint`
/// through its alpha channel.
public struct Image: Sendable {
    public var asset: Asset
    public var frame: Rect
    /// Non-nil for template rendering.
    public var tint: Color?

    public init(asset: Asset, frame: Rect, tint: Color?) { self.asset = asset; self.frame = frame; self.tint = tint }
}
