import Basics
import Drawing
import Foundation
import Graph
import Graphics
import LottieEngine
import Scene

/// A Lottie clip in the SVG: the pictures it shows at the export's frame times, side by side in one sheet
/// (as vectors, `LottieVectorWriter`; as a PNG for pictures the writer cannot write exactly), and which of
/// them shows when. Each picture is the one the raster exporters draw at that time (the engine's exact
/// frame), so the SVG and the GIF agree at every frame by construction.
struct LottieSprite {
    /// The playheads pictured, in the sheet's order.
    let playheads: [Double]
    /// Which picture shows (its place in `playheads`): a hold track keyed at the frame times.
    let index: Track

    init(_ sequence: FrameSequence, assets: AssetStore, duration: TimeInterval, frameRate: Double) {
        var playheads: [Double] = [], places: [Double: Int] = [:]
        var keys: [Graph.Keyframe] = []
        let count = max(1, Int((duration * frameRate).rounded()))
        for k in 0..<count {
            let t = Double(k) / frameRate  // frame k at k / fps, never a running sum
            let playhead = sequence.playhead(at: t)
            let shown = playhead
            let place = places[shown] ?? {
                playheads.append(shown)
                places[shown] = playheads.count - 1
                return playheads.count - 1
            }()
            // Keyed half a frame early: the picture is the same at frame k's own time, and a viewer that
            // keeps key times as 32-bit floats (Chromium) rounds `0.62` up past the frame it seeks to.
            if keys.last?.value != Double(place) { keys.append(Graph.Keyframe(k == 0 ? 0 : t - 0.5 / frameRate, Double(place))) }
        }
        self.playheads = playheads
        index = Track(keys)
    }

    /// A key for sprites that show the same pictures at the same times (two items playing one file alike).
    static func key(_ sequence: FrameSequence, scale: Double) -> String {
        AssetStore.sequenceKey(sequence, scale: scale).key + "|" + sequence.playhead.keyframes.map { "\($0.time):\($0.value)" }.joined(separator: ",")
    }

    /// The engine's pictures at `playheads`, for the SVG to write as vectors: `nil` for a clip whose
    /// pictures use what `LottieVectorWriter` cannot write exactly (the PNG sheet stands in).
    func vectorPictures(of sequence: FrameSequence, assets: AssetStore) throws -> [VectorPicture]? {
        guard !playheads.isEmpty else { return nil }
        var pictures: [VectorPicture] = []
        for playhead in playheads {
            guard let picture = try assets.picture(of: sequence, at: playhead), picture.width > 0, picture.height > 0,
                  LottieVectorWriter.canWrite(picture) else { return nil }
            pictures.append(picture)
        }
        return pictures
    }

    /// The sheet: every picture at the size it is shown at, left to right.
    func sheet(of sequence: FrameSequence, assets: AssetStore, scale: Double) throws -> ImageSurface? {
        let pictures = try playheads.compactMap { try assets.image(of: sequence, at: $0, scale: scale) }
        guard let first = pictures.first, pictures.count == playheads.count else { return nil }
        let sheet = try ImageSurface(width: first.width * pictures.count, height: first.height)
        let context = try CairoContext(sheet)
        for (k, picture) in pictures.enumerated() {
            context.draw(picture, x: Double(k * first.width), y: 0, width: Double(first.width), height: Double(first.height))
        }
        return sheet
    }

    /// The engine's pictures as vectors, side by side one box apart like the PNG sheet's, each mapped from
    /// its canvas onto the box as `AssetStore.image(of:at:scale:)` maps it, and clipped to its canvas (as
    /// the raster frame is), so that no picture reaches into its neighbour's place.
    static func writeVectorSheet(_ pictures: [VectorPicture], id: String, box: Rect, into xml: XMLWriter) throws(CLibraryError) {
        guard let first = pictures.first else { return }
        let canvasClip = "\(id)-canvas"
        try xml.start("clipPath")
        try xml.attribute("id", canvasClip)
        try xml.element("rect", ["width": SVGNumber.format(first.width), "height": SVGNumber.format(first.height)])
        try xml.end()
        try xml.start("g")
        try xml.attribute("id", id)
        let reuse = LottieNodeReuse(pictures)
        for (k, picture) in pictures.enumerated() {
            // A picture shown again (a hold) is a `<use>` of its first place.
            if let earlier = pictures[..<k].firstIndex(of: picture) {
                try xml.element("use", ["href": "#\(id)-\(earlier)", "x": SVGNumber.format(box.width * Double(k - earlier))])
                continue
            }
            try xml.start("g")
            if pictures[(k + 1)...].contains(picture) { try xml.attribute("id", "\(id)-\(k)") }
            let sx = box.width / picture.width, sy = box.height / picture.height
            try xml.attribute("transform", "translate(\(SVGNumber.format(box.width * Double(k))),0) scale(\(SVGNumber.time(sx)),\(SVGNumber.time(sy)))")
            try xml.attribute("clip-path", "url(#\(canvasClip))")
            if LottieVectorWriter.blends(picture) { try xml.attribute("style", "isolation:isolate") }
            var writer = LottieVectorWriter(xml: xml, idPrefix: "\(id)-\(k)-", canvas: (picture.width, picture.height), reuse: reuse)
            try writer.write(picture.nodes)
            try xml.end()
        }
        try xml.end()
    }
}
