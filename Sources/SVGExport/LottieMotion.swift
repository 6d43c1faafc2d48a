import Drawing
import Foundation
import Graph
import LottieEngine
import Scene

/// A Lottie clip in the SVG as SMIL, layer by layer (issue 37): each layer that SMIL can move is written
/// once, its transforms (and its parents') as `animateTransform`s and its opacity as an `animate`, both on
/// the file's own keyframes and curves, and what it draws inside them moving as `LottieContentMotion`
/// finds; each run of layers that SMIL cannot move (masks, mattes, blend modes, a path whose vertex count
/// changes, auto-orient) stays a flip-book of the engine's pictures of those layers at the export's frame
/// times, as `LottieSprite` writes a whole clip. Times are the scene's loop: `LottieTimeline` maps the
/// file's frames onto each play of the clip.
struct LottieMotion {
    /// The tracks, in the loop's seconds, of one transform (`ks` of the layer or of a parent): position ·
    /// rotation · skew · scale · (−anchor), as `LottieTransform.matrix` composes them.
    struct TransformTracks {
        var position: [Track], rotation: Track, skew: Track, skewAxis: Track, scale: [Track], anchor: [Track]
    }

    /// A layer written as SMIL.
    struct AnimatedLayer {
        var chain: [TransformTracks]
        var opacity: Track
        /// 1 while the layer shows (`ip` ..< `op`), else 0.
        var visibility: Track
        var content: [VectorNode]
        var numbers: [Track]
    }

    enum Run {
        case animated(AnimatedLayer)
        /// The engine's pictures of these layers at the sprite's playheads.
        case flipBook([VectorPicture])
    }

    /// Bottom to top.
    let runs: [Run]
    let canvas: (width: Double, height: Double)

    /// `nil` when no layer can be SMIL (the whole clip's sheet serves), or when a flip-book's pictures use
    /// what `LottieVectorWriter` cannot write.
    init?(_ sequence: FrameSequence, animation: LottieAnimation, sprite: LottieSprite, duration: TimeInterval) throws {
        // A layer that blends blends with every layer below it: the clip stays one flip-book, each picture
        // an isolated group, rather than SMIL layers and flip-book runs blending apart.
        let blends = (animation.layers + animation.precomps.values.joined()).contains { $0.blendMode != .normal }
        guard !blends, let timeline = LottieTimeline(sequence, inPoint: animation.inPoint, outPoint: animation.outPoint, duration: duration),
              animation.width > 0, animation.height > 0 else { return nil }
        canvas = (animation.width, animation.height)
        var runs: [Run] = [], pending: [Int] = []
        func flush() throws -> Bool {
            guard !pending.isEmpty else { return true }
            let shown = Set(pending)
            var pictures: [VectorPicture] = []
            for playhead in sprite.playheads {
                let nodes = try animation.rootLayerNodes(atFrame: animation.inPoint + playhead).filter { shown.contains($0.layer) }.map(\.node)
                let picture = VectorPicture(width: animation.width, height: animation.height, nodes: nodes)
                guard LottieVectorWriter.canWrite(picture) else { return false }
                pictures.append(picture)
            }
            runs.append(.flipBook(pictures))
            pending = []
            return true
        }
        var animatedCount = 0
        for (n, layer) in animation.layers.enumerated().reversed() where !layer.isMatteSource && !layer.hidden {
            if let animated = try Self.animatedLayer(n, of: animation, timeline: timeline) {
                guard try flush() else { return nil }
                runs.append(.animated(animated))
                animatedCount += 1
            } else {
                pending.append(n)
            }
        }
        guard animatedCount > 0, try flush() else { return nil }
        self.runs = runs
    }

    /// Layer `n` as SMIL, or `nil` when it needs the flip-book.
    private static func animatedLayer(_ n: Int, of animation: LottieAnimation, timeline: LottieTimeline) throws -> AnimatedLayer? {
        let layer = animation.layers[n]
        let chain = animation.rootTransformChain(n)
        guard layer.masks.isEmpty, layer.matteMode == nil, layer.blendMode == .normal, layer.dropShadow == nil,
              !chain.contains(where: \.autoOrient), let motion = try LottieContentMotion(animation, layer: n) else { return nil }
        // Gradients are written as they stand: one that moves keeps the flip-book.
        guard ContentNumbers.gradientsHoldStill(motion.first, motion.tracks) else { return nil }
        var transforms: [TransformTracks] = []
        for l in chain {
            guard let t = transformTracks(l.transform, animation: animation) else { return nil }
            transforms.append(TransformTracks(position: t.position.map(timeline.sceneTrack), rotation: timeline.sceneTrack(t.rotation),
                                              skew: timeline.sceneTrack(t.skew), skewAxis: timeline.sceneTrack(t.skewAxis),
                                              scale: t.scale.map(timeline.sceneTrack), anchor: t.anchor.map(timeline.sceneTrack)))
        }
        guard let opacity = LottieTracks.tracks(layer.transform.opacity, dimensions: 1, scale: 0.01)?.first else { return nil }
        let ip = animation.inPoint, op = animation.outPoint
        func shows(_ f: Double) -> Double { LottieAnimation.isVisible(layer, at: f, atEnd: f >= op) ? 1 : 0 }
        let times = Set([ip, layer.inPoint, layer.outPoint, op].filter { $0 >= ip && $0 <= op }).sorted()
        let visibility = Track(times.map { Graph.Keyframe($0, shows($0)) })
        return AnimatedLayer(chain: transforms, opacity: timeline.sceneTrack(Self.clamped(opacity)), visibility: timeline.sceneTrack(visibility),
                             content: motion.first, numbers: motion.tracks.map(timeline.sceneTrack))
    }

    /// Opacity as the engine clamps it (0…1) at each key; a curve that overshoots past either end is
    /// clamped at its keys only (the engine clamps every value), a difference for files that overshoot opacity.
    private static func clamped(_ track: Track) -> Track {
        Track(track.keyframes.map { Graph.Keyframe($0.time, min(max($0.value, 0), 1), $0.easing) })
    }

    /// The transform's tracks in the file's frames: position (sampled every half frame where it follows
    /// spatial tangents), rotation, skew and its axis, scale (as a fraction), anchor (negated).
    private static func transformTracks(_ t: LottieTransform, animation: LottieAnimation)
        -> (position: [Track], rotation: Track, skew: Track, skewAxis: Track, scale: [Track], anchor: [Track])? {
        // A 3D layer's `rx`, `ry` flatten through cosines of the angle (`LottieTransform.flattenedRotation`),
        // which no `animateTransform` follows: such a layer keeps the flip-book.
        for r in [t.rotationX, t.rotationY] {
            guard let track = LottieTracks.tracks(r, dimensions: 1)?.first, track.isConstant, track.value(at: 0) == 0 else { return nil }
        }
        var position: [Track]
        switch t.position {
        case .combined(let p):
            if let tracks = LottieTracks.tracks(p, dimensions: 2) { position = tracks } else {
                position = (0..<2).map { d in LottieTracks.sampled(from: animation.inPoint, to: animation.outPoint) { p.value(at: $0)[d] } }
            }
        case .split(let x, let y):
            guard let px = LottieTracks.tracks(x, dimensions: 1), let py = LottieTracks.tracks(y, dimensions: 1) else { return nil }
            position = px + py
        }
        guard let r = LottieTracks.tracks(t.rotation, dimensions: 1), let sk = LottieTracks.tracks(t.skew, dimensions: 1),
              let sa = LottieTracks.tracks(t.skewAxis, dimensions: 1), let s = LottieTracks.tracks(t.scale, dimensions: 2, scale: 0.01),
              let a = LottieTracks.tracks(t.anchor, dimensions: 2, scale: -1) else { return nil }
        return (position, r[0], sk[0], sa[0], s, a)
    }
}
