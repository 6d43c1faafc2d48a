import Scene

/// A rectangle of whole pixels, half-open: columns `minX..<maxX`, rows `minY..<maxY`.
struct PixelBox: Equatable, Sendable {
    var minX, minY, maxX, maxY: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        minX = x; minY = y; maxX = x + width; maxY = y + height
    }

    /// The whole pixels `rect` (in pixels) touches, grown by `margin` on every side; nil when a coordinate
    /// is not a number or infinite. (Coordinates beyond a billion pixels count as a billion.)
    init?(covering rect: Rect, margin: Int) {
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite) else { return nil }
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(max(-1e9, min(1e9, value)).rounded(rule)) }
        minX = whole(rect.minX, .down) - margin
        minY = whole(rect.minY, .down) - margin
        maxX = whole(rect.maxX, .up) + margin
        maxY = whole(rect.maxY, .up) + margin
    }

    var width: Int { maxX - minX }
    var height: Int { maxY - minY }
    var isEmpty: Bool { maxX <= minX || maxY <= minY }

    func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other.isEmpty ? .empty : other }
        if other.isEmpty { return self }
        var box = self
        box.minX = min(minX, other.minX); box.minY = min(minY, other.minY)
        box.maxX = max(maxX, other.maxX); box.maxY = max(maxY, other.maxY)
        return box
    }

    /// Empty boxes are all `PixelBox.empty`, whose ranges are empty rather than reversed.
    func intersection(_ other: PixelBox) -> PixelBox {
        var box = self
        box.minX = max(minX, other.minX); box.minY = max(minY, other.minY)
        box.maxX = min(maxX, other.maxX); box.maxY = min(maxY, other.maxY)
        return box.isEmpty ? .empty : box
    }

    static let empty = PixelBox(x: 0, y: 0, width: 0, height: 0)
}

extension Rect {
    /// The smallest upright rectangle holding this one once `transform` has moved it.
    func boundingBox(under transform: Affine) -> Rect {
        let corners = [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY), Point(x: maxX, y: maxY)]
            .map(transform.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }
}
