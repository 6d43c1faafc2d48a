import Drawing
import Foundation
import Graphics
import LottieEngine
import enum Basics.SVGNumber

/// Writes one Lottie engine `VectorPicture` as static SVG elements, node for node what
/// `LottieVectorRenderer` draws with cairo: groups as `<g>` (opacity composites the group as one, as cairo's
/// offscreen layer does), fills and strokes as `<path>`, gradients as `userSpaceOnUse` gradients, masks as
/// `<clipPath>` (a plain clip) or `<mask>`, track mattes as `<mask>` (an alpha one through `mask-type`, the
/// others through a colour-matrix filter that turns the matte into the alpha it stands for).
///
/// Blend modes as `mix-blend-mode` and drop shadows as `feDropShadow` (`LottieVectorWriter+Effects.swift`).
/// Merge paths and embedded images have no exact SVG-in-`<img>` counterpart, and inverted or
/// luma mattes none that WebKit plays: `canWrite` says no to a picture using them, and the caller keeps
/// the PNG sprite for that clip.
struct LottieVectorWriter {
    let xml: XMLWriter
    /// Put before every id this writer makes (the SVG's `idPrefix` and the sprite's own id).
    let idPrefix: String
    /// The picture's canvas in its own points, where masks' and filters' regions are taken from.
    let canvas: (width: Double, height: Double)
    /// The sheet's shared nodes: written once, then `<use>`d.
    let reuse: LottieNodeReuse?
    private var nextID = 0
    /// The transform from the coordinates being written to the canvas's.
    private var current = LottieEngine.Affine.identity

    init(xml: XMLWriter, idPrefix: String, canvas: (width: Double, height: Double), reuse: LottieNodeReuse? = nil) {
        self.xml = xml
        self.reuse = reuse
        self.idPrefix = idPrefix
        self.canvas = canvas
    }

    /// Whether every node of `picture` has an exact SVG counterpart.
    static func canWrite(_ picture: VectorPicture) -> Bool { picture.nodes.allSatisfy(canWrite) }

    private static func canWrite(_ node: VectorNode) -> Bool {
        switch node {
        case .group(_, _, let children): return children.allSatisfy(canWrite)
        case .fill, .stroke: return true
        case .masked(let content, _): return content.allSatisfy(canWrite)
        case .matted(let content, let matte, let mode):
            // Inverted and luma mattes go through a filter inside the mask, which WebKit does not apply
            // (home_bar_matte's inverted matte read 15–21 dB there): the PNG sheet stands in until they
            // have a filter-free form.
            return mode == .alpha && content.allSatisfy(canWrite) && matte.allSatisfy(canWrite)
        case .blended(let content, _), .shadowed(let content, _): return content.allSatisfy(canWrite)
        case .merged, .image: return false
        }
    }

    mutating func write(_ nodes: [VectorNode]) throws(CLibraryError) {
        for node in nodes { try write(node) }
    }

    mutating func makeID(_ kind: String) -> String {
        defer { nextID += 1 }
        return "\(idPrefix)\(kind)\(nextID)"
    }

    // MARK: - Nodes

    private mutating func write(_ node: VectorNode) throws(CLibraryError) {
        guard let reuse, let key = LottieNodeReuse.key(node, under: current), reuse.isShared(key) else { return try draw(node) }
        if let id = reuse.id(of: key) { return try xml.element("use", ["href": "#\(id)"]) }
        let id = makeID("n")
        reuse.record(key, id: id)
        try draw(node, id: id)
    }

    /// `id`: the element's, for a shared node (the first element it writes, which holds all of it).
    private mutating func draw(_ node: VectorNode, id: String? = nil) throws(CLibraryError) {
        func named() throws(CLibraryError) { if let id { try xml.attribute("id", id) } }
        switch node {
        case .group(let transform, let opacity, let children):
            guard opacity > 0, transform.isFinite, !children.isEmpty else { return }
            if transform == .identity, opacity >= 1, id == nil { return try write(children) }  // a `<g>` that would change nothing
            try xml.start("g")
            try named()
            if transform != .identity { try xml.attribute("transform", Self.matrix(transform)) }
            if opacity < 1 { try xml.attribute("opacity", SVGNumber.time(opacity)) }
            let outer = current
            current = current.concatenating(transform)
            try write(children)
            current = outer
            try xml.end()
        case .fill(let path, let paint, let rule):
            guard !path.isEmpty else { return }
            let fill = try define(paint)
            try xml.start("path")
            try named()
            try xml.attribute("d", Self.data(path))
            try fill.apply(xml, "fill")
            if rule == .evenOdd { try xml.attribute("fill-rule", "evenodd") }
            try xml.end()
        case .stroke(let path, let paint, let style):
            guard !path.isEmpty, style.width > 0 else { return }
            let stroke = try define(paint)
            try xml.start("path")
            try named()
            try xml.attribute("d", Self.data(path))
            try xml.attribute("fill", "none")
            try stroke.apply(xml, "stroke")
            try xml.attribute("stroke-width", SVGNumber.time(style.width))
            let caps: [StrokeStyle.Cap: String] = [.butt: "butt", .round: "round", .square: "square"]
            let joins: [StrokeStyle.Join: String] = [.miter: "miter", .round: "round", .bevel: "bevel"]
            if style.cap != .butt { try xml.attribute("stroke-linecap", caps[style.cap] ?? "butt") }
            if style.join != .miter { try xml.attribute("stroke-linejoin", joins[style.join] ?? "miter") }
            if style.join == .miter, style.miterLimit != 4 { try xml.attribute("stroke-miterlimit", SVGNumber.time(max(style.miterLimit, 1))) }
            if !style.dashes.isEmpty, style.dashes.contains(where: { $0 > 0 }) {
                try xml.attribute("stroke-dasharray", style.dashes.map { SVGNumber.time(max($0, 0)) }.joined(separator: " "))
                if style.dashOffset != 0 { try xml.attribute("stroke-dashoffset", SVGNumber.time(style.dashOffset)) }
            }
            try xml.end()
        case .masked(let content, let masks):
            guard let region = region() else { return }
            if masks.count == 1, let mask = masks.first, mask.mode == .add, !mask.inverted, mask.opacity >= 1, isCanvas(mask.path) {
                // The canvas's own bounds: the sheet clips every picture to them already.
                guard id != nil else { return try write(content) }
                try xml.start("g")
                try named()
                try write(content)
                return try xml.end()
            }
            if masks.count == 1, let mask = masks.first, mask.mode == .add, !mask.inverted, mask.opacity >= 1 {
                let clip = makeID("clip")
                try xml.start("clipPath")
                try xml.attribute("id", clip)
                try xml.element("path", ["d": Self.data(mask.path)])
                try xml.end()
                if content.contains(where: { if case .blended = $0 { return true } else { return false } }) {
                    return try writeClippedApart(content, clip: clip, id: id)
                }
                try write(content, id: id, referring: "clip-path", to: clip)
            } else {
                let mask = makeID("mask")
                try startMask(mask, region: region, alpha: true)
                try writeMasks(masks, region: region)
                try xml.end()
                try write(content, id: id, referring: "mask", to: mask)
            }
        case .matted(let content, let matte, let mode):
            guard let region = region() else { return }
            let matteID = makeID("matte")
            var filter: String?
            if mode != .alpha {
                let filterID = makeID("matte-filter")
                filter = filterID
                try writeMatteFilter(filterID, mode: mode, region: region)
            }
            try startMask(matteID, region: region, alpha: true)
            try xml.start("g")
            if let filter { try xml.attribute("filter", "url(#\(filter))") }
            try write(matte)
            try xml.end()
            try xml.end()
            try write(content, id: id, referring: "mask", to: matteID)
        case .blended(let content, let mode):
            try writeBlended(content, mode: mode, id: id)
        case .shadowed(let content, let shadow):
            try writeShadowed(content, shadow: shadow, id: id)
        case .merged, .image:
            return  // refused by `canWrite`
        }
    }

    /// `content` in a group (with the node's `id`, if any) that refers to the clip or mask `reference` by
    /// `attribute`.
    mutating func write(_ content: [VectorNode], id: String?, referring attribute: String, to reference: String) throws(CLibraryError) {
        try xml.start("g")
        if let id { try xml.attribute("id", id) }
        try xml.attribute(attribute, "url(#\(reference))")
        try write(content)
        try xml.end()
    }

    // MARK: - Masks and mattes

    /// Whether `path`, in the current coordinates, is the canvas's rectangle (a root precomp's clip).
    private func isCanvas(_ path: BezierPath) -> Bool {
        guard path.contours.count == 1, let contour = path.contours.first, contour.closed, !contour.vertices.isEmpty else { return false }
        let w = canvas.width, h = canvas.height
        let points = contour.vertices.flatMap { [$0.point, $0.inControl, $0.outControl] }.map(current.apply)
        let onCorner = points.allSatisfy { p in (abs(p.x) < 1e-9 || abs(p.x - w) < 1e-9) && (abs(p.y) < 1e-9 || abs(p.y - h) < 1e-9) }
        let xs = points.map(\.x), ys = points.map(\.y)
        return onCorner && xs.contains { abs($0) < 1e-9 } && xs.contains { abs($0 - w) < 1e-9 }
            && ys.contains { abs($0) < 1e-9 } && ys.contains { abs($0 - h) < 1e-9 }
    }

    /// The canvas in the current coordinates (its bounding box there, grown by half the canvas each way:
    /// strokes and antialiasing reach a little past it), or `nil` where the transform flattens everything.
    func region() -> (x: Double, y: Double, width: Double, height: Double)? {
        let m = current, det = m.determinant
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let inverse = Affine(a: m.d / det, b: -m.b / det, c: -m.c / det, d: m.a / det,
                             tx: (m.c * m.ty - m.d * m.tx) / det, ty: (m.b * m.tx - m.a * m.ty) / det)
        let w = canvas.width, h = canvas.height
        let corners = [Vec2(-w / 2, -h / 2), Vec2(w * 1.5, -h / 2), Vec2(-w / 2, h * 1.5), Vec2(w * 1.5, h * 1.5)].map(inverse.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(), (maxX - minX).isFinite, (maxY - minY).isFinite
        else { return nil }
        return (minX, minY, maxX - minX, maxY - minY)
    }

    func regionAttributes(_ r: (x: Double, y: Double, width: Double, height: Double)) -> KeyValuePairs<String, String> {
        ["x": SVGNumber.format(r.x), "y": SVGNumber.format(r.y), "width": SVGNumber.format(r.width), "height": SVGNumber.format(r.height)]
    }

    private func startMask(_ id: String, region r: (x: Double, y: Double, width: Double, height: Double), alpha: Bool) throws(CLibraryError) {
        try xml.start("mask")
        try xml.attribute("id", id)
        try xml.attribute("maskUnits", "userSpaceOnUse")
        try xml.attribute("maskContentUnits", "userSpaceOnUse")
        for (name, value) in regionAttributes(r) { try xml.attribute(name, value) }
        if alpha { try xml.attribute("mask-type", "alpha") }
    }

    /// The masks combined as `LottieVectorRenderer.maskSurface` combines them, as alpha: adding paints the
    /// shape white at its opacity over what is there (cairo's over); subtracting and intersecting multiply
    /// what is there by (1 − o·shape) or (1 − o + o·shape), which SVG says as the result so far drawn through
    /// a luminance mask, white but for the shape (subtract) or its complement (intersect) in black at `o`.
    private mutating func writeMasks(_ masks: [Mask], region r: (x: Double, y: Double, width: Double, height: Double)) throws(CLibraryError) {
        // Built inside out: each mask after the first keeps (subtract, intersect) or adds to (add) what the
        // earlier ones made, so the result is a nest of groups masked by the earlier result.
        var result = masks.first.map { $0.mode == .subtract || $0.mode == .intersect } == true ? [Self.rect(r)] : [String]()
        var opacities: [Double] = result.isEmpty ? [] : [1]
        var inner: String?  // the id of a mask holding the result so far
        for mask in masks {
            let shape = mask.inverted ? Self.rect(r) + " " + Self.data(mask.path) : Self.data(mask.path)
            let rule = mask.inverted ? "evenodd" : "nonzero"
            switch mask.mode {
            case .subtract, .intersect:
                // result · (1 − o·shape) or result · (1 − o + o·shape): the result so far drawn white, through
                // a luminance mask that is white outside (subtract) or inside (intersect) the shape.
                let keep = makeID("mask")
                try xml.start("mask")
                try xml.attribute("id", keep)
                try xml.attribute("maskUnits", "userSpaceOnUse")
                for (name, value) in regionAttributes(r) { try xml.attribute(name, value) }
                try xml.element("rect", ["x": SVGNumber.format(r.x), "y": SVGNumber.format(r.y), "width": SVGNumber.format(r.width),
                                         "height": SVGNumber.format(r.height), "fill": "#fff"])
                let complement = mask.mode == .subtract ? shape : (mask.inverted ? Self.data(mask.path) : Self.rect(r) + " " + shape)
                let complementRule = mask.mode == .subtract ? rule : (mask.inverted ? "nonzero" : "evenodd")
                try xml.element("path", ["d": complement, "fill-rule": complementRule, "fill": "#000", "fill-opacity": SVGNumber.time(mask.opacity)])
                try xml.end()
                let combined = makeID("mask")
                try startMask(combined, region: r, alpha: true)
                try xml.start("g")
                try xml.attribute("mask", "url(#\(keep))")
                try writeResult(result, opacities, inner: inner)
                try xml.end()
                try xml.end()
                inner = combined
                result = []
                opacities = []
            default:
                result.append(shape + "|" + rule)
                opacities.append(mask.opacity)
            }
        }
        try writeResult(result, opacities, inner: inner)
    }

    /// The shapes added so far over the masked earlier result.
    private func writeResult(_ shapes: [String], _ opacities: [Double], inner: String?) throws(CLibraryError) {
        if let inner {
            try xml.start("g")
            try xml.attribute("mask", "url(#\(inner))")
            try xml.element("rect", ["x": "-100000", "y": "-100000", "width": "200000", "height": "200000", "fill": "#fff"])
            try xml.end()
        }
        for (shape, opacity) in zip(shapes, opacities) {
            let parts = shape.split(separator: "|", maxSplits: 1).map(String.init)
            let rule = parts.count > 1 ? parts[1] : "nonzero"
            try xml.start("path")
            try xml.attribute("d", parts[0])
            try xml.attribute("fill", "#fff")
            if rule == "evenodd" { try xml.attribute("fill-rule", "evenodd") }
            if opacity < 1 { try xml.attribute("fill-opacity", SVGNumber.time(max(opacity, 0))) }
            try xml.end()
        }
    }

    /// Turns the matte into the alpha it stands for, white: its alpha inverted, or its Rec. 601 luma over
    /// black (inverted or not), as `LottieVectorRenderer` reads a matte.
    private func writeMatteFilter(_ id: String, mode: MatteMode, region r: (x: Double, y: Double, width: Double, height: Double)) throws(CLibraryError) {
        try xml.start("filter")
        try xml.attribute("id", id)
        try xml.attribute("filterUnits", "userSpaceOnUse")
        for (name, value) in regionAttributes(r) { try xml.attribute(name, value) }
        try xml.attribute("color-interpolation-filters", "sRGB")
        let white = "0 0 0 0 1 0 0 0 0 1 0 0 0 0 1"
        switch mode {
        case .alpha:
            try xml.element("feColorMatrix", ["type": "matrix", "values": "\(white) 0 0 0 1 0"])
        case .alphaInverted:
            try xml.element("feColorMatrix", ["type": "matrix", "values": "\(white) 0 0 0 -1 1"])
        case .luma, .lumaInverted:
            try xml.element("feFlood", ["flood-color": "#000", "result": "black"])
            try xml.element("feComposite", ["in": "SourceGraphic", "in2": "black", "operator": "over"])
            let luma = mode == .luma ? "0.299 0.587 0.114 0 0" : "-0.299 -0.587 -0.114 0 1"
            try xml.element("feColorMatrix", ["type": "matrix", "values": "\(white) \(luma)"])
        }
        try xml.end()
    }

    // MARK: - Paint

    /// What a `fill` or `stroke` attribute says: a colour with its opacity, or a gradient written just
    /// before (gradients render nowhere, so they may sit beside the path that uses them).
    private struct PaintReference {
        var value: String
        var opacity: Double

        func apply(_ xml: XMLWriter, _ attribute: String) throws(CLibraryError) {
            try xml.attribute(attribute, value)
            if opacity < 1 { try xml.attribute("\(attribute)-opacity", SVGNumber.time(max(opacity, 0))) }
        }
    }

    private mutating func define(_ paint: Paint) throws(CLibraryError) -> PaintReference {
        switch paint {
        case .color(let c):
            return PaintReference(value: Self.hex(c), opacity: c.alpha)
        case .linear(let start, let end, let stops, let opacity):
            let id = makeID("gradient")
            try xml.start("linearGradient")
            try xml.attribute("id", id)
            try xml.attribute("gradientUnits", "userSpaceOnUse")
            try xml.attribute("x1", SVGNumber.format(start.x))
            try xml.attribute("y1", SVGNumber.format(start.y))
            try xml.attribute("x2", SVGNumber.format(end.x))
            try xml.attribute("y2", SVGNumber.format(end.y))
            try writeStops(stops, opacity)
            try xml.end()
            return PaintReference(value: "url(#\(id))", opacity: 1)
        case .radial(let center, let end, let length, let angle, let stops, let opacity):
            // The focal point as `LottieVectorRenderer` places it.
            let radius = (end - center).length
            let direction = atan2(end.y - center.y, end.x - center.x) + angle * .pi / 180
            let distance = radius * min(max(length / 100, -0.99), 0.99)
            let id = makeID("gradient")
            try xml.start("radialGradient")
            try xml.attribute("id", id)
            try xml.attribute("gradientUnits", "userSpaceOnUse")
            try xml.attribute("cx", SVGNumber.format(center.x))
            try xml.attribute("cy", SVGNumber.format(center.y))
            try xml.attribute("r", SVGNumber.format(radius))
            if distance != 0 {
                try xml.attribute("fx", SVGNumber.format(center.x + cos(direction) * distance))
                try xml.attribute("fy", SVGNumber.format(center.y + sin(direction) * distance))
            }
            try writeStops(stops, opacity)
            try xml.end()
            return PaintReference(value: "url(#\(id))", opacity: 1)
        }
    }

    private func writeStops(_ stops: [GradientStop], _ opacity: Double) throws(CLibraryError) {
        for stop in stops {
            let alpha = min(max(stop.color.alpha * opacity, 0), 1)
            if alpha < 1 {
                try xml.element("stop", ["offset": SVGNumber.time(min(max(stop.offset, 0), 1)), "stop-color": Self.hex(stop.color),
                                         "stop-opacity": SVGNumber.time(alpha)])
            } else {
                try xml.element("stop", ["offset": SVGNumber.time(min(max(stop.offset, 0), 1)), "stop-color": Self.hex(stop.color)])
            }
        }
    }

    // MARK: - Syntax

    static func hex(_ c: RGBA) -> String {
        func byte(_ v: Double) -> Int { Int((min(max(v.isFinite ? v : 0, 0), 1) * 255).rounded()) }
        return String(format: "#%02x%02x%02x", byte(c.red), byte(c.green), byte(c.blue))
    }

    /// `matrix(a b c d tx ty)`: the linear part to 6 decimals (a rotation's cosine at 2 would move an
    /// icon's edge by a tenth of a point), the translation to 2.
    static func matrix(_ m: LottieEngine.Affine) -> String {
        "matrix(" + ([m.a, m.b, m.c, m.d].map(SVGNumber.time) + [m.tx, m.ty].map(SVGNumber.format)).joined(separator: " ") + ")"
    }

    /// A path's `d`: `M`, one `C` per segment, `Z` where the contour closes.
    static func data(_ path: BezierPath) -> String {
        var parts: [String] = []
        for contour in path.contours where !contour.vertices.isEmpty {
            let first = contour.vertices[0].point
            parts.append("M\(SVGNumber.format(first.x)) \(SVGNumber.format(first.y))")
            for k in 0..<contour.segmentCount {
                let s = contour.segment(k)
                if s.p1 == s.p0, s.p2 == s.p3 {  // straight: `L`, or nothing for the closing one (`Z` draws it)
                    if contour.closed, k == contour.segmentCount - 1 { continue }
                    parts.append("L\(SVGNumber.format(s.p3.x)) \(SVGNumber.format(s.p3.y))")
                } else {
                    parts.append("C" + [s.p1.x, s.p1.y, s.p2.x, s.p2.y, s.p3.x, s.p3.y].map(SVGNumber.format).joined(separator: " "))
                }
            }
            if contour.closed { parts.append("Z") }
        }
        return parts.joined()
    }

    static func rect(_ r: (x: Double, y: Double, width: Double, height: Double)) -> String {
        let x0 = SVGNumber.format(r.x), y0 = SVGNumber.format(r.y)
        let x1 = SVGNumber.format(r.x + r.width), y1 = SVGNumber.format(r.y + r.height)
        return "M\(x0) \(y0)H\(x1)V\(y1)H\(x0)Z"
    }
}
