import GIFPlanning
import Scene

extension PixelBox {
    /// The whole pixels `rect` (in pixels) touches, grown by `margin` on every side; nil when a coordinate
    /// is not a number or infinite. (Coordinates beyond a billion pixels count as a billion.)
    init?(covering rect: Rect, margin: Int) {
        guard [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite) else { return nil }
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(max(-1e9, min(1e9, value)).rounded(rule)) }
        let minX = whole(rect.minX, .down) - margin, minY = whole(rect.minY, .down) - margin
        self.init(x: minX, y: minY, width: whole(rect.maxX, .up) + margin - minX, height: whole(rect.maxY, .up) + margin - minY)
    }
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
