import Basics
import Foundation
import Graph
import Scene

// What the narrative tells a reviewer, as data: the review page draws it, the storyboard captions it.

/// A row of the event list.
public struct NarratedEvent: Sendable, Equatable {
    public var time: TimeInterval
    /// The timeline's name for it ("tap-ignored"), shown as a badge.
    public var kind: String
    public var what: String
    public var why: String

    public init(time: TimeInterval, kind: String, what: String, why: String) {
        self.time = time; self.kind = kind; self.what = what; self.why = why
    }
}

/// Where and when the script taps: a tick on the scrubber, and a ring on the picture just after.
public struct NarratedTap: Sendable, Equatable {
    public var time: TimeInterval
    public var ignored: Bool
    /// The finger's centre as fractions of the picture's width and height (0…1), when it is on it.
    public var x: Double?
    public var y: Double?
    /// A fingertip (44 pt, UIKit's smallest hit target) as a fraction of the picture's width.
    public var diameter: Double

    public init(time: TimeInterval, ignored: Bool, x: Double? = nil, y: Double? = nil, diameter: Double = 0.1) {
        self.time = time; self.ignored = ignored; self.x = x; self.y = y; self.diameter = diameter
    }
}

public struct SpecSection: Sendable, Equatable {
    public var title: String
    public var rows: [SpecRow]

    public init(title: String, rows: [SpecRow]) {
        self.title = title
        self.rows = rows
    }
}

/// One line of the spec table. `keys` are the JSON paths in `tabanim timeline --json` its value is
/// written from ("spec.items.0.frame"); rows of two scenes with the same first key face each other.
public struct SpecRow: Sendable, Equatable {
    public var label: String
    public var value: String
    public var keys: [String]
    /// Drawn as a small square before the value.
    public var swatch: Color?
    /// Pictures shown before the value (an item's icons), set by whoever reads the files (the review).
    public var pictures: [SpecPicture] = []

    public init(label: String, value: String, keys: [String], swatch: Color? = nil) {
        self.label = label; self.value = value; self.keys = keys; self.swatch = swatch
    }
}

/// An image file shown in the spec table (an item's icon, as a `data:` URI).
public struct SpecPicture: Sendable, Equatable {
    /// The file's name, as the scene names it: the picture's alternative text.
    public var name: String
    public var mimeType: String
    public var data: Data

    public init(name: String, mimeType: String, data: Data) {
        self.name = name; self.mimeType = mimeType; self.data = data
    }
}
