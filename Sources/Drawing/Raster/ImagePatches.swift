import Basics
import Concurrency
import Foundation
import Graph
import PixelKernels
import Scene

/// Images drawn once per exact placement, as patches of whole device pixels, and kept for every worker and
/// both of the GIF's passes: every SVG image (an icon at rest, the spinning button) and every PNG that an
/// effect turns or scales (a spinning PNG button). Upright PNGs keep their resampled copies
/// (`AssetStore.resampled`).
///
/// Such images cost the most to draw again: librsvg parses the drawing into paths and cairo fills them on
/// every frame (the glass bar's icons are drawn again on every frame of a slide, where the content under
/// the glass changes), and cairo draws a turned PNG through pixman's separable convolution
/// (`CAIRO_FILTER_GOOD` shrinking it), its general and slow path (on `gradient`, a 168-pixel PNG spinning
/// at 112 pixels, a large share of the export's work, and the census pass drew every other frame of the
/// spin again). So such an image is always drawn the same way: into a patch at
/// its place (`Rasterizer.drawPatched`), which is then painted over the frame at a whole-pixel offset. A
/// patch depends only on the image, its box, the exact matrix and the pixels kept, so a patch made once
/// is the patch every later frame would make: frames are the same pixels whether it was made or found (a
/// test draws them both ways). (Against an image drawn straight onto the frame, a patch differs by a level
/// or two on a few dozen pixels where the image's edge meets what is under it.)
package final class ImagePatches: Sendable {
    /// The patches and shadows kept, and the pixels each kind holds. Made outside the lock: two workers may
    /// make the same one, which is the same pixels.
    private struct State {
        package var patches: [Key: Patch] = [:]
        package var pixels = 0
        package var shadows: [ShadowKey: (patch: [UInt32], box: PixelBox)] = [:]
        var shadowPixels = 0
    }
    private let state = Locked(State())
    /// Pixels kept at most; past it, patches are still made and drawn, not kept.
    package let pixelBudget: Int

    /// 4 M pixels (16 MB) by default: an icon at rest takes one patch for the whole export, a spinning
    /// button of 56 points 116 × 116 pixels a frame at 2× (up to 162 × 162 turned), 172 × 172 at 3×.
    package init(pixelBudget: Int = 4 << 20) {
        self.pixelBudget = pixelBudget
    }

    /// How many patches are kept.
    package var kept: Int {
        state.withLock { $0.patches.count }
    }

    /// All that decides a patch's pixels: the image, where it is placed, the matrix to the device and the
    /// device pixels kept.
    package struct Key: Hashable {
        package var source: String
        package var placed: Rect
        package var matrix: Affine
        package var box: PixelBox
    }

    /// An image drawn at its place: premultiplied ARGB32 pixels of the key's `box`, and `ink`, the box of
    /// those that are not transparent (in frame pixels; empty when none is). Painted at a whole-pixel offset,
    /// a patch changes exactly the pixels of its ink: where the frame changes when the image turns is known
    /// to the pixel (`Rasterizer.pixels(touchedBy:)`), not only as its box's bounding box (a turned square
    /// reaching past the circle drawn in it).
    package struct Patch {
        package let pixels: [UInt32]
        package let ink: PixelBox

        package init(_ pixels: [UInt32], box: PixelBox) {
            self.pixels = pixels
            var minX = box.width, minY = box.height, maxX = -1, maxY = -1
            for y in 0..<box.height {
                let row = y * box.width
                guard let first = (0..<box.width).first(where: { pixels[row + $0] != 0 }) else { continue }
                let last = (0..<box.width).last(where: { pixels[row + $0] != 0 })!
                minX = min(minX, first); maxX = max(maxX, last)
                if maxY < 0 { minY = y }
                maxY = y
            }
            ink = maxX < 0 ? .empty : PixelBox(x: box.minX + minX, y: box.minY + minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
    }

    /// A shadow blurred at its place (`Rasterizer.draw(_:under:in:)` for a `Shadow`): all that decides its
    /// pixels. A spinning button's shadow is blurred again for every angle: kept here, the GIF's census and
    /// its frames, and every locale of a group, blur each angle once.
    package struct ShadowKey: Hashable {
        package var shadow: Shadow
        package var matrix: Affine
    }

    /// The blurred shadow for `key` (premultiplied pixels of its box), made by `make` when it is not known;
    /// nil when it covers no pixel. Kept within the same budget as the images', apart from them.
    package func shadow(for key: ShadowKey, make: () throws -> (patch: [UInt32], box: PixelBox)?) rethrows -> (patch: [UInt32], box: PixelBox)? {
        if let known = state.withLock({ $0.shadows[key] }) { return known }
        guard let made = try make() else { return nil }
        state.withLock { state in
            if state.shadows[key] == nil, state.shadowPixels + made.patch.count <= pixelBudget {
                state.shadows[key] = made
                state.shadowPixels += made.patch.count
            }
        }
        return made
    }

    /// The patch for `key`, made by `make` when it is not known (outside the lock: two workers may make
    /// the same one, which is the same pixels).
    package func patch(for key: Key, make: () throws -> [UInt32]) rethrows -> Patch {
        if let known = kept(key) { return known }
        let made = Patch(try make(), box: key.box)
        state.withLock { state in
            if state.patches[key] == nil, state.pixels + made.pixels.count <= pixelBudget {
                state.patches[key] = made
                state.pixels += made.pixels.count
            }
        }
        return made
    }

    /// The patch for `key` if one is kept.
    package func kept(_ key: Key) -> Patch? {
        state.withLock { $0.patches[key] }
    }
}
