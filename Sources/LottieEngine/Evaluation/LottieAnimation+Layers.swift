import Foundation

/// One node of the root composition and the layer it draws.
public struct LayerNode: Sendable, Equatable {
    /// The layer's place in `LottieAnimation.layers`, from 0 (top first, as in the file).
    public var layer: Int
    /// The layer as `picture(atFrame:)` draws it: its transform, opacity, masks and matte applied.
    public var node: VectorNode
}

/// The root composition layer by layer, for a writer that animates each layer's own transform and
/// opacity (the SVG's SMIL) and draws only what lies inside them from the engine's pictures.
extension LottieAnimation {
    /// The root composition's layers at `frame`, bottom to top: the nodes `picture(atFrame:)` clips to the
    /// canvas, each with its layer.
    public func rootLayerNodes(atFrame frame: Double, options: EvaluationOptions = .init()) throws(LottieFileError) -> [LayerNode] {
        guard frame.isFinite else { throw LottieFileError("", "frame \(frame) is not a number") }
        var budget = LottieLimits.maxLayerInstancesPerFrame
        return try entries(layers, at: frame, options: options, depth: 0, atEnd: frame >= outPoint, budget: &budget)
    }

    /// `node` (one of `rootLayerNodes`) alone, as `picture(atFrame:)` draws the root composition: clipped
    /// to the canvas.
    public func picture(showingOnly node: VectorNode) -> VectorPicture {
        VectorPicture(width: width, height: height, nodes: [.masked(content: [node], masks: [Self.rectangleMask(width: width, height: height)])])
    }

    /// What root layer `index` (from 0, top first) draws at `frame` inside its transform and opacity,
    /// whether or not it shows then: `nil` when it draws nothing.
    public func rootLayerContent(_ index: Int, atFrame frame: Double, options: EvaluationOptions = .init()) throws(LottieFileError) -> [VectorNode]? {
        guard layers.indices.contains(index), frame.isFinite else { return nil }
        var budget = LottieLimits.maxLayerInstancesPerFrame
        return try content(of: layers[index], at: frame, options: options, depth: 0, atEnd: frame >= outPoint, budget: &budget)
    }

    /// The layers whose transforms place root layer `index`, outermost parent first, the layer itself last
    /// (`parent` by `ind`, the first layer with an `ind` winning, as the engine draws them).
    public func rootTransformChain(_ index: Int) -> [Layer] {
        guard layers.indices.contains(index) else { return [] }
        var byIndex: [Int: Layer] = [:]
        for layer in layers { if let i = layer.index, byIndex[i] == nil { byIndex[i] = layer } }
        return Self.chain(of: layers[index], byIndex: byIndex)
    }
}

/// One keyframe segment of a property: from `start` to `end` (frames), eased by `easing` unless `hold`.
public struct KeySegment: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var easing: KeyframeEasing
    public var hold: Bool
    /// Whether the value changes over it.
    public var moves: Bool
}

/// What any animated property offers a caller that walks a model without knowing its value's type.
public protocol KeySegmented {
    var keySegments: [KeySegment] { get }
}

extension Animated: KeySegmented {
    /// The segments between neighbouring keyframes, in order.
    public var keySegments: [KeySegment] {
        guard case .keyframed(let keys) = self else { return [] }
        return zip(keys, keys.dropFirst()).map { key, next in
            KeySegment(start: key.time, end: next.time, easing: key.easing, hold: key.hold, moves: (key.endValue ?? next.value) != key.value)
        }
    }
}

extension KeyframeEasing {
    /// The timing curve of dimension `d` (from 0) as the engine plays it: `o` and `i`, the x values kept
    /// within 0…1 (`CubicEasing`).
    public func curve(dimension d: Int = 0) -> (x1: Double, y1: Double, x2: Double, y2: Double) {
        let (x1, y1, x2, y2) = controls(d)
        return (min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)
    }
}
