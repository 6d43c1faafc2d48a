import Drawing
import Exporting
import Foundation
import GIFExport
import Graph
import MP4Export
import Outputs
import PNGExport
import Review
import SVGExport
import Scene
import WebPExport

/// Every format tabanim writes: the one place the executable names an exporter type. `export`,
/// `--max-size` and the help read this table; each format says what it is called, what it can be told and
/// what it may give up (`AnimationExporter.format`).
enum Exporters {
    static var all: [any AnimationExporter.Type] { [
        GIFExporter.self, SVGExporter.self, WebPExporter.self, MP4Exporter.self, PNGFramesExporter.self,
    ] }

    /// Each format, in the table's order.
    static var formats: [OutputFormat] { all.map { $0.format } }

    /// `--format`'s value.
    static func named(_ name: String) -> (any AnimationExporter.Type)? {
        all.first { $0.format.name == name.lowercased() }
    }

    /// The file format written under `name`'s extension.
    static func forExtension(_ pathExtension: String) -> (any AnimationExporter.Type)? {
        all.first { $0.format.extensions.contains(pathExtension.lowercased()) }
    }

    /// The review page's picture and the file it offers beside it.
    static var svg: any AnimationExporter.Type { SVGExporter.self }
    static var gif: any AnimationExporter.Type { GIFExporter.self }

    /// The folder format (PNG frames).
    static var folder: any AnimationExporter.Type { PNGFramesExporter.self }

    // MARK: - What one format alone is told

    /// `--text`'s values (an SVG's titles).
    static var textForms: [String] { SVGExporter.TextRendering.allCases.map(\.rawValue) }

    /// `options` with each format's own settings from the command line: `--text` an SVG's titles, `--verbose`
    /// a GIF's stage times.
    static func options(_ options: EncodingOptions, text: String?, verbose: Bool) -> EncodingOptions {
        var options = options
        options[SVGExporter.Settings.self].titles = text.flatMap(SVGExporter.TextRendering.init(rawValue:)) ?? .outlines
        options[GIFExporter.Settings.self].timesStages = verbose
        return options
    }

    /// The review page's picture's options: its ids prefixed, so that several SVGs sit in one page.
    static func svgOptions(idPrefix: String) -> EncodingOptions {
        var options = EncodingOptions()
        options[SVGExporter.Settings.self].idPrefix = idPrefix
        return options
    }

    /// "GIF, SVG, WebP and MP4": the formats for which `keep` holds.
    static func titles(where keep: (OutputFormat) -> Bool) -> String {
        let names = formats.filter(keep).map(\.title)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// ".gif, .svg, .webp, .mp4".
    static var fileExtensions: [String] { formats.flatMap(\.extensions) }

    // MARK: - Pictures that are not animations

    /// `tabanim frame`: one frame as a PNG, drawn exactly as the raster formats draw it.
    static func frame(_ animation: Animation, at t: TimeInterval, to output: OutputFile) throws {
        try PNGExporter(animation, pdf: IsolatedPDFConverter.tabanim).export(at: t, to: output)
    }

    /// `tabanim sheet`: the storyboard, one PNG.
    typealias Sheet = SheetExporter
}
