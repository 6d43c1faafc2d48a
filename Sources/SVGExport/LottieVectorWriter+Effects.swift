import Drawing
import Foundation
import Graphics
import LottieEngine
import enum Basics.SVGNumber

/// Blend modes and drop shadows in the SVG, as `LottieVectorRenderer` draws them with cairo.
extension LottieVectorWriter {
    /// CSS's `mix-blend-mode` names of `BlendMode`s: the W3C Compositing spec's, the same formulas as
    /// cairo's operators of those names and Core Image's `…BlendMode` filters lottie-ios sets.
    static let cssBlendModes: [BlendMode: String] = [
        .normal: "normal", .multiply: "multiply", .screen: "screen", .overlay: "overlay", .darken: "darken", .lighten: "lighten",
        .colorDodge: "color-dodge", .colorBurn: "color-burn", .hardLight: "hard-light", .softLight: "soft-light",
        .difference: "difference", .exclusion: "exclusion", .hue: "hue", .saturation: "saturation", .color: "color",
        .luminosity: "luminosity",
    ]

    /// Whether `picture` blends a layer onto what lies below it: the group that holds it must then be isolated
    /// (`isolation: isolate`), so that it blends with the icon's layers only, as cairo blends on the icon's
    /// own transparent surface, not with the tab bar behind it.
    static func blends(_ picture: VectorPicture) -> Bool {
        func walk(_ nodes: [VectorNode]) -> Bool {
            nodes.contains { node in
                switch node {
                case .blended: return true
                case .group(_, _, let children): return walk(children)
                case .masked(let content, _), .shadowed(let content, _): return walk(content)
                case .matted(let content, let matte, _): return walk(content) || walk(matte)
                case .fill, .stroke, .merged, .image: return false
                }
            }
        }
        return walk(picture.nodes)
    }

    /// `content` in a group with `mix-blend-mode`.
    mutating func writeBlended(_ content: [VectorNode], mode: BlendMode, id: String?) throws(CLibraryError) {
        try xml.start("g")
        if let id { try xml.attribute("id", id) }
        try xml.attribute("style", "mix-blend-mode:\(Self.cssBlendModes[mode] ?? "normal")")
        try write(content)
        try xml.end()
    }

    /// `content` through an `feDropShadow` filter, in the content's own coordinates (the filter's primitives
    /// are in user space: the offset and σ scale with the layer, as cairo's do), blurred in sRGB as cairo blurs.
    mutating func writeShadowed(_ content: [VectorNode], shadow: DropShadow, id: String?) throws(CLibraryError) {
        guard let region = region() else { return }
        let filter = makeID("shadow")
        try xml.start("filter")
        try xml.attribute("id", filter)
        try xml.attribute("filterUnits", "userSpaceOnUse")
        for (name, value) in regionAttributes(region) { try xml.attribute(name, value) }
        try xml.attribute("color-interpolation-filters", "sRGB")
        var attributes: [(String, String)] = [("dx", SVGNumber.format(shadow.offset.x)), ("dy", SVGNumber.format(shadow.offset.y)),
                                              ("stdDeviation", SVGNumber.format(max(shadow.radius, 0))), ("flood-color", Self.hex(shadow.color))]
        if shadow.color.alpha < 1 { attributes.append(("flood-opacity", SVGNumber.time(shadow.color.alpha))) }
        try xml.start("feDropShadow")
        for (name, value) in attributes { try xml.attribute(name, value) }
        try xml.end()
        try xml.end()
        try write(content, id: id, referring: "filter", to: filter)
    }

    /// A plain clip (a precomp's bounds) around layers that blend: cairo clips without a layer of its own, so a
    /// layer inside blends with what lies under the precomp too; a `<g clip-path>` would isolate it (a clip
    /// path makes a stacking context). So each node is clipped apart, a blending one on the very group that
    /// blends.
    mutating func writeClippedApart(_ content: [VectorNode], clip: String, id: String?) throws(CLibraryError) {
        try xml.start("g")
        if let id { try xml.attribute("id", id) }
        for node in content {
            try xml.start("g")
            try xml.attribute("clip-path", "url(#\(clip))")
            if case .blended(let inner, let mode) = node {
                try xml.attribute("style", "mix-blend-mode:\(Self.cssBlendModes[mode] ?? "normal")")
                try write(inner)
            } else {
                try write([node])
            }
            try xml.end()
        }
        try xml.end()
    }
}
