import Basics
import Graph
import Graphics
import PixelKernels
import Scene

/// The screen's rounded corners (`export.screenCorners`), as every raster format draws them.
extension Rasterizer {
    /// `export.screenCorners`: every pixel outside the screen's rounded rectangle replaced by the matte's
    /// `outside` colour (cairo's SOURCE operator through the path's coverage: transparent pixels where it
    /// is clear, a blend with what was drawn along the arcs' antialiased edge).
    func paintOutsideScreen(in context: CairoContext) {
        switch graph.matte {
        case .full: return
        case .roundedScreen(_, let screen, let radius, let outside):
            context.save()
            let m = base
            context.setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
            context.setFillRule(evenOdd: true)
            let v = graph.viewport.union(screen)
            context.rectangle(x: v.minX, y: v.minY, width: v.width, height: v.height)
            context.roundedRectangle(x: screen.minX, y: screen.minY, width: screen.width, height: screen.height, radius: radius)
            context.setOperator(.source)
            context.setColor(outside.components)
            context.fill()
            context.restore()
        }
    }

    /// `box` grown to take each of the screen's rounded corners whole that it touches, as `wholeShapes` takes
    /// curved paths whole. A precaution: on the glass scene of `ScreenCornerTests` the frames came out exact
    /// with and without it (cairo's SOURCE fill clipped at whole pixels), but that is one scene.
    func wholeCorners(around box: PixelBox) -> PixelBox {
        guard case .roundedScreen(_, let screen, let radius, _) = graph.matte, !box.isEmpty else { return box }
        var box = box
        let frame = PixelBox(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        for (x, y) in [(screen.minX, screen.minY), (screen.maxX - radius, screen.minY),
                       (screen.minX, screen.maxY - radius), (screen.maxX - radius, screen.maxY - radius)] {
            let corner = Rect(x: x, y: y, width: radius, height: radius)
            guard let pixels = PixelBox(covering: corner.boundingBox(under: base), margin: 2)?.intersection(frame),
                  !pixels.isEmpty, !pixels.intersection(box).isEmpty else { continue }
            box = box.union(pixels)
        }
        return box
    }
}
