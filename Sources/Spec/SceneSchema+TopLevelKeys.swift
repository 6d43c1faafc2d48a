import Foundation

/// The scene's top-level keys but `tabBar` (`SceneSchema+TabBarKeys.swift`), and a tab's content
/// (`contents[i]`). Each is what `Assets/scene.schema.json` says of the key: edit it here and re-record
/// that file with `tabanim schema > Assets/scene.schema.json`.
extension SceneSchema {
    /// `version` (`SceneSpec.version`).
    static let version = SchemaNode(
        type: [.integer, .null], enum: [1, .null],
        description: "The scene format's version. Only 1 exists; any other number is an error. Default: 1 (may be left out).",
        default: 1)

    /// `device`: a preset's name or an object (`DeviceSpec`).
    static let device = SchemaNode(
        description: #"The device: a preset name, or an object that starts from a preset and overrides its metrics. Default: "iphone-15". Presets (portrait; "orientation": "landscape" turns any of them): "# + presetList + ".",
        default: "iphone-15",
        oneOf: [
            SchemaNode(type: [.string], enum: presetNames, description: "A device preset: " + presetList + "."),
            SchemaNode(
                type: [.object], description: "A preset with overrides. Giving width or height makes it a custom device.",
                additionalProperties: false,
                properties: [
                    "preset": SchemaNode(
                        type: [.string, .null], enum: presetNames + [.null],
                        description: #"The preset the other keys start from. Default: "iphone-15"."#, default: "iphone-15"),
                    "width": SchemaNode(
                        type: [.number, .null], description: "Screen width in points, 100 to 2000. Default: the preset's.",
                        minimum: 100, maximum: 2000),
                    "height": SchemaNode(
                        type: [.number, .null], description: "Screen height in points, 100 to 2000. Default: the preset's.",
                        minimum: 100, maximum: 2000),
                    "scale": SchemaNode(
                        type: [.number, .null],
                        description: "The device's pixels per point (UIScreen.scale), 1 to 4. Only sets the hairline's thickness (one device pixel); the output's resolution is export.scale. Default: the preset's (2 or 3).",
                        minimum: 1, maximum: 4),
                    "safeAreaTop": SchemaNode(
                        type: [.number, .null],
                        description: "Status bar area in points (safeAreaInsets.top), 0 to 200; the navigation bar starts below it. Default: the preset's.",
                        minimum: 0, maximum: 200),
                    "safeAreaBottom": SchemaNode(
                        type: [.number, .null],
                        description: "Home indicator area in points below the bar's 49 pt of items (safeAreaInsets.bottom), 0 to 200; drawn in the bar's background. Default: the preset's (0 or 34).",
                        minimum: 0, maximum: 200),
                    "cornerRadius": SchemaNode(
                        type: [.number, .null],
                        description: "The display's corner radius in points (UIScreen's display corner radius), 0 to 200; drawn only with export.screenCorners. Default: the preset's (iPhone SE 0, iPhone 14 47.33, iPhone 15/16/16 Plus/15 Pro Max 55, iPhone 16 Pro/Pro Max and the 17s 62, iPads 18).",
                        minimum: 0, maximum: 200),
                ]),
            SchemaNode(type: [.null], description: #"Same as leaving the key out: "iphone-15"."#),
        ])

    /// `export` (`ExportSpec`).
    static let export = SchemaNode(
        type: [.object, .null],
        description: "How the animation is sampled and framed. Command-line options --fps, --scale and --duration override these keys.",
        additionalProperties: false,
        properties: [
            "scale": SchemaNode(
                type: [.number, .null], description: "Pixels per point in the output, 0.25 to 4. Default: 2.", minimum: 0.25,
                maximum: 4, default: 2),
            "fps": SchemaNode(
                type: [.number, .null],
                description: "Frames per second, 1 to 60 (need not be a whole number). Frame i is shown at i / fps. Default: 30.",
                minimum: 1, maximum: 60, default: 30),
            "duration": SchemaNode(
                type: [.number, .null],
                description: "The loop's length in seconds, 0.1 to 120; rounded to a whole number of frames (round(duration × fps), at least 1, at most 3000 frames). Every tap must happen before it. Default: the last tap's time + 2 s, rounded up to whole seconds, at least 3 s.",
                minimum: 0.1, maximum: 120),
            "region": SchemaNode(
                type: [.string, .null], enum: ExportRegionKind.schemaWords + [.null],
                description: #"The part of the screen exported: "screen" (the whole screen) or "tabBar" (from export.margin above the hairline or the raised button, whichever is higher, to the screen's bottom). Default: "screen"."#,
                default: "screen"),
            "margin": SchemaNode(
                type: [.number, .null],
                description: #"Points kept above the tab bar (and raised button) when region is "tabBar", 0 to 200; unused otherwise. Default: 12."#,
                minimum: 0, maximum: 200, default: 12),
            "screenCorners": SchemaNode(
                type: [.boolean, .null],
                description: "true clips the picture to the screen's rounded corners (device.cornerRadius): outside them transparent in PNG, WebP and SVG, the background's colour in GIF and MP4 (--background, when given, in every format). Default false.",
                default: false),
        ])

    /// `centerButton` (`CenterButtonSpec`; `null` or `false`: none).
    static let centerButton = SchemaNode(
        description: "The raised, spinning button centred on the bar's top edge. Left out: a default button (built-in add image, 56 pt, selects the middle item) when the item count is odd, none when it is even. null or false: no button.",
        oneOf: [
            SchemaNode(
                type: [.object], description: "The button; every key optional.", additionalProperties: false,
                properties: [
                    "image": SchemaNode(
                        type: [.string, .null],
                        description: "Path to an SVG or PNG image, relative to the scene file, drawn in the button's frame. Default: the built-in add button (blue disc, white ring and plus). An asset of an asset catalog works too, as for an item's icon (drawn in the button's frame, a symbol too)."),
                    "size": SchemaNode(
                        type: [.number, .null], description: "The button's side in points (a square frame), 8 to 200. Default: 56.",
                        minimum: 8, maximum: 200, default: 56),
                    "offsetY": SchemaNode(
                        type: [.number, .null],
                        description: "Points to move the button down from the bar's top edge (negative: up), -200 to 200. At 0 the button's centre is on the bar's top edge, so half of it sticks out above the bar. Default: 0.",
                        minimum: -200, maximum: 200, default: 0),
                    "spinPeriod": SchemaNode(
                        type: [.number, .null],
                        description: "Seconds per turn of the spin (linear, repeating), 0.05 to 600. Default: 3.", minimum: 0.05,
                        maximum: 600, default: 3),
                    "selects": SchemaNode(
                        type: [.integer, .null],
                        description: "The item index the button selects, counting from 0. Default: the middle item (item count / 2); required when the item count is even.",
                        minimum: 0, maximum: 4),
                ]),
            SchemaNode(type: [.null], description: "No center button."),
            SchemaNode(const: false, description: "No center button (same as null)."),
        ])

    /// `contents`: one entry per tab, by item index.
    static let contents = SchemaNode(
        type: [.array, .null],
        description: "Each tab's content, by item index (contents[0] is item 0's). At most one per item; items without an entry get the defaults (white, the item's title, no rows).",
        maxItems: 5, items: .node(SchemaNode(ref: "content")))

    /// `$defs/content`: `contents[i]`, one tab's content (`ContentSpec`).
    static let contentDefinition = SchemaNode(
        type: [.object], description: "One tab's content: a plain color with a navigation title and placeholder table rows.",
        additionalProperties: false,
        properties: [
            "color": SchemaNode(
                ref: "color", description: ##"The content's background color. Default: "#FFFFFF"."##, default: "#FFFFFF"),
            "title": SchemaNode(
                type: [.string, .null], description: "The navigation bar's title (17 pt semibold, centred). Default: the item's title."),
            "rows": SchemaNode(
                type: [.integer, .null],
                description: "Placeholder table rows (44 pt each) under the navigation bar, 0 to 50; rows that do not fit are not drawn. Default: 0.",
                minimum: 0, maximum: 50, default: 0),
            "screenshot": SchemaNode(
                type: [.string, .null],
                description: "A PNG of the real screen (any scale), drawn at the device's width from the top of the screen instead of the title and rows, clipped to the content area. Path relative to the scene file. At most 4096 × 4096 pixels. Default: none."),
            "largeTitle": SchemaNode(
                type: [.boolean, .null],
                description: "prefersLargeTitles: the title in 34 pt bold below the navigation bar (52 pt, chosen), the rows below it; scrolled, it moves up under the bar and the inline title and the bar's background show. Not with screenshot. Default false."),
        ])

    /// `transition`: a style's name or an object (`TransitionSpec`).
    static let transition = SchemaNode(
        description: #"How tab content changes: "slide" (UIView.animate-style slide: a higher index enters from the right), "none" (instant), or an object. Default: a 1 s slide on the ease-in-ease-out curve."#,
        default: "slide",
        oneOf: [
            SchemaNode(
                type: [.string], enum: TransitionStyle.schemaWords,
                description: #""slide": 1 s, easeInEaseOut. "none": instant tab changes."#),
            SchemaNode(
                type: [.object], description: "A transition with settings.", additionalProperties: false,
                properties: [
                    "style": SchemaNode(
                        type: [.string, .null], enum: TransitionStyle.schemaWords + [.null],
                        description: #""slide" or "none". With "none" the other keys are not used. Default: "slide"."#,
                        default: "slide"),
                    "duration": SchemaNode(
                        type: [.number, .null],
                        description: "Seconds the slide takes, 0.01 to 30. Taps while it runs are ignored. Default: 1.", minimum: 0.01,
                        maximum: 30, default: 1),
                    "curve": SchemaNode(
                        ref: "curve",
                        description: #"The timing curve: a name (linear, easeIn = (0.42, 0, 1, 1), easeOut = (0, 0, 0.58, 1), easeInEaseOut = (0.42, 0, 0.58, 1)) or cubic Bézier control points [x1, y1, x2, y2] with x1 and x2 between 0 and 1, y1 and y2 between -10 and 10. Default: "easeInEaseOut"."#,
                        default: "easeInEaseOut"),
                ]),
            SchemaNode(type: [.null], description: "Same as leaving the key out: a 1 s slide."),
        ])

    /// `script`: the taps, scrolls and badge changes (`$defs/tap`).
    static let script = SchemaNode(
        type: [.array, .null],
        description: "The taps, scrolls and badge changes, in any order (sorted by time; equal times keep the file's order). At most 1000 of each kind (the taps, scrolls and badge-changes limits: --limit NAME=N changes each), so at most 3000 entries. Default: no taps.",
        maxItems: 3000, items: .node(SchemaNode(ref: "tap")))

    /// `statusBar`: drawn or not, or what it shows (`StatusBarSpec`).
    static let statusBar = SchemaNode(
        description: "Draw the status bar as iOS draws it on the device (time, cellular bars, Wi-Fi, battery, the Dynamic Island), which stays put while contents slide; false when screenshots show their own; or an object saying what it shows. Default: true.",
        default: true,
        oneOf: [
            SchemaNode(type: [.boolean, .null]),
            SchemaNode(
                type: [.object], additionalProperties: false,
                properties: [
                    "signal": SchemaNode(
                        type: [.integer, .null],
                        description: "Cellular bars lit, 0 to 4; the others are drawn at 20 % of the ink. Default: 4.", minimum: 0,
                        maximum: 4),
                    "battery": SchemaNode(
                        type: [.number, .null], description: "The battery's charge in percent, 0 to 100. Default: 100.", minimum: 0,
                        maximum: 100),
                    "dynamicIsland": SchemaNode(
                        type: [.boolean, .null],
                        description: "Draw the Dynamic Island on the devices that have one (iOS Simulator captures leave it out). Default: true."),
                    "carrier": SchemaNode(
                        type: [.string, .null],
                        description: #"The network's name at the left of a home-button iPhone's status bar; "" for none. Default: "Carrier" (the iOS Simulator's) in English; none in other languages, with a warning."#),
                ]),
        ])

    /// `homeIndicator` (`SceneSpec.homeIndicator`).
    static let homeIndicator = SchemaNode(
        type: [.boolean, .null],
        description: "Draw the home indicator (a 144 × 5 pt capsule 8 pt above the screen's bottom) on Face ID devices, black over light content and white over dark. Default: true.",
        default: true)

    /// `fonts` (`SceneSpec.fonts`).
    static let fonts = SchemaNode(
        type: [.array, .null],
        description: "Font files registered for the run (Apple's SF-Pro.ttf, the app's own fonts), relative to the scene file. Titles are drawn in SF Pro when it is installed or listed here, else in Inter as its stand-in. At most 16 files.",
        maxItems: 16, items: .node(SchemaNode(type: [.string], pattern: #"\.([tT][tT][fF]|[oO][tT][fF]|[tT][tT][cC]|[oO][tT][cC])$"#)))

    /// `strings`: a String Catalog or a `.strings` file (`SceneSpec.strings`).
    static let strings = SchemaNode(
        type: [.string, .null],
        description: #"The app's String Catalog (Localizable.xcstrings, Xcode 15+), or one of its legacy LOCALE.lproj/Localizable.strings (or .stringsdict) files, whose sibling *.lproj folders are read too; relative to the scene file. A title that is a key of it is looked up, as NSLocalizedString looks it up, and a title {"key": …} needs it. At most 50,000 keys, within the asset-size limit. Default: none."#,
        pattern: #"^(.*\.[xX][cC][sS][tT][rR][iI][nN][gG][sS]|(.*/)?[^/]+\.lproj/[^/]+\.[sS][tT][rR][iI][nN][gG][sS]([dD][iI][cC][tT])?)$"#)

    /// `locale`: a BCP 47 tag (`SceneSpec.locale`).
    static let locale = SchemaNode(
        type: [.string, .null],
        description: #"The language the titles are shown in: a BCP 47 tag ("de", "zh-Hans", "pt-BR", "es-419"): a language of 2 or 3 letters, then an optional script (4 letters), region (2 letters or 3 digits) and variants. A missing translation falls back as on iOS (de-CH to de, then the catalog's source language, with a warning). Arabic, Hebrew, Persian and Urdu lay the bar out right to left unless layoutDirection says otherwise. Default: the catalog's sourceLanguage."#,
        pattern: "^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$")

    /// `interfaceStyle` (`InterfaceStyle`).
    static let interfaceStyle = SchemaNode(
        type: [.string, .null], enum: InterfaceStyle.schemaWords + [.null],
        description: #"UIKit's UIUserInterfaceStyle: "light" (the default) or "dark". --interface-style overrides it."#)

    /// `layoutDirection` (`LayoutDirection`).
    static let layoutDirection = SchemaNode(
        type: [.string, .null], enum: LayoutDirection.schemaWords + [.null],
        description: #""rightToLeft" mirrors the bar (item 0 rightmost) and the slide, as UIKit does for right-to-left languages. Default "leftToRight"."#)

    /// `orientation` (`Orientation`).
    static let orientation = SchemaNode(
        type: [.string, .null], enum: Orientation.schemaWords + [.null],
        description: #""landscape" turns the device: width and height swap, and the safe area is the one UIKit reports that way (iPhones: no status bar, 21 pt at the bottom, the sensor housing's inset on both sides; iPads: 24/20 pt as in portrait). An iPhone in landscape gets the compact-height bar (32 pt of items, icon beside title). Default "portrait"."#)

    /// `os`: a release by its major version (`OSVersion`).
    static let os = SchemaNode(
        type: [.string, .number, .null],
        description: #"The iOS or iPadOS release shown, by its major version: "13" to "18", "26" or "27" (a number, or "iOS 26" / "iPadOS 18"). Without tabBar.style it picks the bar: "glass" from iOS 26 on an iPhone and from iPadOS 18 on an iPad (the floating top bar), "classic" before. A "glass" style on an earlier release is an error. Default: none (the bar stays "classic"). "27" applies iOS 27's rules for search and prominent tabs; "27.1" (or 27.1) also the iPhone Duo's vertical bars (its default there)."#,
        anyOf: [
            SchemaNode(type: [.null]),
            SchemaNode(type: [.number], enum: OSVersion.known.map { .number(Double($0)) } + [.number(27.1)]),
            SchemaNode(
                type: [.string], pattern: #"^[ \t]*([iI][oO][sS]|[iI][pP][aA][dD][oO][sS])?[ \t]*\+?0*(1[3-8]|2[67]|27\.[01])[ \t]*$"#),
        ])
}
