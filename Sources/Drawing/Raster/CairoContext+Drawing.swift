import Basics
import Graph
import Graphics
import PixelKernels
import Scene

extension CairoContext {
    package func setMatrix(_ m: Affine) { setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty) }

    /// Clips to `rect` (in the user space of `m`, the matrix in force; nil: unknown, no clip) rounded out to
    /// whole device pixels and two more on each side (as `pixels(touchedBy:)`), before a group is pushed:
    /// `cairo_push_group` makes a surface the size of the clip, which without one is the whole frame (14 MB
    /// for a tinted icon at @3x, cleared and composited whole); a clip on whole pixels outside everything
    /// drawn changes no pixel.
    package func clip(toPixelsAround rect: Rect?, under m: Affine) {
        guard let rect, let box = PixelBox(covering: rect.boundingBox(under: m), margin: 2) else { return }
        setMatrix(.identity)
        rectangle(x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height))
        clip()
        setMatrix(m)
    }
}

extension Color {
    package var components: (red: Double, green: Double, blue: Double, alpha: Double) { (red, green, blue, alpha) }
}
