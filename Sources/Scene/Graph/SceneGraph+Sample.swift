import Foundation

/// One thing to draw in a sampled frame: a primitive with its full transform, opacity and clips.
public struct DrawCommand: Sendable {
    public enum Primitive: Sendable {
        case shape(Shape)
        case text(Text)
        case image(Image)
    }

    public var primitive: Primitive
    /// From the primitive's coordinates to screen points.
    public var transform: Affine
    public var opacity: Double
    /// Clip rectangles with the transform they are given in, outermost first.
    public var clips: [(rect: Rect, transform: Affine)]
}

extension SceneGraph {
    /// The frame at `t`: a flat list of draw commands, back to front. A pure function of the graph and t:
    /// any order of calls, any frame rate.
    public func sample(at t: TimeInterval) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        Self.flatten(root, at: t, transform: .identity, opacity: 1, clips: [], into: &commands)
        return commands
    }

    private static func flatten(_ group: Group, at t: TimeInterval, transform: Affine, opacity: Double,
                                clips: [(rect: Rect, transform: Affine)], into commands: inout [DrawCommand]) {
        let alpha = opacity * (group.opacity?.value(at: t) ?? 1)
        guard alpha > 0 else { return }
        var clips = clips
        if let clip = group.clip { clips.append((clip, transform)) }
        var inner = transform
        if let dx = group.translationX?.value(at: t), dx != 0 { inner = inner.concatenating(.translation(dx, 0)) }
        if let rotation = group.rotation {
            let degrees = rotation.degrees.value(at: t)
            if degrees != 0 { inner = inner.concatenating(.rotation(degrees * .pi / 180, about: rotation.center)) }
        }
        for child in group.children {
            switch child {
            case .group(let nested):
                flatten(nested, at: t, transform: inner, opacity: alpha, clips: clips, into: &commands)
            case .shape(let shape):
                commands.append(DrawCommand(primitive: .shape(shape), transform: inner, opacity: alpha, clips: clips))
            case .text(let text):
                commands.append(DrawCommand(primitive: .text(text), transform: inner, opacity: alpha, clips: clips))
            case .image(let image):
                commands.append(DrawCommand(primitive: .image(image), transform: inner, opacity: alpha, clips: clips))
            }
        }
    }

    /// Every asset the graph draws, each once, in first-use order.
    public var assets: [Asset] {
        var found: [Asset] = []
        func visit(_ group: Group) {
            for child in group.children {
                switch child {
                case .group(let nested): visit(nested)
                case .image(let image) where !found.contains(image.asset): found.append(image.asset)
                default: break
                }
            }
        }
        visit(root)
        return found
    }
}
