import Basics
import Foundation
import Graph
import Resolving
import Spec

/// The bottom accessory (`tabBar.accessory`) above the glass bar of an iPhone. Measured numbers:
/// UIKIT-2026.md ("Bottom accessory"); its content is chosen.
extension Layout {
    public enum AccessoryMetrics {
        /// The expanded accessory: 48 pt tall, the screen's width − 2 × 21, 8 pt above the bar. Measured.
        public static let height = 48.0
        public static let gap = 8.0
    }

    /// The expanded accessory above the capsule.
    mutating func placeAccessory(_ scene: ResolvedScene, above capsule: Rect) {
        guard scene.tabBar.accessory != nil else { return }
        accessory = Rect(x: Glass.inset, y: capsule.minY - AccessoryMetrics.gap - AccessoryMetrics.height,
                         width: screen.width - 2 * Glass.inset, height: AccessoryMetrics.height)
    }

    /// The accessory's content in `frame` (the app's own view; tabanim draws a mini-player's usual one,
    /// chosen): the image 32 pt square 8 pt in, the title in 15 pt semibold and the subtitle in 13 pt regular
    /// beside it (`accessoryText`), on one line each or centred alone, mirrored right to left.
    public struct AccessoryContent: Sendable, Equatable {
        public var image: Rect?
        public var title: TextSlot?
        public var subtitle: TextSlot?
    }

    public static func accessoryContent(in frame: Rect, hasImage: Bool, hasTitle: Bool, hasSubtitle: Bool, rightToLeft: Bool) -> AccessoryContent {
        let (textX, width) = accessoryText(in: frame, hasImage: hasImage)
        let image = hasImage ? leading(Rect(x: frame.minX + 8, y: frame.center.y - 16, width: 32, height: 32), in: frame, rightToLeft: rightToLeft) : nil
        func line(_ baseline: Double, _ size: Double, _ weight: FontWeight) -> TextSlot {
            TextSlot(x: textX, baseline: baseline, alignment: .leading, fontSize: size, weight: weight, maximumWidth: width,
                     in: frame, rightToLeft: rightToLeft)
        }
        return AccessoryContent(image: image,
                                title: hasTitle ? line(hasSubtitle ? frame.center.y - 2 : frame.center.y + 5.5, 15, .semibold) : nil,
                                subtitle: hasSubtitle ? line(hasTitle ? frame.center.y + 14 : frame.center.y + 5, 13, .regular) : nil)
    }

    /// Where the accessory's title and subtitle start in `frame` (left to right) and how wide their label is:
    /// beside a 32 pt image 8 pt in and 12 pt after it, else 20 pt in; 16 pt short of the end. Chosen (the
    /// accessory's content is the app's own view; this is a mini-player's usual one).
    public static func accessoryText(in frame: Rect, hasImage: Bool) -> (x: Double, width: Double) {
        let x = frame.minX + (hasImage ? 8 + 32 + 12 : 20)
        return (x, max(frame.maxX - 16 - x, 1))
    }
}
