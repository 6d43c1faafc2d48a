import Basics
import Foundation

/// The `Contents.json` of an `.imageset` or `.symbolset`, as far as a tab bar icon needs it (Apple, "Asset
/// Catalog Format Reference": Image Set Type and Symbol Image Set Type).
///
/// - `images` (image sets) or `symbols` (symbol sets): entries with `filename` (an entry without one is an
///   empty slot), `idiom` (`universal`, `iphone`, …), `scale` (`1x`, `2x`, `3x`; none for a single-scale
///   vector PDF or SVG) and `appearances` (`[{"appearance": "luminosity", "value": "dark"}]`).
/// - `properties.template-rendering-intent`: `template` or `original` ("Render As" in Xcode); absent is
///   Xcode's "Default", which a tab bar draws as a template.
/// - `properties.preserves-vector-representation`: whether a PDF stays vector at run time. tabanim always
///   draws a PDF as vectors at the export's scale, which is what the rasterized PDF would show at that
///   scale too.
package struct AssetSetContents: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var filename: String
        /// 1, 2, 3; nil for a single-scale entry.
        package var scale: Double?
        package var idiom: String
        /// `luminosity` `light`, `dark`, or nil for "Any".
        package var luminosity: String?
    }

    /// `properties.template-rendering-intent`.
    package enum RenderingIntent: String, Sendable {
        case template, original
    }

    package var entries: [Entry]
    package var renderingIntent: RenderingIntent?
    var preservesVectorRepresentation: Bool

    package struct Failure: Error, Sendable, Equatable {
        package var message: String
    }

    /// Idioms an iPhone's tab bar may use, the device's own first (Xcode prefers it to `universal`).
    static let idioms = ["iphone", "universal"]

    /// The parsed JSON, with the parser's own message (and position) when it is not JSON.
    package static func json(_ data: Data) -> Result<JSONNode, Failure> {
        var parser = JSONParser(data: data)
        parser.maxDepth = 16
        do {
            return .success(try parser.parse())
        } catch {
            return .failure(Failure(message: "not valid JSON (line \(error.line), column \(error.column): \(error.message))"))
        }
    }

    /// Reads a set's `Contents.json`; `kind` says which list holds its files.
    package static func read(_ data: Data, kind: AssetCatalog.Kind) -> Result<AssetSetContents, Failure> {
        let root: JSONNode
        switch json(data) {
        case .failure(let failure): return .failure(failure)
        case .success(let node): root = node
        }
        guard case .object(let members) = root.value else { return .failure(Failure(message: "not a JSON object")) }
        func member(_ key: String, in members: [(key: String, node: JSONNode)]) -> JSONValue? {
            members.first { $0.key == key }?.node.value
        }
        let listKey = kind == .image ? "images" : "symbols"
        guard case .array(let list)? = member(listKey, in: members) else {
            return .failure(Failure(message: "no \"\(listKey)\" list"))
        }
        var entries: [Entry] = []
        for (index, node) in list.enumerated() {
            guard case .object(let fields) = node.value else {
                return .failure(Failure(message: "\(listKey)[\(index)] is \(node.value.typeName), not an object"))
            }
            guard case .string(let filename)? = member("filename", in: fields) else { continue }  // an empty slot
            guard !filename.isEmpty, !filename.contains("/"), filename != "..", filename != "." else {
                return .failure(Failure(message: "\(listKey)[\(index)].filename \"\(filename)\" is not a file name in the set's folder"))
            }
            var scale: Double?
            if case .string(let text)? = member("scale", in: fields) {
                guard text.hasSuffix("x"), let value = Double(text.dropLast()), value >= 1, value <= 3 else {
                    return .failure(Failure(message: "\(listKey)[\(index)].scale \"\(text)\" is not 1x, 2x or 3x"))
                }
                scale = value
            }
            var idiom = "universal"
            if case .string(let text)? = member("idiom", in: fields) { idiom = text }
            var luminosity: String?
            var otherAppearance = false
            if case .array(let appearances)? = member("appearances", in: fields) {
                for appearance in appearances {
                    guard case .object(let pair) = appearance.value, case .string(let name)? = member("appearance", in: pair),
                          case .string(let value)? = member("value", in: pair) else { continue }
                    if name == "luminosity" { luminosity = value } else { otherAppearance = true }  // high contrast: not shown
                }
            }
            if !otherAppearance { entries.append(Entry(filename: filename, scale: scale, idiom: idiom, luminosity: luminosity)) }
        }
        var intent: RenderingIntent?
        var vector = false
        if case .object(let properties)? = member("properties", in: members) {
            if case .string(let text)? = member("template-rendering-intent", in: properties) {
                switch text {
                case "template": intent = .template
                case "original": intent = .original
                default: return .failure(Failure(message: "properties.template-rendering-intent \"\(text)\" is not \"template\" or \"original\""))
                }
            }
            if case .bool(let flag)? = member("preserves-vector-representation", in: properties) { vector = flag }
        }
        return .success(AssetSetContents(entries: entries, renderingIntent: intent, preservesVectorRepresentation: vector))
    }

    /// The file Xcode would pick for an iPhone at `scale` pixels per point, in dark mode when `dark`: the
    /// iPhone idiom before universal; the style's own appearance (`dark` in dark mode, `light` or "Any" in light mode)
    /// before "Any"; among scaled files the smallest scale at or above `scale`, else the largest (UIKit
    /// loads the device's scale and draws it at its point size); a single-scale file when no file has a scale.
    package func choose(scale: Double, dark: Bool) -> Entry? {
        let wanted: [String?] = dark ? ["dark", nil] : ["light", nil]
        for idiom in Self.idioms {
            for luminosity in wanted {
                let candidates = entries.filter { $0.idiom == idiom && ($0.luminosity == luminosity || luminosity == nil && $0.luminosity == "any") }
                guard !candidates.isEmpty else { continue }
                let scaled = candidates.filter { $0.scale != nil }.sorted { ($0.scale ?? 0) < ($1.scale ?? 0) }
                if let fit = scaled.first(where: { ($0.scale ?? 0) >= scale }) ?? scaled.last { return fit }
                return candidates.first
            }
        }
        return nil
    }
}
