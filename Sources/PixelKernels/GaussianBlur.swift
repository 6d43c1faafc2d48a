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
        pixels = blurred(pixels, width: width, height: height, sigma: sigma, columns: 0..<width, rows: 0..<height)
    }

    /// The part `columns × rows` of `pixels` (`width × height`, row by row) blurred by `sigma` pixels in
    /// both directions, row by row: the very values `blur` gives there, computed only where they are kept
    /// (the glass bar keeps the capsule of a region grown by 3σ on every side: half the region).
    public static func blurred(_ pixels: [UInt32], width: Int, height: Int, sigma: Double,
                               columns: Range<Int>, rows: Range<Int>) -> [UInt32] {
        let columns = columns.clamped(to: 0..<max(0, width)), rows = rows.clamped(to: 0..<max(0, height))
        guard pixels.count == width * height, !columns.isEmpty, !rows.isEmpty else { return [] }
        guard sigma > 0 else {
            return rows.flatMap { y in pixels[(y * width + columns.lowerBound)..<(y * width + columns.upperBound)] }
        }
        let passes: [Pass] = sigma < 2 ? [.gaussian(gaussianWeights(sigma: sigma))]
            : boxes(sigma: sigma).map { .box(size: $0.size, start: $0.start) }
        // The four premultiplied channels of each pixel side by side, blurred in Float, all four at once
        // (each channel's sums in the same order as alone: the same result, a quarter of the steps; the
        // glass bar blurs its backdrop on every frame of a slide).
        let planes = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: width * height)
        let kept = columns.count
        let down = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: kept * height)
        // Four rows across, or one row of kept columns' sums down (never wider).
        let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 4 * width)
        defer {
            planes.deallocate()
            down.deallocate()
            line.deallocate()
        }
        pixels.withUnsafeBufferPointer { pixels in
            #if _endian(little)
            // A pixel's bytes in memory are its channels low byte first: blue, green, red, alpha.
            let channels = UnsafeRawPointer(pixels.baseAddress!).assumingMemoryBound(to: SIMD4<UInt8>.self)
            for index in 0..<(width * height) { planes[index] = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: channels[index])) }
            #else
            for index in 0..<(width * height) {
                let pixel = pixels[index]
                planes[index] = SIMD4(Float(pixel & 0xFF), Float(pixel >> 8 & 0xFF), Float(pixel >> 16 & 0xFF), Float(pixel >> 24))
            }
            #endif
        }
        // Across: every row, whole (the passes down read every row, and a row's sums run from its start),
        // four rows at a time: their sums are independent, so the processor adds them side by side rather
        // than waiting on each add (each row's own sums in the same order).
        let group = 4
        for first in stride(from: 0, to: height, by: group) {
            let rows = min(group, height - first), start = planes + first * width
            var from = start, to = line
            for pass in passes {
                pass.run(along: from, into: to, count: width, lines: rows)
                (from, to) = (to, from)
            }
            if from != start { start.update(from: from, count: rows * width) }
        }
        // Down: only the kept columns, a row of them at a time (each column's sums in the order the column
        // alone would take them: the same values, read along rows rather than down a column). The first
        // pass reads the kept columns of `planes`, the others take turns between `down` and `planes`.
        var from: (values: UnsafeMutablePointer<SIMD4<Float>>, stride: Int) = (planes + columns.lowerBound, width)
        var to = down
        for pass in passes {
            pass.run(down: from.values, stride: from.stride, into: to, count: height, width: kept, sums: line)
            (from, to) = ((to, kept), to == down ? planes : down)
        }
        // Back to 8-bit premultiplied pixels, the kept rows only.
        var result = [UInt32](repeating: 0, count: kept * rows.count)
        result.withUnsafeMutableBufferPointer { result in
            var index = 0
            for y in rows {
                let row = from.values + y * from.stride
                for x in 0..<kept {
                    result[index] = packed(row[x])
                    index += 1
                }
            }
        }
        return result
    }

    /// One blurred pixel's channels (blue, green, red, alpha) as a premultiplied pixel: each rounded to
    /// nearest (halves up), clamped to 0…255, a colour to at most its alpha.
    @inline(__always)
    static func packed(_ value: SIMD4<Float>) -> UInt32 {
        // Clamped to 0…255, then rounded to nearest, halves up, in the four lanes at once without the
        // library call: adding 2²³ leaves the value rounded to nearest (halves to even) in the low bits, and
        // a half it rounded down (the difference is exact) gets its 1 back.
        var clamped = value.replacing(with: 0, where: value .< 0)
        clamped.replace(with: 255, where: clamped .> 255)
        let shifted = clamped + 8_388_608
        var channels = unsafeBitCast(shifted, to: SIMD4<Int32>.self) & 0x1FF
        channels.replace(with: channels &+ 1, where: clamped - (shifted - 8_388_608) .== 0.5)
        // A premultiplied channel never exceeds its alpha.
        channels.replace(with: channels[3], where: channels .> channels[3])
        return UInt32(truncatingIfNeeded: (channels &<< SIMD4(0, 8, 16, 24)).wrappedSum())
    }

    /// The box sizes and their offsets (the window's first sample, relative to the output pixel) for σ.
    static func boxes(sigma: Double) -> [(size: Int, start: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: (d, -(d - 1) / 2), count: 3) }
        // Even: centred on the boundary left of the pixel (x − d/2 … x + d/2 − 1), then right of it, then d + 1.
        return [(d, -d / 2), (d, -d / 2 + 1), (d + 1, -d / 2)]
    }

    /// One of the blur's passes.
    private enum Pass {
        /// out[i] = (in[i + start] + … + in[i + start + size − 1]) / size, outside 0 … count − 1 zero.
        case box(size: Int, start: Int)
        /// out[i] = Σ in[i + k] · weights[k + reach], k = −reach … reach, outside 0 … count − 1 zero.
        case gaussian([Float])

        /// The pass along `lines` lines (1…4) of `count` values each, one after the other.
        @inline(__always)
        func run(along input: UnsafePointer<SIMD4<Float>>, into output: UnsafeMutablePointer<SIMD4<Float>>, count: Int, lines: Int) {
            switch (self, lines) {
            case (.box(let size, let start), 4): box(along: input, into: output, count: count, size: size, start: start, lines: 4)
            case (.box(let size, let start), 3): box(along: input, into: output, count: count, size: size, start: start, lines: 3)
            case (.box(let size, let start), 2): box(along: input, into: output, count: count, size: size, start: start, lines: 2)
            case (.box(let size, let start), _):
                for line in 0..<lines { box(along: input + line * count, into: output + line * count, count: count, size: size, start: start, lines: 1) }
            case (.gaussian(let weights), _):
                let reach = weights.count / 2
                for line in 0..<lines {
                    let input = input + line * count, output = output + line * count
                    for i in 0..<count {
                        var sum = SIMD4<Float>.zero
                        for k in -reach...reach where i + k >= 0 && i + k < count { sum += input[i + k] * weights[k + reach] }
                        output[i] = sum
                    }
                }
            }
        }

        /// A box along `lines` lines at once (a constant where it is inlined): their running sums are
        /// independent, so the processor adds them side by side rather than waiting on each add; each line's
        /// sums are taken in the order a line alone takes them.
        @inline(__always)
        private func box(along input: UnsafePointer<SIMD4<Float>>, into output: UnsafeMutablePointer<SIMD4<Float>>, count: Int,
                         size: Int, start: Int, lines: Int) {
            let in1 = input + count, in2 = input + 2 * count, in3 = input + 3 * count
            let out1 = output + count, out2 = output + 2 * count, out3 = output + 3 * count
            var sum0 = SIMD4<Float>.zero, sum1 = sum0, sum2 = sum0, sum3 = sum0
            for k in start..<(start + size) where k >= 0 && k < count {  // the window for 0
                sum0 += input[k]
                if lines > 1 { sum1 += in1[k] }
                if lines > 2 { sum2 += in2[k] }
                if lines > 3 { sum3 += in3[k] }
            }
            let scale = 1 / Float(size)
            for i in 0..<count {
                output[i] = sum0 * scale
                if lines > 1 { out1[i] = sum1 * scale }
                if lines > 2 { out2[i] = sum2 * scale }
                if lines > 3 { out3[i] = sum3 * scale }
                let leaving = i + start, entering = i + start + size
                if leaving >= 0 && leaving < count {
                    sum0 -= input[leaving]
                    if lines > 1 { sum1 -= in1[leaving] }
                    if lines > 2 { sum2 -= in2[leaving] }
                    if lines > 3 { sum3 -= in3[leaving] }
                }
                if entering >= 0 && entering < count {
                    sum0 += input[entering]
                    if lines > 1 { sum1 += in1[entering] }
                    if lines > 2 { sum2 += in2[entering] }
                    if lines > 3 { sum3 += in3[entering] }
                }
            }
        }

        /// The pass down `count` rows of `width` values each (a row of columns at a time; the input's rows
        /// `stride` values apart, the output's `width`), each column's sums taken in the order
        /// `run(along:)` takes them: the same values. `sums`: room for `width` values.
        func run(down input: UnsafePointer<SIMD4<Float>>, stride: Int, into output: UnsafeMutablePointer<SIMD4<Float>>, count: Int,
                 width: Int, sums: UnsafeMutablePointer<SIMD4<Float>>) {
            switch self {
            case .box(let size, let start):
                sums.update(repeating: .zero, count: width)
                for k in start..<(start + size) where k >= 0 && k < count {
                    let row = input + k * stride
                    for j in 0..<width { sums[j] += row[j] }
                }
                let scale = 1 / Float(size)
                for i in 0..<count {
                    let out = output + i * width
                    for j in 0..<width { out[j] = sums[j] * scale }
                    let leaving = i + start, entering = i + start + size
                    if leaving >= 0 && leaving < count {
                        let row = input + leaving * stride
                        for j in 0..<width { sums[j] -= row[j] }
                    }
                    if entering >= 0 && entering < count {
                        let row = input + entering * stride
                        for j in 0..<width { sums[j] += row[j] }
                    }
                }
            case .gaussian(let weights):
                let reach = weights.count / 2
                for i in 0..<count {
                    let out = output + i * width
                    out.update(repeating: .zero, count: width)
                    for k in -reach...reach where i + k >= 0 && i + k < count {
                        let row = input + (i + k) * stride, weight = weights[k + reach]
                        for j in 0..<width { out[j] += row[j] * weight }
                    }
                }
            }
        }
    }

    /// The sampled Gaussian's weights out to 3σ, summing to 1.
    private static func gaussianWeights(sigma: Double) -> [Float] {
        let reach = max(1, Int((3 * sigma).rounded(.up)))
        let weights = (-reach...reach).map { k in Float(exp(-Double(k * k) / (2 * sigma * sigma))) }
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }
}
