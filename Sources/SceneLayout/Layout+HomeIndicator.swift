import Basics
import Foundation
import Resolving

extension Layout {
    /// Where the home indicator is: a capsule, centred, on whole points. UIKIT-2026.md, "Home indicator" (six
    /// devices, iOS 11–26):
    /// - iPhones: 5 pt tall, its bottom 8 pt above the screen's bottom, round(0.3575 × width) wide: 134 pt on
    ///   375, 144 on 402, 148 on 414, 153 on 428 (measured), 157 on 440.
    /// - iPads: 315 × 5.5 pt, its bottom 7.5 pt above, on a 1024-pt iPad Pro 12.9"; 0.3076 × width on the
    ///   others (one device measured: an inference).
    /// - In landscape no capture was found: the portrait width of the same device is drawn (chosen: the
    ///   capsule is the same physical object).
    /// Devices with no bottom safe area (Touch ID, `safeAreaBottom` 0) have a home button instead: nil, as
    /// for a scene with `homeIndicator: false`. Its colour: `ResolvedScene.homeIndicatorColor`.
    static func homeIndicator(_ scene: ResolvedScene, screen: Size) -> Rect? {
        guard scene.showsHomeIndicator, scene.device.safeAreaBottom > 0 else { return nil }
        let portraitWidth = min(screen.width, screen.height)
        let (width, height, gap) = scene.device.idiom == .pad ? ((0.3076 * portraitWidth).rounded(), 5.5, 7.5)
                                                              : ((0.3575 * portraitWidth).rounded(), 5.0, 8.0)
        return Rect(x: ((screen.width - width) / 2).rounded(), y: screen.height - gap - height, width: width, height: height)
    }
}
