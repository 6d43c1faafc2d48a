import Foundation

/// Bounds on everything a file can make the engine do, so that no file crashes or hangs it. Real icons
/// stay far below each (the corpus of `../shared/lottie`: depth ≤ 14, ≤ 30 keyframes per property).
public enum LottieLimits {
    /// Nesting of the JSON document itself.
    public static let maxJSONDepth = 128
    /// Shape groups inside groups, and precomps inside precomps.
    public static let maxGroupDepth = 32
    public static let maxPrecompDepth = 16
    public static let maxLayers = 2_000
    public static let maxShapeItems = 20_000
    public static let maxKeyframes = 10_000
    /// Numbers in one array (a path's vertices, a gradient's stops).
    public static let maxArrayLength = 100_000
    /// Larger numbers are refused: 1e308 would overflow to infinity at the first multiplication.
    public static let maxMagnitude = 1e7
    /// A repeater's copies.
    public static let maxRepeaterCopies = 1_000
    /// Paths drawn in one frame, counted as they are made (repeaters in repeaters multiply).
    public static let maxPathsPerFrame = 100_000
    /// Layers drawn in one frame, precomps' layers counted each time a precomp is shown (a precomp of 100
    /// layers each showing another such precomp would otherwise multiply past any bound).
    public static let maxLayerInstancesPerFrame = 10_000
    /// JSON objects in the whole document, counted as it is parsed (`LottieAnimation.jsonBounds`): the real icons have at
    /// most 875; the bound keeps the parse short.
    public static let maxJSONObjects = 50_000
    /// The input file itself.
    public static let maxFileBytes = 16 * 1024 * 1024
}
