import Foundation
import Graph
import LottieEngine
import Scene

/// What a layer draws inside its own transform (its shapes as the engine evaluates them), as numbers that
/// move on the file's keyframes: every path's points, every paint's colour and opacity, every stroke's
/// width and dashes, one `Track` each in the file's frames. The engine's pictures stay the authority: the
/// content is evaluated at every keyframe boundary, and between two boundaries one of the file's curves
/// is kept only where the engine's own values, checked at three points inside, follow it (a scale eases
/// a path's points along one curve; a rotation inside a group, a trim or a path along spatial tangents do
/// not), else the content is sampled every half frame. `nil` when the drawing's shape changes (a vertex
/// count, a node that appears) or uses what has no animated SVG form here (masks, mattes, gradients that move).
struct LottieContentMotion {
    /// The content at the clip's in point: its structure, and where each node's numbers start.
    let first: [VectorNode]
    /// One per number of `ContentNumbers.flatten(first)`, in the file's frames.
    let tracks: [Track]

    init?(_ animation: LottieAnimation, layer index: Int) throws {
        let ip = animation.inPoint, op = animation.outPoint
        guard op > ip, let layer = animation.layers.indices.contains(index) ? animation.layers[index] : nil else { return nil }
        let segments: [KeySegment]
        switch layer.content {
        case .shapes(let items): segments = Self.segments(in: items)
        case .solid: segments = []
        case .text(let text): segments = text.keySegments  // documents held, animators eased
        default: return nil
        }
        // A moving trim as dashes on the whole path (`TrimWindow`), so that the path's vertices hold still.
        let options = EvaluationOptions(trimsAsDashes: true)
        func content(_ f: Double) throws -> (signature: String, numbers: [Double])? {
            guard let nodes = try animation.rootLayerContent(index, atFrame: f, options: options) else { return nil }
            return ContentNumbers.flatten(ContentNumbers.normalized(nodes))
        }
        var cuts = Set([ip, op])
        for s in segments { for t in [s.start, s.end] where t > ip && t < op { cuts.insert(t) } }
        let boundaries = cuts.sorted()
        guard let start = try content(ip), let nodes = try animation.rootLayerContent(index, atFrame: ip, options: options) else { return nil }
        first = ContentNumbers.normalized(nodes)
        var times: [Double] = [], values: [[Double]] = [], easings: [Easing] = []
        func append(_ f: Double, _ numbers: [Double], _ easing: Easing) {
            if times.last == f, values.last == numbers { easings[easings.count - 1] = easing; return }
            times.append(f); values.append(numbers); easings.append(easing)
        }
        for (a, b) in zip(boundaries, boundaries.dropFirst()) {
            guard let x = try content(a), let y = try content(b - 1e-6), let atB = try content(b),
                  x.signature == start.signature, y.signature == start.signature, atB.signature == start.signature else { return nil }
            append(a, x.numbers, .hold)
            if x.numbers != y.numbers {
                let covering = segments.filter { $0.moves && !$0.hold && $0.start <= a && $0.end >= b }
                let curves = Set(covering.map { "\($0.easing.curve())" })
                var exact = false
                if curves.count == 1, let lead = covering.first {
                    exact = try Self.follows(lead, from: a, to: b, x.numbers, y.numbers) { f in try content(f)?.numbers }
                }
                if exact, let lead = covering.first {
                    let c = lead.easing.curve(), span = lead.end - lead.start
                    let easing: Easing = c.x1 == c.y1 && c.x2 == c.y2 ? .linear : .cubicBezier(c.x1, c.y1, c.x2, c.y2)
                    let o0 = easing((a - lead.start) / span), o1 = easing((b - lead.start) / span)
                    guard let parts = easing.unitPieces(from: (a - lead.start) / span, to: (b - lead.start) / span) else { return nil }
                    for part in parts {
                        let w = (part.startOutput - o0) / (o1 - o0)
                        // Clamped into the stretch: a piece's progress times the span can land a hair before `a`.
                        append(min(max(lead.start + part.startProgress * span, a), b), zip(x.numbers, y.numbers).map { $0 + ($1 - $0) * w }, part.curve)
                    }
                } else {
                    var g = a
                    while g < b - 1e-9 {
                        guard let s = try content(g), s.signature == start.signature else { return nil }
                        append(g, s.numbers, .linear)
                        g += 0.5
                    }
                }
            }
            // The left limit at b, then the value from b on (a jump when they differ).
            append(b, y.numbers, .hold)
            if atB.numbers != y.numbers { append(b, atB.numbers, .hold) }
        }
        tracks = start.numbers.indices.map { k in Track(times.indices.map { Graph.Keyframe(times[$0], values[$0][k], easings[$0]) }) }
    }

    /// Whether the content between `a` and `b` is `x + (y − x)·w`, w being `segment`'s eased progress
    /// renormalised over the stretch, at a quarter, half and three quarters of it (to 1/1000 of a point).
    private static func follows(_ segment: KeySegment, from a: Double, to b: Double, _ x: [Double], _ y: [Double],
                                _ content: (Double) throws -> [Double]?) throws -> Bool {
        let c = segment.easing.curve(), span = segment.end - segment.start
        let easing: Easing = .cubicBezier(c.x1, c.y1, c.x2, c.y2)
        let o0 = easing((a - segment.start) / span), o1 = easing((b - segment.start) / span)
        guard abs(o1 - o0) > 1e-9 else { return false }
        for q in [0.25, 0.5, 0.75] {
            let f = a + (b - a) * q
            guard let z = try content(f) else { return false }
            let w = (easing((f - segment.start) / span) - o0) / (o1 - o0)
            for k in z.indices where abs(z[k] - (x[k] + (y[k] - x[k]) * w)) > 1e-3 { return false }
        }
        return true
    }

    /// Every keyframe segment of every property under `items`, found by walking the model's values
    /// (`Mirror`: the shape items' many kinds need no list kept in step with `ShapeItem`).
    static func segments(in items: [ShapeItem]) -> [KeySegment] {
        var out: [KeySegment] = []
        func walk(_ value: Any, depth: Int) {
            guard depth < 64 else { return }
            if let animated = value as? KeySegmented { out += animated.keySegments; return }
            for child in Mirror(reflecting: value).children { walk(child.value, depth: depth + 1) }
        }
        walk(items, depth: 0)
        return out
    }
}

/// A layer's content as a structure (`signature`: what must stay the same for SMIL to move it) and the
/// numbers that may move, in a fixed order that `LottieMotionWriter` reads back.
enum ContentNumbers {
    /// Groups holding only fills folded into their paths (the evaluator gives shape groups opacity 1, so
    /// this draws the same): a fill painting paths of several groups, as a house's outline with its door
    /// cut out, is one `<path>` whose points move with the groups' transforms.
    static func normalized(_ nodes: [VectorNode]) -> [VectorNode] {
        nodes.flatMap { node -> [VectorNode] in
            guard case .group(let m, let opacity, let children) = node else { return [node] }
            let inner = normalized(children)
            let fills = inner.compactMap { n -> VectorNode? in
                guard case .fill(let path, let paint, let rule) = n, case .color = paint else { return nil }
                return .fill(path.transformed(m), paint: paint, rule: rule)
            }
            return opacity >= 1 && fills.count == inner.count ? fills : [.group(transform: m, opacity: opacity, children: inner)]
        }
    }

    static func flatten(_ nodes: [VectorNode]) -> (signature: String, numbers: [Double])? {
        var signature = "", numbers: [Double] = []
        func path(_ p: BezierPath) {
            for contour in p.contours {
                signature += "(\(contour.vertices.count)\(contour.closed ? "z" : ""))"
                for v in contour.vertices { numbers += [v.point.x, v.point.y, v.inControl.x, v.inControl.y, v.outControl.x, v.outControl.y] }
            }
        }
        func paint(_ p: Paint) {
            if case .color(let c) = p { numbers += [c.red, c.green, c.blue, c.alpha]; signature += "c" } else { signature += "\(p)" }
        }
        func walk(_ nodes: [VectorNode]) -> Bool {
            for node in nodes {
                switch node {
                case .group(let m, let opacity, let children):
                    signature += "g\(m)\(opacity)["
                    guard walk(children) else { return false }
                    signature += "]"
                case .fill(let p, let fill, let rule):
                    signature += "f\(rule)"
                    path(p)
                    paint(fill)
                case .stroke(let p, let stroke, let style):
                    signature += "s\(style.cap)\(style.join)\(style.miterLimit)\(style.dashes.count)"
                    if !style.trim.isEmpty {
                        // Contours trimmed together share each its part of the length, which must hold still;
                        // written as one path each in a group, the group's opacity is the alpha of their colour (a
                        // gradient along a trimmed stroke keeps the flip-book).
                        signature += "t" + style.trim.map { String(format: "%.6g", $0.pathLength) }.joined(separator: ",")
                        guard isColor(stroke) else { return false }
                    }
                    path(p)
                    paint(stroke)
                    numbers += [style.width, style.dashOffset] + style.dashes
                    numbers += style.trim.flatMap { [$0.length, $0.dashOffset] }
                case .masked, .matted, .blended, .shadowed, .merged, .image:
                    return false
                }
            }
            return true
        }
        guard walk(nodes) else { return nil }
        return (signature, numbers)
    }
}

extension ContentNumbers {
    /// How many numbers `flatten` gives a path.
    static func count(_ path: BezierPath) -> Int { path.contours.reduce(0) { $0 + 6 * $1.vertices.count } }

    /// How many numbers `flatten` gives each node's own paint and style (not a group's children).
    static func count(_ node: VectorNode) -> Int {
        switch node {
        case .fill(let p, let paint, _): return count(p) + (isColor(paint) ? 4 : 0)
        case .stroke(let p, let paint, let style): return count(p) + (isColor(paint) ? 4 : 0) + 2 + style.dashes.count + 2 * style.trim.count
        default: return 0
        }
    }

    static func isColor(_ paint: Paint) -> Bool { if case .color = paint { return true } else { return false } }

    /// Whether every gradient-painted node's numbers hold still (`LottieVectorWriter` writes it as it stands).
    static func gradientsHoldStill(_ nodes: [VectorNode], _ tracks: [Track]) -> Bool {
        var index = 0
        func walk(_ nodes: [VectorNode]) -> Bool {
            for node in nodes {
                if case .group(_, _, let children) = node { guard walk(children) else { return false }; continue }
                let n = count(node)
                defer { index += n }
                let paint: Paint? = switch node { case .fill(_, let p, _), .stroke(_, let p, _): p; default: nil }
                if let paint, !isColor(paint), index + n <= tracks.count, tracks[index..<(index + n)].contains(where: { !$0.isConstant }) { return false }
            }
            return true
        }
        return walk(nodes)
    }
}
