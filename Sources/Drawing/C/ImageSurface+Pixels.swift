import CCairo

extension ImageSurface {
    /// The surface as opaque pixels, row by row without padding, each `0xFFRRGGBB` (straight colour,
    /// alpha forced to 255: a GIF has no partial transparency). Rows that are already opaque, as every row
    /// of a rendered frame is, are copied as they are; partly transparent pixels are un-premultiplied.
    package func opaquePixels() -> [UInt32] { pixels(opaque: true) }

    /// The surface's pixels as cairo holds them, premultiplied native-endian ARGB32, row by row without
    /// padding: for the filters of `PixelFilters`, which give them back through `init(premultipliedARGB:)`.
    package func premultipliedARGB() -> [UInt32] { pixels(opaque: false) }

    private func pixels(opaque: Bool) -> [UInt32] {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let base = cairo_image_surface_get_data(pointer) else { return [] }
        let width = width, height = height
        return [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                let target = out.baseAddress! + y * width
                target.initialize(from: row, count: width)
                guard opaque else { continue }
                // Opaque pixels (every one of a frame drawn over its background) are copied as they are.
                for x in 0..<width where target[x] >> 24 != 255 {
                    let pixel = target[x], a = pixel >> 24
                    func straight(_ c: UInt32) -> UInt32 { min(255, (c * 255 + a / 2) / a) }
                    target[x] = a == 0 ? 0xFF00_0000 : 0xFF00_0000 | straight(pixel >> 16 & 0xFF) << 16
                        | straight(pixel >> 8 & 0xFF) << 8 | straight(pixel & 0xFF)
                }
            }
            count = width * height
        }
    }
}
