import Basics
import Foundation
import Graph
import Resolving
import Spec

/// The glass bar of an iPhone minimized on scroll (`tabBar.minimizeBehavior`). Chosen numbers, said so beside
/// each (docs/scene-format.md lists them too).
extension Layout {
    public enum MinimizeMetrics {
        /// The minimized bar: a 64 × 48 pt capsule, 21 pt from the leading and bottom edges, holding the
        /// selected icon. Chosen: no public capture measures it; 48 pt is the accessory's and the search
        /// field's height, and 64 pt gives the icon the pill's 20 pt margin.
        public static let width = 64.0
        public static let height = 48.0
        /// While minimized, the item apart shrinks to a 48 pt circle in its corner, and the accessory stands
        /// inline between the two, 8 pt from each (chosen: the measured gap of the search circle).
        public static let detachedDiameter = 48.0
        /// The bar's morph between its full and minimized forms, and the search field's arrival: 0.35 s on
        /// UIView's ease-in-ease-out. Chosen (Apple publishes no duration; it is near the slide's 0.3 s).
        public static let morphDuration = 0.35
    }

    /// The bar minimized (`tabBar.minimizeBehavior`): its capsule, the accessory inline beside it, and the
    /// item apart, shrunk.
    public struct MinimizedBar: Sendable, Equatable {
        public var capsule: Rect
        public var accessory: Rect?
        public var detached: Rect?
    }

    /// The minimized bar, when the scene minimizes: its capsule, the item apart shrunk, the accessory inline.
    mutating func placeMinimized(_ scene: ResolvedScene) {
        let bar = scene.tabBar, rtl = scene.isRightToLeft
        guard bar.minimizeBehavior != .never else { return }
        let bottom = screen.height - Glass.inset
        let h = MinimizeMetrics.height
        let small = Rect(x: Glass.inset, y: bottom - h, width: MinimizeMetrics.width, height: h)
        let detachedSmall = bar.detached.map { _ in
            Rect(x: screen.maxX - Glass.inset - MinimizeMetrics.detachedDiameter, y: bottom - MinimizeMetrics.detachedDiameter,
                 width: MinimizeMetrics.detachedDiameter, height: MinimizeMetrics.detachedDiameter)
        }
        let inline = bar.accessory.map { _ -> Rect in
            let start = small.maxX + SearchTabMetrics.detachedGap
            let end = (detachedSmall?.minX ?? screen.maxX - Glass.inset + SearchTabMetrics.detachedGap) - SearchTabMetrics.detachedGap
            return Rect(x: start, y: bottom - h, width: max(end - start, h), height: h)
        }
        minimized = MinimizedBar(capsule: Self.leading(small, in: screen, rightToLeft: rtl),
                                 accessory: inline.map { Self.leading($0, in: screen, rightToLeft: rtl) },
                                 detached: detachedSmall.map { Self.leading($0, in: screen, rightToLeft: rtl) })
    }
}

/// What the glass bar of an iPhone is showing (`tabBar.minimizeBehavior`, a detached search tab).
public enum BarState: String, Sendable, Equatable {
    /// The full capsule (and the accessory above it).
    case expanded
    /// The small capsule with the selected icon (and the accessory inline beside it).
    case minimized
    /// The search field and its close circle.
    case searching
}
