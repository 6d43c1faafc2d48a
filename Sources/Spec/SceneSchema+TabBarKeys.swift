import Foundation

/// `tabBar`: the bar, its items (`tabBar.items[i]`, `$defs/item`), their animations (`$defs/animation`), and
/// the colours it and the contents use (`$defs/color`). Re-record `Assets/scene.schema.json` after an edit:
/// `tabanim schema > Assets/scene.schema.json`.
extension SceneSchema {
    /// `tabBar`: the bar (`TabBarSpec`).
    static let tabBar = SchemaNode(
        type: [.object, .null], description: "The UITabBar: colors, appearance, items and the item selected at the start.",
        additionalProperties: false,
        properties: [
            "style": SchemaNode(
                type: [.string, .null], enum: TabBarStyle.schemaWords + [.null],
                description: #""classic" (the default without "os", or with an "os" before iOS 26 / iPadOS 18: the seeds' bar, iOS 10–18; on an iPad the iPadOS 14 bottom bar with each icon left of its title, 65 pt) or "glass" (the default with "os" 26, or 18 on an iPad; iOS 26's floating Liquid Glass capsule with a moving selection pill; on an iPad iPadOS 26's text-only bar at the top, 44 pt tall and sized to its titles; backgroundColor, translucent and appearance do not apply to it)."#),
            "tintColor": SchemaNode(
                ref: "color",
                description: #"Color of the selected item's icon (template) and title. Default: "systemBlue" ((0,122,255) in light, (10,132,255) in dark), as an app that sets no tint gets."#,
                default: "systemBlue"),
            "unselectedItemTintColor": SchemaNode(
                ref: "color",
                description: #"Color of unselected items' icons (template) and titles. Default: "rgb(146, 146, 146)" (#929292)."#,
                default: "rgb(146, 146, 146)"),
            "backgroundColor": SchemaNode(
                ref: "color",
                description: ##"The bar's background (standard appearance only). Default: "#FFFFFF" when translucent is false, "rgba(248, 249, 249, 0.94)" when it is true."##),
            "translucent": SchemaNode(
                type: [.boolean, .null],
                description: "false: opaque bar, tab content ends at the bar's top edge. true: content runs under the bar. Default: false.",
                default: false),
            "appearance": SchemaNode(
                type: [.string, .null], enum: BarAppearanceKind.schemaWords + [.null],
                description: #""standard": background and hairline always drawn. "scrollEdge" (iOS 15+, nothing scrolled under the bar): no background and no hairline. Default: "standard"."#,
                default: "standard"),
            "selectedIndex": SchemaNode(
                type: [.integer, .null],
                description: "The item selected at t = 0, counting from 0; must name an existing item. Selecting the center item here does not start the spin. Default: 0.",
                minimum: 0, maximum: 4, default: 0),
            "items": SchemaNode(
                type: [.array, .null],
                description: #"The bar's items, left to right: 1 to 5 (UIKit moves more to a "More" tab). They share the screen's width equally. Default: five items titled 首页, 扩展, 旋转, 发现, 我 with no icons (and the default center button standing for the middle one)."#,
                minItems: 1, maxItems: 5, items: .node(SchemaNode(ref: "item"))),
            "lottieFolder": SchemaNode(
                type: [.string, .null],
                description: "Seed 002's convention: item N (from 1) without an animation of its own plays tabbarN.json from this folder, relative to the scene file, if that file exists. Default: none."),
            "assets": SchemaNode(
                type: [.string, .null],
                description: #"An Xcode asset catalog (App/Assets.xcassets), relative to the scene file: items' icon and selectedIcon, and centerButton.image, may then name an asset alone ("home", or "Tabs/home" in a folder that provides a namespace); the catalog is searched first. Default: none (a catalog's asset is still reachable by path, "App/Assets.xcassets/home")."#),
            "symbols": SchemaNode(
                type: [.string, .null],
                description: #"A folder of SF Symbols templates (house.svg, as the SF Symbols app exports them), relative to the scene file: an item's icon {"systemImage": "house"} is drawn with Apple's glyph from it, placed by its baseline and margins. Default: none (tabanim's stand-ins)."#),
            "badgeAnimation": SchemaNode(
                type: [.string, .null], enum: BadgeAnimationKind.schemaWords + [.null],
                description: #"How a badge the script sets appears: "none" (UIKit: at once, the default) or "pop" (scales in 0 → 1.2 → 1 over 0.3 s)."#),
            "titleFont": SchemaNode(
                type: [.string, .null],
                description: #"The items' titles in this font family (a font of "fonts", or installed), untracked as UIKit draws a custom UIFont. Default: the system font (SF Pro, or Inter as its stand-in). Not empty, no comma (one family, not a CSS list)."#,
                pattern: #"^[^,]*[^\s,][^,]*$"#),
            "badgeFont": SchemaNode(
                type: [.string, .null],
                description: "The badges' text in this font family. Default: the system font. Not empty, no comma (one family, not a CSS list).",
                pattern: #"^[^,]*[^\s,][^,]*$"#),
            "sidebar": SchemaNode(
                type: [.string, .null], enum: SidebarVisibility.schemaWords + [.null],
                description: #"The iPad's sidebar (UITabBarController.mode .tabSidebar, SwiftUI .sidebarAdaptable), "shown" or "hidden" at the start; script[].sidebar toggles it. iPadOS 26 draws a floating glass panel, iPadOS 18 a flush column ("os"); on an iPad's floating top bar (style "glass"), and on the iPhone Duo, which keeps it only in inner landscape (a regular width). Default: no sidebar."#),
            "verticalBehavior": SchemaNode(
                type: [.string, .null], enum: VerticalBehavior.schemaWords + [.null],
                description: #"SwiftUI's toolbarVerticalBehavior (iOS 27.1, the iPhone Duo): "automatic" lets the bar become a vertical glass rail in the strip where iOS 27.1 puts one (the outer display, the inner one in landscape; the glass style, "os" 27.1, its default on the Duo); "disabled" keeps the horizontal bar at the bottom and moves the strip to the top. Elsewhere it changes nothing. Default "automatic"."#),
            "minimizeBehavior": SchemaNode(
                type: [.string, .null], enum: MinimizeBehavior.schemaWords + [.null],
                description: #"UITabBarController.tabBarMinimizeBehavior (iOS 26, the glass bar of an iPhone only; elsewhere an error): "onScrollDown" minimizes the bar to a small capsule holding the selected icon at the leading edge when the selected tab's content scrolls down (script[].scroll) and expands it when it scrolls up; "onScrollUp" the other way round. A tap on the minimized capsule expands it. Default "never"."#),
            "accessory": SchemaNode(
                type: [.object, .null],
                description: "UITabAccessory / SwiftUI tabViewBottomAccessory (iOS 26, the glass bar of an iPhone only; elsewhere an error): a 48 pt glass capsule 8 pt above the bar, inline beside the minimized bar. Give an image, a title or both.",
                additionalProperties: false,
                properties: [
                    "image": SchemaNode(
                        type: [.string, .null],
                        description: "An SVG or PNG file, relative to the scene file: the artwork, drawn in a 32 pt square."),
                    "title": SchemaNode(type: [.string, .null], description: "15 pt semibold, truncated at the tail."),
                    "subtitle": SchemaNode(
                        type: [.string, .null], description: "13 pt regular under the title, truncated at the tail."),
                ]),
        ])

    /// `$defs/color`: a colour, one for both interface styles or one each (`StyledColor`).
    static let colorDefinition = SchemaNode(
        description: ##"A color: "#RGB", "#RRGGBB", "#RRGGBBAA" (hex, alpha last), "rgb(r, g, b)" or "rgba(r, g, b, a)" with r, g, b whole numbers 0 to 255 and a 0 to 1. Or a UIKit colour by name ("systemBlue", "label", "secondarySystemBackground", …: its light and dark values). Or one per interface style: {"light": …, "dark": …}."##,
        oneOf: [
            SchemaNode(type: [.null]),
            colorString,
            colorName,
            SchemaNode(
                type: [.object], description: "UIKit dynamic color: its value in light and in dark mode.", additionalProperties: false,
                required: ["light", "dark"],
                properties: [
                    "light": SchemaNode(oneOf: [colorString, colorName]),
                    "dark": SchemaNode(oneOf: [colorString, colorName]),
                ]),
        ])

    /// `$defs/item`: `tabBar.items[i]`, one bar item (`ItemSpec`).
    static let itemDefinition = SchemaNode(
        type: [.object], description: "One tab bar item: icon stacked above its title.", additionalProperties: false,
        properties: [
            "title": SchemaNode(
                description: #"The title under the icon (10 pt system font, medium); none drawn when empty. Text (looked up in strings when the catalog has it as a key, as NSLocalizedString does), or {"key": …, "count": …}: a key of strings. A title wider than its item is truncated with “…”; only its first 400 characters are read. Default: "" (no title)."#,
                default: "",
                oneOf: [
                    SchemaNode(
                        type: [.string],
                        description: "The title as text (or a key of strings, as Xcode writes the source text as the key)."),
                    SchemaNode(
                        type: [.object],
                        description: "A key of the String Catalog (strings), shown in locale; a key no locale has is an error.",
                        additionalProperties: false, required: ["key"],
                        properties: [
                            "key": SchemaNode(
                                type: [.string], description: #"The key in strings ("tab.home"). Required."#),
                            "count": SchemaNode(
                                type: [.integer, .null],
                                description: #"The number a title that varies with a count is shown for, 0 to 999,999,999: its plural form (CLDR rules of the text's language), then %d / %lld / %1$ld / %u replaced by it. Default: none (a plural key then shows its "other" form, with a warning)."#,
                                minimum: 0, maximum: 999999999),
                        ]),
                    SchemaNode(type: [.null], description: "Same as leaving the key out: no title."),
                ]),
            "icon": SchemaNode(
                description: #"Path to an SVG or PNG image, relative to the scene file, drawn in the icon box (centre 18.6 pt below the bar's top). Default: no icon. An asset of an Xcode asset catalog works too: "App/Assets.xcassets/home", the set's folder (…/home.imageset, …/home.symbolset), or with tabBar.assets the name alone ("home"). An image set gives the file Xcode picks for an iPhone at export.scale in interfaceStyle (PNG @2x/@3x, PDF, SVG); a symbol set's template gives its Regular-M variant at 22 pt (iconSize sets the point size), placed by its baseline and margins. Or an SF Symbol by name: {"systemImage": "house"}, drawn with Apple's template from tabBar.symbols, else a stand-in from Material Design Icons (with a warning)."#,
                oneOf: [
                    SchemaNode(
                        type: [.string, .null], description: "A file's path, or an asset of tabBar.assets."),
                    SchemaNode(
                        type: [.object],
                        description: "An SF Symbol by name, as UIImage(systemName:) and Label(_:systemImage:) name it.",
                        additionalProperties: false, required: ["systemImage"],
                        properties: [
                            "systemImage": SchemaNode(
                                type: [.string],
                                description: #"The SF Symbol's name ("house", "person.crop.circle"): one of the names tabanim knows (docs/scene-format.md) or a template in tabBar.symbols."#),
                            "selectedSystemImage": SchemaNode(
                                type: [.string, .null],
                                description: "The symbol shown while the item is selected. Default: the .fill variant where the symbol has one, else the symbol itself."),
                        ]),
                ]),
            "selectedIcon": SchemaNode(
                type: [.string, .null],
                description: #"Path to an SVG or PNG image shown while the item is selected, relative to the scene file. Default: the icon. An asset of an Xcode asset catalog works too: "App/Assets.xcassets/home", the set's folder (…/home.imageset, …/home.symbolset), or with tabBar.assets the name alone ("home"). An image set gives the file Xcode picks for an iPhone at export.scale in interfaceStyle (PNG @2x/@3x, PDF, SVG); a symbol set's template gives its Regular-M variant at 22 pt (iconSize sets the point size), placed by its baseline and margins."#),
            "rendering": SchemaNode(
                type: [.string, .null], enum: IconRendering.schemaWords + [.null],
                description: #""template": the icon is tinted through its alpha with tintColor or unselectedItemTintColor. "original": drawn as it is. Default: "template". Default for an asset catalog's icon: its set's template-rendering-intent, template when it gives none."#,
                default: "template"),
            "iconSize": SchemaNode(
                type: [.number, .null], description: "The icon box's side in points, 4 to 64. Default: 24.", minimum: 4, maximum: 64,
                default: 24),
            "animation": SchemaNode(ref: "animation"),
            "badge": SchemaNode(
                type: [.string, .null],
                description: #"UITabBarItem.badgeValue at the start: "3", "99+", or "" for the empty disc; a red disc (a capsule for longer values) at the icon's top right. At most 16 characters are kept (a longer value is cut and ends in “…”)."#),
            "role": SchemaNode(
                type: [.string, .null], enum: TabRole.schemaWords + [.null],
                description: #""search" (Tab(role: .search), UISearchTab): on iOS 26 a 62 pt circle apart at the trailing end, and selected, the bar becomes a search field; on iOS 27 apart only when activatesSearch is true and no tab is prominent. "prominent" (iOS 27's TabRole.prominent, "os": "27"): apart at the trailing end, a tinted circle, kept while the bar is minimized. One item per role; only on the glass bar of an iPhone."#),
            "activatesSearch": SchemaNode(
                type: [.boolean, .null],
                description: #"A search tab that opens its field when selected (UISearchTab.automaticallyActivatesSearch); only with role "search". Default false."#),
            "section": SchemaNode(
                type: [.string, .null],
                description: #"The iPad sidebar's section the tab belongs to (UITabGroup's title): the sidebar draws the section's header above its first tab and wherever the section changes. Only with tabBar.sidebar. Default: none."#),
            "searchPrompt": SchemaNode(
                type: [.string, .null],
                description: #"The search field's placeholder (UISearchBar.placeholder, SwiftUI's searchable(prompt:)), translated by "strings" like a title; only with role "search". Default: the search tab's own title."#),
        ])

    /// `$defs/animation`: `tabBar.items[i].animation`, a Lottie file or a built-in effect (`AnimationSpec`).
    static let animationDefinition = SchemaNode(
        description: #"What plays on didSelect: a Lottie file's path, {"lottie": path, "rendering": …, "theme": …}, or a built-in effect {"effect": …, "duration": …, "curve": …}."#,
        oneOf: [
            SchemaNode(
                type: [.string], description: "A Lottie .json file or a dotLottie .lottie archive, relative to the scene file."),
            SchemaNode(
                type: [.object], description: "A Lottie file with settings. duration and curve are an effect's, not allowed here.",
                additionalProperties: false, required: ["lottie"],
                properties: [
                    "lottie": SchemaNode(
                        type: [.string],
                        description: #"A Lottie .json file or a dotLottie .lottie archive ("icons/x.lottie#animation-id" picks one of its animations), relative to the scene file."#),
                    "rendering": SchemaNode(
                        type: [.string, .null], enum: IconRendering.schemaWords + [.null],
                        description: "Template: drawn in the tint color through its alpha. Default: the item's rendering."),
                    "theme": SchemaNode(
                        type: [.string, .null],
                        description: "A theme id of a dotLottie archive's manifest (t/ID.json): its rules override the animation's slots. Only for .lottie files."),
                    "effect": SchemaNode(
                        type: [.null], description: "Only null here: an animation is a Lottie file or an effect, not both."),
                ]),
            SchemaNode(
                type: [.object],
                description: "A built-in effect on the icon itself. rendering and theme are a Lottie file's, not allowed here.",
                additionalProperties: false, required: ["effect"],
                properties: [
                    "effect": SchemaNode(
                        type: [.string], enum: EffectKind.schemaWords,
                        description: "bounce: scale 1, 1.4, 0.9, 1.15, 0.95, 1.02, 1; rotate: one turn; flip: about the vertical axis."),
                    "duration": SchemaNode(
                        type: [.number, .null], description: "Seconds. Default: 0.5 for bounce, 0.6 otherwise.", minimum: 0.05,
                        maximum: 10),
                    "curve": SchemaNode(ref: "curve"),
                    "lottie": SchemaNode(
                        type: [.null], description: "Only null here: an animation is a Lottie file or an effect, not both."),
                ]),
        ])
}
