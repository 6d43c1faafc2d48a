import PixelKernels

/// What a frame's plan may write: every pixel its own entry or transparent (`planExact`), or, with a
/// quantized palette, other entries within each pixel's bound (`lossyLatitude`, `limits`).
extension FrameDiffEncoder {
    /// Plans a frame whose every pixel is written as its own index or, where the canvas already shows it,
    /// transparent. In a rectangle up to `largestSearchedArea`, one search with that choice (on the
    /// benchmark's scenes, every unchanged pixel transparent gained nothing worth having over it). In a
    /// larger one (a full-screen slide, where the search costs much and gains little), the unchanged pixels
    /// by `writeUnchangedStretches`, and, where fewer than half of them are unchanged (scattered, where the
    /// transparent index may break strings), every pixel opaque as well, keeping the shorter. (A slide
    /// leaves most of its pixels unchanged, where the transparent version is the shorter.)
    static func planExact(_ mapped: Mapped, with planner: inout LZWPlanner) -> Planned {
        let census = mapped.census()
        guard let t = mapped.transparentIndex, census.unchanged > 0 else {
            let opaque = planner.plan(mapped.indices, latitude: nil, codeSize: census.opaqueCodeSize)
            return Planned(stream: opaque.stream, transparent: false, writesTransparent: false)
        }
        let codeSize = census.transparentCodeSize(t)
        let area = mapped.box.width * mapped.box.height
        let transparent: LZWPlanner.Plan
        if area <= largestSearchedArea {
            let latitude = LZWPlanner.Latitude(transparent: t, unchanged: mapped.unchanged)
            transparent = planner.plan(mapped.searchIndices(transparent: t, codeSize: codeSize), latitude: latitude, codeSize: codeSize)
        } else {
            var indices = mapped.indices
            mapped.unchanged.withUnsafeBufferPointer { unchanged in
                indices.withUnsafeMutableBufferPointer { indices in
                    Self.writeUnchangedStretches(indices, unchanged: unchanged, width: mapped.box.width, transparent: t)
                }
            }
            transparent = planner.plan(indices, latitude: nil, codeSize: codeSize)
            if census.unchanged * 2 < area {
                let opaque = planner.plan(mapped.indices, latitude: nil, codeSize: census.opaqueCodeSize)
                if opaque.dataSize < transparent.dataSize {
                    return Planned(stream: opaque.stream, transparent: false, writesTransparent: false)
                }
            }
        }
        return Planned(stream: transparent.stream, transparent: true, writesTransparent: transparent.indices.contains(t))
    }

    /// What the search of a rectangle up to `largestLossyArea` with a quantized palette may write, as far
    /// as the frame and the canvas say it: the transparent index where the canvas shows a pixel's colour
    /// (or, within its bound, close enough), and other entries within its bound. It reads the canvas, so it
    /// is made on the encoder's thread; the colour table the code size allows and the bounds (`limits`) are
    /// added with the plan on its lane.
    func lossyLatitude(_ mapped: Mapped, _ pixels: [UInt32], transparent t: UInt8) -> LZWPlanner.Latitude {
        var latitude = LZWPlanner.Latitude(transparent: t, unchanged: mapped.unchanged)
        latitude.truth = pixels.crop(mapped.box, width: width)
        latitude.shown = canvas.crop(mapped.box, width: width)
        return latitude
    }

    /// How far along its row (in pixels) from the nearest changed pixel an unchanged one may still be written
    /// as its own index in the search; farther, it is transparent. Far inside an unchanged stretch the
    /// transparent runs are the long strings; a choice there only makes the search branch (each such pixel
    /// cost the search as much as a changed one) and, greedy, it took the own index for a longer string now
    /// and a worse dictionary after: on the demo's mostly unchanged frames the search lost to every unchanged
    /// pixel transparent. 32 chosen on the benchmark scenes: shorter reaches gave larger files.
    static let choiceReach = 32

    /// Sets the unchanged pixels farther than `choiceReach` along their row from any changed one to
    /// `transparent`.
    static func fixFarFromChanges(_ indices: UnsafeMutableBufferPointer<UInt8>, unchanged: UnsafeBufferPointer<Bool>,
                                  width: Int, transparent t: UInt8) {
        forEachUnchangedStretch(unchanged, width: width) { row, start, end in
            // Near its ends only where a changed pixel bounds it.
            let from = start > 0 ? start + choiceReach : start
            let to = end < width ? end - choiceReach : end
            if from < to { for i in from..<to { indices[row + i] = t } }
        }
    }

    /// Calls `body` with each row's first pixel (`row`) and each stretch [`start`, `end`) of unchanged pixels
    /// in it, as long as it goes (bounded by changed pixels or the row's ends).
    @inline(__always)
    static func forEachUnchangedStretch(_ unchanged: UnsafeBufferPointer<Bool>, width: Int,
                                        _ body: (_ row: Int, _ start: Int, _ end: Int) -> Void) {
        for row in stride(from: 0, to: unchanged.count, by: width) {
            var x = 0
            while x < width {
                guard unchanged[row + x] else { x += 1; continue }
                let start = x
                while x < width, unchanged[row + x] { x += 1 }
                body(row, start, x)
            }
        }
    }

    /// The longest unchanged stretch that `writeUnchangedStretches` writes in its colour where only one
    /// side continues it. Chosen on the benchmark's full-screen slides as the one that wrote the fewest
    /// bytes (with no limit, they were larger than with every unchanged pixel transparent).
    static let continuedStretch = 16

    /// Writes each unchanged stretch of a row (the pixels between two changed ones, or a changed one and
    /// the row's end) as transparent, except one whose pixels are all one entry that a changed neighbour
    /// continues, on both sides or, for a stretch up to `continuedStretch` pixels, on one: that one is
    /// written as its own entry, so that the run of that colour goes on through it: rows whose ends change
    /// to the colour their middle already shows become rows of one colour, which LZW writes as long
    /// strings, where each row's pattern of a pixel, a transparent stretch and a pixel costs more than
    /// twice as much. A long stretch that only one side continues stays transparent: its transparent run
    /// is what repeats from row to row. (gifsicle -O2 keeps every stretch of one colour opaque, and -O3
    /// compresses that, every unchanged pixel transparent and every pixel opaque, keeping the shortest;
    /// on the benchmark's full-screen slides the rule here writes fewer bytes than either, in one
    /// compression.) Lossless: the canvas shows the same either way.
    static func writeUnchangedStretches(_ indices: UnsafeMutableBufferPointer<UInt8>, unchanged: UnsafeBufferPointer<Bool>,
                                        width: Int, transparent t: UInt8) {
        forEachUnchangedStretch(unchanged, width: width) { row, start, end in
            let entry = indices[row + start]
            let left = start > 0 && indices[row + start - 1] == entry
            let right = end < width && indices[row + end] == entry
            if left && right || (left || right) && end - start <= continuedStretch,
               !indices[(row + start)..<(row + end)].contains(where: { $0 != entry }) {
                return
            }
            for i in start..<end { indices[row + i] = t }
        }
    }

    /// How far from its true colour (`truth`, the box's) each pixel may be written: as far as its nearest
    /// entry, plus the palette's share (`errorShare`) and the local contrast's (`contrastShare`); 0 for the
    /// unchanged pixels.
    static func limits(_ mapped: Mapped, truth: [UInt32], tolerance: Int) -> [Int32] {
        let w = mapped.box.width, h = mapped.box.height
        var limits = [Int32](repeating: 0, count: truth.count)
        // (Every pixel of a rectangle with substitutes passes here, on the plan's lane: through the buffers.)
        truth.withUnsafeBufferPointer { truth in
            mapped.unchanged.withUnsafeBufferPointer { unchanged in
                mapped.indices.withUnsafeBufferPointer { indices in
                    mapped.colors.withUnsafeBufferPointer { colors in
                        limits.withUnsafeMutableBufferPointer { limits in
                            for y in 0..<h {
                                // An unchanged pixel's latitude is the transparent index (`LZWPlanner.Latitude`): no bound.
                                for x in 0..<w where !unchanged[y * w + x] {
                                    let i = y * w + x, c = truth[i]
                                    var contrast = 0
                                    // Equal neighbours (most, in flat UI) cost a comparison only.
                                    if x > 0, truth[i - 1] != c { contrast = max(contrast, ColorMapper.distance(c, truth[i - 1])) }
                                    if x + 1 < w, truth[i + 1] != c { contrast = max(contrast, ColorMapper.distance(c, truth[i + 1])) }
                                    if y > 0, truth[i - w] != c { contrast = max(contrast, ColorMapper.distance(c, truth[i - w])) }
                                    if y + 1 < h, truth[i + w] != c { contrast = max(contrast, ColorMapper.distance(c, truth[i + w])) }
                                    let entry = colors[Int(indices[i])]
                                    limits[i] = Int32(ColorMapper.distance(entry, c) + tolerance + contrast / contrastShare)
                                }
                            }
                        }
                    }
                }
            }
        }
        return limits
    }
}
