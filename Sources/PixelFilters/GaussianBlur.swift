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
        let count = width * height
        // The four premultiplied channels of each pixel side by side, blurred in Float, all four at once
        // (each channel's sums in the same order as alone: the same result, a quarter of the steps; the
        // glass bar blurs its backdrop on every frame of a slide).
        var planes = [SIMD4<Float>](repeating: .zero, count: count)
        pixels.withUnsafeBufferPointer { pixels in
            planes.withUnsafeMutableBufferPointer { planes in
                for index in 0..<count {
                    let pixel = pixels[index]
                    planes[index] = SIMD4(Float(pixel & 0xFF), Float(pixel >> 8 & 0xFF), Float(pixel >> 16 & 0xFF), Float(pixel >> 24))
                }
            }
        }
        let line = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: max(width, height))
        let scratch = UnsafeMutableBufferPointer<SIMD4<Float>>.allocate(capacity: max(width, height))
        defer {
            line.deallocate()
            scratch.deallocate()
        }
        let boxes = sigma < 2 ? [] : boxes(sigma: sigma)
        let weights = sigma < 2 ? gaussianWeights(sigma: sigma) : []
        func blurLine(count: Int) {
            if sigma < 2 {
                gaussian(line, into: scratch, count: count, weights: weights)
                _ = line.update(fromContentsOf: scratch[0..<count])
                return
            }
            var from = line, to = scratch
            for box in boxes {
                boxBlur(from, into: to, count: count, size: box.size, start: box.start)
                swap(&from, &to)
            }
            if from.baseAddress != line.baseAddress { _ = line.update(fromContentsOf: from[0..<count]) }
        }
        planes.withUnsafeMutableBufferPointer { plane in
            for y in 0..<height {  // rows
                let row = plane.baseAddress! + y * width
                for x in 0..<width { line[x] = row[x] }
                blurLine(count: width)
                for x in 0..<width { row[x] = line[x] }
            }
            for x in 0..<width {  // columns
                for y in 0..<height { line[y] = plane[y * width + x] }
                blurLine(count: height)
                for y in 0..<height { plane[y * width + x] = line[y] }
            }
        }
        planes.withUnsafeBufferPointer { planes in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for index in 0..<count {
                    let value = planes[index]
                    let alpha = min(max(roundedHalfAway(value[3]), 0), 255)
                    var pixel = UInt32(alpha) << 24
                    for channel in 0..<3 {
                        // A premultiplied channel never exceeds its alpha.
                        pixel |= UInt32(min(max(roundedHalfAway(value[channel]), 0), alpha)) << UInt32(8 * channel)
                    }
                    pixels[index] = pixel
                }
            }
        }
    }

    /// `x.rounded()` (to nearest, halves away from zero) for the blur's values (|x| < 2²³), without the
    /// library call: the fraction left by truncation is exact, so the result is the same.
    @inline(__always)
    static func roundedHalfAway(_ x: Float) -> Float {
        let whole = Float(Int32(x)), fraction = x - whole
        if fraction >= 0.5 { return whole + 1 }
        if fraction <= -0.5 { return whole - 1 }
        return whole
    }

    /// The box sizes and their offsets (the window's first sample, relative to the output pixel) for σ.
    static func boxes(sigma: Double) -> [(size: Int, start: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: (d, -(d - 1) / 2), count: 3) }
        // Even: centred on the boundary left of the pixel (x − d/2 … x + d/2 − 1), then right of it, then d + 1.
        return [(d, -d / 2), (d, -d / 2 + 1), (d + 1, -d / 2)]
    }

    /// out[x] = (in[x + start] + … + in[x + start + size − 1]) / size, outside 0 … count − 1 zero.
    private static func boxBlur(_ input: UnsafeMutableBufferPointer<SIMD4<Float>>, into output: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                count: Int, size: Int, start: Int) {
        var sum = SIMD4<Float>.zero
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

    /// The sampled Gaussian's weights out to 3σ, summing to 1.
    private static func gaussianWeights(sigma: Double) -> [Float] {
        let reach = max(1, Int((3 * sigma).rounded(.up)))
        let weights = (-reach...reach).map { k in Float(exp(-Double(k * k) / (2 * sigma * sigma))) }
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }

    private static func gaussian(_ line: UnsafeMutableBufferPointer<SIMD4<Float>>, into output: UnsafeMutableBufferPointer<SIMD4<Float>>,
                                 count: Int, weights: [Float]) {
        let reach = weights.count / 2
        for x in 0..<count {
            var sum = SIMD4<Float>.zero
            for k in -reach...reach where x + k >= 0 && x + k < count { sum += line[x + k] * weights[k + reach] }
            output[x] = sum
        }
    }
}
