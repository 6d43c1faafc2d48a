import Foundation

/// A Lottie file read into a clean model: every default applied, keyframes in one form, references
/// (precomps, images, parents) checked. No rendering code: `picture(atFrame:)` (in
/// `LottieAnimation+Picture.swift`) adds the evaluation.
public struct LottieAnimation: Sendable {
    /// `w`, `h`: the canvas in points.
    public var width: Double
    public var height: Double
    /// `fr`, frames per second.
    public var frameRate: Double
    /// `ip`, `op`: the frames played, the out point excluded.
    public var inPoint: Double
    public var outPoint: Double
    /// `layers`, top first (as in the file).
    public var layers: [Layer]
    /// `assets` with `layers`, by `id`.
    public var precomps: [String: [Layer]]
    /// `assets` with an embedded (`data:`) image, by `id`.
    public var images: [String: ImageAsset]
    /// What the file uses that the engine does not draw (e.g. "text layer", "expressions"), sorted, each once.
    /// Empty means the engine draws the file as the format says; otherwise the caller should fall back.
    public var unsupportedFeatures: [String]
    /// What the file gets wrong that the engine reads past, drawing the rest (a layer naming an asset that
    /// is not there), each with its key path, in the order found. Callers show them as warnings.
    public var warnings: [LottieFileError] = []
    /// Where each precomp's layers are in the file (`assets[3].layers`), for errors found after reading.
    var precompKeyPaths: [String: String] = [:]
    /// `fonts.list`, by `fName`.
    public var fonts: [String: LottieFont] = [:]
    /// `chars`, and the glyphs a `GlyphSource` added (`addingGlyphs(from:)`).
    public var glyphs: [GlyphKey: Glyph] = [:]

    /// The frame at progress `p` (0…1): `ip + p·(op − ip)`, not rounded, as lottie-ios plays it.
    public func frame(atProgress p: Double) -> Double { inPoint + p * (outPoint - inPoint) }
}

public struct ImageAsset: Sendable, Equatable {
    public var data: Data
    public var width: Double
    public var height: Double
}

/// One entry of `layers`.
public struct Layer: Sendable {
    public enum Content: Sendable {
        case shapes([ShapeItem])
        /// `ty` 0: `refId` names a precomp; `w`, `h` clip it.
        case precomp(id: String, width: Double, height: Double)
        /// `ty` 1: `sc` colour, `sw` × `sh`.
        case solid(RGBA, width: Double, height: Double)
        /// `ty` 2.
        case image(id: String)
        /// `ty` 5: `t`.
        case text(TextContent)
        /// `ty` 3 (null), and layers that draw nothing the engine knows (their transform still parents).
        case none
    }

    /// `ind`, which `parent` and `tp` refer to.
    public var index: Int?
    /// `parent`.
    public var parent: Int?
    /// `nm`, for messages.
    public var name: String
    public var content: Content
    /// `ip`, `op`: the layer is drawn for frames in `ip ..< op` of its composition.
    public var inPoint: Double
    public var outPoint: Double
    /// `st`: the composition frame at which the layer's own frame 0 falls.
    public var startTime: Double
    /// `sr`: the layer's time runs `1/sr` as fast.
    public var timeStretch: Double
    /// `ks`.
    public var transform: LottieTransform
    /// `ao`: rotate along the position's path.
    public var autoOrient: Bool
    /// `hd`.
    public var hidden: Bool
    /// `tt`: this layer is shown through a track matte.
    public var matteMode: MatteMode?
    /// `td`: this layer is a matte source, not drawn itself.
    public var isMatteSource: Bool
    /// `tp`: the matte source's `ind` (newer files); older ones use the layer just above.
    public var matteParent: Int?
    /// `masksProperties`.
    public var masks: [MaskProperty]
    /// `bm`.
    public var blendMode: BlendMode
    /// `tm`: the precomp frame, in seconds, as a function of the layer's time.
    public var timeRemap: Animated<Vector>?
    /// A Drop Shadow effect (`ef`, `ty` 25) or layer style (`sy`, `ty` 1), the only layer effect lottie-ios draws.
    public var dropShadow: DropShadowSource? = nil
}

/// A transform: a layer's `ks`, a group's `tr`, a repeater's `tr`.
public struct LottieTransform: Sendable {
    public enum Position: Sendable {
        case combined(Animated<Vector>)
        /// `p.s` true: `p.x` and `p.y` animated on their own.
        case split(x: Animated<Vector>, y: Animated<Vector>)
    }
    /// `a`.
    public var anchor: Animated<Vector>
    public var position: Position
    /// `s`, percent.
    public var scale: Animated<Vector>
    /// `r` (or `rz`), degrees clockwise.
    public var rotation: Animated<Vector>
    /// `rx`, `ry` (a 3D layer's, `ddd`): degrees about the x and y axes, drawn as lottie-ios draws them,
    /// flattened without perspective (`LottieTransform.matrix`).
    public var rotationX: Animated<Vector> = .fixed(Vector([0]))
    public var rotationY: Animated<Vector> = .fixed(Vector([0]))
    /// `o`, percent.
    public var opacity: Animated<Vector>
    /// `sk`, `sa`: skew and its axis, degrees.
    public var skew: Animated<Vector>
    public var skewAxis: Animated<Vector>
    /// A repeater's `so`, `eo`: the first and last copy's opacity, percent.
    public var startOpacity: Animated<Vector>?
    public var endOpacity: Animated<Vector>?

    public static let identity = LottieTransform(
        anchor: .fixed(Vector([0, 0])), position: .combined(.fixed(Vector([0, 0]))), scale: .fixed(Vector([100, 100])),
        rotation: .fixed(Vector([0])), opacity: .fixed(Vector([100])), skew: .fixed(Vector([0])), skewAxis: .fixed(Vector([0])))
}

/// One entry of `masksProperties`.
public struct MaskProperty: Sendable {
    /// `mode`: "a" add, "s" subtract, "i" intersect, "l" lighten, "d" darken, "f" difference, "n" none.
    public var mode: Mask.Mode
    /// `pt`.
    public var path: Animated<ShapeValue>
    /// `o`, percent.
    public var opacity: Animated<Vector>
    /// `inv`.
    public var inverted: Bool
}
