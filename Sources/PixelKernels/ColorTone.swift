/// SVG's `feColorMatrix` with `gain` on the diagonal and `offset` in the last column (alpha kept), on
/// premultiplied ARGB32 pixels: each colour is un-premultiplied, mapped, clamped to 0…1 and premultiplied
/// again, as the filter works on straight colour.
public enum ColorTone {
    /// `offset` per channel in 0…1 (red, green, blue).
    public static func apply(_ pixels: inout [UInt32], gain: Double, offset: (Double, Double, Double)) {
        let offsets = SIMD4(offset.2, offset.1, offset.0, 0)  // blue, green, red: the low bytes first
        /// One channel's value (0…255, premultiplied by `alpha`) mapped, in its place in the pixel.
        @inline(__always) func tone(_ value: UInt32, alpha: Double, channel: Int) -> UInt32 {
            let straight = Double(value) / alpha
            let mapped = min(max(gain * straight + offsets[channel], 0), 1)
            // (0 … 255: rounded half up, as `rounded()` does there, without the library call.)
            let scaled = mapped * alpha, whole = Double(Int(scaled))
            return UInt32(scaled - whole >= 0.5 ? whole + 1 : whole) << UInt32(8 * channel)
        }
        // Opaque pixels, most of a blurred backdrop (the glass bar's, on every frame of a slide), through a
        // table of the same function per channel value: 3 × 256 evaluations instead of 3 per pixel.
        var opaque = [UInt32](repeating: 0, count: 3 * 256)
        for channel in 0..<3 {
            for value in 0..<256 { opaque[channel << 8 | value] = tone(UInt32(value), alpha: 255, channel: channel) }
        }
        opaque.withUnsafeBufferPointer { opaque in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for index in 0..<pixels.count {
                    let pixel = pixels[index]
                    let alpha = pixel >> 24
                    if alpha == 0xFF {
                        pixels[index] = 0xFF00_0000 | opaque[Int(pixel & 0xFF)] | opaque[0x100 | Int(pixel >> 8 & 0xFF)]
                            | opaque[0x200 | Int(pixel >> 16 & 0xFF)]
                        continue
                    }
                    guard alpha > 0 else { continue }
                    var out = pixel & 0xFF00_0000
                    for channel in 0..<3 { out |= tone(pixel >> UInt32(8 * channel) & 0xFF, alpha: Double(alpha), channel: channel) }
                    pixels[index] = out
                }
            }
        }
    }
}
