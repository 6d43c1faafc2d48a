import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import LottieEngine
import Outputs
import Resolving
import Scene

/// Writes the animation as one self-contained SVG that plays by itself inside `<img>`: SMIL animation,
/// presentation attributes only (no `<style>`, no `style=""`), no script, images as `data:` URIs, and every
/// animation on one shared loop so they restart together. With SMIL off it shows frame 0.
public struct SVGExporter: AnimationExporter {
    public static let format = OutputFormat(name: "svg", title: "SVG", extensions: ["svg"], mediaType: "image/svg+xml",
                                            smallerHint: "an SVG has nothing to give up (--text fonts writes smaller titles)")

    public let input: PreparedAnimation
    public var animation: Animation { input.animation }
    var scene: ResolvedScene { animation.scene }
    var graph: SceneGraph { animation.graph }
    /// Draws Lottie frames (a clip the engine does not draw is embedded as one sprite image per clip).
    var pdf: PDFConverting { input.pdf }
    /// How it plays (`repeatCount` on the shared loop), and its own `settings`.
    public var options: EncodingOptions

    /// What an SVG alone is told, kept in `EncodingOptions`.
    public struct Settings: FormatSettings {
        /// `--text`: its titles as glyph outlines or as text in the viewer's fonts.
        public var titles: TextRendering = .outlines
        /// Put before every `id` (and so every reference): two SVGs inline in one HTML page share its ids,
        /// and `url(#clip-0)` would otherwise find the first SVG's clip.
        public var idPrefix = ""

        public init() {}
    }

    /// Titles as glyph outlines from the raster formats' own font (every viewer shows the same letters), or
    /// as `<text>` that the viewer sets in its own fonts (smaller, selectable, but may differ).
    public enum TextRendering: String, Sendable, CaseIterable {
        case outlines
        case fonts
    }

    public var settings: Settings {
        get { options[Settings.self] }
        set { options[Settings.self] = newValue }
    }

    /// `settings.idPrefix`.
    public var idPrefix: String {
        get { settings.idPrefix }
        set { settings.idPrefix = newValue }
    }

    public init(_ input: PreparedAnimation, options: EncodingOptions) {
        self.input = input
        self.options = options
    }

    /// With the default options: looping forever, titles as outlines (for tests).
    public init(_ animation: Animation, pdf: PDFConverting) {
        self.init(PreparedAnimation(animation, pdf: pdf), options: EncodingOptions())
    }

    public var plan: String {
        "SVG with SMIL animation on one \(scene.export.duration.shortText) s timeline, images embedded, titles as \(settings.titles == .outlines ? "glyph outlines" : "text in the viewer's fonts"), \(options.playback.description)"
    }

    /// An SVG can hold any animation the scene can.
    public static func check(_ input: PreparedAnimation, options: EncodingOptions) throws(SceneError) {}

    public func write(to target: OutputTarget, progress: ExportProgress) throws -> ExportReport {
        let output = try Self.file(target)
        try output.write(try document())
        return ExportReport()
    }

    public func data(named displayName: String, progress: ExportProgress) throws -> (data: Data, report: ExportReport) {
        (try document(), ExportReport())
    }

    public func export(to output: OutputFile) throws {
        try output.write(try document())
    }

    /// The SVG document's bytes.
    public func document() throws -> Data {
        let assets = try AssetStore(graph: graph, scale: scene.export.scale, file: scene.file, limits: scene.limits, pdf: pdf,
                                    decoded: input.decoded)
        do {
            var session = try SVGSession(graph: graph, assets: assets, scale: scene.export.scale, frameRate: scene.export.fps,
                                         playCount: options.playback.playCount, outlines: settings.titles == .outlines, idPrefix: idPrefix)
            return try session.write()
        } catch {
            throw SceneError(.write, file: scene.file, keyPath: nil, "writing the SVG failed: \(error)")
        }
    }
}

/// One SVG document being written: the definitions it needs, then the tree.
struct SVGSession {
    let graph: SceneGraph
    let assets: AssetStore
    let scale: Double
    /// Where curves that SMIL cannot play exactly are sampled.
    let frameRate: Double
    let playCount: Int?
    /// Text as glyph outlines (`<path>` in `<defs>`, used once per colour) rather than `<text>`.
    let outlines: Bool
    /// Each title's glyphs, by what determines their shape and place, with the id of their `<path>`.
    var glyphIDs: [GlyphKey: String] = [:]
    /// The first text seen for each glyph id (colour aside, they are all alike).
    var glyphTexts: [(id: String, text: Text)] = []

    struct GlyphKey: Hashable {
        var string: String
        var fontSize: Double
        var weight: FontWeight
        var baseline: Point
        var alignment: Text.Alignment
        var family: String?
        var language: String?

        init(_ text: Text) {
            string = text.string; fontSize = text.fontSize; weight = text.weight
            baseline = text.baseline; alignment = text.alignment; family = text.family; language = text.language
        }
    }
    let idPrefix: String
    let xml: XMLWriter
    /// `(asset, size)` → id of its `<image>` in `<defs>`, so each icon is stored once and reused with `<use>`.
    var imageIDs: [ImageKey: String] = [:]
    var tintIDs: [Color: String] = [:]
    var clipIDs: [Rect: String] = [:]
    /// Lottie sprites by `LottieSprite.key`, with their ids and what they show when.
    var spriteIDs: [String: String] = [:]
    var sprites: [String: LottieSprite] = [:]
    /// The sprites written as SMIL (`LottieMotion`), by `LottieSprite.key`: each is written where it shows.
    var motions: [String: LottieMotion] = [:]
    /// How many SMIL clips have been written, for their ids.
    let motionCount = Counter()

    final class Counter { var value = 0 }
    /// The glass bar's filters (a shadow's blur; a backdrop's blur and tone) and rounded clips, each with
    /// the markup that defines it, by that markup's description, in first-use order.
    var filters: [(key: String, id: String, kind: FilterKind)] = []

    enum FilterKind {
        case blur(sigma: Double, region: Rect)
        case glass(sigma: Double, tone: BackdropTone, region: Rect)
        case roundedClip(Rect, radius: Double)
    }

    struct ImageKey: Hashable {
        var asset: String
        var width: Double
        var height: Double
    }

    init(graph: SceneGraph, assets: AssetStore, scale: Double, frameRate: Double, playCount: Int?, outlines: Bool,
         idPrefix: String) throws(CLibraryError) {
        self.frameRate = frameRate
        self.outlines = outlines
        self.graph = graph
        self.assets = assets
        self.scale = scale
        self.playCount = playCount
        self.idPrefix = idPrefix
        xml = try XMLWriter()
    }

    mutating func write() throws -> Data {
        collectDefinitions(graph.root)
        if case .roundedScreen(_, let screen, let radius, _) = graph.matte { define(.roundedClip(screen, radius: radius)) }
        let v = graph.viewport
        try xml.startDocument()
        try xml.start("svg")
        try xml.attribute("xmlns", "http://www.w3.org/2000/svg")
        try xml.attribute("width", SVGNumber.format(v.width * scale))
        try xml.attribute("height", SVGNumber.format(v.height * scale))
        try xml.attribute("viewBox", [v.minX, v.minY, v.width, v.height].map(SVGNumber.format).joined(separator: " "))
        try writeDefinitions()
        func fill(_ color: Color) throws(CLibraryError) {
            try xml.element("rect", ["x": SVGNumber.format(v.minX), "y": SVGNumber.format(v.minY),
                                     "width": SVGNumber.format(v.width), "height": SVGNumber.format(v.height), "fill": color.hex])
        }
        switch graph.matte {
        case .full(let color):
            try fill(color)
            try write(graph.root)
        case .roundedScreen(let color, let screen, let radius, let outside):
            // `export.screenCorners`: outside the screen's rounded rectangle, `outside` (nothing when clear);
            // inside it, the picture as ever, clipped.
            if outside.alpha > 0 { try fill(outside) }
            try xml.start("g")
            if let id = filterID(.roundedClip(screen, radius: radius)) { try xml.attribute("clip-path", "url(#\(id))") }
            try fill(color)
            try write(graph.root)
            try xml.end()
        }
        try xml.end()
        return try xml.finish()
    }

    // MARK: - Definitions

    private func key(_ image: Graph.Image) -> ImageKey {
        ImageKey(asset: image.asset.displayName + "|" + image.asset.keyPath.description, width: image.frame.width, height: image.frame.height)
    }

    private mutating func collectDefinitions(_ group: Group) {
        if let clip = group.clip, clipIDs[clip] == nil { clipIDs[clip] = "\(idPrefix)clip-\(clipIDs.count)" }
        for child in group.children {
            switch child {
            case .group(let nested): collectDefinitions(nested)
            case .image(let image):
                if imageIDs[key(image)] == nil { imageIDs[key(image)] = "\(idPrefix)image-\(imageIDs.count)" }
                if let tint = image.tint, tintIDs[tint] == nil { tintIDs[tint] = "\(idPrefix)tint-\(tintIDs.count)" }
            case .text(let text) where outlines:
                if glyphIDs[GlyphKey(text)] == nil {
                    glyphIDs[GlyphKey(text)] = "\(idPrefix)glyphs-\(glyphIDs.count)"
                    glyphTexts.append(("\(idPrefix)glyphs-\(glyphTexts.count)", text))
                }
            case .sequence(let sequence):
                let key = LottieSprite.key(sequence, scale: scale)
                if spriteIDs[key] == nil {
                    spriteIDs[key] = "\(idPrefix)sprite-\(spriteIDs.count)"
                    sprites[key] = LottieSprite(sequence, assets: assets, duration: graph.duration, frameRate: frameRate)
                }
                if clipIDs[sequence.frame] == nil { clipIDs[sequence.frame] = "\(idPrefix)clip-\(clipIDs.count)" }
                if let tint = sequence.tint, tintIDs[tint] == nil { tintIDs[tint] = "\(idPrefix)tint-\(tintIDs.count)" }
            case .shadow(let shadow):
                define(.blur(sigma: shadow.style.blur, region: shadow.region))
            case .backdrop(let backdrop):
                define(.glass(sigma: backdrop.blur, tone: backdrop.tone, region: backdrop.region))
                define(.roundedClip(backdrop.frame, radius: backdrop.cornerRadius))
            default: break
            }
        }
    }

    // MARK: - Tree

    /// A group becomes nested `<g>`s from the outside in: its clip and opacity on the first (opacity
    /// commutes with every transform), then one `<g>` per transform of its motion, in order.
    /// `named`: with its `id` (a copy drawn a second time, as a backdrop's source, has none: ids are unique).
    private func write(_ group: Group, named: Bool = true) throws(CLibraryError) {
        if group.isNeverShown { return }
        guard group.hasContent else { return }
        try xml.start("g")
        if named { try xml.attribute("id", idPrefix + group.name) }
        if let clip = group.clip, let id = clipIDs[clip] { try xml.attribute("clip-path", "url(#\(id))") }
        var depth = 1
        let opacities = group.motion.compactMap { property -> Track? in
            if case .opacity(let track) = property { return track }
            return nil
        }
        if !opacities.isEmpty {
            let first = group.opacity(at: 0)
            if first != 1 { try xml.attribute("opacity", SVGNumber.format(first)) }
            // One `opacity` attribute: several opacity tracks play as their product's.
            let product = opacities.count == 1 ? opacities[0] : Self.product(opacities)
            try animate([product], attribute: "opacity") { SVGNumber.format($0[0]) }
        }
        for property in group.motion {
            let format = { (n: Double) in SVGNumber.format(n) }
            switch property {
            case .opacity:
                continue  // written above
            // A track that never changes has no animation: it is written as a static transform, unless it
            // is the identity (as the rasterizer, which applies whatever value the track holds).
            case .translation(let x, let y):
                let animation = animation([x, y])
                guard animation != nil || x.value(at: 0) != 0 || y.value(at: 0) != 0 else { continue }
                try nest(&depth, "translate(\(format(x.value(at: 0))),\(format(y.value(at: 0))))")
                if let animation { try animateTransform(animation, type: "translate") { "\(format($0[0])),\(format($0[1]))" } }
            case .rotation(let degrees, let center):
                let animation = animation([degrees])
                guard animation != nil || degrees.value(at: 0) != 0 else { continue }
                let cx = format(center.x), cy = format(center.y)
                try nest(&depth, "rotate(\(format(degrees.value(at: 0))) \(cx) \(cy))")
                if let animation { try animateTransform(animation, type: "rotate") { "\(format($0[0])) \(cx) \(cy)" } }
            case .scale(let x, let y, let center):
                let animation = animation([x, y])
                guard animation != nil || x.value(at: 0) != 1 || y.value(at: 0) != 1 else { continue }
                // scale about the centre: move the centre to the origin, scale, move it back.
                try nest(&depth, "translate(\(format(center.x)),\(format(center.y)))")
                try nest(&depth, "scale(\(format(x.value(at: 0))),\(format(y.value(at: 0))))")
                if let animation { try animateTransform(animation, type: "scale") { "\(SVGNumber.time($0[0])),\(SVGNumber.time($0[1]))" } }
                try nest(&depth, "translate(\(format(-center.x)),\(format(-center.y)))")
            }
        }
        for child in group.children {
            switch child {
            case .group(let nested): try write(nested, named: named)
            case .shape(let shape): try write(shape)
            case .text(let text): try write(text)
            case .image(let image): try write(image)
            case .sequence(let sequence): try write(sequence)
            case .shadow(let shadow): try write(shadow)
            case .backdrop(let backdrop): try write(backdrop)
            }
        }
        for _ in 0..<depth { try xml.end() }
    }

    private func write(_ shape: Shape) throws(CLibraryError) {
        try xml.start("rect")
        for (name, value) in rectAttributes(shape.frame) { try xml.attribute(name, value) }
        if shape.cornerRadius > 0 { try xml.attribute("rx", SVGNumber.format(min(shape.cornerRadius, shape.frame.width / 2, shape.frame.height / 2))) }
        try paint(shape.fill)
        try xml.end()
    }

    /// The shape moved by its offset, blurred.
    private func write(_ shadow: Shadow) throws(CLibraryError) {
        guard let filter = filterID(.blur(sigma: shadow.style.blur, region: shadow.region)) else { return }
        let f = shadow.frame
        try xml.start("rect")
        for (name, value) in rectAttributes(Rect(x: f.minX, y: f.minY + shadow.style.offsetY, width: f.width, height: f.height)) {
            try xml.attribute(name, value)
        }
        try xml.attribute("rx", SVGNumber.format(shadow.cornerRadius))
        try paint(shadow.style.color)
        try xml.attribute("filter", "url(#\(filter))")
        try xml.end()
    }

    /// The source group drawn again, animations and all, through the blur and tone, clipped to the rounded
    /// rectangle. Drawn again rather than referred to with `<use>`: WebKit does not seek the animations of a
    /// `<use>` copy with its document (`setCurrentTime`), so a paused or scrubbed SVG showed the glass from
    /// another moment; a second copy costs little, as its images are `<use>`s of the one `<image>` in `<defs>`.
    private func write(_ backdrop: Backdrop) throws(CLibraryError) {
        guard let filter = filterID(.glass(sigma: backdrop.blur, tone: backdrop.tone, region: backdrop.region)),
              let clip = filterID(.roundedClip(backdrop.frame, radius: backdrop.cornerRadius)) else { return }
        try xml.start("g")
        try xml.attribute("clip-path", "url(#\(clip))")
        try xml.start("g")
        try xml.attribute("filter", "url(#\(filter))")
        try write(backdrop.source, named: false)
        try xml.end()
        try xml.end()
    }

    private func write(_ text: Text) throws(CLibraryError) {
        if outlines, let id = glyphIDs[GlyphKey(text)] {
            try xml.start("use")
            try xml.attribute("href", "#\(id)")
            try paint(text.color)
            try xml.end()
            return
        }
        // The face the GIF draws it in, at its size and tracking, so a viewer with the font shows the same.
        let face = Typefaces.face(for: text.string, family: text.family, weight: text.weight, language: text.language)
        try xml.start("text")
        try xml.attribute("x", SVGNumber.format(text.baseline.x))
        try xml.attribute("y", SVGNumber.format(text.baseline.y))
        try xml.attribute("font-family", face.cssFamilies)
        try xml.attribute("font-size", SVGNumber.format(text.fontSize * face.sizeFactor))
        try xml.attribute("font-weight", String(text.weight.rawValue))
        let tracking = face.tracking(at: text.fontSize)
        if tracking != 0 { try xml.attribute("letter-spacing", SVGNumber.format(tracking)) }
        switch text.alignment {
        case .leading: break
        case .center: try xml.attribute("text-anchor", "middle")
        case .trailing: try xml.attribute("text-anchor", "end")
        }
        try paint(text.color)
        try xml.text(text.string)
        try xml.end()
    }

    private func write(_ image: Graph.Image) throws(CLibraryError) {
        guard let id = imageIDs[key(image)] else { return }
        try xml.start("use")
        try xml.attribute("href", "#\(id)")
        try xml.attribute("x", SVGNumber.format(image.frame.minX))
        try xml.attribute("y", SVGNumber.format(image.frame.minY))
        if let tint = image.tint, let filter = tintIDs[tint] { try xml.attribute("filter", "url(#\(filter))") }
        try xml.end()
    }

    /// The sprite sheet, clipped to one frame and shifted one frame width per frame, in discrete steps.
    private func write(_ sequence: FrameSequence) throws(CLibraryError) {
        let key = LottieSprite.key(sequence, scale: scale)
        guard let id = spriteIDs[key], let sprite = sprites[key], let clip = clipIDs[sequence.frame] else { return }
        if let motion = motions[key] {
            motionCount.value += 1
            try xml.start("g")
            try xml.attribute("clip-path", "url(#\(clip))")
            let writer = LottieMotionWriter(xml: xml, timing: smilTiming, id: "\(idPrefix)lottie-\(motionCount.value - 1)", box: sequence.frame,
                                            tint: sequence.tint.flatMap { tintIDs[$0] }, sprite: sprite)
            try writer.write(motion)
            return try xml.end()
        }
        let width = sequence.frame.width
        try xml.start("g")
        try xml.attribute("clip-path", "url(#\(clip))")
        try xml.start("g")
        try xml.attribute("transform", "translate(\(SVGNumber.format(sequence.frame.minX)),\(SVGNumber.format(sequence.frame.minY)))")
        try xml.start("g")
        try xml.attribute("transform", "translate(\(SVGNumber.format(-width * sprite.index.value(at: 0))),0)")
        if let animation = animation([sprite.index]) {
            try animateTransform(animation, type: "translate") { "\(SVGNumber.format(-width * $0[0])),0" }
        }
        try xml.start("use")
        try xml.attribute("href", "#\(id)")
        if let tint = sequence.tint, let filter = tintIDs[tint] { try xml.attribute("filter", "url(#\(filter))") }
        try xml.end()
        try xml.end()
        try xml.end()
        try xml.end()
    }

    private func paint(_ color: Color) throws(CLibraryError) {
        try xml.attribute("fill", color.withAlpha(1).hex)
        if color.alpha < 1 { try xml.attribute("fill-opacity", SVGNumber.format(color.alpha)) }
    }

    // MARK: - Animation

    private var smilTiming: SMILTiming { SMILTiming(duration: graph.duration, playCount: playCount, frameRate: frameRate) }

    private func timing(_ animation: SMILAnimation) throws(CLibraryError) { try smilTiming.write(animation, into: xml) }

    private func animation(_ tracks: [Track]) -> SMILAnimation? { smilTiming.animation(tracks) }

    /// Opens a `<g>` with a static `transform`.
    private func nest(_ depth: inout Int, _ transform: String) throws(CLibraryError) {
        try xml.start("g")
        depth += 1
        try xml.attribute("transform", transform)
    }

    /// Several opacity tracks multiplied into one: keyed at all their times, sampled between where any moves.
    private static func product(_ tracks: [Track]) -> Track {
        let times = Array(Set(tracks.flatMap { $0.keyframes.map(\.time) })).sorted()
        let moves = tracks.contains { track in zip(track.keyframes, track.keyframes.dropFirst()).contains { $0.easing != .hold && $0.value != $1.value } }
        return Track(times.map { t in Graph.Keyframe(t, tracks.reduce(1) { $0 * $1.value(at: t) }, moves ? .linear : .hold) })
    }

    private func animate(_ tracks: [Track], attribute: String, _ format: ([Double]) -> String) throws(CLibraryError) {
        guard let animation = animation(tracks) else { return }
        try xml.start("animate")
        try xml.attribute("attributeName", attribute)
        try xml.attribute("values", animation.values.map(format).joined(separator: ";"))
        try timing(animation)
        try xml.end()
    }

    private func animateTransform(_ animation: SMILAnimation, type: String, _ format: ([Double]) -> String) throws(CLibraryError) {
        try xml.start("animateTransform")
        try xml.attribute("attributeName", "transform")
        try xml.attribute("type", type)
        try xml.attribute("values", animation.values.map(format).joined(separator: ";"))
        try timing(animation)
        try xml.end()
    }
}
