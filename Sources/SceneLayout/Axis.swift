import Basics
import Foundation

/// The direction a bar's items run: along x (every bar UIKit draws today, at the bottom or the top of the
/// screen) or along y (a vertical rail). Layout places items by the main coordinate (along the axis) and the
/// cross coordinate (across it); the axis turns those into screen frames, so a vertical bar is a value of
/// this type, not a second layout.
public enum Axis: Sendable, Equatable {
    case horizontal
    case vertical

    /// The frame whose extent along the axis starts at `main` and runs `length`, and across it starts at
    /// `cross` and runs `thickness`.
    public func rect(main: Double, length: Double, cross: Double, thickness: Double) -> Rect {
        switch self {
        case .horizontal: Rect(x: main, y: cross, width: length, height: thickness)
        case .vertical: Rect(x: cross, y: main, width: thickness, height: length)
        }
    }

    /// The point at `main` along the axis and `cross` across it.
    public func point(main: Double, cross: Double) -> Point {
        switch self {
        case .horizontal: Point(x: main, y: cross)
        case .vertical: Point(x: cross, y: main)
        }
    }

    /// `rect`'s start and length along the axis.
    public func main(of rect: Rect) -> (start: Double, length: Double) {
        switch self {
        case .horizontal: (rect.minX, rect.width)
        case .vertical: (rect.minY, rect.height)
        }
    }

    /// `rect`'s start and thickness across the axis.
    public func cross(of rect: Rect) -> (start: Double, thickness: Double) {
        switch self {
        case .horizontal: (rect.minY, rect.height)
        case .vertical: (rect.minX, rect.width)
        }
    }
}
