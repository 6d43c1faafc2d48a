import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// Icons from an Xcode asset catalog: `"icon": "App/Assets.xcassets/home"`, the set's folder itself
/// (`…/home.imageset`, `…/home.symbolset`), or with `tabBar.assets` naming a catalog, the asset's name alone
/// (`"home"`, `"Tabs/home"` in a namespace). A set resolves as Xcode resolves it for an iPhone: its
/// `Contents.json` read (`AssetSetContents`), the file for the export's scale and the scene's interface
/// style chosen, a symbol template's variant taken out and aligned (`SymbolTemplate`).
extension SceneResolver {
    /// What choosing an icon depends on besides its name.
    struct IconContext {
        /// `export.scale`: the image set's file is chosen for it.
        var scale: Double
        var style: InterfaceStyle
        /// `tabBar.assets`, when given and readable.
        var catalog: AssetCatalog?
        /// The symbol configuration a bar style draws symbol images in (`SymbolConfiguration`).
        var symbols: SymbolConfiguration
    }

    /// An icon as a catalog gives it: the file, and the set's `template-rendering-intent`.
    struct CatalogIcon {
        var asset: Asset
        var intent: IconRendering?
    }

    /// The context of a scene's icons: `tabBar.assets` read once, `export.scale` (its default, 2, where it is
    /// missing or out of range: that is reported with the export's settings).
    func iconContext(_ spec: SceneSpec, style: InterfaceStyle, idiom: Device.Idiom, _ problems: inout Problems) -> IconContext {
        let scale = spec.export?.scale.flatMap { Self.scaleRange.contains($0) ? $0 : nil } ?? 2
        let named = spec.tabBar?.assets.flatMap { self.catalog($0, at: KeyPath.root.appending("tabBar").appending("assets"), &problems) }
        return IconContext(scale: scale, style: style, catalog: named, symbols: SymbolConfiguration.of(Self.barStyle(spec.tabBar?.style, os: spec.os, idiom: idiom).0))
    }

    /// The catalog `tabBar.assets` names; nil (and a problem) when it cannot be read.
    func catalog(_ path: String, at keyPath: KeyPath, _ problems: inout Problems) -> AssetCatalog? {
        guard let found = folder(path, at: keyPath, &problems) else { return nil }
        switch AssetCatalog.index(found.url, path: found.path) {
        case .success(let catalog): return catalog
        case .failure(let failure):
            problems.add(keyPath, failure.message)
            return nil
        }
    }

    /// The icon `reference` names at `keyPath`: an asset of the scene's catalog, a set in a catalog by path,
    /// or (anything else) an SVG or PNG file.
    func icon(_ reference: String, at keyPath: KeyPath, _ context: IconContext, _ problems: inout Problems) -> CatalogIcon? {
        if let catalog = context.catalog, case .success(let set) = catalog.lookUp(reference) {
            return assetSet(set, written: written(set, in: catalog), at: keyPath, context, &problems)
        }
        let url = assetURL(reference)
        let trimmed = reference.hasSuffix("/") ? String(reference.dropLast()) : reference
        if let kind = AssetCatalog.Kind(rawValue: url.pathExtension) {
            guard let found = folder(trimmed, at: keyPath, &problems) else { return nil }
            let name = url.deletingPathExtension().lastPathComponent
            return assetSet(AssetCatalog.AssetSet(name: name, kind: kind, url: found.url), written: found.path, at: keyPath, context, &problems)
        }
        if let range = trimmed.range(of: ".xcassets/") {
            let catalogPath = String(trimmed[..<range.lowerBound]) + ".xcassets", name = String(trimmed[range.upperBound...])
            // The set's folder by path first (a group without a namespace still has a path), then by name.
            for kind in [AssetCatalog.Kind.image, .symbol] {
                let setPath = trimmed + "." + kind.rawValue
                if case .failure(.folder) = FileReader.size(of: assetURL(setPath)) {
                    guard let found = folder(setPath, at: keyPath, &problems) else { return nil }
                    let set = AssetCatalog.AssetSet(name: name, kind: kind, url: found.url)
                    return assetSet(set, written: found.path, at: keyPath, context, &problems)
                }
            }
            guard let catalog = self.catalog(catalogPath, at: keyPath, &problems) else { return nil }
            switch catalog.lookUp(name) {
            case .success(let set): return assetSet(set, written: written(set, in: catalog), at: keyPath, context, &problems)
            case .failure(let missing):
                problems.add(keyPath, Self.noSuchAsset(name, in: catalog, close: missing.close))
                return nil
            }
        }
        if let catalog = context.catalog, case .failure(let missing) = catalog.lookUp(reference), url.pathExtension.isEmpty,
           case .failure(.notFound) = FileReader.size(of: url) {
            problems.add(keyPath, Self.noSuchAsset(reference, in: catalog, close: missing.close))
            return nil
        }
        return asset(reference, at: keyPath, allowed: [.svg, .png], &problems).map { CatalogIcon(asset: $0, intent: nil) }
    }

    /// `no asset "hom" in App/Assets.xcassets (did you mean "home"?)`, or the names it has when none is close.
    static func noSuchAsset(_ name: String, in catalog: AssetCatalog, close: [String]) -> String {
        let message = "no asset \"\(Excerpt.of(name))\" in \(catalog.path)"
        guard !catalog.sets.isEmpty else { return message + " (it has no image or symbol sets)" }
        let quoted = close.map { "\"\($0)\"" }
        if name.count <= Limits.nameLength, close.contains(where: { Suggestion.distance(name.lowercased(), $0.lowercased()) <= max(2, name.count / 3) || $0.lowercased().hasSuffix("/" + name.lowercased()) }) {
            return message + " (did you mean " + (quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")) + "?)"
        }
        return message + "; it has " + quoted.joined(separator: ", ") + (catalog.sets.count > close.count ? " and \(catalog.sets.count - close.count) more" : "")
    }

    /// The set's folder as the scene would write it: the catalog's path and the folders below it.
    private func written(_ set: AssetCatalog.AssetSet, in catalog: AssetCatalog) -> String {
        catalog.path + set.url.standardizedFileURL.path.dropFirst(catalog.url.standardizedFileURL.path.count)
    }

    /// The file a set gives for the context, checked as any icon file is; a symbol's variant extracted.
    private func assetSet(_ set: AssetCatalog.AssetSet, written: String, at keyPath: KeyPath, _ context: IconContext,
                          _ problems: inout Problems) -> CatalogIcon? {
        let contentsPath = written + "/Contents.json"
        let contents: AssetSetContents
        switch FileReader.contents(of: set.url.appendingPathComponent("Contents.json"), limit: AssetCatalog.contentsSize) {
        case .failure(.notFound):
            problems.add(keyPath, "\(written) has no Contents.json (an Xcode \(set.kind.rawValue) lists its files there)")
            return nil
        case .failure(let failure):
            problems.add(keyPath, "\(contentsPath): \(failure.reason)")
            return nil
        case .success(let data):
            switch AssetSetContents.read(data, kind: set.kind) {
            case .failure(let failure):
                problems.add(keyPath, "\(contentsPath): \(failure.message)")
                return nil
            case .success(let value): contents = value
            }
        }
        guard let entry = contents.choose(scale: context.scale, dark: context.style == .dark) else {
            problems.add(keyPath, "\(contentsPath) lists no file for an iPhone (idiom \"iphone\" or \"universal\") in \(context.style.rawValue) mode")
            return nil
        }
        let filePath = written + "/" + entry.filename
        let fileURL = set.url.appendingPathComponent(entry.filename)
        if case .failure(.notFound) = FileReader.size(of: fileURL) {
            problems.add(keyPath, "\(contentsPath) names \(entry.filename), which is not in \(written)")
            return nil
        }
        switch set.kind {
        case .image:
            return asset(filePath, at: keyPath, allowed: [.svg, .png, .pdf], &problems).map { CatalogIcon(asset: $0, intent: contents.renderingIntent.flatMap { IconRendering(rawValue: $0.rawValue) }) }
        case .symbol:
            guard let file = asset(filePath, at: keyPath, allowed: [.svg], &problems) else { return nil }
            guard case .success(let data) = FileReader.contents(of: fileURL, limit: limits.assetSize) else {
                problems.add(keyPath, "cannot read \(filePath)")
                return nil
            }
            guard let asset = symbolImage(data, url: fileURL, written: filePath, displayName: file.displayName, at: keyPath, context.symbols, &problems) else { return nil }
            // Symbol images are templates unless the set says otherwise (Xcode's symbol sets default to it).
            return CatalogIcon(asset: asset, intent: contents.renderingIntent.flatMap { IconRendering(rawValue: $0.rawValue) } ?? .template)
        }
    }

    /// A symbol template's variant for `configuration`, taken out and aligned (`SymbolTemplate`), as an icon;
    /// nil (and a problem naming `written`) when the template does not read.
    func symbolImage(_ data: Data, url: URL, written: String, displayName: String, at keyPath: KeyPath, _ configuration: SymbolConfiguration,
                     _ problems: inout Problems) -> Asset? {
        switch SymbolTemplate.extract(data, variant: configuration.variant, pointSize: configuration.pointSize, maximumElements: limits.svgElements) {
        case .failure(let failure):
            problems.add(keyPath, "\(written): \(failure.message)")
            return nil
        case .success(let extracted):
            var asset = Asset(source: .builtIn(name: "symbol|\(url.path)|\(configuration.variant)|\(configuration.pointSize)", data: extracted.svg),
                              format: .svg, displayName: displayName, keyPath: keyPath)
            asset.symbol = extracted.metrics
            return asset
        }
    }
}
