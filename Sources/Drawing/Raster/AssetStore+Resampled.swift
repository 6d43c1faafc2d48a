import Graph
import Graphics
import Scene

/// PNG images shown smaller than their pixels, resampled once to the device size they are shown at (once
/// for every rasterizer of an export: `DecodedAssets`).
///
/// cairo's `CAIRO_FILTER_GOOD` shrinks an image with a separable convolution, pixman's general (slow) path,
/// on every frame that draws it: a 2× screenshot on a 1× export redrew that way on each frame of a slide
/// (a large share of the demo's rendering). Drawn from the resampled copy, a frame costs a copy (a whole-pixel
/// offset) or a bilinear blend (a fractional one, mid-slide), as Core Animation shows a moving layer: its
/// contents are a bitmap at the layer's size, sampled linearly at the layer's place.
extension AssetStore {
    /// `surface` resampled to `width` × `height` device pixels (smaller than it; a fractional size leaves
    /// the last column or row partly covered, as drawing it directly does), made once per size. nil when the
    /// budget is spent.
    package func resampled(_ surface: ImageSurface, width: Double, height: Double) throws(CLibraryError) -> ImageSurface? {
        let key = ResampledKey(source: ObjectIdentifier(surface), width: width, height: height)
        if let made = resampledImages[key] { return made }
        let columns = Int((width - 1e-6).rounded(.up)), rows = Int((height - 1e-6).rounded(.up))
        guard resampledPixels + columns * rows <= resampledPixelBudget else { return nil }
        let draw = { () throws(CLibraryError) -> ImageSurface in
            let made = try ImageSurface(width: columns, height: rows)
            let context = try CairoContext(made)
            context.draw(surface, x: 0, y: 0, width: width, height: height)
            try context.status()
            return made
        }
        // Once for every rasterizer where the image's pixels are kept for all (`DecodedAssets`).
        let made: ImageSurface
        if let shared = try decoded.resampled(surface, width: width, height: height, make: draw) { made = shared } else { made = try draw() }
        resampledImages[key] = made
        resampledPixels += columns * rows
        return made
    }
}

package struct ResampledKey: Hashable {
    package var source: ObjectIdentifier
    package var width: Double, height: Double
}
