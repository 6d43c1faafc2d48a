import Basics
import Graph
import PixelKernels
import Scene

extension PixelBox {
    /// The whole pixels `rect` (in pixels) touches, grown by `margin` on every side; nil when a coordinate
    /// is not a number or infinite. (Coordinates beyond a billion pixels count as a billion.)
    package init?(covering rect: Rect, margin: Int) {
        // (Called for every command that changes, on every frame: no array, each rounding written out.)
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        func clamped(_ value: Double) -> Double { max(-1e9, min(1e9, value)) }
        let minX = Int(clamped(rect.minX).rounded(.down)) - margin, minY = Int(clamped(rect.minY).rounded(.down)) - margin
        self.init(x: minX, y: minY, width: Int(clamped(rect.maxX).rounded(.up)) + margin - minX,
                  height: Int(clamped(rect.maxY).rounded(.up)) + margin - minY)
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
    package func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }
}
