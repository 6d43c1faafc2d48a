/// The second pass: turns each rendered frame into a GIF frame that writes only what a viewer's canvas
/// does not already show. The rectangle is the bounding box of the pixels whose palette colour differs
/// from the canvas; inside it, unchanged pixels may be transparent where that shortens the LZW stream.
/// The global palette serves every frame it can; a frame it serves badly (far from the animation's
/// typical colours) gets a local palette of its own.
struct FrameDiffEncoder {
    struct Box: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    let width: Int
    let height: Int
    let palette: GIFPalette
    private var mapper: ColorMapper
    private var lzw = LZWEncoder()
    /// The true colours of the previous frame.
    private var previous: [UInt32] = []
    /// What a viewer shows after the previous frame.
    private var canvas: [UInt32] = []

    /// Mean squared error per channel above which a frame tries a local palette (about 38 dB PSNR).
    static let localPaletteThreshold = 10.0

    init(width: Int, height: Int, palette: GIFPalette) {
        self.width = width
        self.height = height
        self.palette = palette
        mapper = ColorMapper(palette: palette.colors)
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    mutating func encode(_ frame: RenderedFrame, delay: Int) throws(CLibraryError) -> GIFStreamWriter.Frame {
        guard case .pixels(let pixels) = frame, let box = changedBox(pixels) else { return emptyFrame(delay: delay) }
        defer { previous = pixels }
        var mapped = map(pixels, box, with: &mapper)
        if !palette.isExact, mapped.meanSquaredError > Self.localPaletteThreshold {
            let colors = try Quantizer.palette(pixels: crop(pixels, box), width: box.width, height: box.height, maxColors: 255)
            var local = ColorMapper(palette: colors)
            let remapped = map(pixels, box, with: &local)
            if remapped.meanSquaredError < mapped.meanSquaredError / 2 { mapped = remapped }
        }
        guard let shown = mapped.shrunk() else { return emptyFrame(delay: delay) }
        for row in 0..<shown.box.height {
            for column in 0..<shown.box.width where !shown.unchanged[row * shown.box.width + column] {
                canvas[(shown.box.y + row) * width + shown.box.x + column] = shown.colors[Int(shown.indices[row * shown.box.width + column])]
            }
        }
        return compress(shown, delay: delay)
    }

    // MARK: - Rectangles

    /// The bounding box of the pixels whose true colour differs from the previous frame's (all of the
    /// first frame); nil when none does.
    private func changedBox(_ pixels: [UInt32]) -> Box? {
        guard previous.count == pixels.count else { return Box(x: 0, y: 0, width: width, height: height) }
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width, pixels[row + x] == previous[row + x] { x += 1 }
            guard x < width else { continue }
            var last = width - 1
            while pixels[row + last] == previous[row + last] { last -= 1 }
            minX = min(minX, x); maxX = max(maxX, last)
            if maxY < 0 { minY = y }
            maxY = y
        }
        guard maxX >= 0 else { return nil }
        return Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    private func crop(_ pixels: [UInt32], _ box: Box) -> [UInt32] {
        var out = [UInt32]()
        out.reserveCapacity(box.width * box.height)
        for y in box.y..<box.y + box.height {
            out += pixels[y * width + box.x..<y * width + box.x + box.width]
        }
        return out
    }

    // MARK: - Mapping

    /// A rectangle of a frame mapped to a palette.
    struct Mapped {
        var box: Box
        var colors: [UInt32]
        /// nil: the global palette.
        var localPalette: [UInt32]?
        var indices: [UInt8]
        /// The viewer's canvas already shows this pixel's colour.
        var unchanged: [Bool]
        var meanSquaredError: Double

        /// The same pixels cut to the box of those that change the canvas; nil when none does.
        func shrunk() -> Mapped? {
            var minX = box.width, minY = box.height, maxX = -1, maxY = -1
            for y in 0..<box.height {
                for x in 0..<box.width where !unchanged[y * box.width + x] {
                    minX = min(minX, x); maxX = max(maxX, x)
                    if maxY < 0 { minY = y }
                    maxY = y
                }
            }
            guard maxX >= 0 else { return nil }
            if minX == 0, minY == 0, maxX == box.width - 1, maxY == box.height - 1 { return self }
            let inner = Box(x: box.x + minX, y: box.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
            var out = self
            out.box = inner
            out.indices = []
            out.unchanged = []
            out.indices.reserveCapacity(inner.width * inner.height)
            out.unchanged.reserveCapacity(inner.width * inner.height)
            for y in minY...maxY {
                out.indices += indices[y * box.width + minX...y * box.width + maxX]
                out.unchanged += unchanged[y * box.width + minX...y * box.width + maxX]
            }
            return out
        }
    }

    private func map(_ pixels: [UInt32], _ box: Box, with mapper: inout ColorMapper) -> Mapped {
        let count = box.width * box.height
        var indices = [UInt8](repeating: 0, count: count)
        var unchanged = [Bool](repeating: false, count: count)
        let compare = previous.count == pixels.count
        var error = 0, changedPixels = 0
        var lastColor: UInt32 = 0, lastIndex: UInt8 = 0, lastError = 0
        for row in 0..<box.height {
            let y = box.y + row
            for column in 0..<box.width {
                let x = box.x + column
                let p = y * width + x
                let color = pixels[p]
                let index: UInt8
                if color == lastColor {
                    index = lastIndex
                } else if palette.isExact {
                    index = mapper.index(of: color)
                } else {
                    index = mapper.ditheredIndex(of: color, x: x, y: y)
                }
                if color != lastColor {
                    lastError = ColorMapper.distance(color, mapper.palette[Int(index)])
                    // A dithered index depends on the position: never reuse it for the next pixel.
                    lastColor = lastError > ColorMapper.ditherTolerance ? 0 : color
                    lastIndex = index
                }
                indices[row * box.width + column] = index
                if compare {
                    unchanged[row * box.width + column] = canvas[p] == mapper.palette[Int(index)]
                    if previous[p] != color { error += lastError; changedPixels += 1 }
                } else {
                    error += lastError; changedPixels += 1
                }
            }
        }
        return Mapped(box: box, colors: mapper.palette, localPalette: mapper.palette == palette.colors ? nil : mapper.palette,
                      indices: indices, unchanged: unchanged,
                      meanSquaredError: Double(error) / Double(ColorMapper.distanceWeight * max(1, changedPixels)))
    }

    // MARK: - Compression

    private mutating func compress(_ mapped: Mapped, delay: Int) -> GIFStreamWriter.Frame {
        let table = mapped.localPalette.map { $0 + [0] } ?? palette.table
        let transparent: UInt8? = mapped.localPalette.map { UInt8($0.count) } ?? palette.transparentIndex
        let codeSize = LZWEncoder.minimumCodeSize(colorCount: table.count)
        var best = lzw.encode(mapped.indices, unchanged: mapped.unchanged, transparency: .none, minimumCodeSize: codeSize)
        var usesTransparency = false
        if let transparent, mapped.unchanged.contains(true) {
            for candidate in [LZWEncoder.Transparency.always(transparent), .flexible(transparent)] {
                let encoded = lzw.encode(mapped.indices, unchanged: mapped.unchanged, transparency: candidate, minimumCodeSize: codeSize)
                if encoded.count < best.count {
                    best = encoded
                    usesTransparency = true
                }
            }
        }
        return GIFStreamWriter.Frame(x: mapped.box.x, y: mapped.box.y, width: mapped.box.width, height: mapped.box.height,
                                     localPalette: mapped.localPalette.map { $0 + [0] },
                                     transparentIndex: usesTransparency ? transparent : nil, disposal: .keep,
                                     delay: delay, minimumCodeSize: codeSize, lzw: best)
    }

    /// Nothing changed: a 1×1 transparent frame keeps the frame count and timing exact.
    private mutating func emptyFrame(delay: Int) -> GIFStreamWriter.Frame {
        let transparent = palette.transparentIndex ?? 0
        let table = palette.transparentIndex == nil ? [UInt32](repeating: 0, count: 2) : nil
        let codeSize = LZWEncoder.minimumCodeSize(colorCount: table?.count ?? palette.table.count)
        return GIFStreamWriter.Frame(x: 0, y: 0, width: 1, height: 1, localPalette: table, transparentIndex: transparent,
                                     disposal: .keep, delay: delay, minimumCodeSize: codeSize,
                                     lzw: lzw.encode([transparent], unchanged: [false], transparency: .none, minimumCodeSize: codeSize))
    }
}
