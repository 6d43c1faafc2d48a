/// A device's screen in points, its scale and its safe-area insets (portrait).
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

    public init(name: String, size: Size, scale: Double, safeAreaTop: Double, safeAreaBottom: Double) {
        self.name = name; self.size = size; self.scale = scale
        self.safeAreaTop = safeAreaTop; self.safeAreaBottom = safeAreaBottom
    }
}

/// The devices tabanim knows by name. Sizes, scales and bottom insets of the first five from SPEC.md ("Device
/// sizes in points and scale"); top insets are the status bar heights UIKit reports on those devices (20 pt
/// without a notch, 47 pt with a notch, 59–62 pt with the Dynamic Island).
///
/// The current iPhones (2024–2025), for the iOS 26 glass bar: screen sizes in points and scales from
/// Apple's Human Interface Guidelines, "Layout" › "Specifications" (iPhone 16: 393 × 852 pt; iPhone 16 Plus:
/// 430 × 932 pt; iPhone 16 Pro, iPhone 17 and iPhone 17 Pro: 402 × 874 pt; iPhone 16 Pro Max and iPhone 17
/// Pro Max: 440 × 956 pt; all @3x). Their safe areas are not in Apple's documentation: 34 pt at the bottom
/// on every Face ID iPhone, and at the top the status bar height the iOS Simulator reports (59 pt on the
/// iPhone 16 and 16 Plus, 62 pt on the 402 and 440 pt screens), as device-preview libraries record them
/// (e.g. pub.dev's `device_preview` and `flutterware` presets). The iPhone Air (420 × 912 pt) is left out:
/// no source for its top inset was found.
public enum DevicePreset {
    public static let all: [Device] = [
        Device(name: "iphone-se", size: Size(width: 375, height: 667), scale: 2, safeAreaTop: 20, safeAreaBottom: 0),
        Device(name: "iphone-14", size: Size(width: 390, height: 844), scale: 3, safeAreaTop: 47, safeAreaBottom: 34),
        Device(name: "iphone-15", size: Size(width: 393, height: 852), scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "iphone-16-pro", size: Size(width: 402, height: 874), scale: 3, safeAreaTop: 62, safeAreaBottom: 34),
        Device(name: "iphone-15-pro-max", size: Size(width: 430, height: 932), scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "iphone-16", size: Size(width: 393, height: 852), scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "iphone-16-plus", size: Size(width: 430, height: 932), scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "iphone-16-pro-max", size: Size(width: 440, height: 956), scale: 3, safeAreaTop: 62, safeAreaBottom: 34),
        Device(name: "iphone-17", size: Size(width: 402, height: 874), scale: 3, safeAreaTop: 62, safeAreaBottom: 34),
        Device(name: "iphone-17-pro", size: Size(width: 402, height: 874), scale: 3, safeAreaTop: 62, safeAreaBottom: 34),
        Device(name: "iphone-17-pro-max", size: Size(width: 440, height: 956), scale: 3, safeAreaTop: 62, safeAreaBottom: 34),
    ]

    /// The device a scene gets when it names none.
    public static let defaultName = "iphone-15"

    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }
}
