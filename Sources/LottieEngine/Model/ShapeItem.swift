import Foundation

/// One entry of a shape layer's `shapes` or a group's `it`, by its `ty`. Items a file hides (`hd`) are
/// left out when the file is read.
public indirect enum ShapeItem: Sendable {
    /// `gr`: its items and its transform (the `tr` entry, identity when absent).
    case group([ShapeItem], LottieTransform)
    /// `sh`: `ks`; `d` 3 reverses the direction.
    case path(Animated<ShapeValue>, reversed: Bool)
    /// `rc`: centre `p`, size `s`, corner radius `r`.
    case rectangle(position: Animated<Vector>, size: Animated<Vector>, roundness: Animated<Vector>, reversed: Bool)
    /// `el`: centre `p`, size `s`.
    case ellipse(position: Animated<Vector>, size: Animated<Vector>, reversed: Bool)
    /// `sr`.
    case polystar(Polystar)
    /// `fl`, `gf`.
    case fill(FillItem)
    /// `st`, `gs`.
    case stroke(StrokeItem)
    /// `tm`.
    case trim(TrimItem)
    /// `rd`: `r`.
    case roundCorners(Animated<Vector>)
    /// `rp`.
    case repeater(RepeaterItem)
    /// `mm`: `mm` 1 merge (the paths drawn together, as a fill after them does anyway), or a boolean
    /// combination of them.
    case merge(MergeMode?)
    /// `tr` (used by `group`; kept in place so item indices match the file).
    case transform
    /// Anything else; already recorded as an unsupported feature.
    case ignored
}

/// `sr`: `sy` 1 star, 2 polygon; `pt` points, `p` centre, `r` rotation, `ir`/`or` radii, `is`/`os` roundness (percent).
public struct Polystar: Sendable {
    public var isStar: Bool
    public var points: Animated<Vector>
    public var position: Animated<Vector>
    public var rotation: Animated<Vector>
    public var innerRadius: Animated<Vector>
    public var outerRadius: Animated<Vector>
    public var innerRoundness: Animated<Vector>
    public var outerRoundness: Animated<Vector>
    public var reversed: Bool
}

/// What a fill paints: a colour (`c`) or a gradient (`gf`'s `s`, `e`, `t`, `g`, `h`, `a`).
public enum PaintSource: Sendable {
    case color(Animated<Vector>)
    case gradient(GradientSource)
}

public struct GradientSource: Sendable {
    /// `t`: 1 linear, 2 radial.
    public var isRadial: Bool
    public var start: Animated<Vector>
    public var end: Animated<Vector>
    /// `g.p`: colour stops; `g.k` holds `4·p` numbers (offset, r, g, b) then optional (offset, alpha) pairs.
    public var colorStopCount: Int
    public var stops: Animated<Vector>
    /// `h`, `a`: radial highlight length (percent) and angle (degrees).
    public var highlightLength: Animated<Vector>?
    public var highlightAngle: Animated<Vector>?
}

public struct FillItem: Sendable {
    public var paint: PaintSource
    /// `o`, percent.
    public var opacity: Animated<Vector>
    /// `r`: 1 non-zero, 2 even-odd.
    public var rule: FillRule
}

public struct StrokeItem: Sendable {
    public var paint: PaintSource
    public var opacity: Animated<Vector>
    /// `w`.
    public var width: Animated<Vector>
    /// `lc` 1 butt, 2 round, 3 square; `lj` 1 miter, 2 round, 3 bevel; `ml` miter limit.
    public var cap: StrokeStyle.Cap
    public var join: StrokeStyle.Join
    public var miterLimit: Double
    /// `d`: `n` "d" dash, "g" gap, "o" offset, each with `v`.
    public var dashes: [(isGap: Bool, length: Animated<Vector>)]
    public var dashOffset: Animated<Vector>?
}

/// `tm`: start `s`, end `e` (percent), offset `o` (degrees, 360 = once round); `m` 1 simultaneously,
/// 2 individually (the paths trimmed as one long path, one after the other).
public struct TrimItem: Sendable {
    public var start: Animated<Vector>
    public var end: Animated<Vector>
    public var offset: Animated<Vector>
    public var individually: Bool
}

/// `rp`: `c` copies, `o` offset (copies, may be fractional), `m` 1 above / 2 below, `tr` per-copy transform.
public struct RepeaterItem: Sendable {
    public var copies: Animated<Vector>
    public var offset: Animated<Vector>
    public var newCopiesAbove: Bool
    public var transform: LottieTransform
}
