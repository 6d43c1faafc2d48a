import Foundation

/// SVG's Gaussian blur (`feGaussianBlur`, Filter Effects Module Level 1, §9.11) on premultiplied ARGB32
/// pixels (cairo's native-endian `0xAARRGGBB`), so that a blur tabanim draws and the one a browser plays in
/// the SVG agree: for σ ≥ 2 pixels, three box blurs of size d = ⌊σ · 3√(2π) / 4 + 0.5⌋ per direction (odd d:
/// all centred on the output pixel; even d: two of size d, centred half a pixel left and then right of it,
/// and one of size d + 1 centred on it); below 2 pixels a sampled Gaussian out to 3σ. Pixels outside the
/// buffer are transparent black, as outside a filter region.
public enum GaussianBlur {
    /// Blurs `pixels` (`width × height`, row by row) in place by `sigma` pixels in both directions.
    public static func blur(_ pixels: inout [UInt32], width: Int, height: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0, pixels.count == width * height else { return }
        // Four planes of the premultiplied channels, blurred in Float.
        var planes = (0..<4).map { channel in pixels.map { Float($0 >> UInt32(8 * channel) & 0xFF) } }
        var line = [Float](repeating: 0, count: max(width, height))
        var scratch = line
        for channel in 0..<4 {
            planes[channel].withUnsafeMutableBufferPointer { plane in
                for y in 0..<height {  // rows
                    for x in 0..<width { line[x] = plane[y * width + x] }
                    blurLine(&line, &scratch, count: width, sigma: sigma)
                    for x in 0..<width { plane[y * width + x] = line[x] }
                }
                for x in 0..<width {  // columns
                    for y in 0..<height { line[y] = plane[y * width + x] }
                    blurLine(&line, &scratch, count: height, sigma: sigma)
                    for y in 0..<height { plane[y * width + x] = line[y] }
                }
            }
        }
        for index in pixels.indices {
            var pixel: UInt32 = 0
            let alpha = min(max(planes[3][index].rounded(), 0), 255)
            for channel in 0..<4 {
                // A premultiplied channel never exceeds its alpha.
                let value = min(max(planes[channel][index].rounded(), 0), alpha)
                pixel |= UInt32(value) << UInt32(8 * channel)
            }
            pixels[index] = pixel
        }
    }

    /// The box sizes and their offsets (the window's first sample, relative to the output pixel) for σ.
    static func boxes(sigma: Double) -> [(size: Int, start: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: (d, -(d - 1) / 2), count: 3) }
        // Even: centred on the boundary left of the pixel (x − d/2 … x + d/2 − 1), then right of it, then d + 1.
        return [(d, -d / 2), (d, -d / 2 + 1), (d + 1, -d / 2)]
    }

    private static func blurLine(_ line: inout [Float], _ scratch: inout [Float], count: Int, sigma: Double) {
        guard count > 0 else { return }
        if sigma < 2 {
            gaussian(&line, &scratch, count: count, sigma: sigma)
            return
        }
        for box in boxes(sigma: sigma) {
            boxBlur(line, into: &scratch, count: count, size: box.size, start: box.start)
            swap(&line, &scratch)
        }
    }

    /// out[x] = (in[x + start] + … + in[x + start + size − 1]) / size, outside 0 … count − 1 zero.
    private static func boxBlur(_ input: [Float], into output: inout [Float], count: Int, size: Int, start: Int) {
        var sum: Float = 0
        // The window for x = 0.
        for k in start..<(start + size) where k >= 0 && k < count { sum += input[k] }
        let scale = 1 / Float(size)
        for x in 0..<count {
            output[x] = sum * scale
            let leaving = x + start, entering = x + start + size
            if leaving >= 0 && leaving < count { sum -= input[leaving] }
            if entering >= 0 && entering < count { sum += input[entering] }
        }
    }

    private static func gaussian(_ line: inout [Float], _ scratch: inout [Float], count: Int, sigma: Double) {
        let reach = max(1, Int((3 * sigma).rounded(.up)))
        var weights = (-reach...reach).map { k in Float(exp(-Double(k * k) / (2 * sigma * sigma))) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        for x in 0..<count {
            var sum: Float = 0
            for k in -reach...reach where x + k >= 0 && x + k < count { sum += line[x + k] * weights[k + reach] }
            scratch[x] = sum
        }
        swap(&line, &scratch)
    }
}

/// SVG's `feColorMatrix` with `gain` on the diagonal and `offset` in the last column (alpha kept), on
/// premultiplied ARGB32 pixels: each colour is un-premultiplied, mapped, clamped to 0…1 and premultiplied
/// again, as the filter works on straight colour.
public enum ColorTone {
    /// `offset` per channel in 0…1 (red, green, blue).
    public static func apply(_ pixels: inout [UInt32], gain: Double, offset: (Double, Double, Double)) {
        let offsets = [offset.2, offset.1, offset.0]  // blue, green, red: the low bytes first
        for index in pixels.indices {
            let pixel = pixels[index]
            let alpha = Double(pixel >> 24)
            guard alpha > 0 else { continue }
            var out = pixel & 0xFF00_0000
            for channel in 0..<3 {
                let straight = Double(pixel >> UInt32(8 * channel) & 0xFF) / alpha
                let mapped = min(max(gain * straight + offsets[channel], 0), 1)
                out |= UInt32((mapped * alpha).rounded()) << UInt32(8 * channel)
            }
            pixels[index] = out
        }
    }
}
