import Basics
import Foundation
import Graph
import Resolving

/// The shapes a piece of glass and the selection pill are drawn from (`SceneGraphBuilder+Glass`).
extension Layout {
    /// The ~1 pt rim of a piece of glass (UIKIT-2026.md): the glass itself is the frame inset by it.
    public static let glassRim = 1.0

    /// Where the glass of a piece of `frame` is seen through: inside its rim, its corners rounded to match.
    public static func glassInterior(of frame: Rect) -> (frame: Rect, cornerRadius: Double) {
        let rim = glassRim
        return (Rect(x: frame.minX + rim, y: frame.minY + rim, width: frame.width - 2 * rim, height: frame.height - 2 * rim),
                min(frame.width, frame.height) / 2 - rim)
    }

    /// A pill that changes width as it glides (cells of different widths): two round ends and the middle
    /// between their centres, each drawn at `cell` and then moved or stretched.
    public struct PillParts: Sendable, Equatable {
        public var leftEnd: Rect
        public var rightEnd: Rect
        public var middle: Rect
        public var radius: Double
    }

    /// The narrowest middle a pill is stretched from (chosen: a scale of a zero width is undefined).
    public static let minimumPillMiddle = 0.01

    /// The parts of a pill resting on `cell`.
    public static func pillParts(on cell: Rect) -> PillParts {
        let radius = cell.height / 2
        let end = Size(width: cell.height, height: cell.height)
        return PillParts(leftEnd: Rect(x: cell.minX, y: cell.minY, width: end.width, height: end.height),
                         rightEnd: Rect(x: cell.maxX - cell.height, y: cell.minY, width: end.width, height: end.height),
                         middle: Rect(x: cell.minX + radius, y: cell.minY, width: max(cell.width - 2 * radius, minimumPillMiddle), height: cell.height),
                         radius: radius)
    }

    /// The width of a pill centred at `x` gliding over `cells` (sorted by centre): each cell's own width on
    /// it, passing linearly from one to the next between their centres.
    public static func pillWidth(at x: Double, over cells: [Rect], resting cell: Rect) -> Double {
        guard let first = cells.first, let last = cells.last else { return cell.width }
        if x <= first.center.x { return first.width }
        if x >= last.center.x { return last.width }
        for (a, b) in zip(cells, cells.dropFirst()) where x <= b.center.x {
            let f = (x - a.center.x) / max(b.center.x - a.center.x, 1e-9)
            return a.width + (b.width - a.width) * f
        }
        return last.width
    }

    /// A screenshot of `pixelSize` as a tab shows it: the screen's width, from the screen's top (a taller
    /// capture, a full page, runs below it and scrolls whole).
    public func screenshotFrame(pixelSize: Size) -> Rect {
        let width = screen.width
        return Rect(x: 0, y: 0, width: width, height: width * pixelSize.height / pixelSize.width)
    }

    /// Seed 002's `LOTAnimationView`: `contentMode = UIViewContentModeScaleAspectFill` in the icon's box:
    /// the canvas scaled to fill `box`, centred (not clipped: `clipsToBounds = NO`).
    public static func aspectFill(_ canvas: Size, in box: Rect) -> Rect {
        let fill = max(box.width / canvas.width, box.height / canvas.height)
        return Rect(center: box.center, size: Size(width: canvas.width * fill, height: canvas.height * fill))
    }
}
