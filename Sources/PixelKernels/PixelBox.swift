/// A rectangle of whole pixels in a frame, half-open: columns `minX..<maxX`, rows `minY..<maxY`.
public struct PixelBox: Hashable, Sendable {
    public var minX, minY, maxX, maxY: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        minX = x; minY = y; maxX = x + width; maxY = y + height
    }

    public var width: Int { maxX - minX }
    public var height: Int { maxY - minY }
    public var isEmpty: Bool { maxX <= minX || maxY <= minY }

    public static let empty = PixelBox(x: 0, y: 0, width: 0, height: 0)

    public func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other.isEmpty ? .empty : other }
        if other.isEmpty { return self }
        var box = self
        box.minX = min(minX, other.minX); box.minY = min(minY, other.minY)
        box.maxX = max(maxX, other.maxX); box.maxY = max(maxY, other.maxY)
        return box
    }

    /// Empty boxes are all `PixelBox.empty`, whose ranges are empty rather than reversed.
    public func intersection(_ other: PixelBox) -> PixelBox {
        var box = self
        box.minX = max(minX, other.minX); box.minY = max(minY, other.minY)
        box.maxX = min(maxX, other.maxX); box.maxY = min(maxY, other.maxY)
        return box.isEmpty ? .empty : box
    }

    public func contains(x: Int, y: Int) -> Bool { x >= minX && x < maxX && y >= minY && y < maxY }
}

extension Array {
    /// The elements of `box` in a grid `width` elements wide, stored row by row.
    @inlinable public func crop(_ box: PixelBox, width: Int) -> [Element] {
        // Whole rows are one run: the whole grid is itself (shared, not copied; a full-screen slide's box).
        if box.minX == 0, box.width == width {
            if box.minY == 0, box.height * width == count { return self }
            return Array(self[box.minY * width..<box.maxY * width])
        }
        var out: [Element] = []
        out.reserveCapacity(box.width * box.height)
        for y in box.minY..<box.maxY { out += self[y * width + box.minX..<y * width + box.maxX] }
        return out
    }

    /// Copies `box` of `other` (a grid of the same `width`) into the same place of this one.
    @inlinable public mutating func copy(_ box: PixelBox, from other: [Element], width: Int) {
        for y in box.minY..<box.maxY {
            let row = y * width + box.minX..<y * width + box.maxX
            replaceSubrange(row, with: other[row])
        }
    }

    /// Writes `part` (`box`'s elements, row by row) into `box` of this grid `width` elements wide.
    @inlinable public mutating func paste(_ part: [Element], into box: PixelBox, width: Int) {
        for row in 0..<box.height {
            let start = (box.minY + row) * width + box.minX
            replaceSubrange(start..<start + box.width, with: part[row * box.width..<(row + 1) * box.width])
        }
    }
}
