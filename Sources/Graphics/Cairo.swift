import CCairo
import Foundation

/// Turns a cairo status into a Swift error naming the C function.
func checkCairo(_ status: cairo_status_t, _ function: String) throws(CLibraryError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw CLibraryError(library: "cairo", function: function, message: String(cString: cairo_status_to_string(status)))
}

/// A cairo ARGB32 image surface: premultiplied, native-endian 0xAARRGGBB pixels.
public final class ImageSurface {
    package let pointer: OpaquePointer
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) throws(CLibraryError) {
        pointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        self.width = width
        self.height = height
        try checkCairo(cairo_surface_status(pointer), "cairo_image_surface_create")
    }

    /// Takes ownership of a surface cairo made (for example by decoding a PNG); checks its status.
    package init(taking pointer: OpaquePointer, function: String) throws(CLibraryError) {
        self.pointer = pointer
        width = Int(cairo_image_surface_get_width(pointer))
        height = Int(cairo_image_surface_get_height(pointer))
        try checkCairo(cairo_surface_status(pointer), function)
    }

    /// What the surface's pixels belong to, when it does not own them (`init(sharing:)`): released after it.
    package private(set) var keptAlive: SharedPixels?

    deinit { cairo_surface_destroy(pointer) }

    /// Decodes a PNG from memory.
    public convenience init(png data: Data) throws(CLibraryError) {
        var reader = PNGReadState(data: data)
        let surface = withUnsafeMutablePointer(to: &reader) { state in
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                let state = closure!.assumingMemoryBound(to: PNGReadState.self)
                return state.pointee.read(into: buffer!, length: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, state)
        }
        try self.init(taking: surface!, function: "cairo_image_surface_create_from_png_stream")
    }

    /// The surface's pixels, to be drawn from by several surfaces (`init(sharing:)`); this surface is
    /// kept with them, and must not be drawn on or from again.
    package func sharedPixels() throws(CLibraryError) -> SharedPixels {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw CLibraryError(library: "cairo", function: "cairo_image_surface_get_data", message: "no pixels to share")
        }
        return SharedPixels(data: data, format: cairo_image_surface_get_format(pointer), width: width, height: height,
                            stride: Int(cairo_image_surface_get_stride(pointer)), owner: self)
    }

    /// A surface of its own over `pixels`, which it never changes: each thread draws from a surface of its
    /// own (cairo and pixman count a surface's references without atomics), and none copies the pixels.
    package convenience init(sharing pixels: SharedPixels) throws(CLibraryError) {
        try self.init(taking: cairo_image_surface_create_for_data(pixels.data, pixels.format, Int32(pixels.width), Int32(pixels.height),
                                                                  Int32(pixels.stride)),
                      function: "cairo_image_surface_create_for_data")
        keptAlive = pixels
    }

    /// The surface encoded as PNG.
    public func pngData() throws(CLibraryError) -> Data {
        cairo_surface_flush(pointer)
        var output = Data()
        let status = withUnsafeMutablePointer(to: &output) { out in
            cairo_surface_write_to_png_stream(pointer, { closure, bytes, length in
                closure!.assumingMemoryBound(to: Data.self).pointee.append(bytes!, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, out)
        }
        try checkCairo(status, "cairo_surface_write_to_png_stream")
        return output
    }

    /// A surface holding straight RGBA bytes (`width × height × 4`), premultiplied for cairo.
    public convenience init(straightRGBA rgba: [UInt8], width: Int, height: Int) throws(CLibraryError) {
        try self.init(width: width, height: height)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let base = cairo_image_surface_get_data(pointer)!
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let o = (y * width + x) * 4
                let a = UInt32(rgba[o + 3])
                func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                row[x] = a << 24 | premultiplied(rgba[o]) << 16 | premultiplied(rgba[o + 1]) << 8 | premultiplied(rgba[o + 2])
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// A surface holding premultiplied native-endian ARGB32 pixels (cairo's layout).
    public convenience init(premultipliedARGB pixels: [UInt32], width: Int, height: Int) throws(CLibraryError) {
        try self.init(width: width, height: height)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let base = cairo_image_surface_get_data(pointer)!
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                (base + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
                    row.update(from: source.baseAddress! + y * width, count: width)
                }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    /// Straight (un-premultiplied) RGBA bytes, row by row without padding.
    public func straightRGBA() -> [UInt8] {
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let base = cairo_image_surface_get_data(pointer)!
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    let a = pixel >> 24
                    let o = (y * width + x) * 4
                    if a == 255 {
                        out[o] = UInt8(pixel >> 16 & 0xFF); out[o + 1] = UInt8(pixel >> 8 & 0xFF); out[o + 2] = UInt8(pixel & 0xFF)
                    } else if a > 0 {
                        out[o] = UInt8(min(255, ((pixel >> 16 & 0xFF) * 255 + a / 2) / a))
                        out[o + 1] = UInt8(min(255, ((pixel >> 8 & 0xFF) * 255 + a / 2) / a))
                        out[o + 2] = UInt8(min(255, ((pixel & 0xFF) * 255 + a / 2) / a))
                    }
                    out[o + 3] = UInt8(a)
                }
            }
        }
        return rgba
    }
}

/// Feeds a PNG held in memory to cairo's stream reader.
private struct PNGReadState {
    package let data: Data
    package var offset = 0

    package mutating func read(into buffer: UnsafeMutablePointer<UInt8>, length: Int) -> Bool {
        guard offset + length <= data.count else { return false }
        data.copyBytes(to: buffer, from: offset..<offset + length)
        offset += length
        return true
    }
}

/// Pixels of a cairo image surface that nothing changes, drawn from by several surfaces at once
/// (`ImageSurface(sharing:)`): a decoded image, for every rasterizer of an export (`DecodedAssets`). The
/// surface that holds them is kept, never drawn on or from.
package final class SharedPixels: @unchecked Sendable {
    package let data: UnsafeMutablePointer<UInt8>
    package let format: cairo_format_t
    package let width: Int, height: Int, stride: Int
    private let owner: ImageSurface

    package init(data: UnsafeMutablePointer<UInt8>, format: cairo_format_t, width: Int, height: Int, stride: Int, owner: ImageSurface) {
        self.data = data
        self.format = format
        self.width = width
        self.height = height
        self.stride = stride
        self.owner = owner
    }
}

/// A cairo drawing context on an image surface.
public final class CairoContext {
    package let pointer: OpaquePointer
    public let surface: ImageSurface

    public init(_ surface: ImageSurface) throws(CLibraryError) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        try checkCairo(cairo_status(pointer), "cairo_create")
    }

    deinit { cairo_destroy(pointer) }

    public func save() { cairo_save(pointer) }
    public func restore() { cairo_restore(pointer) }

    public func setColor(_ c: (red: Double, green: Double, blue: Double, alpha: Double)) {
        cairo_set_source_rgba(pointer, c.red, c.green, c.blue, c.alpha)
    }

    public func setMatrix(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        var matrix = cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
        cairo_set_matrix(pointer, &matrix)
    }

    public func rectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
    }

    /// A rectangle with circular corners of `radius`.
    public func roundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        guard r > 0 else { return rectangle(x: x, y: y, width: width, height: height) }
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(pointer, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(pointer, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(pointer, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(pointer)
    }

    /// A full circle as a new sub-path.
    public func circle(x: Double, y: Double, radius: Double) {
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, x, y, radius, 0, 2 * .pi)
        cairo_close_path(pointer)
    }

    /// Strokes the current path with the current color, `width` wide in user units.
    public func stroke(width: Double) {
        cairo_set_line_width(pointer, width)
        cairo_stroke(pointer)
    }

    public func fill() { cairo_fill(pointer) }
    public func clip() { cairo_clip(pointer) }
    public func paint() { cairo_paint(pointer) }

    /// Starts drawing into an offscreen group (for group opacity and template tinting).
    public func pushGroup() { cairo_push_group(pointer) }

    /// Ends the offscreen group and paints it with `alpha`.
    public func popGroupAndPaint(alpha: Double) {
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, alpha)
    }

    /// Ends the offscreen group and paints the current color through its alpha (a template image's tint).
    public func popGroupAsMask(color: (red: Double, green: Double, blue: Double, alpha: Double)) {
        let mask = cairo_pop_group(pointer)
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
        cairo_mask(pointer, mask)
        cairo_pattern_destroy(mask)
    }

    /// Draws `image` scaled into the rectangle.
    public func draw(_ image: ImageSurface, x: Double, y: Double, width: Double, height: Double) {
        save()
        cairo_translate(pointer, x, y)
        cairo_scale(pointer, width / Double(image.width), height / Double(image.height))
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_GOOD)
        cairo_paint(pointer)
        restore()
    }

    public func status() throws(CLibraryError) { try checkCairo(cairo_status(pointer), "cairo drawing") }
}
