import CCairo
import PixelKernels

extension ImageSurface {
    /// The surface as opaque pixels, row by row without padding, each `0xFFRRGGBB` (straight colour,
    /// alpha forced to 255: a GIF has no partial transparency). Rows that are already opaque, as every row
    /// of a rendered frame is, are copied as they are; partly transparent pixels are un-premultiplied.
    package func opaquePixels() -> [UInt32] { pixels(opaque: true) }

    /// The surface's pixels as cairo holds them, premultiplied native-endian ARGB32, row by row without
    /// padding: for the filters of `PixelFilters`, which give them back through `init(premultipliedARGB:)`.
    package func premultipliedARGB() -> [UInt32] { pixels(opaque: false) }

    /// The same as `opaquePixels()`, written into `buffer` when it has the surface's size (a frame's array
    /// the encoder is done with: filling it again spares the allocator a frame of fresh pages per frame).
    package func opaquePixels(into buffer: inout [UInt32]) {
        guard buffer.count == width * height else {
            buffer = opaquePixels()
            return
        }
        buffer.withUnsafeMutableBufferPointer { out in copy(into: out, opaque: true) }
    }

    /// The pixels of `box` as `opaquePixels` gives them, written into the same places of `buffer` (a frame
    /// of the surface's size; nothing is written when it is another size).
    package func opaquePixels(in box: PixelBox, into buffer: inout [UInt32]) {
        guard buffer.count == width * height else { return }
        let box = box.intersection(PixelBox(x: 0, y: 0, width: width, height: height))
        buffer.withUnsafeMutableBufferPointer { out in copy(box, into: out, opaque: true) }
    }

    private func pixels(opaque: Bool) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            copy(into: out, opaque: opaque)
            count = out.count
        }
    }

    /// Copies the pixels into `out` (`width` × `height` of them; memory that is initialized or not, as
    /// `UInt32` is trivial), un-premultiplied and opaque when `opaque`.
    /// Only `box`'s pixels (within the surface), each to its place in `out`, when given.
    private func copy(_ box: PixelBox? = nil, into out: UnsafeMutableBufferPointer<UInt32>, opaque: Bool) {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let width = width, height = height
        guard let base = cairo_image_surface_get_data(pointer), out.count >= width * height else {
            out.initialize(repeating: 0)
            return
        }
        let box = box ?? PixelBox(x: 0, y: 0, width: width, height: height)
        let count = box.width
        for y in box.minY..<max(box.minY, box.maxY) {
            let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self) + box.minX
            let target = out.baseAddress! + y * width + box.minX
            target.update(from: row, count: count)
            guard opaque else { continue }
            // Opaque pixels (every one of a frame drawn over its background) are copied as they are: a row
            // whose pixels' alphas all are 255 is left as it is (found without a branch per pixel).
            var alphas: UInt32 = 0xFF00_0000
            for x in 0..<count { alphas &= target[x] }
            guard alphas >> 24 != 255 else { continue }
            for x in 0..<count where target[x] >> 24 != 255 {
                let pixel = target[x], a = pixel >> 24
                func straight(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
                target[x] = a == 0 ? 0xFF00_0000 : 0xFF00_0000 | straight(pixel >> 16 & 0xFF) << 16
                    | straight(pixel >> 8 & 0xFF) << 8 | straight(pixel & 0xFF)
            }
        }
    }
}
