import CImageQuant

/// An indexed image: a palette of straight RGBA colors and one index per pixel.
struct IndexedImage {
    var palette: [(red: UInt8, green: UInt8, blue: UInt8)]
    var indices: [UInt8]
}

/// Palettes through libimagequant.
enum Quantizer {
    static func check(_ error: liq_error, _ function: String) throws(CLibraryError) {
        guard error != LIQ_OK else { return }
        throw CLibraryError(library: "libimagequant", function: function, message: "error \(error.rawValue)")
    }

    /// Quantizes opaque straight RGBA pixels to at most `maxColors` colors, without dithering (flat UI stays
    /// flat, and unchanged areas stay identical between frames).
    static func quantize(rgba: [UInt8], width: Int, height: Int, maxColors: Int = 256) throws(CLibraryError) -> IndexedImage {
        guard let attributes = liq_attr_create() else {
            throw CLibraryError(library: "libimagequant", function: "liq_attr_create", message: "out of memory")
        }
        defer { liq_attr_destroy(attributes) }
        try check(liq_set_max_colors(attributes, Int32(maxColors)), "liq_set_max_colors")
        try check(liq_set_speed(attributes, 5), "liq_set_speed")
        // libimagequant does not copy the bitmap: `rgba` stays alive until liq_image_destroy (defer order).
        return try rgba.withUnsafeBufferPointer { pixels throws(CLibraryError) -> IndexedImage in
            guard let image = liq_image_create_rgba(attributes, pixels.baseAddress!, Int32(width), Int32(height), 0) else {
                throw CLibraryError(library: "libimagequant", function: "liq_image_create_rgba", message: "invalid image")
            }
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            try check(liq_image_quantize(image, attributes, &result), "liq_image_quantize")
            guard let result else {
                throw CLibraryError(library: "libimagequant", function: "liq_image_quantize", message: "no result")
            }
            defer { liq_result_destroy(result) }
            try check(liq_set_dithering_level(result, 0), "liq_set_dithering_level")
            var indices = [UInt8](repeating: 0, count: width * height)
            let status = indices.withUnsafeMutableBytes { out in
                liq_write_remapped_image(result, image, out.baseAddress!, out.count)
            }
            try check(status, "liq_write_remapped_image")
            let palette = liq_get_palette(result)!.pointee
            let colors = withUnsafeBytes(of: palette.entries) { raw in
                Array(raw.bindMemory(to: liq_color.self).prefix(Int(palette.count)))
            }
            return IndexedImage(palette: colors.map { ($0.r, $0.g, $0.b) }, indices: indices)
        }
    }
}
