import Basics
import Drawing
import Foundation
import Graph
import Graphics
import Scene

/// The document's `<defs>`: the glass bar's filters and clips (defined once each while the tree is
/// collected), the images, the glyph outlines and the Lottie sprites, written before the tree uses them.
extension SVGSession {
    mutating func define(_ kind: FilterKind) {
        let key = "\(kind)"
        guard !filters.contains(where: { $0.key == key }) else { return }
        filters.append((key, "\(idPrefix)filter-\(filters.count)", kind))
    }

    func filterID(_ kind: FilterKind) -> String? {
        let key = "\(kind)"
        return filters.first { $0.key == key }?.id
    }

    /// The glass bar's filters as SVG defines them (Filter Effects 1): the region in screen points, colours
    /// in sRGB as the rasterizer computes them; `PixelKernels` draws the same blur and tone.
    func writeFilters() throws(CLibraryError) {
        for filter in filters {
            switch filter.kind {
            case .roundedClip(let rect, let radius):
                try xml.start("clipPath")
                try xml.attribute("id", filter.id)
                try xml.start("rect")
                for (name, value) in rectAttributes(rect) { try xml.attribute(name, value) }
                try xml.attribute("rx", SVGNumber.format(radius))
                try xml.end()
                try xml.end()
            case .blur(let sigma, let region), .glass(let sigma, _, let region):
                try xml.start("filter")
                try xml.attribute("id", filter.id)
                try xml.attribute("filterUnits", "userSpaceOnUse")
                for (name, value) in rectAttributes(region) { try xml.attribute(name, value) }
                try xml.attribute("color-interpolation-filters", "sRGB")
                try xml.element("feGaussianBlur", ["stdDeviation": SVGNumber.format(sigma)])
                if case .glass(_, let tone, _) = filter.kind {
                    let g = SVGNumber.time(tone.gain), o = tone.offset
                    let matrix = "\(g) 0 0 0 \(SVGNumber.time(o.red)) 0 \(g) 0 0 \(SVGNumber.time(o.green)) 0 0 \(g) 0 \(SVGNumber.time(o.blue)) 0 0 0 1 0"
                    try xml.element("feColorMatrix", ["type": "matrix", "values": matrix])
                }
                try xml.end()
            }
        }
    }

    mutating func writeDefinitions() throws {
        try xml.start("defs")
        for (rect, id) in clipIDs.sorted(by: { $0.value < $1.value }) {
            try xml.start("clipPath")
            try xml.attribute("id", id)
            try xml.element("rect", rectAttributes(rect))
            try xml.end()
        }
        // A template image is drawn in its tint through its alpha: flood the tint, keep it where the icon is.
        for (color, id) in tintIDs.sorted(by: { $0.value < $1.value }) {
            try xml.start("filter")
            try xml.attribute("id", id)
            try xml.attribute("color-interpolation-filters", "sRGB")
            try xml.element("feFlood", ["flood-color": color.withAlpha(1).hex, "flood-opacity": SVGNumber.format(color.alpha)])
            try xml.element("feComposite", ["in2": "SourceAlpha", "operator": "in"])
            try xml.end()
        }
        var written = Set<String>()
        for entry in assets.entries {
            for (key, id) in imageIDs.sorted(by: { $0.value < $1.value })
            where key.asset == entry.asset.displayName + "|" + entry.asset.keyPath.description && written.insert(id).inserted {
                let mime = entry.asset.format == .png ? "image/png" : "image/svg+xml"  // a PDF is embedded as its SVG
                try xml.element("image", ["id": id, "width": SVGNumber.format(key.width), "height": SVGNumber.format(key.height),
                                          "preserveAspectRatio": "xMidYMid meet",
                                          "href": "data:\(mime);base64,\(entry.data.base64EncodedString())"])
            }
        }
        try writeSprites()
        try writeFilters()
        for (id, text) in glyphTexts {
            try xml.element("path", ["id": id, "d": try PangoText.outline(text)])
        }
        try xml.end()
    }

    /// Each Lottie sprite's pictures side by side in one PNG, at the export scale only.
    mutating func writeSprites() throws {
        var written = Set<String>()
        for sequence in graph.sequences {
            let key = LottieSprite.key(sequence, scale: scale)
            guard let id = spriteIDs[key], let sprite = sprites[key], written.insert(id).inserted else { continue }
            if let animation = assets.engineAnimation(of: sequence.clip),
               let motion = try LottieMotion(sequence, animation: animation, sprite: sprite, duration: graph.duration) {
                motions[key] = motion
                continue
            }
            if let pictures = try sprite.vectorPictures(of: sequence, assets: assets) {
                try LottieSprite.writeVectorSheet(pictures, id: id, box: sequence.frame, into: xml)
                continue
            }
            guard let sheet = try sprite.sheet(of: sequence, assets: assets, scale: scale) else { continue }
            try xml.element("image", ["id": id, "width": SVGNumber.format(sequence.frame.width * Double(sprite.playheads.count)),
                                      "height": SVGNumber.format(sequence.frame.height), "preserveAspectRatio": "none",
                                      "href": "data:image/png;base64,\(try sheet.pngData().base64EncodedString())"])
        }
    }

    func rectAttributes(_ r: Rect) -> KeyValuePairs<String, String> {
        ["x": SVGNumber.format(r.minX), "y": SVGNumber.format(r.minY),
         "width": SVGNumber.format(r.width), "height": SVGNumber.format(r.height)]
    }
}
