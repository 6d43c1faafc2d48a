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

/// The devices tabanim knows by name. Sizes, scales and bottom insets from SPEC.md ("Device sizes in points
/// and scale"); top insets are the status bar heights UIKit reports on those devices (20 pt without a notch,
/// 47 pt with a notch, 59–62 pt with the Dynamic Island).
public enum DevicePreset {
    public static let all: [Device] = [
        Device(name: "iphone-se", size: Size(width: 375, height: 667), scale: 2, safeAreaTop: 20, safeAreaBottom: 0),
        Device(name: "iphone-14", size: Size(width: 390, height: 844), scale: 3, safeAreaTop: 47, safeAreaBottom: 34),
        Device(name: "iphone-15", size: Size(width: 393, height: 852), scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
        Device(name: "iphone-16-pro", size: Size(width: 402, height: 874), scale: 3, safeAreaTop: 62, safeAreaBottom: 34),
        Device(name: "iphone-15-pro-max", size: Size(width: 430, height: 932), scale: 3, safeAreaTop: 59, safeAreaBottom: 34),
    ]

    /// The device a scene gets when it names none.
    public static let defaultName = "iphone-15"

    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }
}
