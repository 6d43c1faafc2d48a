import PixelKernels

/// Maps opaque `0xFFRRGGBB` colours to the nearest entry of a palette, the same way every time (no error
/// diffusion: a pixel that does not change keeps its index, so frame differences stay small). Where a
/// gradient falls between palette entries, an ordered (position-based, so still stable) dither spreads
/// the error; colours the palette holds to within about 3 levels, as it holds flat UI's, are never
/// dithered.
public struct ColorMapper: Sendable {
    /// A GIF colour table; the transparent entry, if any, is never a match.
    public let palette: [UInt32]
    public let transparentIndex: UInt8?
    /// A direct-mapped cache of nearest entries: `cacheKeys[h] == color` means `cacheValues[h]` is its index.
    private var cacheKeys: [UInt32]
    private var cacheValues: [UInt8]
    private static let cacheBits = 16

    /// The entries that can match (all but the transparent one) ordered by green, with their indices: the
    /// search for the nearest starts at the colour's green and stops where green alone is too far.
    private let byGreen: [(green: Int, index: Int)]

    public init(palette: [UInt32], transparentIndex: UInt8? = nil) {
        precondition(palette.count > (transparentIndex == nil ? 0 : 1) && palette.count <= 256, "a GIF palette has 1 to 256 colours")
        self.palette = palette
        self.transparentIndex = transparentIndex
        cacheKeys = [UInt32](repeating: 0, count: 1 << Self.cacheBits)
        cacheValues = [UInt8](repeating: 0, count: 1 << Self.cacheBits)
        byGreen = palette.indices.filter { $0 != transparentIndex.map(Int.init) }
            .map { (Int(palette[$0] >> 8 & 0xFF), $0) }
            .sorted { $0.green != $1.green ? $0.green < $1.green : $0.index < $1.index }
    }

    /// The index of the palette colour nearest to `color` (exact when the palette has it).
    public mutating func index(of color: UInt32) -> UInt8 {
        let slot = Int((color &* 0x9E37_79B1) >> UInt32(32 - Self.cacheBits))
        if cacheKeys[slot] == color { return cacheValues[slot] }
        let found = nearest(color)
        cacheKeys[slot] = color
        cacheValues[slot] = found
        return found
    }

    /// Weighted squared distance (green counts most, blue least, as the eye does).
    @inlinable public static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)
        let dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }

    /// The entry at the least `distance`, the lowest index among equals (as a scan in order would find).
    private func nearest(_ color: UInt32) -> UInt8 {
        let g = Int(color >> 8 & 0xFF)
        var best = Int.max, bestDistance = Int.max
        func consider(_ index: Int) {
            let d = Self.distance(color, palette[index])
            if d < bestDistance || d == bestDistance && index < best { (best, bestDistance) = (index, d) }
        }
        // Outwards from the first entry at least as green, in both directions, each until green alone is
        // farther than the best so far.
        var low = 0, high = byGreen.count
        while low < high {
            let middle = (low + high) / 2
            if byGreen[middle].green < g { low = middle + 1 } else { high = middle }
        }
        var up = low, down = low - 1
        while up < byGreen.count || down >= 0 {
            if up < byGreen.count {
                let dg = byGreen[up].green - g
                if 4 * dg * dg > bestDistance { up = byGreen.count } else { consider(byGreen[up].index); up += 1 }
            }
            if down >= 0 {
                let dg = byGreen[down].green - g
                if 4 * dg * dg > bestDistance { down = -1 } else { consider(byGreen[down].index); down -= 1 }
            }
        }
        return UInt8(best)
    }

    /// The index of every pixel of a rectangle `width` pixels wide whose top left corner is at (`x`, `y`) in
    /// the frame: `ditheredIndex` where `dithered`, else the nearest entry.
    public mutating func indices(of pixels: [UInt32], width: Int, dithered: Bool, x: Int = 0, y: Int = 0) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { indices in
                for (row, start) in stride(from: 0, to: width > 0 ? pixels.count : 0, by: max(1, width)).enumerated() {
                    map(pixels, start, min(width, pixels.count - start), into: indices, dithered: dithered, x: x, y: y + row)
                }
            }
        }
        return indices
    }

    /// Maps the pixels of `box` again into `indices`, the indices of a frame that differed from `pixels`
    /// (`width` pixels wide) only there: in place, row by row (a copy of the box, 14 MB for a slide at @3x,
    /// was made and freed for every frame).
    public mutating func remap(_ box: PixelBox, of pixels: [UInt32], width: Int, dithered: Bool, into indices: inout [UInt8]) {
        pixels.withUnsafeBufferPointer { pixels in
            indices.withUnsafeMutableBufferPointer { indices in
                for y in box.minY..<box.maxY {
                    map(pixels, y * width + box.minX, box.width, into: indices, dithered: dithered, x: box.minX, y: y)
                }
            }
        }
    }

    /// Maps the `count` pixels from `start` (one row's, the first at (`x`, `y`) in the frame) into the same
    /// places of `indices`. A run of one colour is looked up once, unless it is dithered (by position).
    private mutating func map(_ pixels: UnsafeBufferPointer<UInt32>, _ start: Int, _ count: Int, into indices: UnsafeMutableBufferPointer<UInt8>,
                              dithered: Bool, x: Int, y: Int) {
        // (0 is no opaque colour: the first pixel is always looked up.)
        var lastColor: UInt32 = 0, lastIndex: UInt8 = 0
        for i in start..<start + count {
            let color = pixels[i]
            if color != lastColor {
                lastIndex = dithered ? ditheredIndex(of: color, x: x + i - start, y: y) : index(of: color)
                // A dithered index depends on the position: never reuse it for the next pixel.
                lastColor = Self.distance(color, palette[Int(lastIndex)]) > Self.ditherTolerance ? 0 : color
            }
            indices[i] = lastIndex
        }
    }

    // MARK: - Ordered dithering

    /// 8 × 8 Bayer thresholds, 0…63.
    private static let bayer: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// The sum of `distance`'s weights: `distance / distanceWeight` is a mean squared error per channel.
    public static let distanceWeight = 9
    /// Colours whose nearest entry is this close (about 3 levels per channel) are never dithered: flat UI
    /// colours are in the palette, so flat areas stay flat and frame differences small.
    public static let ditherTolerance = 81

    /// The index for `color` at pixel (x, y): the nearest entry, unless it misses the colour by more than
    /// `ditherTolerance`, as between the steps of a gradient. Then the colour is first moved by a Bayer
    /// offset as large as that miss, so that neighbouring pixels average to the true colour. The offset
    /// depends only on the position, so an unchanged pixel keeps its index from frame to frame.
    public mutating func ditheredIndex(of color: UInt32, x: Int, y: Int) -> UInt8 {
        let plain = index(of: color)
        let miss = Self.distance(color, palette[Int(plain)])
        guard miss > Self.ditherTolerance else { return plain }
        let amplitude = min(32, Int((Double(miss) / Double(Self.distanceWeight)).squareRoot() * 2))
        let offset = (Self.bayer[(y & 7) << 3 | (x & 7)] * 2 - 63) * amplitude / 128
        func moved(_ shift: UInt32) -> UInt32 { UInt32(max(0, min(255, Int(color >> shift & 0xFF) + offset))) << shift }
        return index(of: 0xFF00_0000 | moved(16) | moved(8) | moved(0))
    }
}
