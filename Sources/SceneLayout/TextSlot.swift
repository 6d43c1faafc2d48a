import Basics
import Foundation
import Graph

/// One line of text that layout places (the string is the scene's): its size and weight, its baseline's
/// anchor and alignment, already mirrored right to left, and the width it truncates at.
public struct TextSlot: Sendable, Equatable {
    public var fontSize: Double
    public var weight: FontWeight
    public var anchor: Point
    public var alignment: Text.Alignment
    public var maximumWidth: Double?

    /// A line whose anchor, left to right, is `x` on `baseline` in `container`; mirrored when `rightToLeft`.
    public init(x: Double, baseline: Double, alignment: Text.Alignment, fontSize: Double, weight: FontWeight, maximumWidth: Double? = nil,
                in container: Rect, rightToLeft: Bool) {
        self.fontSize = fontSize; self.weight = weight; self.maximumWidth = maximumWidth
        anchor = Point(x: Layout.leading(x: x, in: container, rightToLeft: rightToLeft), y: baseline)
        self.alignment = rightToLeft ? alignment.mirrored : alignment
    }
}

extension Text.Alignment {
    /// The same alignment read right to left: leading and trailing swap.
    public var mirrored: Text.Alignment {
        switch self {
        case .leading: .trailing
        case .trailing: .leading
        case .center: .center
        }
    }
}
