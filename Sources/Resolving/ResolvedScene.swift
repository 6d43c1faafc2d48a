import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// A scene with every default applied, every asset located and every unit absolute (points, seconds).
/// Built by `SceneResolver`; everything downstream reads only this.
public struct ResolvedScene: Sendable {
    /// The scene file as the user named it, for messages.
    public var file: String
    public var device: Device
    public var export: ExportSettings
    public var tabBar: TabBar
    public var centerButton: CenterButton?
    /// One per item, by item index.
    public var contents: [TabContent]
    /// `nil`: tab changes are instant (`transition: "none"`).
    public var transition: Transition?
    /// Sorted by time; taps at the same time keep their order in the file.
    public var script: [Tap]
    /// The script's badge changes, sorted by time the same way.
    public var badgeChanges: [BadgeChange] = []
    /// The script's scrolls, sorted by time the same way.
    public var scrolls: [Scroll] = []
    /// `os`, when the scene gives it: the release whose rules the bar follows (iOS 27's roles).
    public var os: OSVersion?
    /// The iPhone Duo's bar form and why (`VerticalBars`); nil on every other device.
    public var verticalBars: VerticalBars?
    /// The iPad's sidebar (`tabBar.sidebar`); nil without one.
    public var sidebar: Sidebar?
    /// The iPhone Duo folded, unfolded or turned by the script (`script[i].posture`), in time order.
    public var postures: [Posture] = []
    /// The Duo's rail pressed by the script (`script[i].press`), in time order.
    public var railPresses: [RailPress] = []
    /// `statusBar`.
    public var showsStatusBar: Bool
    /// What the status bar shows (`statusBar`'s object).
    public var statusBar = StatusBarState()
    /// `homeIndicator` (default true): drawn only on devices with a bottom safe area (Face ID).
    public var showsHomeIndicator = true
    /// `fonts`: the font files to register before any text is laid out, each with its key path.
    public var fontFiles: [FontFile] = []
    /// `locale`: the language the titles are in (nil: the scene's own text, no catalog).
    public var locale: String?
    /// Every locale of `strings`, the source language first (empty without a catalog), for `--locale all`.
    public var catalogLocales: [String] = []
    /// Every file and folder the scene names that it reads (not the scene file itself), with the key naming it.
    public var inputs: [SceneInput] = []
    /// What is allowed but probably not meant, found while resolving (a title with no translation).
    public var warnings: [Diagnostic] = []
    /// `interfaceStyle`: the scene's colours are resolved for it already; `colors` are UIKit's in it.
    public var interfaceStyle: InterfaceStyle = .light
    public var colors: SystemColors { SystemColors.of(interfaceStyle) }
    /// `layoutDirection`: right to left mirrors the bar's order and the slide.
    public var layoutDirection: LayoutDirection = .leftToRight
    public var isRightToLeft: Bool { layoutDirection == .rightToLeft }

    /// The side new content comes in from when the selection moves from item `from` to `to`: the right
    /// going to a higher index, the left going back, mirrored right to left (seed 001, mirrored as UIKit
    /// mirrors horizontal motion for right-to-left layouts).
    public func enteringSide(from: Int, to: Int) -> String {
        (to > from) != isRightToLeft ? "right" : "left"
    }
    /// The limits it was resolved under; exporters keep to them too (file sizes, pixels).
    public var limits = Limits.standard
    /// The flags that gave values in place of the scene file's, by the key each replaces (`SceneResolver.flags`).
    public var flags: [KeyPath: String] = [:]

    /// A problem with the value at `keyPath`, told as the flag's when a flag gave it.
    public func diagnostic(at keyPath: KeyPath, _ message: String) -> Diagnostic {
        Diagnostic(file: file, keyPath: keyPath, message: message, flag: flags[keyPath])
    }
}

public struct ExportSettings: Sendable, Equatable {
    /// Pixels per point in the output.
    public var scale: Double
    public var fps: Double
    /// The loop's length in seconds, a whole number of frames: `frameCount / fps`.
    public var duration: TimeInterval
    public var frameCount: Int
    public var region: ExportRegionKind
    /// Points around the tab bar when `region` is `tabBar`.
    public var margin: Double
    /// `export.screenCorners`: the picture clipped to the screen's rounded corners (default off).
    public var screenCorners = false

    /// Frame `index` (counting from 0) is shown at `index / fps`, never a running sum.
    public func time(ofFrame index: Int) -> TimeInterval { Double(index) / fps }
}

public struct TabBar: Sendable, Equatable {
    /// `tabBar.tintColor`: selected items.
    public var tintColor: Color
    /// `tabBar.unselectedItemTintColor`.
    public var unselectedItemTintColor: Color
    public var backgroundColor: Color
    public var translucent: Bool
    public var appearance: BarAppearanceKind
    /// Selected at t = 0; counts from 0.
    public var initialSelectedIndex: Int
    public var items: [TabBarItem]
    /// `badgeAnimation`: how a badge appears or changes.
    public var badgeAnimation: BadgeAnimationKind = .none
    /// `style`: the classic bar or iOS 26's glass capsule.
    public var style: TabBarStyle = .classic
    /// Why `style` is what it is: given by `tabBar.style`, chosen by `os`, or the default without one.
    public var styleChoice: StyleChoice = .unspecified
    /// The glass bar's look in the scene's interface style; nil for the classic bar.
    public var glass: GlassMaterial?
    /// `titleFont` and `badgeFont`: font families the scene names; nil draws in the system font.
    public var titleFamily: String?
    public var badgeFamily: String?
    /// `minimizeBehavior`: `.never` unless the glass bar of an iPhone asks otherwise.
    public var minimizeBehavior: MinimizeBehavior = .never
    /// `accessory`, on the glass bar of an iPhone.
    public var accessory: Accessory?
    /// The item drawn apart from the capsule (a search or prominent tab), and why; nil: every item inside.
    public var detached: DetachedItem?
}

/// Where a scene's `tabBar.style` came from, for `validate` and the summaries.
public enum StyleChoice: Sendable, Equatable {
    /// `tabBar.style` gave it.
    case given
    /// No `tabBar.style`: `os` chose it (the floating bar from iOS 26 / iPadOS 18, the classic bar before).
    case byOS(OSVersion)
    /// Neither `tabBar.style` nor `os`: the classic bar, as before `os` existed.
    case unspecified
}

public struct TabBarItem: Sendable, Equatable {
    public var title: String
    /// `items[i].section`: the sidebar's section header it sits under.
    public var section: String?
    public var icon: Asset?
    /// Falls back to `icon` when the scene gives none (UIKit does the same).
    public var selectedIcon: Asset?
    public var rendering: IconRendering
    public var iconSize: Double
    /// What plays on `didSelect`, if anything.
    public var animation: IconAnimation?
    /// `badge`: the badge at the start; "" is UIKit's empty disc, nil none.
    public var badge: String? = nil
    /// `role`: a search or prominent tab.
    public var role: TabRole? = nil
    /// `activatesSearch`: a search tab that opens its field when selected (`automaticallyActivatesSearch`).
    public var activatesSearch = false
    /// A search tab's field placeholder: `searchPrompt`, else the tab's title (`SceneResolver.searchPrompt`).
    public var searchPrompt = ""
}

/// `script[i].badge`: `badgeValue` set in code at `time` (nil clears it).
public struct BadgeChange: Sendable, Equatable {
    public var time: TimeInterval
    public var item: Int
    public var value: String?
    public var keyPath: KeyPath
}

/// Seed 002's icon swap (a Lottie file played once in the icon's frame), or a built-in effect on the icon.
public enum IconAnimation: Sendable, Equatable {
    case lottie(LottieClip)
    case effect(IconEffect)

    /// Seconds from start to end.
    public var duration: TimeInterval {
        switch self {
        case .lottie(let clip): return clip.duration
        case .effect(let effect): return effect.duration
        }
    }
}

public struct IconEffect: Sendable, Equatable {
    public var kind: EffectKind
    public var duration: TimeInterval
    public var easing: Easing
}

public struct CenterButton: Sendable, Equatable {
    public var image: Asset
    public var size: Size
    public var offsetY: Double
    /// Seconds per turn.
    public var spinPeriod: TimeInterval
    /// The item index the button selects, counting from 0.
    public var selects: Int
}

public struct TabContent: Sendable, Equatable {
    public var color: Color
    public var title: String
    public var rows: Int
    /// Drawn at the screen's width from its top, instead of the title and rows.
    public var screenshot: Screenshot?
    /// `largeTitle`: the navigation bar's large title (`prefersLargeTitles`) above the rows.
    public var largeTitle = false
}

/// A PNG of a real screen and its size in pixels (read from its header while resolving).
public struct Screenshot: Sendable, Equatable {
    public var asset: Asset
    public var pixelSize: Size
}

public struct Transition: Sendable, Equatable {
    public var duration: TimeInterval
    public var easing: Easing
}

/// One tap of the script.
public struct Tap: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        case item(Int)
        case centerButton
        case point(Point)
    }

    public var time: TimeInterval
    public var target: Target
    /// `script[i]`, for messages and the timeline.
    public var keyPath: KeyPath
}

/// A file or folder a scene reads (an icon, a Lottie file, a screenshot, a catalog, a font, its strings),
/// and the key that names it: no output may be written over it.
public struct SceneInput: Sendable, Equatable {
    public var url: URL
    public var keyPath: KeyPath
}

/// What the status bar shows: `statusBar`'s `signal`, `battery` and `dynamicIsland`.
public struct StatusBarState: Sendable, Equatable {
    /// Cellular bars lit, 0–4.
    public var signal = 4
    /// The battery's charge, 0…1.
    public var battery = 1.0
    public var dynamicIsland = true
    /// The clock, as Apple's marketing shows it (not localized: "9:41" in every capture tabanim draws from).
    public var time = "9:41"
    /// The iPad's date beside the time, in the scene's language (`SceneResolver.statusBarDate`).
    public var date = "Mon Jun 9"
    /// The home-button iPhone's carrier name (`statusBar.carrier`); nil: none drawn.
    public var carrier: String? = "Carrier"
    public init() {}
}

extension ResolvedScene {
    /// The home indicator's colour (UIKIT-2026.md, "Home indicator"): black over light classic bars (iOS 11,
    /// 18); (76,76,76) flat over the dark classic bar (iOS 14 iPhone and iPadOS 14 iPad), not white; over the
    /// iOS 26 light glass scene a gradient from about 76 to 115, drawn flat at its middle, (94,94,96); over
    /// dark glass no capture: white (chosen).
    public var homeIndicatorColor: Color {
        switch (interfaceStyle, tabBar.style) {
        case (.dark, .glass): .white
        case (.dark, .classic): Color(rgb: 76, 76, 76)
        case (.light, .glass): Color(rgb: 94, 94, 96)
        case (.light, .classic): .black
        }
    }
}

extension TabBar {
    /// The selected icon's and title's colour: the tint, made vibrant on the dark glass pill.
    /// UIKIT-2026.md ("Vibrancy", iOS 26.2): the selected icon and title on the pill read brighter than the
    /// nominal tint, systemYellow dark (255,214,10) as (255,241,27) on the iPhone capsule and (255,243,29)
    /// on the iPad top bar. The rule drawn is fitted to that one colour, each channel c → min(1, 1.049 c +
    /// 16.5 / 255), which gives (255,241,27) and is within 2 levels of the iPad's; chosen for every other
    /// colour (one tint measured). In light mode systemBlue read (0,125,246) against its nominal (0,122,255):
    /// the nominal tint is drawn (within 9 levels).
    public func selectedTint(in interfaceStyle: InterfaceStyle) -> Color {
        guard style == .glass, interfaceStyle == .dark else { return tintColor }
        func vibrant(_ c: Double) -> Double { min(1, 1.049 * c + 16.5 / 255) }
        return Color(red: vibrant(tintColor.red), green: vibrant(tintColor.green), blue: vibrant(tintColor.blue), alpha: tintColor.alpha)
    }
}

/// `tabBar.accessory`: the bottom accessory's artwork and text.
public struct Accessory: Sendable, Equatable {
    public var image: Asset?
    public var title: String
    public var subtitle: String
}
