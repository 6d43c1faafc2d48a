import CImageQuant
import Drawing
import Foundation
import Graphics
import Outputs

/// Palettes chosen by libimagequant. tabanim maps pixels to them itself (`ColorMapper`): libimagequant
/// refines a palette while it remaps, so one palette shared by many frames must not go through it.
enum Quantizer {
    static func check(_ error: liq_error, _ function: String) throws(CLibraryError) {
        guard error != LIQ_OK else { return }
        throw CLibraryError(library: "libimagequant", function: function, message: "error \(error.rawValue)")
    }

    /// One palette for many images: libimagequant's histogram of `colors` (`0xFFRRGGBB`, each with how
    /// many pixels have it), quantized to at most `maxColors` colours. The colours are given in one order
    /// (by colour): libimagequant's result depends on the order, and a census counted in a dictionary has
    /// none, so the same scene gave a different palette, and other bytes, from one run to the next.
    static func palette(histogram colors: [(color: UInt32, count: Int)], maxColors: Int) throws(CLibraryError) -> [UInt32] {
        let colors = colors.sorted { $0.color < $1.color }
        let attributes = try makeAttributes(maxColors: maxColors)
        defer { liq_attr_destroy(attributes) }
        guard let histogram = liq_histogram_create(attributes) else {
            throw CLibraryError(library: "libimagequant", function: "liq_histogram_create", message: "out of memory")
        }
        defer { liq_histogram_destroy(histogram) }
        let entries = colors.map { entry in
            liq_histogram_entry(color: liq_color(r: UInt8(entry.color >> 16 & 0xFF), g: UInt8(entry.color >> 8 & 0xFF),
                                                 b: UInt8(entry.color & 0xFF), a: 255),
                                count: UInt32(clamping: entry.count))
        }
        try check(liq_histogram_add_colors(histogram, attributes, entries, Int32(entries.count), 0), "liq_histogram_add_colors")
        var result: OpaquePointer?
        try check(liq_histogram_quantize(histogram, attributes, &result), "liq_histogram_quantize")
        return try palette(of: result, function: "liq_histogram_quantize")
    }

    /// A palette for one image of opaque `0xFFRRGGBB` pixels.
    static func palette(pixels: [UInt32], width: Int, height: Int, maxColors: Int) throws(CLibraryError) -> [UInt32] {
        let attributes = try makeAttributes(maxColors: maxColors)
        defer { liq_attr_destroy(attributes) }
        // libimagequant wants RGBA bytes and does not copy them: `rgba` stays alive until liq_image_destroy.
        let rgba = pixels.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF), 255] }
        return try rgba.withUnsafeBufferPointer { bytes throws(CLibraryError) -> [UInt32] in
            guard let image = liq_image_create_rgba(attributes, bytes.baseAddress!, Int32(width), Int32(height), 0) else {
                throw CLibraryError(library: "libimagequant", function: "liq_image_create_rgba", message: "invalid image")
            }
            defer { liq_image_destroy(image) }
            var result: OpaquePointer?
            try check(liq_image_quantize(image, attributes, &result), "liq_image_quantize")
            return try palette(of: result, function: "liq_image_quantize")
        }
    }

    /// Debian builds libimagequant with OpenMP. After each parallel region the team's threads spin on the
    /// other core for a while (libgomp's default wait policy), taking it from the frame renderers; the
    /// histograms tabanim quantizes are small enough for one thread.
    /// So the calling thread's OpenMP team is one thread, through libgomp's `omp_set_num_threads` found at
    /// run time (absent when libimagequant is built without OpenMP: then nothing to do).
    private static func quantizeOnThisThreadOnly() {
        #if canImport(Glibc)
        typealias SetNumThreads = @convention(c) (Int32) -> Void
        guard let symbol = dlsym(nil, "omp_set_num_threads") else { return }
        unsafeBitCast(symbol, to: SetNumThreads.self)(1)
        #endif
    }

    private static func makeAttributes(maxColors: Int) throws(CLibraryError) -> OpaquePointer {
        quantizeOnThisThreadOnly()
        guard let attributes = liq_attr_create() else {
            throw CLibraryError(library: "libimagequant", function: "liq_attr_create", message: "out of memory")
        }
        do {
            try check(liq_set_max_colors(attributes, Int32(maxColors)), "liq_set_max_colors")
            // Speed 7 of 1…10: on the benchmark scenes as sharp as 5 (mean SSIM within 1e-5, still above
            // ffmpeg's) and smaller files, in two thirds of the time; 9 loses sharpness on gradients.
            try check(liq_set_speed(attributes, 7), "liq_set_speed")
        } catch {
            liq_attr_destroy(attributes)
            throw error
        }
        return attributes
    }

    /// The colours of a quantization result, which it then frees.
    private static func palette(of result: OpaquePointer?, function: String) throws(CLibraryError) -> [UInt32] {
        guard let result else { throw CLibraryError(library: "libimagequant", function: function, message: "no result") }
        defer { liq_result_destroy(result) }
        guard let palette = liq_get_palette(result)?.pointee else {
            throw CLibraryError(library: "libimagequant", function: "liq_get_palette", message: "no palette")
        }
        return withUnsafeBytes(of: palette.entries) { raw in
            raw.bindMemory(to: liq_color.self).prefix(Int(palette.count)).map { color in
                0xFF00_0000 | UInt32(color.r) << 16 | UInt32(color.g) << 8 | UInt32(color.b)
            }
        }
    }
}
