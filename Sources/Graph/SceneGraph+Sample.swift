import Basics
import Foundation

/// One thing to draw in a sampled frame: a primitive with its full transform, opacity and clips.
public struct DrawCommand: Sendable {
    public enum Primitive: Sendable {
        case shape(Shape)
        case text(Text)
        case image(Image)
        /// A sequence at its playhead (frames from the clip's in point, fractional, within the clip).
        case frame(FrameSequence, playhead: Double)
        case shadow(Shadow)
        /// A backdrop with its source sampled at the same t (in screen points, back to front).
        case backdrop(Backdrop, source: [DrawCommand])
    }

    public var primitive: Primitive
    /// From the primitive's coordinates to screen points.
    public var transform: Affine
    public var opacity: Double
    /// Clip rectangles with the transform they are given in, outermost first.
    public var clips: [(rect: Rect, transform: Affine)]
    /// The composited group (`Group.composited`) it belongs to, when that group is partly transparent: the
    /// commands of one layer follow each other, are drawn together, and the whole is faded by its opacity.
    public var layer: Layer? = nil

    public struct Layer: Sendable, Equatable {
        /// Tells the layers of one sample apart.
        public var id: Int
        public var opacity: Double
    }
}

extension SceneGraph {
    /// The frame at `t`: a flat list of draw commands, back to front. A pure function of the graph and t:
    /// any order of calls, any frame rate.
    public func sample(at t: TimeInterval) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        var layers = 0
        Self.flatten(root, at: t, transform: .identity, opacity: 1, clips: [], layer: nil, layers: &layers, into: &commands)
        return commands
    }

    private static func flatten(_ group: Group, at t: TimeInterval, transform: Affine, opacity: Double,
                                clips: [(rect: Rect, transform: Affine)], layer: DrawCommand.Layer?, layers: inout Int,
                                into commands: inout [DrawCommand]) {
        var alpha = opacity
        var inner = transform
        for property in group.motion {
            switch property {
            case .translation(let x, let y):
                let dx = x.value(at: t), dy = y.value(at: t)
                if dx != 0 || dy != 0 { inner = inner.concatenating(.translation(dx, dy)) }
            case .rotation(let degrees, let center):
                let angle = degrees.value(at: t)
                if angle != 0 { inner = inner.concatenating(.rotation(angle * .pi / 180, about: center)) }
            case .scale(let x, let y, let c):
                let sx = x.value(at: t), sy = y.value(at: t)
                if sx != 1 || sy != 1 {
                    inner = inner.concatenating(Affine(a: sx, b: 0, c: 0, d: sy, tx: c.x - sx * c.x, ty: c.y - sy * c.y))
                }
            case .opacity(let track):
                alpha *= track.value(at: t)
            }
        }
        guard alpha > 0 else { return }
        var layer = layer
        if group.composited, layer == nil, alpha < 1 {
            // The children are drawn whole into the layer; the layer takes the group's opacity.
            layers += 1
            layer = DrawCommand.Layer(id: layers, opacity: alpha)
            alpha = 1
        }
        var clips = clips
        if let clip = group.clip { clips.append((clip, transform)) }
        func command(_ primitive: DrawCommand.Primitive) -> DrawCommand {
            DrawCommand(primitive: primitive, transform: inner, opacity: alpha, clips: clips, layer: layer)
        }
        for child in group.children {
            switch child {
            case .group(let nested):
                flatten(nested, at: t, transform: inner, opacity: alpha, clips: clips, layer: layer, layers: &layers, into: &commands)
            case .shape(let shape):
                commands.append(command(.shape(shape)))
            case .text(let text):
                commands.append(command(.text(text)))
            case .image(let image):
                commands.append(command(.image(image)))
            case .sequence(let sequence):
                commands.append(command(.frame(sequence, playhead: sequence.playhead(at: t))))
            case .shadow(let shadow):
                commands.append(command(.shadow(shadow)))
            case .backdrop(let backdrop):
                // The source where it is drawn: at the root, untransformed (SceneGraphBuilder puts it there).
                var source: [DrawCommand] = []
                var sourceLayers = 0
                flatten(backdrop.source, at: t, transform: .identity, opacity: 1, clips: [], layer: nil, layers: &sourceLayers, into: &source)
                commands.append(command(.backdrop(backdrop, source: source)))
            }
        }
    }

    /// Every image the graph draws, each once, in first-use order.
    public var assets: [Asset] {
        var found: [Asset] = []
        visit { if case .image(let image) = $0, !found.contains(image.asset) { found.append(image.asset) } }
        return found
    }

    /// Every frame sequence the graph draws, in order.
    public var sequences: [FrameSequence] {
        var found: [FrameSequence] = []
        visit { if case .sequence(let sequence) = $0 { found.append(sequence) } }
        return found
    }

    /// Calls `body` on every node that is not a group, depth first.
    public func visit(_ body: (Node) -> Void) {
        func walk(_ group: Group) {
            for child in group.children {
                if case .group(let nested) = child { walk(nested) } else { body(child) }
            }
        }
        walk(root)
    }
}

extension FrameSequence {
    /// The playhead at `t`, within the clip: 0 … op − ip.
    public func playhead(at t: TimeInterval) -> Double {
        min(max(playhead.value(at: t), 0), clip.outPoint - clip.inPoint)
    }
}
