import Basics
import Foundation
import Graph
import Scene

/// One panel of a storyboard sheet: a moment of the loop and what to say about it.
public struct SheetPanel: Sendable, Equatable {
    /// Seconds from the loop's start.
    public var time: TimeInterval
    /// Under the frame, for example "0.50 s · tap 首页 · slide 2→0".
    public var caption: String
    /// How many characters at the caption's start are set semibold (the time).
    public var emphasized: Int
    /// Where the script touched the screen at this moment.
    public var touches: [SheetTouch]

    public init(time: TimeInterval, caption: String, emphasized: Int = 0, touches: [SheetTouch] = []) {
        self.time = time
        self.caption = caption
        self.emphasized = emphasized
        self.touches = touches
    }
}

/// A finger on the screen, drawn as a ring like iOS's "show touches".
public struct SheetTouch: Sendable, Equatable {
    /// Screen points.
    public var point: Point
    /// The tap did nothing (drawn red).
    public var ignored: Bool

    public init(point: Point, ignored: Bool) {
        self.point = point
        self.ignored = ignored
    }
}

/// What the sheet says above its grid.
public struct SheetHeading: Sendable, Equatable {
    public var title: String
    public var subtitle: String

    public init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }
}
