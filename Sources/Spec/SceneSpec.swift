import Basics
import Foundation

/// The scene file exactly as written: every field optional, no defaults applied, no logic.
/// `SceneResolver` turns it into a `ResolvedScene`. Field names are the JSON keys.
public struct SceneSpec: Sendable, Equatable {
    /// `version`: the scene format's version; only 1 exists.
    public var version: Int?
    public var device: DeviceSpec?
    public var export: ExportSpec?
    public var tabBar: TabBarSpec?
    /// `centerButton`: absent means the default button, `null` means none.
    public var centerButton: Presence<CenterButtonSpec>
    /// `contents`: one entry per tab, by item index.
    public var contents: [ContentSpec]?
    public var transition: TransitionSpec?
    /// `script`: the taps, in any order.
    public var script: [TapSpec]?
    /// `statusBar`: draw the status bar (false for screenshots that show their own), or what it shows.
    public var statusBar: StatusBarSpec?
    /// `homeIndicator`: draw the home indicator on Face ID devices (default true).
    public var homeIndicator: Bool?
    /// `fonts`: font files registered for the run (Apple's SF Pro download, the app's own fonts), relative
    /// to the scene file.
    public var fonts: [String]?
    /// `strings`: the app's String Catalog (`Localizable.xcstrings`) or one of its legacy
    /// `LOCALE.lproj/Localizable.strings` files, relative to the scene file.
    public var strings: String?
    /// `locale`: the language the titles are shown in (BCP 47: "de", "zh-Hans"); default the catalog's
    /// source language.
    public var locale: String?
    /// `interfaceStyle`: UIKit's `UIUserInterfaceStyle`, light (the default) or dark.
    public var interfaceStyle: InterfaceStyle?
    /// `layoutDirection`: left to right (the default) or right to left, as UIKit lays out for Arabic and Hebrew.
    public var layoutDirection: LayoutDirection?
    /// `orientation`: portrait (the default) or landscape; every preset turns (width and height swapped,
    /// the insets UIKit reports that way).
    public var orientation: Orientation?
    /// `os`: the iOS / iPadOS release shown (`OSVersion`); it picks `tabBar.style` when that is absent.
    public var os: OSVersion?

    public init(version: Int? = nil, device: DeviceSpec? = nil, export: ExportSpec? = nil, tabBar: TabBarSpec? = nil,
                centerButton: Presence<CenterButtonSpec> = .absent, contents: [ContentSpec]? = nil,
                transition: TransitionSpec? = nil, script: [TapSpec]? = nil) {
        self.version = version; self.device = device; self.export = export; self.tabBar = tabBar
        self.centerButton = centerButton; self.contents = contents; self.transition = transition; self.script = script
    }
}

/// `interfaceStyle` (`UIUserInterfaceStyle`): which of a dynamic colour's values UIKit shows.
public enum InterfaceStyle: String, Sendable, SpecEnum, CaseIterable {
    case light
    case dark
}

/// `layoutDirection` (UIKit's `semanticContentAttribute` / `effectiveUserInterfaceLayoutDirection`).
public enum LayoutDirection: String, Sendable, SpecEnum, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// A colour as a scene gives it: one for both interface styles (`"#1C1C1E"`), or one per style
/// (`{"light": "#FFFFFF", "dark": "#1C1C1E"}`), as a dynamic `UIColor` resolves per trait collection.
public struct StyledColor: Sendable, Equatable {
    public var light: Color
    public var dark: Color

    public init(_ color: Color) { light = color; dark = color }
    public init(light: Color, dark: Color) { self.light = light; self.dark = dark }

    public func resolved(for style: InterfaceStyle) -> Color {
        switch style {
        case .light: return light
        case .dark: return dark
        }
    }
}

/// A key that can be absent (use the default), `null` (switch the feature off) or given.
public enum Presence<Value: Sendable & Equatable>: Sendable, Equatable {
    case absent
    case null
    case value(Value)
}

/// `device`: a preset name (`"iphone-15"`) or an object.
public struct DeviceSpec: Sendable, Equatable {
    public var preset: String?
    public var width: Double?
    public var height: Double?
    public var scale: Double?
    public var safeAreaTop: Double?
    public var safeAreaBottom: Double?
    /// `device.cornerRadius`: the display's corner radius in points (drawn with `export.screenCorners`).
    public var cornerRadius: Double?
    public init(preset: String? = nil) { self.preset = preset }
}

/// `export`: how the animation is sampled and framed.
public struct ExportSpec: Sendable, Equatable {
    /// `export.scale`: pixels per point in the output.
    public var scale: Double?
    public var fps: Double?
    /// `export.duration`: the loop's length in seconds.
    public var duration: Double?
    public var region: ExportRegionKind?
    /// `export.margin`: points around the tab bar region.
    public var margin: Double?
    /// `export.screenCorners`: clip the picture to the screen's rounded corners (`Device.cornerRadius`).
    public var screenCorners: Bool?
    public init() {}
}

public enum ExportRegionKind: String, Sendable, SpecEnum {
    case screen
    case tabBar
}

public struct TabBarSpec: Sendable, Equatable {
    /// `tabBar.style`: the classic bar (the seeds') or iOS 26's floating glass capsule.
    public var style: TabBarStyle?
    /// `badgeAnimation`.
    public var badgeAnimation: BadgeAnimationKind?
    public var tintColor: StyledColor?
    public var unselectedItemTintColor: StyledColor?
    public var backgroundColor: StyledColor?
    public var translucent: Bool?
    public var appearance: BarAppearanceKind?
    /// `tabBar.selectedIndex`: the item selected at t = 0, counting from 0.
    public var selectedIndex: Int?
    public var items: [ItemSpec]?
    /// `tabBar.lottieFolder`: seed 002's convention, `tabbarN.json` (N counting from 1) for items with no
    /// `animation` of their own.
    public var lottieFolder: String?
    /// `tabBar.titleFont`: the family of the items' titles (a font of `fonts`, or installed); default the
    /// system font (SF Pro, or its stand-in).
    public var titleFont: String?
    /// `tabBar.badgeFont`: the family of the badges' text; default the system font.
    public var badgeFont: String?
    /// `tabBar.assets`: an Xcode asset catalog (`App/Assets.xcassets`) whose assets items may name alone.
    public var assets: String?
    /// `tabBar.symbols`: a folder of SF Symbols templates (`house.svg`, exported by the SF Symbols app) that
    /// draw `systemImage` icons with Apple's glyphs.
    public var symbols: String?
    /// `tabBar.minimizeBehavior`: `UITabBarController.tabBarMinimizeBehavior` (iOS 26, the glass bar of an
    /// iPhone): whether scrolling the content shrinks the bar to its selected icon.
    public var minimizeBehavior: MinimizeBehavior?
    /// `tabBar.accessory`: `UITabAccessory` / SwiftUI `tabViewBottomAccessory` (iOS 26, the glass bar).
    public var accessory: AccessorySpec?
    /// `tabBar.verticalBehavior`: SwiftUI's `toolbarVerticalBehavior` (iOS 27.1, the iPhone Duo): whether the
    /// bar may become a vertical rail in the strip.
    public var verticalBehavior: VerticalBehavior?
    /// `tabBar.sidebar`: the iPad's sidebar (`UITabBarController.mode = .tabSidebar`, SwiftUI
    /// `.sidebarAdaptable`), shown or hidden at the start.
    public var sidebar: SidebarVisibility?
    public init() {}
}

/// `tabBar.sidebar`: whether the iPad's sidebar shows at t = 0 (`UITabBarController.sidebar.isHidden`).
public enum SidebarVisibility: String, Sendable, SpecEnum, CaseIterable {
    case hidden
    case shown
}

/// `script[i].posture`: the iPhone Duo unfolded (to its inner display), folded (to its outer one), or turned
/// to portrait or landscape; the scene is laid out again on the new screen.
public enum PostureAction: String, Sendable, SpecEnum, CaseIterable {
    case unfold
    case fold
    case portrait
    case landscape
}

/// `script[i].sidebar`: the sidebar button in the top bar's leading end tapped, or the app setting
/// `sidebar.isHidden`.
public enum SidebarAction: String, Sendable, SpecEnum, CaseIterable {
    case show
    case hide
    case toggle
}

/// `tabBar.verticalBehavior` (`toolbarVerticalBehavior(_:)`, iOS 27.1): `automatic` lets the iPhone Duo put the
/// tab bar in its vertical strip where iOS does; `disabled` keeps it horizontal at the bottom, the strip moved
/// to the top (UIKIT-2026.md, "iPhone Duo").
public enum VerticalBehavior: String, Sendable, SpecEnum, CaseIterable {
    case automatic
    case disabled
}

/// `tabBar.minimizeBehavior` (`UITabBarController.MinimizeBehavior`; `automatic` is left out: on an iPhone
/// it does not minimize, as `never`).
public enum MinimizeBehavior: String, Sendable, SpecEnum, CaseIterable {
    case never
    case onScrollDown
    case onScrollUp
}

/// `tabBar.accessory`: a glass capsule above the bar (a mini-player): an image, a title and a subtitle.
public struct AccessorySpec: Sendable, Equatable {
    /// An SVG or PNG file, relative to the scene file (the artwork).
    public var image: String?
    public var title: String?
    public var subtitle: String?
    public init() {}
}

/// `items[i].role`: SwiftUI's `TabRole` / UIKit's `UISearchTab` and iOS 27's prominent tab.
public enum TabRole: String, Sendable, SpecEnum, CaseIterable {
    /// `Tab(role: .search)` / `UISearchTab`.
    case search
    /// iOS 27's `TabRole.prominent` (`prominentTabIdentifier`).
    case prominent
}

/// `tabBar.style`.
public enum TabBarStyle: String, Sendable, SpecEnum, CaseIterable {
    /// The bar the seeds build (iOS 10–18, or iOS 26 with `UIDesignRequiresCompatibility`): full width, on
    /// the screen's bottom edge.
    case classic
    /// iOS 26's floating Liquid Glass capsule with its moving selection pill (UIKIT-2026.md).
    case glass
}

public enum BarAppearanceKind: String, Sendable, SpecEnum {
    /// Background and hairline always drawn (UITabBar before iOS 15, or `scrollEdgeAppearance = standardAppearance`).
    case standard
    /// iOS 15+: no background and no hairline while nothing scrolls under the bar.
    case scrollEdge
}

public struct ItemSpec: Sendable, Equatable {
    /// `title` as text (itself a key of `strings` when the catalog has it, as `NSLocalizedString` reads it).
    public var title: String?
    /// `title: {"key": "tab.home"}`: a key of `strings`.
    public var titleKey: String?
    /// `title: {"key": "tab.inbox", "count": 3}`: the number a string that varies with a count is shown for
    /// (its plural form, and its `%d` / `%lld`).
    public var titleCount: Int?
    /// Path to an SVG or PNG file, relative to the scene file.
    public var icon: String?
    public var selectedIcon: String?
    /// `icon: {"systemImage": "house"}`: an SF Symbol by name (`UIImage(systemName:)`).
    public var systemImage: String?
    /// `icon: {"systemImage": …, "selectedSystemImage": "house.fill"}`: the selected state's symbol; default
    /// the `.fill` variant where the symbol has one.
    public var selectedSystemImage: String?
    public var rendering: IconRendering?
    /// `iconSize`: the icon box's side in points.
    public var iconSize: Double?
    /// `items[i].animation`: what plays on `didSelect`.
    public var animation: AnimationSpec?
    /// `items[i].badge`: `UITabBarItem.badgeValue` at the start ("3", "99+", "" for the empty disc).
    public var badge: String?
    /// `items[i].role`: `"search"` or `"prominent"`.
    public var role: TabRole?
    /// `items[i].activatesSearch`: `UISearchTab.automaticallyActivatesSearch` (default false).
    public var activatesSearch: Bool?
    /// `items[i].searchPrompt`: the search field's placeholder (`UISearchBar.placeholder`, SwiftUI's
    /// `searchable(prompt:)`); only with role "search".
    public var searchPrompt: String?
    /// `items[i].section`: the sidebar's section the tab belongs to (`UITabGroup`'s title); the iPad's sidebar
    /// draws a header where the section changes.
    public var section: String?
    public init() {}
}

/// `items[i].animation`: a Lottie file's path, `{"lottie": path, "rendering": …, "theme": …}`, or a built-in
/// effect `{"effect": "bounce", "duration": 0.5, "curve": …}`.
public enum AnimationSpec: Sendable, Equatable {
    /// `theme`: a theme id of a dotLottie archive's manifest (dotLottie 2.0 `themes`).
    case lottie(path: String, rendering: IconRendering?, theme: String? = nil)
    case effect(EffectKind, duration: Double?, curve: CurveSpec?)
}

/// Built-in icon effects, as animated tab bar libraries offer them.
public enum EffectKind: String, Sendable, SpecEnum {
    /// Scale keyframes 1, 1.4, 0.9, 1.15, 0.95, 1.02, 1.
    case bounce
    /// One full turn.
    case rotate
    /// A flip about the vertical axis (the icon's width goes to 0 and back).
    case flip
}

/// `UIImage.RenderingMode`: template images are tinted through their alpha; original ones drawn as they are.
public enum IconRendering: String, Sendable, SpecEnum {
    case template
    case original
}

public struct CenterButtonSpec: Sendable, Equatable {
    public var image: String?
    /// `centerButton.size`: the side in points; 56 when absent (the seed sizes the button to its image,
    /// whose size it does not give).
    public var size: Double?
    /// `centerButton.offsetY`: points to move the button down from the bar's top edge (negative: up).
    public var offsetY: Double?
    /// `centerButton.spinPeriod`: seconds per turn (the seed's `duration = 3.0`).
    public var spinPeriod: Double?
    /// `centerButton.selects`: the item index the button selects (the seed's `selectedIndex = 2`).
    public var selects: Int?
    public init() {}
}

public struct ContentSpec: Sendable, Equatable {
    public var color: StyledColor?
    /// `contents[i].title`: the navigation title; the item's title when absent.
    public var title: String?
    /// `contents[i].rows`: placeholder table rows to draw.
    public var rows: Int?
    /// `contents[i].screenshot`: a PNG of the real screen, drawn instead of the title and rows.
    public var screenshot: String?
    /// `contents[i].largeTitle`: `prefersLargeTitles`: the title large below the bar, collapsing as rows scroll.
    public var largeTitle: Bool?
    public init() {}
}

/// `transition`: `"none"`, `"slide"`, or an object.
public struct TransitionSpec: Sendable, Equatable {
    public var style: TransitionStyle?
    public var duration: Double?
    public var curve: CurveSpec?
    public init(style: TransitionStyle? = nil) { self.style = style }
}

public enum TransitionStyle: String, Sendable, SpecEnum {
    case slide
    case none
}

/// A timing curve: a name, or `[x1, y1, x2, y2]` control points of a cubic Bézier.
public enum CurveSpec: Sendable, Equatable {
    case named(CurveName)
    case bezier([Double])
}

public enum CurveName: String, Sendable, SpecEnum {
    case linear
    case easeIn
    case easeOut
    case easeInEaseOut
}

/// One entry of `script`: `{"at": 1.5, "tap": 2}`, `{"at": 3, "tap": "center"}` or `{"at": 4, "tap": {"x": 196, "y": 780}}`.
public struct TapSpec: Sendable, Equatable {
    /// `script[i].at`: seconds from the start of the loop.
    public var at: Double?
    public var tap: TapTargetSpec?
    /// `script[i].badge`: instead of a tap, `badgeValue` set (or cleared) in code.
    public var badge: BadgeEventSpec?
    /// `script[i].scroll`: instead of a tap, the selected tab's content scrolled.
    public var scroll: ScrollSpec?
    /// `script[i].sidebar`: instead of a tap, the iPad's sidebar shown, hidden or toggled.
    public var sidebar: SidebarAction?
    /// `script[i].posture`: instead of a tap, the iPhone Duo folded, unfolded or turned.
    public var posture: PostureAction?
    /// `script[i].press`: instead of a tap, the Duo's rail pressed for this many seconds (every label shown).
    public var press: Double?
    public init(at: Double? = nil, tap: TapTargetSpec? = nil, badge: BadgeEventSpec? = nil, scroll: ScrollSpec? = nil, sidebar: SidebarAction? = nil,
                posture: PostureAction? = nil, press: Double? = nil) {
        self.at = at; self.tap = tap; self.badge = badge; self.scroll = scroll; self.sidebar = sidebar; self.posture = posture; self.press = press
    }
}

/// `script[i].scroll`: `{"by": 600, "duration": 0.8}`: points (positive scrolls down: the content moves up),
/// over `duration` seconds on `curve` (a programmatic scroll); or `{"by": 600, "fling": true}`: a flick that
/// comes to rest `by` points away, decelerating as UIScrollView does.
public struct ScrollSpec: Sendable, Equatable {
    public var by: Double?
    public var duration: Double?
    public var curve: CurveSpec?
    public var fling: Bool?
    public init() {}
}

/// `script[i].badge`: `{"item": 3, "value": "5"}`; `"value": null` clears the badge.
public struct BadgeEventSpec: Sendable, Equatable {
    public var item: Int?
    /// Absent is a mistake; `null` clears.
    public var value: Presence<String>
}

/// `tabBar.badgeAnimation`: UIKit changes a badge instantly (`"none"`); `"pop"` scales it in with a short
/// overshoot, as tab bar libraries do.
public enum BadgeAnimationKind: String, Sendable, SpecEnum, CaseIterable {
    case none
    case pop
}

public enum TapTargetSpec: Sendable, Equatable {
    /// A bar item by index, counting from 0.
    case item(Int)
    /// The raised center button.
    case centerButton
    /// A point in screen coordinates (points), resolved by hit testing.
    case point(Point)
}

/// `statusBar`: `true` / `false`, or `{"signal": 0–4, "battery": 0–100, "dynamicIsland": false}` (drawn).
public struct StatusBarSpec: Sendable, Equatable {
    public var shown: Bool = true
    /// Cellular bars lit, 0–4 (the others at 20 % ink).
    public var signal: Int?
    /// The battery's charge, 0–100 %.
    public var battery: Double?
    /// Whether the Dynamic Island is drawn on the devices that have one (simulator captures leave it out).
    public var dynamicIsland: Bool?
    /// `statusBar.carrier`: the network's name beside the time on a home-button iPhone ("" for none).
    public var carrier: String?
    public init(shown: Bool = true) { self.shown = shown }
}

/// `orientation`: the interface orientation (`UIInterfaceOrientation`, portrait or landscape).
public enum Orientation: String, Sendable, SpecEnum, CaseIterable {
    case portrait
    case landscape
}
