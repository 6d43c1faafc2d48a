import Drawing
import Foundation
import LottieEngine
import Scene

/// Writes a `LottieMotion` where the clip shows, inline (not a `<use>` of a definition: WebKit does not seek
/// the animations inside a `<use>` copy with its document). The canvas fills the sequence's box, clipped
/// to the canvas as the engine's picture is; each layer nests one `<g>` per transform step, outermost
/// parent first, the step's `animateTransform` inside it; paths move by `d`, paints by `fill`/`stroke` and
/// their opacities. A flip-book run is a sheet beside it, stepped as `SVGSession` steps a whole clip's.
struct LottieMotionWriter {
    let xml: XMLWriter
    let timing: SMILTiming
    /// Put before every id written (unique per place the clip shows).
    let id: String
    let box: Rect
    /// The tint filter's id, for a template clip.
    let tint: String?
    let sprite: LottieSprite

    func write(_ motion: LottieMotion) throws(CLibraryError) {
        let canvasClip = "\(id)-canvas"
        try xml.start("g")
        try xml.attribute("id", id)
        try xml.start("clipPath")
        try xml.attribute("id", canvasClip)
        try xml.element("rect", ["width": SVGNumber.format(motion.canvas.width), "height": SVGNumber.format(motion.canvas.height)])
        try xml.end()
        let sx = box.width / motion.canvas.width, sy = box.height / motion.canvas.height
        for (k, run) in motion.runs.enumerated() {
            switch run {
            case .animated(let layer):
                try xml.start("g")
                try xml.attribute("transform", "translate(\(SVGNumber.format(box.minX)),\(SVGNumber.format(box.minY))) scale(\(SVGNumber.time(sx)),\(SVGNumber.time(sy)))")
                try xml.attribute("clip-path", "url(#\(canvasClip))")
                if let tint { try xml.attribute("filter", "url(#\(tint))") }
                try write(layer, prefix: "\(id)-\(k)-", canvas: motion.canvas)
                try xml.end()
            case .flipBook(let pictures):
                let sheet = "\(id)-\(k)"
                try xml.start("defs")
                try LottieSprite.writeVectorSheet(pictures, id: sheet, box: box, into: xml)
                try xml.end()
                try xml.start("g")
                try xml.attribute("transform", "translate(\(SVGNumber.format(box.minX)),\(SVGNumber.format(box.minY)))")
                try xml.start("g")
                try xml.attribute("transform", "translate(\(SVGNumber.format(-box.width * sprite.index.value(at: 0))),0)")
                if let animation = timing.animation([sprite.index]) {
                    try timing.animateTransform(animation, type: "translate", into: xml) { "\(SVGNumber.format(-box.width * $0[0])),0" }
                }
                try xml.start("use")
                try xml.attribute("href", "#\(sheet)")
                if let tint { try xml.attribute("filter", "url(#\(tint))") }
                try xml.end()
                try xml.end()
                try xml.end()
            }
        }
        try xml.end()
    }

    // MARK: - Layers

    private func write(_ layer: LottieMotion.AnimatedLayer, prefix: String, canvas: (width: Double, height: Double)) throws(CLibraryError) {
        var depth = 0
        if layer.visibility.value(at: 0) == 0 || !layer.visibility.isConstant {
            try xml.start("g")
            depth += 1
            if layer.visibility.value(at: 0) == 0 { try xml.attribute("visibility", "hidden") }
            try timing.animate([layer.visibility], attribute: "visibility", into: xml) { $0[0] > 0.5 ? "visible" : "hidden" }
        }
        let f = SVGNumber.format, r = SVGNumber.time
        for t in layer.chain {
            try step(&depth, t.position, "translate") { "\(f($0[0])),\(f($0[1]))" }
            try step(&depth, [t.rotation], "rotate") { r($0[0]) }
            if !(t.skew.isConstant && t.skew.value(at: 0) == 0) {
                // R(sa) · skewX(−sk) · R(−sa), `LottieTransform.matrix`'s shear about its axis.
                try step(&depth, [t.skewAxis], "rotate", always: true) { r($0[0]) }
                try step(&depth, [t.skew], "skewX", always: true) { r(-$0[0]) }
                try step(&depth, [t.skewAxis], "rotate", always: true) { r(-$0[0]) }
            }
            try step(&depth, t.scale, "scale") { "\(r($0[0])),\(r($0[1]))" }
            try step(&depth, t.anchor, "translate") { "\(f($0[0])),\(f($0[1]))" }
        }
        // The layer's opacity composites its content as one, as the engine's group does.
        if !(layer.opacity.isConstant && layer.opacity.value(at: 0) >= 1) {
            try xml.start("g")
            depth += 1
            let first = layer.opacity.value(at: 0)
            if first < 1 { try xml.attribute("opacity", r(max(first, 0))) }
            try timing.animate([layer.opacity], attribute: "opacity", into: xml) { r(min(max($0[0], 0), 1)) }
        }
        var content = ContentWriter(xml: xml, timing: timing, prefix: prefix, canvas: canvas, tracks: layer.numbers)
        try content.write(layer.content)
        for _ in 0..<depth { try xml.end() }
    }

    /// One transform step: a `<g>` with its value at the loop's start and its animation; none when it holds
    /// the identity (`identity` values) throughout, unless `always`.
    private func step(_ depth: inout Int, _ tracks: [Track], _ type: String, always: Bool = false,
                      _ format: ([Double]) -> String) throws(CLibraryError) {
        let identity: Double = type == "scale" ? 1 : 0
        if !always, tracks.allSatisfy({ $0.isConstant && $0.value(at: 0) == identity }) { return }
        try xml.start("g")
        depth += 1
        try xml.attribute("transform", "\(type)(\(format(tracks.map { $0.value(at: 0) })))")
        if let animation = timing.animation(tracks) { try timing.animateTransform(animation, type: type, into: xml, format) }
    }
}

/// A layer's content with its numbers' tracks, read in `ContentNumbers.flatten`'s order: what holds still is
/// written by `LottieVectorWriter` as in a sheet, what moves as paths with `<animate>`s.
private struct ContentWriter {
    let xml: XMLWriter
    let timing: SMILTiming
    let prefix: String
    let canvas: (width: Double, height: Double)
    let tracks: [Track]
    var index = 0
    var statics = 0

    init(xml: XMLWriter, timing: SMILTiming, prefix: String, canvas: (width: Double, height: Double), tracks: [Track]) {
        self.xml = xml; self.timing = timing; self.prefix = prefix; self.canvas = canvas; self.tracks = tracks
    }

    mutating func write(_ nodes: [VectorNode]) throws(CLibraryError) {
        for node in nodes { try write(node) }
    }

    private func total(_ node: VectorNode) -> Int {
        if case .group(_, _, let children) = node { return children.reduce(0) { $0 + total($1) } }
        return ContentNumbers.count(node)
    }

    private mutating func write(_ node: VectorNode) throws(CLibraryError) {
        let n = total(node)
        guard index + n <= tracks.count else { return }
        if tracks[index..<(index + n)].allSatisfy(\.isConstant) {
            // Holds still: the node as the sheet writes it (its picture at the in point is the picture throughout).
            var writer = LottieVectorWriter(xml: xml, idPrefix: "\(prefix)s\(statics)-", canvas: canvas)
            statics += 1
            index += n
            return try writer.write([node])
        }
        switch node {
        case .group(let m, let opacity, let children):
            try xml.start("g")
            if m != .identity { try xml.attribute("transform", LottieVectorWriter.matrix(m)) }
            if opacity < 1 { try xml.attribute("opacity", SVGNumber.time(opacity)) }
            try write(children)
            try xml.end()
        case .fill(let path, _, let rule):
            try xml.start("path")
            let p = try self.path(path)
            let c = try paint("fill")
            if rule == .evenOdd { try xml.attribute("fill-rule", "evenodd") }
            try p()
            try c()
            try xml.end()
        case .stroke(let path, _, let style):
            try xml.start("path")
            let p = try self.path(path)
            try xml.attribute("fill", "none")
            let c = try paint("stroke")
            let width = tracks[index], offset = tracks[index + 1], dashes = Array(tracks[(index + 2)..<(index + 2 + style.dashes.count)])
            index += 2 + style.dashes.count
            try xml.attribute("stroke-width", SVGNumber.time(width.value(at: 0)))
            let caps: [StrokeStyle.Cap: String] = [.butt: "butt", .round: "round", .square: "square"]
            let joins: [StrokeStyle.Join: String] = [.miter: "miter", .round: "round", .bevel: "bevel"]
            if style.cap != .butt { try xml.attribute("stroke-linecap", caps[style.cap] ?? "butt") }
            if style.join != .miter { try xml.attribute("stroke-linejoin", joins[style.join] ?? "miter") }
            if style.join == .miter, style.miterLimit != 4 { try xml.attribute("stroke-miterlimit", SVGNumber.time(max(style.miterLimit, 1))) }
            if !dashes.isEmpty {
                try xml.attribute("stroke-dasharray", dashes.map { SVGNumber.time(max($0.value(at: 0), 0)) }.joined(separator: " "))
                try xml.attribute("stroke-dashoffset", SVGNumber.time(offset.value(at: 0)))
            }
            try p()
            try c()
            try timing.animate([width], attribute: "stroke-width", into: xml) { SVGNumber.time(max($0[0], 0)) }
            if !dashes.isEmpty {
                try timing.animate(dashes, attribute: "stroke-dasharray", into: xml) { $0.map { SVGNumber.time(max($0, 0)) }.joined(separator: " ") }
                try timing.animate([offset], attribute: "stroke-dashoffset", into: xml) { SVGNumber.time($0[0]) }
            }
            try xml.end()
        case .masked, .matted, .blended, .shadowed, .merged, .image:
            index += n  // `ContentNumbers.flatten` refuses them
        }
    }

    /// The path's `d` at the loop's start; returns what writes its animation (after the other attributes).
    /// Every segment is a `C`, so that every key's `d` has the same commands, as SMIL interpolates them.
    private mutating func path(_ path: BezierPath) throws(CLibraryError) -> () throws(CLibraryError) -> Void {
        let shape = path.contours.map { ($0.vertices.count, $0.closed) }
        let mine = Array(tracks[index..<(index + ContentNumbers.count(path))])
        index += mine.count
        func d(_ v: [Double]) -> String {
            var parts: [String] = [], k = 0
            let f = SVGNumber.format
            for (count, closed) in shape {
                defer { k += count * 6 }
                guard count > 0 else { continue }
                // Vertex j: point at 6j, in-control at 6j + 2, out-control at 6j + 4.
                func at(_ j: Int, _ o: Int) -> String { "\(f(v[k + 6 * j + o])) \(f(v[k + 6 * j + o + 1]))" }
                parts.append("M" + at(0, 0))
                let segments = closed ? count : count - 1
                for j in 0..<segments {
                    let next = (j + 1) % count
                    parts.append("C" + at(j, 4) + " " + at(next, 2) + " " + at(next, 0))
                }
                if closed { parts.append("Z") }
            }
            return parts.joined()
        }
        try xml.attribute("d", d(mine.map { $0.value(at: 0) }))
        return { [xml, timing] () throws(CLibraryError) in try timing.animate(mine, attribute: "d", into: xml, d) }
    }

    /// A colour's `attribute` and its opacity at the loop's start, with their animations (children of the
    /// element, so they are written after every attribute: `XMLWriter` allows no attribute after a child).
    private mutating func paint(_ attribute: String) throws(CLibraryError) -> () throws(CLibraryError) -> Void {
        let rgb = Array(tracks[index..<(index + 3)]), alpha = tracks[index + 3]
        index += 4
        func hex(_ v: [Double]) -> String { LottieVectorWriter.hex(RGBA(red: v[0], green: v[1], blue: v[2], alpha: 1)) }
        try xml.attribute(attribute, hex(rgb.map { $0.value(at: 0) }))
        let a = alpha.value(at: 0)
        if a < 1 || !alpha.isConstant { try xml.attribute("\(attribute)-opacity", SVGNumber.time(min(max(a, 0), 1))) }
        return { [xml, timing] () throws(CLibraryError) in
            try timing.animate(rgb, attribute: attribute, into: xml, hex)
            try timing.animate([alpha], attribute: "\(attribute)-opacity", into: xml) { SVGNumber.time(min(max($0[0], 0), 1)) }
        }
    }
}
