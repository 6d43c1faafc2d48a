import Basics
import Graph
import Spec

/// A device's screen in points, its scale and its safe-area insets, in the orientation the scene shows.
public struct Device: Sendable, Equatable {
    /// The preset's name, or "custom".
    public var name: String
    public var size: Size
    /// Pixels per point on the device (`UIScreen.scale`).
    public var scale: Double
    /// Status bar area (`safeAreaInsets.top`).
    public var safeAreaTop: Double
    /// Home indicator area below the tab bar's items (`safeAreaInsets.bottom`).
    public var safeAreaBottom: Double
    /// `safeAreaInsets.left` and `.right`: the sensor housing's side in landscape (0 in portrait).
    public var safeAreaLeft = 0.0
    public var safeAreaRight = 0.0
    /// `UIDevice.userInterfaceIdiom`: which tab bar UIKit lays out.
    public var idiom: Idiom = .phone
    /// `orientation`: portrait unless the scene turns the device.
    public var orientation: Orientation = .portrait
    /// The display's corner radius in points (`UIScreen._displayCornerRadius`; 0: square corners). Drawn
    /// only with `export.screenCorners`.
    public var cornerRadius = 0.0
    /// The iPhone Duo's display (presets `iphone-duo-outer` and `iphone-duo-inner`); nil on every other device.
    public var foldDisplay: FoldDisplay?
    /// The insets (top, left, bottom, right) this device reports in each orientation.
    var portraitInsets: Insets
    var landscapeInsets: Insets

    public init(name: String, size: Size, scale: Double, safeAreaTop: Double, safeAreaBottom: Double,
                idiom: Idiom = .phone, landscape: Insets? = nil) {
        self.name = name; self.size = size; self.scale = scale
        self.safeAreaTop = safeAreaTop; self.safeAreaBottom = safeAreaBottom; self.idiom = idiom
        portraitInsets = Insets(top: safeAreaTop, left: 0, bottom: safeAreaBottom, right: 0)
        landscapeInsets = landscape ?? portraitInsets
    }

    /// The iPhone Duo's two displays (UIKIT-2026.md, "iPhone Duo"): the outer one (466 × 678 pt, compact ×
    /// regular) and the inner one it unfolds to (669 × 951 pt, regular × regular).
    public enum FoldDisplay: String, Sendable, Equatable {
        case outer
        case inner
    }

    /// Whether iOS 27.1 puts this display's bars in the vertical strip (UIKIT-2026.md, "iPhone Duo": the outer
    /// display in every orientation, the inner one in landscape; the inner display in portrait keeps them
    /// horizontal). The release, the style and the scene's opt-out decide the rest (`VerticalBars`).
    public var stripsBarsVertically: Bool {
        switch foldDisplay {
        case .outer?: true
        case .inner?: orientation == .landscape
        case nil: false
        }
    }

    /// The strip's width on the hardware's side: an 84-pt safe-area inset (UIKIT-2026.md, "iPhone Duo").
    public static let stripWidth = 84.0

    /// The Duo's display with its strip moved to the top, as when an app opts out of vertical bars (or cannot
    /// have them): the 84-pt inset on top instead of the side (UIKIT-2026.md: "the strip moves to the top"),
    /// the bottom one kept. A display whose strip is not on its side is returned unchanged.
    public func stripAtTop() -> Device {
        guard stripsBarsVertically else { return self }
        var moved = self
        moved.safeAreaTop = Self.stripWidth; moved.safeAreaLeft = 0; moved.safeAreaRight = 0
        return moved
    }

    /// `UIUserInterfaceIdiom`.
    public enum Idiom: String, Sendable, Equatable {
        case phone
        case pad
    }

    /// Safe-area insets in points.
    public struct Insets: Sendable, Equatable {
        public var top, left, bottom, right: Double
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
    }

    /// UIKit's size classes: an iPhone in landscape is compact in height (`verticalSizeClass == .compact`),
    /// which is when `UITabBar` lays its items out inline in a shorter bar.
    public var isCompactHeight: Bool { idiom == .phone && orientation == .landscape }

    /// The device turned to `orientation`: width and height swapped, and the insets it reports that way.
    public func oriented(_ orientation: Orientation) -> Device {
        guard orientation != self.orientation else { return self }
        var turned = self
        turned.orientation = orientation
        turned.size = Size(width: size.height, height: size.width)
        let insets = orientation == .landscape ? landscapeInsets : portraitInsets
        turned.safeAreaTop = insets.top; turned.safeAreaLeft = insets.left
        turned.safeAreaBottom = insets.bottom; turned.safeAreaRight = insets.right
        return turned
    }
}

/// The devices tabanim knows by name, in portrait (`orientation: "landscape"` turns any of them).
///
/// iPhones. Sizes, scales and bottom insets of the first five from SPEC.md ("Device sizes in points and
/// scale"); top insets are the status bar heights UIKit reports on those devices (20 pt without a notch,
/// 47 pt with a notch, 59–62 pt with the Dynamic Island). The current iPhones (2024–2025), for the iOS 26
/// glass bar: screen sizes in points and scales from Apple's Human Interface Guidelines, "Layout" ›
/// "Specifications" (iPhone 16: 393 × 852 pt; iPhone 16 Plus: 430 × 932 pt; iPhone 16 Pro, iPhone 17 and
/// iPhone 17 Pro: 402 × 874 pt; iPhone 16 Pro Max and iPhone 17 Pro Max: 440 × 956 pt; all @3x). Their safe
/// areas are not in Apple's documentation: 34 pt at the bottom on every Face ID iPhone, and at the top the
/// status bar height the iOS Simulator reports (59 pt on the iPhone 16 and 16 Plus, 62 pt on the 402 and
/// 440 pt screens), as device-preview libraries record them (e.g. pub.dev's `device_preview` and
/// `flutterware` presets). The iPhone Air (420 × 912 pt) is left out: no source for its top inset was found.
///
/// iPhones in landscape: no status bar (UIKit hides it when the height is compact: top 0), the home
/// indicator's area 21 pt, and the sensor housing's inset on both sides (UIKit reports it symmetrically).
/// Measured `safeAreaInsets`: (0, 44, 21, 44) on every notched iPhone X–11 Pro Max, iOS 13.2
/// (github.com/karolszafranski/SafeAreaInsetsWithStoryboard, README), and (0, 59, 21, 59) on a Dynamic
/// Island iPhone whose portrait top is 59 (csl.cool, "iOS Layout Adaptation", 2023). tabanim uses the
/// portrait top inset for the sides on every Face ID iPhone (47 on the iPhone 14, 62 on the 402/440 pt
/// screens: the same rule, not measured there). The iPhone SE reports no insets in landscape.
///
/// iPads, all @2x, with their panels' pixels halved: iPad Pro 11" (M4 and M5) 2420 × 1668 px → 834 × 1210 pt
/// (Apple's spec sheet as ghacks.net reported it, 2024-05-09); iPad Pro 13" (M4 and M5) 2752 × 2064 px →
/// 1032 × 1376 pt, safe area 24 top / 20 bottom (pub.dev `app_deploy_screenshots`, `appStoreIpad13`); iPad
/// Air 11" (M2/M3) and iPad (10th generation) 2360 × 1640 px → 820 × 1180 pt and iPad mini (6th generation,
/// A17 Pro) 744 × 1133 pt (github.com/t0m0120/react-native-responsive-checker, `src/ipad_size.ts`); iPad Air
/// 13" 2732 × 2048 px → 1024 × 1366 pt (the 12.9" panel; same source). Every iPad without a home button
/// reports 24 pt at the top and 20 pt at the bottom, in both orientations (measured on the iPad Pro 11" and
/// 12.9", iOS 13.2: karolszafranski's table above); tabanim gives the other iPads the same.
///
/// Display corner radii (`UIScreen._displayCornerRadius`, in points; drawn with `export.screenCorners`): iOS
/// reports them through a private property, and apps that match the screen's corners record what it reports.
/// iPhone 12–14 family 47.33 and every iPad Air and iPad Pro 11"/12.9" 18.0 (github.com/kylebshr/UIKitCorners,
/// README, read on the devices; react-native-device-info-based tables give the iPhone 14 47.33 too); iPhone 14
/// Pro and later with the Dynamic Island on a 393/430 pt screen (iPhone 15, 15 Pro Max, 16, 16 Plus) 55.0, the
/// iPhone 16 Pro and 16 Pro Max (402/440 pt) 62.0 (an expo-device corner table keyed by model identifier:
/// iPhone17,3/17,4 → 55, iPhone17,1/17,2 → 62; its per-family rows disagree, 55 or 57 for the 15s, so the
/// identifier rows and the react-native table's 55 for the 14 Pro are used). Chosen, no source found: the
/// iPhone 17 family on the same 402/440 pt screens as the 16 Pro gets 62; the iPad Pro 11"/13" (M4, M5), iPad
/// mini and iPad (10th generation) get the iPad Air's 18 (one table gives the 10th generation 22, unexplained).
/// The iPhone SE's screen is square (0). Corners are drawn as circular arcs; the real screens' are
/// continuous ("squircle") curves that start a little earlier (kylebashour.com, "Finding the Real iPhone X
/// Corner Radius"), a difference under a point at these radii.
public enum DevicePreset {
    private static func phone(_ name: String, _ width: Double, _ height: Double, scale: Double = 3, top: Double,
                              bottom: Double = 34, corners: Double) -> Device {
        let landscape = bottom > 0 ? Device.Insets(top: 0, left: top, bottom: 21, right: top) : Device.Insets(top: 0, left: 0, bottom: 0, right: 0)
        var device = Device(name: name, size: Size(width: width, height: height), scale: scale, safeAreaTop: top, safeAreaBottom: bottom,
                            landscape: landscape)
        device.cornerRadius = corners
        return device
    }

    /// The iPhone Duo's displays (UIKIT-2026.md, "iPhone Duo", third parties' measurements of the Xcode 27.1
    /// simulator), @3x. The outer display 466 × 678 pt: the strip's 84-pt inset on the hardware's side (the
    /// right) and 34 at the bottom, none at the top, in portrait; in landscape the same strip on the right
    /// (chosen: the sources measured portrait only and say the strip follows the hardware). The inner display
    /// 669 × 951 pt in portrait (82 top, 34 bottom), 951 × 669 in landscape with the strip on the right (84) and
    /// 34 at the bottom. Corners: the sources give the outer display 57–59 pt (8 on the hinge side) and the inner
    /// 53–55; tabanim draws one radius per display, 58 and 54 (chosen: the middle of each range; the outer
    /// display's 8-pt hinge-side corners are not drawn).
    private static func duo(_ display: Device.FoldDisplay) -> Device {
        let strip = Device.stripWidth
        let outer = display == .outer
        let portrait = outer ? Device.Insets(top: 0, left: 0, bottom: 34, right: strip) : Device.Insets(top: 82, left: 0, bottom: 34, right: 0)
        var device = Device(name: "iphone-duo-\(display.rawValue)", size: outer ? Size(width: 466, height: 678) : Size(width: 669, height: 951),
                            scale: 3, safeAreaTop: portrait.top, safeAreaBottom: portrait.bottom,
                            landscape: Device.Insets(top: 0, left: 0, bottom: 34, right: strip))
        device.portraitInsets = portrait
        device.safeAreaRight = portrait.right
        device.cornerRadius = outer ? 58 : 54
        device.foldDisplay = display
        return device
    }

    private static func pad(_ name: String, _ width: Double, _ height: Double) -> Device {
        var device = Device(name: name, size: Size(width: width, height: height), scale: 2, safeAreaTop: 24, safeAreaBottom: 20, idiom: .pad,
                            landscape: Device.Insets(top: 24, left: 0, bottom: 20, right: 0))
        device.cornerRadius = 18
        return device
    }

    public static let all: [Device] = [
        phone("iphone-se", 375, 667, scale: 2, top: 20, bottom: 0, corners: 0),
        phone("iphone-14", 390, 844, top: 47, corners: 47.33),
        phone("iphone-15", 393, 852, top: 59, corners: 55),
        phone("iphone-16-pro", 402, 874, top: 62, corners: 62),
        phone("iphone-15-pro-max", 430, 932, top: 59, corners: 55),
        phone("iphone-16", 393, 852, top: 59, corners: 55),
        phone("iphone-16-plus", 430, 932, top: 59, corners: 55),
        phone("iphone-16-pro-max", 440, 956, top: 62, corners: 62),
        phone("iphone-17", 402, 874, top: 62, corners: 62),
        phone("iphone-17-pro", 402, 874, top: 62, corners: 62),
        phone("iphone-17-pro-max", 440, 956, top: 62, corners: 62),
        duo(.outer),
        duo(.inner),
        pad("ipad-pro-11", 834, 1210),
        pad("ipad-pro-13", 1032, 1376),
        pad("ipad-air-11", 820, 1180),
        pad("ipad-air-13", 1024, 1366),
        pad("ipad-mini", 744, 1133),
        pad("ipad-10", 820, 1180),
    ]

    /// The device a scene gets when it names none.
    public static let defaultName = "iphone-15"

    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }

    /// The default preset, without a force-unwrap (it is in `all`: `DevicePresetTests` checks).
    static var fallback: Device { named(defaultName) ?? all[2] }
}
