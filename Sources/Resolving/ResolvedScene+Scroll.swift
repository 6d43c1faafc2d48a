import Basics
import Foundation
import Graph
import Spec

/// `script[i].scroll`: the selected tab's content scrolled by `distance` points (positive: down, the content
/// moves up), from `time` over `duration` on `easing`; clamped to the content's extent by the timeline.
public struct Scroll: Sendable, Equatable {
    public var time: TimeInterval
    public var distance: Double
    public var duration: TimeInterval
    public var easing: Easing
    /// A flick decelerating at UIScrollView's normal rate (`Fling.progress`), not `easing`.
    public var fling = false
    /// `script[i]`, for messages and the timeline.
    public var keyPath: KeyPath
}
