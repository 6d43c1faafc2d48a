import Basics
import Drawing
import Foundation
import Graph
import Outputs
import Scene

/// Where everything on a storyboard sheet stands, in pixels: a heading, then panels in a grid, each a frame,
/// a ruler of the loop under it and a caption. Rows are as tall as their longest caption.
struct StoryboardLayout {
    static let margin = 32.0
    static let columnGap = 28.0
    static let rowGap = 36.0
    static let titleSize = 22.0
    static let subtitleSize = 14.0
    static let rulerGap = 12.0
    static let rulerHeight = 10.0
    static let captionGap = 8.0
    /// Cairo's image surfaces are limited to 32767 pixels a side.
    static let maximumSide = 32767

    let frameWidth: Double
    let frameHeight: Double
    let columns: Int
    let captionSize: Double
    let headingHeight: Double
    /// Top of each row, below the heading.
    private(set) var rowTops: [Double] = []
    private(set) var height: Double = 0

    var width: Double { 2 * Self.margin + Double(columns) * frameWidth + Double(columns - 1) * Self.columnGap }

    /// `captionHeights`: one per panel, measured at `captionSize`.
    init(frameWidth: Int, frameHeight: Int, columns: Int, headingHeight: Double, captionHeights: [Double]) {
        self.frameWidth = Double(frameWidth)
        self.frameHeight = Double(frameHeight)
        self.columns = columns
        self.headingHeight = headingHeight
        captionSize = Self.captionSize(frameWidth: self.frameWidth)
        var y = Self.margin + headingHeight
        for row in stride(from: 0, to: captionHeights.count, by: columns) {
            rowTops.append(y)
            let caption = captionHeights[row..<min(row + columns, captionHeights.count)].max() ?? 0
            y += self.frameHeight + Self.rulerGap + Self.rulerHeight + Self.captionGap + caption + Self.rowGap
        }
        height = y - Self.rowGap + Self.margin
    }

    /// Captions shrink a little under narrow frames, so that they wrap to a few lines only.
    static func captionSize(frameWidth: Double) -> Double { frameWidth < 240 ? 12 : 14 }

    func frameOrigin(_ index: Int) -> Point {
        Point(x: Self.margin + Double(index % columns) * (frameWidth + Self.columnGap), y: rowTops[index / columns])
    }

    func rulerTop(_ index: Int) -> Double { frameOrigin(index).y + frameHeight + Self.rulerGap }

    func captionTop(_ index: Int) -> Double { rulerTop(index) + Self.rulerHeight + Self.captionGap }
}
