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
    /// (Called for every command of every frame, several times: written out, with no arrays.)
    func boundingBox(under m: Affine) -> Rect {
        let x0 = m.a * minX, x1 = m.a * maxX, y0 = m.b * minX, y1 = m.b * maxX
        let u0 = m.c * minY, u1 = m.c * maxY, v0 = m.d * minY, v1 = m.d * maxY
        let left = min(x0, x1) + min(u0, u1) + m.tx, right = max(x0, x1) + max(u0, u1) + m.tx
        let top = min(y0, y1) + min(v0, v1) + m.ty, bottom = max(y0, y1) + max(v0, v1) + m.ty
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }
}
