import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// SF Symbols by name (`"icon": {"systemImage": "house"}`), as `UIImage(systemName:)` and SwiftUI's
/// `Label(_:systemImage:)` name them. Apple's glyph when the scene has its template (`tabBar.symbols`: a folder
/// of templates the SF Symbols app exports, `house.svg`), placed by its alignment rectangle like any symbol
/// image (`SymbolConfiguration`); else a stand-in from Material Design Icons (Debian's
/// `fonts-materialdesignicons-webfont`, SIL OFL 1.1) through tabanim's table of look-alikes
/// (`SystemSymbolStandIns`), with one warning naming each stand-in drawn; a name outside that table draws the
/// neutral stand-in (`SystemSymbolStandIns.neutral`) with a warning of its own, so that no well-formed name stops
/// an export.
///
/// The stand-in's size and place (chosen, docs/scene-format.md "SF Symbols by name"): Material Design Icons
/// draws on a 24-unit grid with a 20-unit live area; tabanim sizes the live area to the configuration's point
/// size (22 pt by default: inside the 20–26 pt an SF Symbol of that size spans), and takes the glyph's ink
/// from left to right as the alignment rectangle's margins and the em square's middle as the middle of its cap
/// height (the font centres its icons in the em square as SF Symbols centre on the cap height).
extension SceneResolver {
    /// Where the stand-in font's SVG face is looked for: Debian's package, then the same files where Homebrew
    /// or a user keeps fonts (`materialdesignicons-webfont.svg` beside the TTF of the webfont package).
    static let standInFontPaths = [
        "/usr/share/fonts/svg/materialdesignicons-webfont/materialdesignicons-webfont.svg",
        "/usr/share/fonts-materialdesignicons-webfont/fonts/materialdesignicons-webfont.svg",
        "/usr/local/share/fonts/materialdesignicons-webfont.svg",
        "/opt/homebrew/share/fonts/materialdesignicons-webfont.svg",
        "~/.local/share/fonts/materialdesignicons-webfont.svg",
        "~/Library/Fonts/materialdesignicons-webfont.svg",
    ]
    /// The live area's side per point of the configuration's point size, and the em square's per live area.
    static let standInLiveArea = 1.0
    static let standInEmPerLiveArea = 24.0 / 20.0
    /// The stand-in font is a few MB (1.7 MB for version 1.6.50).
    static let standInFontSizeLimit = 16 << 20

    /// The stand-in font, read once per process when a scene first names a symbol Apple's templates do not give.
    private static let standInFont: (path: String, font: Result<SVGFont, SVGFontGlyph.Failure>)? = {
        for path in standInFontPaths {
            let expanded = (path as NSString).expandingTildeInPath
            if case .success(let data) = FileReader.contents(of: URL(fileURLWithPath: expanded), limit: standInFontSizeLimit) {
                return (expanded, Result { () throws(SVGFontGlyph.Failure) in try SVGFont(data) })
            }
        }
        return nil
    }()

    /// The icon `name` names at `keyPath`: Apple's template from `symbols` (the `tabBar.symbols` folder), else the
    /// stand-in (the neutral one, and a warning, for a name outside the table); nil (and a problem) when the
    /// stand-in font is missing or unreadable.
    func systemSymbol(_ name: String, at keyPath: KeyPath, symbols folder: (path: String, url: URL)?, _ context: IconContext,
                      _ problems: inout Problems) -> Asset? {
        let configuration = context.symbols
        guard name.count <= Limits.nameLength else { return nil }  // refused as the scene was read (`Limits.nameLength`)
        if let folder, let template = symbolTemplate(name, in: folder, at: keyPath, configuration, &problems) { return template }
        let listed = SystemSymbolStandIns.table[name]
        if listed == nil {
            // SF Symbols has thousands of names and the table a few hundred: a name outside it draws the neutral
            // stand-in, with one warning per name (an item's default selected symbol names it again).
            let close = Suggestion.closest(to: name, in: Array(SystemSymbolStandIns.table.keys)).map { " (did you mean \"\($0)\"?)" } ?? ""
            let message = "SF Symbol \"\(Excerpt.of(name))\" is not among the \(SystemSymbolStandIns.table.count) tabanim has stand-ins for\(close): "
                + "drawn as a neutral square; put Apple's template (\(Excerpt.of(name)).svg, exported by the SF Symbols app) in a folder named by "
                + "\"tabBar.symbols\" to draw Apple's glyph"
            if !problems.warnings.contains(where: { $0.message == message }) { problems.warn(keyPath, message) }
        }
        let glyphName = listed ?? SystemSymbolStandIns.neutral
        guard let font = Self.standInFont else {
            problems.add(keyPath, "SF Symbol \"\(Excerpt.of(name))\" needs Apple's template (\(Excerpt.of(name)).svg in a folder named by \"tabBar.symbols\") or the stand-in font, "
                + "Material Design Icons (Debian: apt-get install fonts-materialdesignicons-webfont; elsewhere: materialdesignicons-webfont.svg in ~/.local/share/fonts)")
            return nil
        }
        let glyph: SVGFontGlyph
        switch font.font {
        case .failure(let failure):
            problems.add(keyPath, "the stand-in font \(font.path): \(failure.message)")
            return nil
        case .success(let svgFont):
            guard let found = svgFont.glyph(named: glyphName) else {
                problems.add(keyPath, "the stand-in font \(font.path) has no glyph \"\(glyphName)\" for SF Symbol \"\(name)\" (tabanim's table names Material Design Icons 1.6.50)")
                return nil
            }
            glyph = found
        }
        let ink = glyph.bounds ?? Rect(x: 0, y: 0, width: glyph.unitsPerEm, height: glyph.unitsPerEm)
        var em = configuration.pointSize * Self.standInLiveArea * Self.standInEmPerLiveArea
        if let measured = SystemSymbolStandIns.measuredInk[name], max(ink.width, ink.height) > 0 {
            em = measured * configuration.pointSize * glyph.unitsPerEm / max(ink.width, ink.height)
        }
        let points = em / glyph.unitsPerEm
        let capHeight = configuration.pointSize * SymbolTemplate.capHeightPerPoint
        var asset = Asset(source: .builtIn(name: "systemImage|\(name)|\(glyphName)|\(configuration.pointSize)", data: glyph.picture(size: em)),
                          format: .svg, displayName: "systemImage \"\(name)\"", keyPath: keyPath)
        asset.symbol = SymbolMetrics(variant: configuration.variant, source: configuration.variant, pointSize: configuration.pointSize,
                                     size: Size(width: em, height: em),
                                     alignmentRect: Rect(x: ink.minX * points, y: (em - capHeight) / 2, width: ink.width * points, height: capHeight))
        if listed != nil { asset.standIn = "\(name) → \(glyphName)" }
        return asset
    }

    /// Apple's template for `name` in the `tabBar.symbols` folder, its configuration's variant taken out;
    /// nil when the folder has none (a template that does not read is a problem).
    private func symbolTemplate(_ name: String, in folder: (path: String, url: URL), at keyPath: KeyPath, _ configuration: SymbolConfiguration,
                                _ problems: inout Problems) -> Asset? {
        let url = folder.url.appendingPathComponent(name + ".svg"), written = folder.path + "/" + name + ".svg"
        guard case .success(let data) = FileReader.contents(of: url, limit: limits.assetSize),
              let asset = symbolImage(data, url: url, written: written, displayName: written, at: keyPath, configuration, &problems) else { return nil }
        problems.inputs.append(SceneInput(url: url, keyPath: keyPath))
        return asset
    }

    /// UIKit's selected image for a symbol named without one: its `.fill` variant where the symbol has one (tab
    /// bars show the filled symbol when selected; SwiftUI applies `.fill` in iOS tab bars, Apple's
    /// `SymbolVariants` documentation), else the same symbol.
    func defaultSelectedSymbol(for name: String, symbols folder: (path: String, url: URL)?) -> String {
        guard !name.hasSuffix(".fill") else { return name }
        let filled = name + ".fill"
        if SystemSymbolStandIns.table[filled] != nil { return filled }
        if let folder, FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(filled + ".svg").path) { return filled }
        return name
    }

    /// One warning for every stand-in a scene draws, naming each (as the note for SF Pro's stand-in does).
    static func standInWarning(_ items: [TabBarItem], file: String) -> Diagnostic? {
        var listed: [String] = []
        for item in items {
            for standIn in [item.icon, item.selectedIcon].compactMap({ $0?.standIn }) where !listed.contains(standIn) { listed.append(standIn) }
        }
        guard !listed.isEmpty else { return nil }
        return Diagnostic(file: file, keyPath: KeyPath.root.appending("tabBar").appending("items"),
                          message: "SF Symbols drawn with stand-ins from Material Design Icons: \(listed.joined(separator: ", ")); put Apple's "
                              + "templates (exported by the SF Symbols app) in a folder named by \"tabBar.symbols\" to draw Apple's glyphs")
    }
}
