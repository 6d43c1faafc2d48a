import Basics
import Drawing
import Foundation
import Graph
import Graphics
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
        if tracks[index..<(index + n)].allSatisfy(\.isConstant), !Self.hasTrim(node) {
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
        case .stroke(let path, _, let style) where !style.trim.isEmpty:
            try writeTrimmed(path, style)
        case .stroke(let path, _, let style):
            try xml.start("path")
            let p = try self.path(path)
            try xml.attribute("fill", "none")
            let c = try paint("stroke")
            let width = tracks[index], offset = tracks[index + 1], dashes = Array(tracks[(index + 2)..<(index + 2 + style.dashes.count)])
            index += 2 + style.dashes.count
            try xml.attribute("stroke-width", SVGNumber.time(width.value(at: 0)))
            try capsAndJoins(style)
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

    private func capsAndJoins(_ style: StrokeStyle) throws(CLibraryError) {
        let caps: [StrokeStyle.Cap: String] = [.butt: "butt", .round: "round", .square: "square"]
        let joins: [StrokeStyle.Join: String] = [.miter: "miter", .round: "round", .bevel: "bevel"]
        if style.cap != .butt { try xml.attribute("stroke-linecap", caps[style.cap] ?? "butt") }
        if style.join != .miter { try xml.attribute("stroke-linejoin", joins[style.join] ?? "miter") }
        if style.join == .miter, style.miterLimit != 4 { try xml.attribute("stroke-miterlimit", SVGNumber.time(max(style.miterLimit, 1))) }
    }

    private static func hasTrim(_ node: VectorNode) -> Bool {
        switch node {
        case .group(_, _, let children): return children.contains(where: hasTrim)
        case .stroke(_, _, let style): return !style.trim.isEmpty
        default: return false
        }
    }

    /// A stroke whose trim is left to dashes (`TrimWindow`): each contour a `<path>` whose `pathLength` is
    /// its share of the trimmed length, dashed `length 1−length` from `dashOffset`, both moving on the
    /// trim's keyframes. One contour is one `<path>`; several share their paint from a `<g>` whose `opacity`
    /// is the paint's alpha (each drawn opaque, then laid as one, as the engine's single stroke of them all).
    /// A dash of length 0 still draws its caps in browsers (round or square), so such a path is hidden while
    /// its trim keeps nothing.
    private mutating func writeTrimmed(_ path: BezierPath, _ style: StrokeStyle) throws(CLibraryError) {
        var pieces: [(shape: BezierPath, tracks: [Track])] = []
        for contour in path.contours {
            let shape = BezierPath([contour]), n = ContentNumbers.count(shape)
            pieces.append((shape, Array(tracks[index..<(index + n)])))
            index += n
        }
        let shared = pieces.count > 1
        try xml.start(shared ? "g" : "path")
        if !shared { try shape(pieces[0], style.trim[0]) }
        try xml.attribute("fill", "none")
        // Several contours: the paint's alpha is the group's opacity, so that where they cross it is laid once,
        // as the engine's one stroke of them all lays it.
        let c = try paint("stroke", opacity: shared ? "opacity" : nil)
        let width = tracks[index]
        index += 2  // the width and the stroke's own dash offset (a trimmed stroke has no dashes)
        try xml.attribute("stroke-width", SVGNumber.time(width.value(at: 0)))
        try capsAndJoins(style)
        let windows = pieces.indices.map { k in (length: tracks[index + 2 * k], offset: tracks[index + 2 * k + 1]) }
        index += 2 * pieces.count
        if !shared {
            try dashes(windows[0], style.cap)
            try timing.animate(pieces[0].tracks, attribute: "d", into: xml) { Self.d(pieces[0].shape, $0) }
            try animateDashes(windows[0], style.cap)
        }
        try c()
        try timing.animate([width], attribute: "stroke-width", into: xml) { SVGNumber.time(max($0[0], 0)) }
        if shared {
            for (k, piece) in pieces.enumerated() {
                try xml.start("path")
                try shape(piece, style.trim[k])
                try dashes(windows[k], style.cap)
                try timing.animate(piece.tracks, attribute: "d", into: xml) { Self.d(piece.shape, $0) }
                try animateDashes(windows[k], style.cap)
                try xml.end()
            }
        }
        try xml.end()
    }

    private func shape(_ piece: (shape: BezierPath, tracks: [Track]), _ window: TrimWindow) throws(CLibraryError) {
        try xml.attribute("d", Self.d(piece.shape, piece.tracks.map { $0.value(at: 0) }))
        try xml.attribute("pathLength", SVGNumber.time(window.pathLength))
    }

    /// How far (a fraction of the length) a kept part is drawn inside each of its ends. A part starting or
    /// ending exactly at a contour's end (`s` + `o` whole, `e` at 100 %, trims of several paths) would
    /// otherwise leave past that end a dash of length 0, or of Chromium's error in its curves' lengths
    /// (10⁻⁵ of it measured), which browsers draw as its caps and the engine's cut does not draw at all.
    /// A part keeping all has no ends and stays whole.
    static let dashInset = 1e-3

    private static func dasharray(_ v: [Double]) -> String {
        let l = min(max(v[0], 0), 1), inset = l >= 1 ? 1 : max(l - 2 * dashInset, 0)
        return "\(SVGNumber.time(inset)) \(SVGNumber.time(1 - inset))"
    }

    private static func dashoffset(_ v: [Double]) -> String { SVGNumber.time(v[0] - dashInset) }

    /// The window's dashes at the loop's start (hidden while it keeps nothing, for caps that would show).
    private func dashes(_ w: (length: Track, offset: Track), _ cap: StrokeStyle.Cap) throws(CLibraryError) {
        if cap != .butt, Self.emptyStretches(w.length).value(at: 0) == 0 { try xml.attribute("visibility", "hidden") }
        try xml.attribute("stroke-dasharray", Self.dasharray([w.length.value(at: 0)]))
        try xml.attribute("stroke-dashoffset", Self.dashoffset([w.offset.value(at: 0)]))
    }

    private func animateDashes(_ w: (length: Track, offset: Track), _ cap: StrokeStyle.Cap) throws(CLibraryError) {
        try timing.animate([w.length], attribute: "stroke-dasharray", into: xml, Self.dasharray)
        try timing.animate([w.offset], attribute: "stroke-dashoffset", into: xml, Self.dashoffset)
        if cap != .butt {
            try timing.animate([Self.emptyStretches(w.length)], attribute: "visibility", into: xml) { $0[0] > 0.5 ? "visible" : "hidden" }
        }
    }

    /// 0 over each stretch where `length` holds at 0 (a trim keeping nothing), else 1, as holds.
    private static func emptyStretches(_ length: Track) -> Track {
        let keys = length.keyframes
        return Track(keys.indices.map { k in
            let next = k + 1 < keys.count ? keys[k + 1] : nil
            let flat = keys[k].value <= 1e-9 && (keys[k].easing == .hold || (next.map { $0.value <= 1e-9 } ?? true))
            return Graph.Keyframe(keys[k].time, flat ? 0 : 1, .hold)
        })
    }

    /// The path's `d` at the loop's start; returns what writes its animation (after the other attributes).
    /// Every segment is a `C`, so that every key's `d` has the same commands, as SMIL interpolates them.
    private mutating func path(_ path: BezierPath) throws(CLibraryError) -> () throws(CLibraryError) -> Void {
        let mine = Array(tracks[index..<(index + ContentNumbers.count(path))])
        index += mine.count
        try xml.attribute("d", Self.d(path, mine.map { $0.value(at: 0) }))
        return { [xml, timing] () throws(CLibraryError) in try timing.animate(mine, attribute: "d", into: xml) { Self.d(path, $0) } }
    }

    /// `path`'s `d` with its numbers `v` (`ContentNumbers.flatten`'s order).
    private static func d(_ path: BezierPath, _ v: [Double]) -> String {
        var parts: [String] = [], k = 0
        let f = SVGNumber.format
        for (count, closed) in path.contours.map({ ($0.vertices.count, $0.closed) }) {
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

    /// A colour's `attribute` and its opacity at the loop's start, with their animations (children of the
    /// element, so they are written after every attribute: `XMLWriter` allows no attribute after a child).
    /// `opacity`: where the paint's alpha goes (`fill-opacity`, `stroke-opacity`, or a group's `opacity`).
    private mutating func paint(_ attribute: String, opacity: String? = nil) throws(CLibraryError) -> () throws(CLibraryError) -> Void {
        let opacityAttribute = opacity ?? "\(attribute)-opacity"
        let rgb = Array(tracks[index..<(index + 3)]), alpha = tracks[index + 3]
        index += 4
        func hex(_ v: [Double]) -> String { LottieVectorWriter.hex(RGBA(red: v[0], green: v[1], blue: v[2], alpha: 1)) }
        try xml.attribute(attribute, hex(rgb.map { $0.value(at: 0) }))
        let a = alpha.value(at: 0)
        if a < 1 || !alpha.isConstant { try xml.attribute(opacityAttribute, SVGNumber.time(min(max(a, 0), 1))) }
        return { [xml, timing] () throws(CLibraryError) in
            try timing.animate(rgb, attribute: attribute, into: xml, hex)
            try timing.animate([alpha], attribute: opacityAttribute, into: xml) { SVGNumber.time(min(max($0[0], 0), 1)) }
        }
    }
}
