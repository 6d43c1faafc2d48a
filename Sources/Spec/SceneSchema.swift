import Basics
import Foundation

/// The scene file's format as a table: every key a scene may hold, where, of which type, with its allowed
/// values, bounds, default and description. The one source of the format's keys:
///
/// - `tabanim schema` prints it as a JSON Schema (draft 2020-12, `jsonText`), and
///   `Assets/scene.schema.json`, which editors check scene files with, is that output;
/// - `SpecReader` refuses a key the table does not list at that place (`objects(at:)`), with the nearest
///   listed key as a suggestion.
///
/// The keys are declared in `SceneSchema+TopLevelKeys.swift`, `SceneSchema+TabBarKeys.swift` and
/// `SceneSchema+ScriptKeys.swift`; word lists come from the Swift types that read them (`SpecEnum` cases,
/// `OSVersion.known`, `UIKitColor.names`); the device presets, which `Resolving` holds, are written out
/// here and compared with `DevicePreset.all` by `SchemaTests`.
public enum SceneSchema {
    /// `"$schema"`: the JSON Schema draft the table follows.
    static let dialect = "https://json-schema.org/draft/2020-12/schema"
    /// `"title"`.
    static let title = "tabanim scene file (version 1)"

    /// The scene file itself, a JSON object: its keys are the top-level keys.
    public static let root = SchemaNode(
        type: [.object],
        description: #"A scene for tabanim: an iOS tab bar, its tabs and a script of taps. Every key is optional; unknown keys are errors (so do not add a "$schema" key: map this schema in your editor's settings instead). null for a key is the same as leaving it out, except for centerButton. Paths are relative to the scene file. See docs/scene-format.md."#,
        additionalProperties: false,
        properties: [
            "version": version, "device": device, "export": export, "tabBar": tabBar, "centerButton": centerButton,
            "contents": contents, "transition": transition, "script": script, "statusBar": statusBar,
            "homeIndicator": homeIndicator, "fonts": fonts, "strings": strings, "locale": locale,
            "interfaceStyle": interfaceStyle, "layoutDirection": layoutDirection, "orientation": orientation, "os": os,
        ])

    /// `"$defs"`: schemas used in more than one place, named by `SchemaNode.ref`.
    public static let definitions: [(name: String, node: SchemaNode)] = [
        ("color", colorDefinition), ("item", itemDefinition), ("content", contentDefinition), ("curve", curveDefinition),
        ("tap", tapDefinition), ("animation", animationDefinition),
    ]

    /// The definition a `SchemaNode.ref` names; nil for a name `definitions` lacks.
    public static func definition(_ name: String) -> SchemaNode? { definitions.first { $0.name == name }?.node }

    // MARK: Word lists from the code

    /// `device` and `device.preset`: the presets' names, in the order `tabanim presets` lists them
    /// (`DevicePreset.all`, which a target above this one holds: `SchemaTests` compares the two).
    static let presetNames: [SchemaValue] = [
        "iphone-se", "iphone-14", "iphone-15", "iphone-16-pro", "iphone-15-pro-max", "iphone-16", "iphone-16-plus",
        "iphone-16-pro-max", "iphone-17", "iphone-17-pro", "iphone-17-pro-max", "iphone-duo-outer", "iphone-duo-inner", "ipad-pro-11", "ipad-pro-13", "ipad-air-11",
        "ipad-air-13", "ipad-mini", "ipad-10",
    ]

    /// Each preset with its size, scale and portrait safe area, the units said once, on the first (checked
    /// against `DevicePreset.all` by `SchemaTests`).
    static let presetList = "iphone-se (375×667 pt, @2x, safe area 20/0), iphone-14 (390×844, @3x, 47/34), "
        + "iphone-15 (393×852, @3x, 59/34), iphone-16-pro (402×874, @3x, 62/34), iphone-15-pro-max (430×932, @3x, 59/34), "
        + "iphone-16 (393×852, @3x, 59/34), iphone-16-plus (430×932, @3x, 59/34), iphone-16-pro-max (440×956, @3x, 62/34), "
        + "iphone-17 (402×874, @3x, 62/34), iphone-17-pro (402×874, @3x, 62/34), iphone-17-pro-max (440×956, @3x, 62/34), "
        + "iphone-duo-outer (466×678, @3x, 0/34), iphone-duo-inner (669×951, @3x, 82/34), "
        + "ipad-pro-11 (834×1210, @2x, 24/20), ipad-pro-13 (1032×1376, @2x, 24/20), ipad-air-11 (820×1180, @2x, 24/20), "
        + "ipad-air-13 (1024×1366, @2x, 24/20), ipad-mini (744×1133, @2x, 24/20), ipad-10 (820×1180, @2x, 24/20)"

    /// A colour as text: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb(r, g, b)` or `rgba(r, g, b, a)`, spaces and tabs
    /// around, case aside (`Color(parsing:)`).
    static let colorPattern: String = {
        let space = #"[ \t]*"#
        let byte = space + #"\+?0*(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"# + space
        let alpha = space + #"\+?(0+(\.[0-9]+)?|0*\.[0-9]+|0*1(\.0+)?)"# + space
        let hex = "#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})"
        let rgb = #"[Rr][Gg][Bb]\("# + [byte, byte, byte].joined(separator: ",") + #"\)"#
        let rgba = #"[Rr][Gg][Bb][Aa]\("# + [byte, byte, byte, alpha].joined(separator: ",") + #"\)"#
        return "^" + space + "(" + [hex, rgb, rgba].joined(separator: "|") + ")" + space + "$"
    }()

    /// A colour written as text (`colorPattern`).
    static let colorString = SchemaNode(type: [.string], pattern: colorPattern)
    /// A colour named as UIKit names it (`UIKitColor.names`).
    static let colorName = SchemaNode(type: [.string], enum: UIKitColor.names.map { .string($0) })
}
