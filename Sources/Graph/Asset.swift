import AppleFormats
import Basics
import Foundation

/// An image file the scene uses, or one that tabanim draws itself.
public struct Asset: Sendable, Equatable {
    /// `pdf`: a vector PDF from an asset catalog's image set; drawn from its first page.
    public enum Format: String, Sendable { case svg, png, pdf, lottie }
    public enum Source: Sendable, Equatable {
        case file(URL)
        /// Built into tabanim: the bytes themselves.
        case builtIn(name: String, data: Data)
    }

    public var source: Source
    public var format: Format
    /// The path as written in the scene (or the built-in's name), for messages.
    public var displayName: String
    /// Where the scene names this asset.
    public var keyPath: KeyPath
    /// For a symbol image (a `.symbolset`'s template variant), where it is aligned; nil for other images,
    /// which are placed by their box.
    public var symbol: SymbolMetrics?
    /// For an SF Symbol named by `systemImage` and drawn by a stand-in, "house → home": the symbol and the
    /// stand-in's glyph (for the warning).
    public var standIn: String?

    public init(source: Source, format: Format, displayName: String, keyPath: KeyPath) {
        self.source = source
        self.format = format
        self.displayName = displayName
        self.keyPath = keyPath
    }

    /// Every field, the cheapest first: an image's entry is found by comparing it with each asset of the
    /// scene, for every image that changes on every frame, and comparing two URLs is slow.
    public static func == (a: Asset, b: Asset) -> Bool {
        a.displayName == b.displayName && a.format == b.format && a.keyPath == b.keyPath && a.symbol == b.symbol && a.source == b.source
    }
}

/// A Lottie file and the numbers of its header that timing and layout need.
public struct LottieClip: Sendable, Equatable {
    public var asset: Asset
    /// `w` × `h`: the composition's canvas.
    public var canvas: Size
    /// `fr`: frames per second.
    public var frameRate: Double
    /// `ip` and `op`: the in and out points, in frames (fractional values allowed).
    public var inPoint: Double
    public var outPoint: Double
    /// `rendering: "template"`: tinted through its alpha with the selected tint; false: drawn as it is.
    public var isTemplate: Bool

    public init(asset: Asset, canvas: Size, frameRate: Double, inPoint: Double, outPoint: Double, isTemplate: Bool) {
        self.asset = asset; self.canvas = canvas; self.frameRate = frameRate
        self.inPoint = inPoint; self.outPoint = outPoint; self.isTemplate = isTemplate
    }

    /// Played once from progress 0 to 1: (op − ip) / fr seconds.
    public var duration: TimeInterval { (outPoint - inPoint) / frameRate }
    /// Whole frames the player draws, counting from the in point.
    public var frameCount: Int { max(1, Int((outPoint - inPoint).rounded())) }
}

/// A font file of `fonts`: registered for the run only (nothing is installed).
public struct FontFile: Sendable, Equatable {
    public var url: URL
    /// As the scene wrote it, for messages.
    public var displayName: String
    public var keyPath: KeyPath

    public init(url: URL, displayName: String, keyPath: KeyPath) {
        self.url = url; self.displayName = displayName; self.keyPath = keyPath
    }
}
