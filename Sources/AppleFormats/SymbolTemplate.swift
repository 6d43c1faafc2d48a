import Basics
import Foundation

/// A custom symbol template: the SVG an Xcode `.symbolset` holds, as the SF Symbols app exports it.
///
/// The format (Apple, "Creating custom symbol images for your app", UIKit documentation; and the templates
/// the SF Symbols app writes): a `Guides` group of `<line>`s, horizontal `Baseline-S`, `Capline-S`,
/// `Baseline-M`, `Capline-M`, `Baseline-L`, `Capline-L` (one pair per symbol scale) and vertical
/// `left-margin-Regular-M` / `right-margin-Regular-M` per design variant (template version 3 and later; older
/// templates have one `left-margin` / `right-margin` pair); a `Symbols` group holding one `<g>` per
/// variant, `Ultralight-S` … `Black-L` (weight-scale), each moved to its place by its `transform`. A
/// template is drawn at 100 pt: its cap height, baseline to cap line, is SF Pro's at 100 pt (70.459, that
/// is 1443 of SF Pro's 2048 units per em).
///
/// What tabanim takes from it: the variant's shapes as a standalone SVG (an icon like any other) and the
/// alignment rectangle, left to right margin × cap line to baseline, by which UIKit places a symbol image
/// (same page: "it uses the provided baseline and cap height information for each of the three font
/// scales to compute the symbol image's baseline offset and cap height"; margins, when a variant has none
/// of its own, from Regular-M, then Regular-S, then any).
public struct SymbolTemplate: Sendable {
    /// SF Pro's cap height per point of font size: 1443 / 2048 (SF Pro's `capHeight` and `unitsPerEm`; the
    /// templates' `Capline-M` stands 70.459 above `Baseline-M`, the same figure at 100 pt).
    public static let capHeightPerPoint = 1443.0 / 2048.0

    /// Around the alignment rectangle, the extracted SVG keeps this fraction of the cap height on every
    /// side: symbols reach past their cap line and below their baseline (SF Symbols are optically balanced
    /// around the cap height, WWDC 2019 "Introducing SF Symbols"), and the picture must not clip them.
    public static let padding = 0.5

    /// A symbol's size at each scale relative to medium, the table Apple gives for designing variants
    /// ("Creating custom symbol images for your app": S 0.783, M 1.0, L 1.29). A scale the template lacks is
    /// drawn from the same weight at another scale, grown by the ratio, as the system derives the variants
    /// of a variable template (Ultralight-S, Regular-S and Black-S only).
    public static let scaleFactors = ["S": 0.783, "M": 1.0, "L": 1.29]

    /// A variant's name: `Regular-M` is weight Regular, scale M (medium).
    public struct Variant: Sendable, Equatable, CustomStringConvertible {
        public var weight: String
        public var scale: String
        public var description: String { "\(weight)-\(scale)" }
        public init(weight: String, scale: String) { self.weight = weight; self.scale = scale }
    }

    public struct Failure: Error, Equatable, Sendable {
        public var message: String
    }

    /// The variant drawn, its shapes as an SVG whose box is `metrics.size`, and where it is aligned.
    public struct Extracted: Sendable {
        public var svg: Data
        public var metrics: SymbolMetrics
    }

    /// Reads the template in `data` and takes `variant` out of it, sized for `pointSize` (the symbol
    /// configuration's point size). `maximumElements` bounds the document (`svg-elements`).
    public static func extract(_ data: Data, variant: Variant, pointSize: Double, maximumElements: Int) -> Result<Extracted, Failure> {
        var scanner = XMLScanner(maximumElements: maximumElements)
        let elements: [XMLScanner.Element]
        do {
            elements = try scanner.scan(data)
        } catch {
            return .failure(Failure(message: error.message))
        }
        guard elements.first?.name == "svg" else { return .failure(Failure(message: "not an SVG (its root element is not <svg>)")) }
        func within(_ index: Int, _ id: String) -> Bool {
            var parent = elements[index].parent
            while let p = parent {
                if elements[p].attributes["id"] == id { return true }
                parent = elements[p].parent
            }
            return false
        }
        let guides = elements.indices.filter { within($0, "Guides") && elements[$0].name == "line" }
        guard elements.contains(where: { $0.attributes["id"] == "Guides" }) else {
            return .failure(Failure(message: "no Guides group (a symbol template has <g id=\"Guides\"> with its baseline, cap line and margins)"))
        }
        func line(_ ids: [String]) -> (x1: Double, y1: Double, x2: Double, y2: Double)? {
            for id in ids {
                guard let found = guides.first(where: { elements[$0].attributes["id"] == id }) else { continue }
                let a = elements[found].attributes
                guard let x1 = a["x1"].flatMap(Double.init), let x2 = a["x2"].flatMap(Double.init),
                      let y1 = a["y1"].flatMap(Double.init), let y2 = a["y2"].flatMap(Double.init),
                      [x1, x2, y1, y2].allSatisfy(\.isFinite) else { return nil }
                return (x1, y1, x2, y2)
            }
            return nil
        }
        // The variant itself, else the same weight at another scale, scaled as Apple's table says (a
        // variable template holds only Ultralight-S, Regular-S and Black-S; the system derives the rest).
        let variants = elements.indices.filter { within($0, "Symbols") && elements[$0].name == "g" && elements[$0].attributes["id"] != nil
            && elements[$0].parent.map { elements[$0].attributes["id"] == "Symbols" } == true }
        func group(_ wanted: Variant) -> Int? { variants.first { elements[$0].attributes["id"] == wanted.description } }
        let sources = [variant] + ["M", "S", "L"].filter { $0 != variant.scale }.map { Variant(weight: variant.weight, scale: $0) }
        guard let source = sources.first(where: { group($0) != nil && scaleFactors[$0.scale] != nil } ), let chosen = group(source),
              let wantedFactor = scaleFactors[variant.scale], let sourceFactor = scaleFactors[source.scale] else {
            let found = variants.compactMap { elements[$0].attributes["id"] }
            return .failure(Failure(message: "no \(variant) variant in its Symbols group, nor \(variant.weight) at another scale (found: \(found.isEmpty ? "none" : found.joined(separator: ", ")))"))
        }
        let factor = wantedFactor / sourceFactor
        let names = (baseline: "Baseline-\(source.scale)", capline: "Capline-\(source.scale)",
                     left: "left-margin-\(source)", right: "right-margin-\(source)")
        guard let baseline = line([names.baseline]) else { return .failure(Failure(message: "no \(names.baseline) guide (a <line id=\"\(names.baseline)\"> in the Guides group)")) }
        guard let capline = line([names.capline]) else { return .failure(Failure(message: "no \(names.capline) guide (a <line id=\"\(names.capline)\"> in the Guides group)")) }
        // Apple's order when a variant has no margins of its own: Regular-M's, Regular-S's, any.
        let fallbacks = ["Regular-M", "Regular-S"].flatMap { ["left-margin-\($0)", "right-margin-\($0)"] }
        guard let left = line([names.left, fallbacks[0], fallbacks[2], "left-margin"]),
              let right = line([names.right, fallbacks[1], fallbacks[3], "right-margin"]) else {
            return .failure(Failure(message: "no \(names.left) and \(names.right) guides (vertical <line>s in the Guides group)"))
        }
        let capHeight = baseline.y1 - capline.y1
        guard capHeight > 0, right.x1 > left.x1 else {
            return .failure(Failure(message: "its guides are out of order: \(names.capline) must be above \(names.baseline), \(names.left) left of \(names.right)"))
        }
        // The variant's own shapes, in the transforms of the variant and of every group around it; a
        // derived scale grows about the margins' centre and the cap height's ("The system automatically
        // centers symbols vertically to San Francisco's cap-height in all the different scales").
        let center = Point(x: (left.x1 + right.x1) / 2, y: (capline.y1 + baseline.y1) / 2)
        var transforms: [String] = factor == 1 ? [] : ["translate(\(number(center.x)) \(number(center.y))) scale(\(number(factor))) translate(\(number(-center.x)) \(number(-center.y)))"]
        var at: Int? = chosen
        var inner: [String] = []
        while let index = at {
            if let transform = elements[index].attributes["transform"] { inner.insert(transform, at: 0) }
            at = elements[index].parent
        }
        transforms += inner
        let content = data.subdata(in: elements[chosen].content)
        let halfWidth = (right.x1 - left.x1) / 2 * factor
        let pad = capHeight * padding * max(factor, 1)
        let box = Rect(x: center.x - halfWidth - pad, y: capline.y1 - pad, width: 2 * halfWidth + 2 * pad, height: capHeight + 2 * pad)
        let points = pointSize * capHeightPerPoint / capHeight  // points per template unit
        // A box of at most 64 cap heights on a side (a symbol is a few), in finite numbers.
        guard [box.minX, box.minY, box.width, box.height, points, box.width * points].allSatisfy(\.isFinite),
              box.width <= 64 * capHeight, points > 0 else {
            return .failure(Failure(message: "its \(names.left) and \(names.right) guides are \(number(right.x1 - left.x1)) apart for a cap height of \(number(capHeight)); a symbol is a few cap heights wide"))
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(box.width * points))\" height=\"\(number(box.height * points))\" "
            + "viewBox=\"\(number(box.minX)) \(number(box.minY)) \(number(box.width)) \(number(box.height))\">"
        for transform in transforms { svg += "<g transform=\"\(XMLScanner.escaped(transform))\">" }
        var bytes = Data(svg.utf8)
        bytes.append(content)
        bytes.append(Data((String(repeating: "</g>", count: transforms.count) + "</svg>\n").utf8))
        let metrics = SymbolMetrics(variant: variant, source: source, pointSize: pointSize,
                                    size: Size(width: box.width * points, height: box.height * points),
                                    alignmentRect: Rect(x: pad * points, y: pad * points, width: 2 * halfWidth * points, height: capHeight * points))
        return .success(Extracted(svg: bytes, metrics: metrics))
    }

    /// A number of an extracted picture: 4 decimals, no trailing zeros (also the SVG font glyphs').
    package static func number(_ value: Double) -> String {
        let rounded = (value * 10000).rounded() / 10000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}

/// Where a symbol image is aligned: its picture's size in points, and inside it, the alignment rectangle
/// (left to right margin × cap line to baseline) at the configuration's point size.
public struct SymbolMetrics: Sendable, Equatable {
    /// The template variant drawn (`Regular-M`).
    public var variant: SymbolTemplate.Variant
    /// The variant whose shapes it is drawn from: `variant` itself, or the same weight at another scale
    /// (`Regular-S`, scaled by `SymbolTemplate.scaleFactors`) when the template has no `variant`.
    public var source: SymbolTemplate.Variant
    /// The symbol configuration's point size.
    public var pointSize: Double
    /// The extracted picture's size, in points.
    public var size: Size
    /// In the picture's points, from its top-left corner; its bottom edge is the baseline.
    public var alignmentRect: Rect
    /// The baseline, in points below the picture's top.
    public var baseline: Double { alignmentRect.maxY }

    public init(variant: SymbolTemplate.Variant, source: SymbolTemplate.Variant, pointSize: Double, size: Size, alignmentRect: Rect) {
        self.variant = variant; self.source = source; self.pointSize = pointSize; self.size = size; self.alignmentRect = alignmentRect
    }
}
