/// The second pass: turns each rendered frame into a GIF frame that writes only what a viewer's canvas
/// does not already show. The rectangle is the bounding box of the pixels whose palette colour differs
/// from the canvas; inside it, pixels the canvas already shows become transparent when giflib encodes
/// that shorter. The global palette serves every frame it can; a frame it serves badly (far from the
/// animation's usual colours) gets a local palette of its own.
struct FrameDiffEncoder {
    struct Box: Equatable {
        var x: Int, y: Int, width: Int, height: Int

        func union(_ other: Box) -> Box {
            let minX = min(x, other.x), minY = min(y, other.y)
            let maxX = max(x + width, other.x + other.width), maxY = max(y + height, other.y + other.height)
            return Box(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    let width: Int
    let height: Int
    let palette: GIFPalette
    private var mapper: ColorMapper
    /// The true colours of the previous frame.
    private var previous: [UInt32] = []
    /// What a viewer shows after the previous frame.
    private var canvas: [UInt32]
    /// The encoded frame not yet handed out (its disposal waits for the next frame), and what the canvas
    /// showed under it before (only for frames of at most a quarter of the canvas).
    private var pending: GIFStreamWriter.Frame?
    private var under: (box: Box, pixels: [UInt32])?

    /// Mean squared error per channel above which a frame tries a local palette (about 38 dB PSNR).
    static let localPaletteThreshold = 10.0

    init(width: Int, height: Int, palette: GIFPalette) {
        self.width = width
        self.height = height
        self.palette = palette
        mapper = ColorMapper(palette: palette.table, transparentIndex: palette.transparentIndex)
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// Encodes the next frame. Frames come out one behind (nil for the first), because a frame's disposal
    /// depends on the frame after it; `finish()` hands out the last.
    mutating func encode(_ frame: RenderedFrame, delay: Int) throws(CLibraryError) -> GIFStreamWriter.Frame? {
        let encoded = try encodeFrame(frame, delay: delay)
        defer { pending = encoded }
        return pending
    }

    /// The last frame, once every frame is encoded.
    mutating func finish() -> GIFStreamWriter.Frame? {
        defer { pending = nil }
        return pending
    }

    private mutating func encodeFrame(_ frame: RenderedFrame, delay: Int) throws(CLibraryError) -> GIFStreamWriter.Frame {
        guard case .pixels(let pixels) = frame, let box = changedBox(pixels) else {
            under = nil
            return emptyFrame(delay: delay)
        }
        defer { previous = pixels }
        var mapped = try mapChoosingDisposal(pixels, box)
        if !palette.isExact, mapped.meanSquaredError > Self.localPaletteThreshold {
            let colors = try Quantizer.palette(pixels: crop(pixels, mapped.box), width: mapped.box.width, height: mapped.box.height, maxColors: 255)
            var local = ColorMapper(palette: [0] + colors, transparentIndex: 0)
            let remapped = map(pixels, mapped.box, with: &local)
            if remapped.meanSquaredError < mapped.meanSquaredError / 2 { mapped = remapped }
        }
        guard let cut = mapped.shrunk() else {
            under = nil
            return emptyFrame(delay: delay)
        }
        mapped = cut  // frees the uncut pixels before compressing
        // What the frame covers, for undoing it if the next frame is better off without it.
        let area = mapped.box.width * mapped.box.height
        under = area * 4 <= width * height ? (mapped.box, crop(canvas, mapped.box)) : nil
        return try compress(mapped, delay: delay)
    }

    // MARK: - Disposal

    /// Maps the changed box to the global palette against the canvas as the previous frame leaves it, and,
    /// when that frame was small, against the canvas with that frame undone (DISPOSE_PREVIOUS): a frame
    /// that briefly covers something (a highlight, a blink) is then not written twice. The previous frame
    /// gets `.previous` when that leaves a rectangle at most 3/4 the size.
    private mutating func mapChoosingDisposal(_ pixels: [UInt32], _ box: Box) throws(CLibraryError) -> Mapped {
        let kept = map(pixels, box, with: &mapper)
        guard let under, pending != nil else { return kept }
        let union = box.union(under.box)
        // A quick estimate on every 16th pixel first: a moving part (a spinning button) gains nothing.
        var keptMisses = 0, undoneMisses = 0
        for y in stride(from: union.y, to: union.y + union.height, by: 4) {
            for x in stride(from: union.x, to: union.x + union.width, by: 4) {
                let color = mapper.palette[Int(mapper.index(of: pixels[y * width + x]))]
                let inside = x >= under.box.x && x < under.box.x + under.box.width && y >= under.box.y && y < under.box.y + under.box.height
                let restored = inside ? under.pixels[(y - under.box.y) * under.box.width + x - under.box.x] : canvas[y * width + x]
                if color != canvas[y * width + x] { keptMisses += 1 }
                if color != restored { undoneMisses += 1 }
            }
        }
        guard undoneMisses * 2 <= keptMisses else { return kept }
        let drawn = crop(canvas, under.box)
        paste(under.pixels, into: under.box)
        let undone = map(pixels, union, with: &mapper)
        let keptArea = kept.shrunk().map { $0.box.width * $0.box.height } ?? 0
        let undoneArea = undone.shrunk().map { $0.box.width * $0.box.height } ?? 0
        if undoneArea * 4 <= keptArea * 3 {
            pending?.disposal = .previous
            return undone
        }
        paste(drawn, into: under.box)
        return kept
    }

    private mutating func paste(_ values: [UInt32], into box: Box) {
        for row in 0..<box.height {
            for column in 0..<box.width {
                canvas[(box.y + row) * width + box.x + column] = values[row * box.width + column]
            }
        }
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

    /// A rectangle of a frame mapped to a colour table.
    struct Mapped {
        var box: Box
        /// The colour table the indices refer to.
        var colors: [UInt32]
        /// false: the global colour table.
        var isLocal: Bool
        var transparentIndex: UInt8?
        /// Per pixel of the box: the nearest entry, the true colour, and what the viewer shows now.
        var indices: [UInt8]
        var truth: [UInt32]
        var shown: [UInt32]
        /// The viewer's canvas already shows this pixel's entry.
        var unchanged: [Bool]
        /// Over the pixels that changed since the previous frame, per channel.
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
            var out = self
            out.box = Box(x: box.x + minX, y: box.y + minY, width: maxX - minX + 1, height: maxY - minY + 1)
            func cut<T>(_ values: [T]) -> [T] {
                var result = [T]()
                result.reserveCapacity(out.box.width * out.box.height)
                for y in minY...maxY { result += values[y * box.width + minX...y * box.width + maxX] }
                return result
            }
            out.indices = cut(indices)
            out.truth = cut(truth)
            out.shown = cut(shown)
            out.unchanged = cut(unchanged)
            return out
        }
    }

    private func map(_ pixels: [UInt32], _ box: Box, with mapper: inout ColorMapper) -> Mapped {
        let count = box.width * box.height
        var indices = [UInt8](repeating: 0, count: count)
        var unchanged = [Bool](repeating: false, count: count)
        let truth = crop(pixels, box), shown = crop(canvas, box)
        let first = previous.count != pixels.count
        var error = 0, changedPixels = 0
        var lastColor: UInt32 = 0, lastIndex: UInt8 = 0, lastError = 0
        for row in 0..<box.height {
            let y = box.y + row
            for column in 0..<box.width {
                let x = box.x + column, i = row * box.width + column
                let color = truth[i]
                if color != lastColor {
                    lastIndex = palette.isExact ? mapper.index(of: color) : mapper.ditheredIndex(of: color, x: x, y: y)
                    lastError = ColorMapper.distance(color, mapper.palette[Int(lastIndex)])
                    // A dithered index depends on the position: never reuse it for the next pixel.
                    lastColor = lastError > ColorMapper.ditherTolerance ? 0 : color
                }
                indices[i] = lastIndex
                unchanged[i] = !first && shown[i] == mapper.palette[Int(lastIndex)]
                if first || previous[y * width + x] != color {
                    error += lastError
                    changedPixels += 1
                }
            }
        }
        return Mapped(box: box, colors: mapper.palette, isLocal: mapper.palette != palette.table,
                      transparentIndex: mapper.transparentIndex, indices: indices, truth: truth, shown: shown,
                      unchanged: unchanged,
                      meanSquaredError: Double(error) / Double(ColorMapper.distanceWeight * max(1, changedPixels)))
    }

    // MARK: - Compression

    /// The frame with its unchanged pixels transparent, and opaque: giflib encodes both and the shorter is
    /// written (transparency wins on UI, where long runs of unchanged pixels become one repeated index;
    /// opaque can win where the changed pixels are scattered). Updates the canvas with what it writes.
    private mutating func compress(_ mapped: Mapped, delay: Int) throws(CLibraryError) -> GIFStreamWriter.Frame {
        let w = mapped.box.width, h = mapped.box.height
        let colorCount = mapped.isLocal ? mapped.colors.count : palette.table.count
        var indices = mapped.indices
        var transparent = false
        if let t = mapped.transparentIndex, mapped.unchanged.contains(true) {
            let withTransparency = zip(mapped.indices, mapped.unchanged).map { $1 ? t : $0 }
            let opaqueSize = try GIFStreamWriter.encodedSize(mapped.indices, width: w, height: h, colorCount: colorCount)
            let transparentSize = try GIFStreamWriter.encodedSize(withTransparency, width: w, height: h, colorCount: colorCount)
            if transparentSize < opaqueSize {
                indices = withTransparency
                transparent = true
            }
        }
        for row in 0..<h {
            for column in 0..<w {
                let i = row * w + column
                guard !(transparent && mapped.unchanged[i]) else { continue }
                canvas[(mapped.box.y + row) * width + mapped.box.x + column] = mapped.colors[Int(mapped.indices[i])]
            }
        }
        return GIFStreamWriter.Frame(x: mapped.box.x, y: mapped.box.y, width: w, height: h,
                                     localPalette: mapped.isLocal ? mapped.colors : nil,
                                     transparentIndex: transparent ? mapped.transparentIndex : nil, disposal: .keep,
                                     delay: delay, indices: indices)
    }

    /// Nothing changed: a 1×1 transparent frame keeps the frame count and timing exact.
    private mutating func emptyFrame(delay: Int) -> GIFStreamWriter.Frame {
        // Without a transparent entry in the global table, a local table of two: transparent, unused.
        let local: [UInt32]? = palette.transparentIndex == nil ? [0, 0] : nil
        let transparent = palette.transparentIndex ?? 0
        return GIFStreamWriter.Frame(x: 0, y: 0, width: 1, height: 1, localPalette: local, transparentIndex: transparent,
                                     disposal: .keep, delay: delay, indices: [transparent])
    }
}
