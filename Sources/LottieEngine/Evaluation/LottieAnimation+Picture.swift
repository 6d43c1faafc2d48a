import Foundation

extension LottieAnimation {
    /// The picture at `frame` (in the file's frames, fractional: 4.5 is half-way between frames 4 and 5),
    /// a pure function: no state is kept between calls, so any order of calls gives the same pictures.
    /// Throws only when the file would make one frame too large to draw (`LottieLimits.maxPathsPerFrame`).
    public func picture(atFrame frame: Double, options: EvaluationOptions = .init()) throws(LottieFileError) -> VectorPicture {
        guard frame.isFinite else { throw LottieFileError("", "frame \(frame) is not a number") }
        var budget = LottieLimits.maxLayerInstancesPerFrame
        // Counted first, without evaluating anything: a file whose precomps multiply past the bound is
        // refused in microseconds, not after drawing 10,000 layers.
        var count = 0
        try countInstances(layers, at: frame, options: options, depth: 0, atEnd: frame >= outPoint, count: &count)
        let nodes = try composition(layers, at: frame, options: options, depth: 0, atEnd: frame >= outPoint, budget: &budget)
        return VectorPicture(width: width, height: height,
                             nodes: [.masked(content: nodes, masks: [Self.rectangleMask(width: width, height: height)])])
    }

    /// A composition's layers at `frame` of it, bottom to top.
    /// `atEnd`: the animation's own frame is its out point (or beyond), where every layer ending there still shows.
    private func composition(_ layers: [Layer], at frame: Double, options: EvaluationOptions, depth: Int, atEnd: Bool,
                             budget: inout Int) throws(LottieFileError) -> [VectorNode] {
        try entries(layers, at: frame, options: options, depth: depth, atEnd: atEnd, budget: &budget).map(\.node)
    }

    /// `composition`'s nodes, each with the place in `layers` (from 0, top first) of the layer it draws.
    func entries(_ layers: [Layer], at frame: Double, options: EvaluationOptions, depth: Int, atEnd: Bool,
                 budget: inout Int) throws(LottieFileError) -> [LayerNode] {
        guard depth <= LottieLimits.maxPrecompDepth else { return [] }  // cycles were refused when the file was read
        budget -= layers.count
        guard budget >= 0 else {
            throw LottieFileError("", "more than \(LottieLimits.maxLayerInstancesPerFrame) layers in one frame (precomps showing precomps)")
        }
        var byIndex: [Int: Layer] = [:]
        for layer in layers { if let i = layer.index, byIndex[i] == nil { byIndex[i] = layer } }
        var out: [LayerNode] = []
        for (n, layer) in layers.enumerated().reversed() where !layer.isMatteSource && !layer.hidden {
            guard var node = try self.node(layer, at: frame, byIndex: byIndex, options: options, depth: depth, atEnd: atEnd, budget: &budget) else { continue }
            if let mode = layer.matteMode {
                let source = layer.matteParent.flatMap { byIndex[$0] } ?? (n > 0 ? layers[n - 1] : nil)
                let matte = try source.flatMap { (s: Layer) throws(LottieFileError) in
                    try self.node(s, at: frame, byIndex: byIndex, options: options, depth: depth, atEnd: atEnd, budget: &budget)
                }
                switch (matte, mode) {
                case (nil, .alpha), (nil, .luma): continue  // nothing shows through an empty matte
                case (nil, _): break
                case (let m?, _): node = .matted(content: [node], matte: [m], mode: mode)
                }
            }
            if layer.blendMode != .normal { node = .blended(content: [node], mode: layer.blendMode) }
            out.append(LayerNode(layer: n, node: node))
        }
        return out
    }

    /// The layers `composition` would evaluate at `frame` (each composition's layers, those of the precomps
    /// its visible precomp layers show, and so on), stopping with the refusal past the bound.
    private func countInstances(_ layers: [Layer], at frame: Double, options: EvaluationOptions, depth: Int, atEnd: Bool,
                                count: inout Int) throws(LottieFileError) {
        guard depth <= LottieLimits.maxPrecompDepth else { return }
        count += layers.count
        guard count <= LottieLimits.maxLayerInstancesPerFrame else {
            throw LottieFileError("", "more than \(LottieLimits.maxLayerInstancesPerFrame) layers in one frame (precomps showing precomps)")
        }
        for layer in layers where Self.isVisible(layer, at: frame, atEnd: atEnd) {
            guard case .precomp(let id, _, _) = layer.content, let inner = precomps[id] else { continue }
            try countInstances(inner, at: innerFrame(of: layer, at: frame, options), options: options, depth: depth + 1, atEnd: atEnd, count: &count)
        }
    }

    /// The frame of its precomp that a precomp layer shows at `frame` of its own composition: `tm` (seconds)
    /// when it has one, else shifted by `st` and stretched by `sr`.
    private func innerFrame(of layer: Layer, at frame: Double, _ options: EvaluationOptions) -> Double {
        layer.timeRemap.map { $0.value(at: frame, options: options).x * frameRate } ?? (frame - layer.startTime) / layer.timeStretch
    }

    /// One layer at `frame` of its composition; `nil` when it shows nothing then.
    private func node(_ layer: Layer, at frame: Double, byIndex: [Int: Layer], options: EvaluationOptions,
                      depth: Int, atEnd: Bool, budget: inout Int) throws(LottieFileError) -> VectorNode? {
        guard Self.isVisible(layer, at: frame, atEnd: atEnd),
              let content = try content(of: layer, at: frame, options: options, depth: depth, atEnd: atEnd, budget: &budget)
        else { return nil }
        let opacity = layer.transform.opacity(at: frame, options)
        guard opacity > 0 else { return nil }
        let transform = matrix(of: layer, at: frame, byIndex: byIndex, options: options)
        // Scaled to 0 (a pop-in's first frame) or turned edge-on in 3D: nothing, as Core Animation draws it.
        guard transform.isFinite, transform.isInvertible else { return nil }
        return .group(transform: transform, opacity: opacity, children: content)
    }

    /// What `layer` draws at `frame` inside its transform and opacity (its masks applied), whether or not it
    /// shows then; `nil` when it draws nothing.
    func content(of layer: Layer, at frame: Double, options: EvaluationOptions, depth: Int, atEnd: Bool,
                 budget: inout Int) throws(LottieFileError) -> [VectorNode]? {
        // A layer's own keyframes are in its composition's frames (`st` and `sr` shift only what a precomp
        // layer shows: lottie-ios's `PreCompositionLayer`; twitter_heart_button's H2, with `st` −46 and keys
        // at 43…91, matches iOS only so).
        let local = frame
        var content: [VectorNode]
        switch layer.content {
        case .shapes(let items):
            var evaluator = ShapeEvaluator(frame: local, options: options)
            content = try evaluator.nodes(items)
        case .precomp(let id, let w, let h):
            let inner = innerFrame(of: layer, at: frame, options)
            content = try composition(precomps[id] ?? [], at: inner, options: options, depth: depth + 1, atEnd: atEnd, budget: &budget)
            if w > 0, h > 0, !content.isEmpty { content = [.masked(content: content, masks: [Self.rectangleMask(width: w, height: h)])] }
        case .solid(let color, let w, let h):
            content = [.fill(BezierPath([ShapeGeometry.rectangle(center: Vec2(w / 2, h / 2), size: Vec2(w, h), radius: 0, reversed: false)]),
                             paint: .color(color), rule: .nonZero)]
        case .image(let id):
            guard let image = images[id] else { return nil }
            content = [.image(data: image.data, width: image.width, height: image.height)]
        case .text(let text):
            guard let nodes = textNodes(text, at: local, options: options) else { return nil }
            content = nodes
        case .none:
            return nil
        }
        guard !content.isEmpty else { return nil }
        // The shadow is under the layer's contents, inside its masks: lottie-ios sets it on the layer that
        // holds the contents and carries the mask (`BaseCompositionLayer.contentsLayer`).
        if let shadow = layer.dropShadow?.value(at: local, options: options) { content = [.shadowed(content: content, shadow: shadow)] }
        if !layer.masks.isEmpty {
            let masks = layer.masks.filter { $0.mode != .none }.map { m in
                Mask(path: BezierPath([m.path.value(at: local, options: options).contour]), mode: m.mode,
                     opacity: min(max(m.opacity.value(at: local, options: options).x / 100, 0), 1), inverted: m.inverted)
            }
            if !masks.isEmpty { content = [.masked(content: content, masks: masks)] }
        }
        return content
    }

    /// Whether `layer` shows at `frame` of its composition: from `ip` included to `op` excluded, as After
    /// Effects and lottie-ios's default engine (Core Animation: `CALayer.addVisibilityAnimation`, hidden
    /// from `outFrame` on) show it; a layer still showing when the animation reaches its own out point stays
    /// (the same function: "anything visible during the last frame should stay visible until the absolute
    /// end"), so progress 1 shows the last frame. lottie-ios's Main Thread engine (`CompositionLayer.displayWithFrame`,
    /// `isInRangeOrEqual`) also shows a layer at exactly its `op` mid-animation; tabanim follows the default engine.
    public static func isVisible(_ layer: Layer, at frame: Double, atEnd: Bool) -> Bool {
        frame >= layer.inPoint && (frame < layer.outPoint || (atEnd && frame <= layer.outPoint))
    }

    /// The layer's transform and its parents' (not their opacity); a parent chain
    /// that loops or runs too deep stops there.
    private func matrix(of layer: Layer, at frame: Double, byIndex: [Int: Layer], options: EvaluationOptions) -> Affine {
        Self.chain(of: layer, byIndex: byIndex).reduce(Affine.identity) { m, l in
            m.concatenating(l.transform.matrix(at: frame, options, autoOrient: l.autoOrient))
        }
    }

    /// The layers whose transforms place `layer`: its parent's parent … its parent, then itself (outermost
    /// first); a parent chain that loops or runs too deep stops there.
    static func chain(of layer: Layer, byIndex: [Int: Layer]) -> [Layer] {
        var chain: [Layer] = []
        var current: Layer? = layer
        var seen = Set<Int>()
        while let l = current, seen.count <= 64 {
            chain.append(l)
            if let i = l.index { guard seen.insert(i).inserted else { break } }
            current = l.parent.flatMap { byIndex[$0] }
        }
        return chain.reversed()
    }

    static func rectangleMask(width: Double, height: Double) -> Mask {
        Mask(path: BezierPath([ShapeGeometry.rectangle(center: Vec2(width / 2, height / 2), size: Vec2(width, height), radius: 0, reversed: false)]),
             mode: .add, opacity: 1, inverted: false)
    }
}
