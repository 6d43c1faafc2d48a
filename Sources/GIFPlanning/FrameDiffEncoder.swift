import Concurrency
import Foundation
import PixelKernels

/// The second pass: turns each rendered frame into a GIF frame that writes only what a viewer's canvas
/// does not already show. The rectangle is the bounding box of the pixels whose palette colour differs
/// from the canvas; inside it, `LZWPlanner` writes a pixel the canvas already shows as transparent, and,
/// when the palette is not exact anyway, a pixel as a colour within `limits` of its true one, wherever
/// that makes giflib's strings longer. The global palette serves every frame it can; a frame it serves
/// badly (far from the animation's usual colours) gets a local palette of its own.
public struct FrameDiffEncoder {
    /// A palette of at most `maxColors` colours for the pixels of a `width` × `height` rectangle: where a
    /// frame gets a local palette (libimagequant's, through `Export`).
    public typealias Quantize = (_ pixels: [UInt32], _ width: Int, _ height: Int, _ maxColors: Int) throws -> [UInt32]

    public let width: Int
    public let height: Int
    public let palette: GIFPalette
    private let quantize: Quantize
    private var mapper: ColorMapper
    /// The true colours of the previous frame (its own copy: where a frame changes, it is copied in).
    private var previous: [UInt32] = []
    /// What a viewer shows after the previous frame.
    private var canvas: [UInt32]
    /// The encoded frame not yet handed out (its disposal waits for the next frame), and what the canvas
    /// showed under it before (only for frames of at most a quarter of the canvas).
    private var pending: Pending?
    private var under: (box: PixelBox, pixels: [UInt32])?
    /// Processor seconds the plans made off the encoder's thread took (`laneSeconds`).
    private var planSeconds = 0.0

    /// An encoded frame, its plan still being made on another thread while `plan` is not nil; `shows`: the
    /// rectangle whose pixels on the canvas the plan decides (a frame with substitutes), drawn when it is
    /// complete.
    struct Pending {
        var frame: GIFFrame
        var plan: Promise<PlanOffThread>? = nil
        var shows: Mapped? = nil
    }
    /// The global palette's index of every pixel of the frame being encoded, when the renderer mapped it.
    private var frameIndices: [UInt8]?

    /// What the encoder chose, frame by frame, for `--verbose`.
    public struct Statistics: Sendable, Equatable {
        public init() {}

        /// Frames that change nothing, and of those, the ones written as a longer delay of the frame before
        /// (the others as one transparent pixel, for the timing).
        public var unchanged = 0
        public var merged = 0
        /// Frames written with transparent pixels, and those with colours within their bounds.
        public var transparent = 0
        public var substituted = 0
        public var localPalettes = 0
        /// Frames disposed to what was under them.
        public var undone = 0
    }

    public private(set) var statistics = Statistics()

    /// Plans shared with the encoders of the same frames in other GIFs (`SharedPlans`); nil: all its own.
    public var sharedPlans: SharedPlans?

    /// `--quality` for a GIF, 0–100: pixels may be written up to `lossyLevels(quality)` levels per channel
    /// from their colour (more on edges, where the eye forgives it), wherever that shortens the file, in
    /// rectangles up to `largestSearchedArea` and with an exact palette too; nil: only as far as the
    /// palette's own error (`errorShare`), in rectangles up to `largestLossyArea`, the nearly lossless default. This is lossy LZW as gifsicle's `--lossy` does it, with
    /// a bound per pixel rather than a run's mean.
    public var quality: Double?

    /// How far (levels per channel) a pixel may stray at `quality`: 0 at 100, 16 at 0, in a square root
    /// (the first steps down cost the eye least): 1.6 at 99, 5.1 at 90, 8 at 75, 11.3 at 50.
    public static func lossyLevels(_ quality: Double) -> Double {
        16 * ((100 - min(max(quality, 0), 100)) / 100).squareRoot()
    }

    /// Mean squared error per channel above which a frame tries a local palette (about 38 dB PSNR).
    static let localPaletteThreshold = 10.0

    public init(width: Int, height: Int, palette: GIFPalette, quantize: @escaping Quantize) {
        self.width = width
        self.height = height
        self.palette = palette
        self.quantize = quantize
        mapper = ColorMapper(palette: palette.table, transparentIndex: palette.transparentIndex)
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// Encodes the next frame: opaque `0xFFRRGGBB` pixels row by row (nil: the same as the previous frame),
    /// with the global palette's index of each when the caller mapped them (`ColorMapper.indices`).
    /// Frames come out one behind (nil for the first), because a frame's disposal depends on the frame
    /// after it, and its delay on whether the frames after it show the same (then it is shown longer: the
    /// GIF has fewer frames than the animation, the same pictures at the same times); `finish()` hands out
    /// the last.
    public mutating func encode(_ pixels: [UInt32]?, indices: [UInt8]?, changedWithin hint: PixelBox? = nil, delay: Int) throws -> GIFFrame? {
        guard let encoded = try encodeFrame(pixels, indices: indices, changedWithin: hint, delay: delay) else { return nil }
        completePending()
        defer { pending = encoded }
        return pending?.frame
    }

    /// The last frame, once every frame is encoded.
    public mutating func finish() -> GIFFrame? {
        completePending()
        defer { pending = nil }
        return pending?.frame
    }

    /// The processor time, in seconds, that plans took on the encoder's own planning threads (the rest of
    /// the encoder's work is on the caller's), when `timesPlanning`: read once `finish` has returned.
    public var laneSeconds: Double { planSeconds }
    /// Whether `laneSeconds` is measured (set before the first frame; `GIFExporter.Settings.timesStages`).
    public var timesPlanning = false

    /// The frame, or nil when it shows what the canvas shows and the frame before is shown longer instead.
    private mutating func encodeFrame(_ pixels: [UInt32]?, indices: [UInt8]?, changedWithin hint: PixelBox?, delay: Int) throws -> Pending? {
        guard let pixels, let box = changedBox(pixels, within: hint) else { return unchangedFrame(delay: delay) }
        // From here on the canvas must show the frame before.
        completePending(onlyIfItDecidesTheCanvas: true)
        frameIndices = indices
        defer {
            // A copy, not the caller's array: the renderer fills that again (`ParallelRenderer.recycle`).
            if previous.count == pixels.count {
                previous.copy(box, from: pixels, width: width)
            } else {
                previous = pixels.withUnsafeBufferPointer { Array($0) }
            }
            frameIndices = nil
        }
        var mapped = mapChoosingDisposal(pixels, box)
        if !palette.isExact, mapped.meanSquaredError > Self.localPaletteThreshold {
            let colors = try quantize(pixels.crop(mapped.box, width: width), mapped.box.width, mapped.box.height, 255)
            var local = ColorMapper(palette: [0] + colors, transparentIndex: 0)
            let remapped = map(pixels, mapped.box, local.palette, local.transparentIndex,
                               indices: local.indices(of: pixels.crop(mapped.box, width: width), width: mapped.box.width, dithered: true,
                                                      x: mapped.box.minX, y: mapped.box.minY))
            if remapped.meanSquaredError < mapped.meanSquaredError / 2 { mapped = remapped }
        }
        guard let cut = mapped.shrunk() else { return unchangedFrame(delay: delay) }
        mapped = cut  // frees the uncut pixels before compressing
        // What the frame covers, for undoing it if the next frame is better off without it.
        let area = mapped.box.width * mapped.box.height
        under = area * 4 <= width * height ? (mapped.box, canvas.crop(mapped.box, width: width)) : nil
        return compress(mapped, pixels, delay: delay)
    }

    // MARK: - Disposal

    /// Maps the changed box to the global palette against the canvas as the previous frame leaves it, and,
    /// when that frame was small, against the canvas with that frame undone (DISPOSE_PREVIOUS): a frame
    /// that briefly covers something (a highlight, a blink) is then not written twice. The previous frame
    /// gets `.previous` when that leaves a rectangle at most 3/4 the size.
    private mutating func mapChoosingDisposal(_ pixels: [UInt32], _ box: PixelBox) -> Mapped {
        let kept = mapGlobal(pixels, box)
        guard let under, pending != nil else { return kept }
        let union = box.union(under.box)
        // A quick estimate on every 16th pixel first: a moving part (a spinning button) gains nothing.
        var keptMisses = 0, undoneMisses = 0
        for y in stride(from: union.minY, to: union.maxY, by: 4) {
            for x in stride(from: union.minX, to: union.maxX, by: 4) {
                let color = mapper.palette[Int(mapper.index(of: pixels[y * width + x]))]
                let restored = under.box.contains(x: x, y: y)
                    ? under.pixels[(y - under.box.minY) * under.box.width + x - under.box.minX] : canvas[y * width + x]
                if color != canvas[y * width + x] { keptMisses += 1 }
                if color != restored { undoneMisses += 1 }
            }
        }
        guard undoneMisses * 2 <= keptMisses else { return kept }
        let drawn = canvas.crop(under.box, width: width)
        canvas.paste(under.pixels, into: under.box, width: width)
        let undone = mapGlobal(pixels, union)
        let keptArea = kept.shrunk().map { $0.box.width * $0.box.height } ?? 0
        let undoneArea = undone.shrunk().map { $0.box.width * $0.box.height } ?? 0
        if undoneArea * 4 <= keptArea * 3 {
            pending?.frame.disposal = .previous
            statistics.undone += 1
            return undone
        }
        canvas.paste(drawn, into: under.box, width: width)
        return kept
    }

    // MARK: - Rectangles

    /// The bounding box of the pixels whose true colour differs from the previous frame's (all of the
    /// first frame); nil when none does. `hint`: where the frame may differ from the previous one (the
    /// renderer knows it from their draw commands: a spinning button's square); nil: anywhere.
    private func changedBox(_ pixels: [UInt32], within hint: PixelBox?) -> PixelBox? {
        let frame = PixelBox(x: 0, y: 0, width: width, height: height)
        guard previous.count == pixels.count else { return frame }
        let searched = hint?.intersection(frame) ?? frame
        guard !searched.isEmpty else { return nil }
        var minX = width, minY = height, maxX = -1, maxY = -1
        let width = width
        pixels.withUnsafeBufferPointer { pixels in
            previous.withUnsafeBufferPointer { previous in
                for y in searched.minY..<searched.maxY {
                    let row = y * width
                    // Most rows of most frames are the same: compared a block at a time first.
                    guard memcmp(pixels.baseAddress! + row + searched.minX, previous.baseAddress! + row + searched.minX, searched.width * 4) != 0 else {
                        continue
                    }
                    var x = searched.minX
                    while pixels[row + x] == previous[row + x] { x += 1 }
                    var last = searched.maxX - 1
                    while pixels[row + last] == previous[row + last] { last -= 1 }
                    minX = min(minX, x); maxX = max(maxX, last)
                    if maxY < 0 { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    // MARK: - Mapping

    /// A rectangle of a frame mapped to a colour table.
    struct Mapped {
        var box: PixelBox
        /// The colour table the indices refer to.
        var colors: [UInt32]
        /// false: the global colour table.
        var isLocal: Bool
        var transparentIndex: UInt8?
        /// Per pixel of the box: its entry (the nearest, or dithered).
        var indices: [UInt8]
        /// The viewer's canvas already shows this pixel's entry.
        var unchanged: [Bool]
        /// Over the pixels that changed since the previous frame, per channel.
        var meanSquaredError: Double

        /// How many pixels are unchanged, and the largest index of all and of a changed one (one pass, no
        /// branch: the flags read as bytes, 0 or 1, and counted in chunks a `UInt16` holds, so that the
        /// loop runs on vectors, far faster than with a branch per pixel).
        func census() -> Census {
            var count = 0, largest: UInt8 = 0, largestChanged: UInt8 = 0
            unchanged.withUnsafeBytes { unchanged in
                indices.withUnsafeBufferPointer { indices in
                    var start = 0
                    while start < indices.count {
                        let end = min(indices.count, start + Int(UInt16.max))
                        var chunk: UInt16 = 0
                        for i in start..<end {
                            let same = unchanged[i], index = indices[i]
                            chunk &+= UInt16(same)
                            largest = max(largest, index)
                            largestChanged = max(largestChanged, index & (same &- 1))  // 0 where unchanged
                        }
                        count += Int(chunk)
                        start = end
                    }
                }
            }
            return Census(unchanged: count, largest: largest, largestChanged: largestChanged)
        }

        struct Census {
            var unchanged: Int
            var largest: UInt8, largestChanged: UInt8

            /// The LZW code size of the opaque version: the smallest that holds every index.
            var opaqueCodeSize: Int { LZWCodeStream.codeSize(forIndicesBelow: Int(largest) + 1) }

            /// The LZW code size of a version with transparent pixels: the smallest that holds the changed
            /// pixels' indices and the transparent one (the unchanged pixels whose own index needs more can
            /// only be transparent).
            func transparentCodeSize(_ t: UInt8) -> Int {
                LZWCodeStream.codeSize(forIndicesBelow: Int(max(t, largestChanged)) + 1)
            }
        }

        /// The indices the search starts from: the unchanged pixels that need a wider code than `codeSize`,
        /// and those far from any change (`choiceReach`), transparent.
        func searchIndices(transparent t: UInt8, codeSize: Int) -> [UInt8] {
            var out = indices
            unchanged.withUnsafeBufferPointer { unchanged in
                out.withUnsafeMutableBufferPointer { out in
                    for i in 0..<unchanged.count where unchanged[i] && Int(out[i]) >> codeSize != 0 { out[i] = t }
                    FrameDiffEncoder.fixFarFromChanges(out, unchanged: unchanged, width: box.width, transparent: t)
                }
            }
            return out
        }

        /// The same pixels cut to the box of those that change the canvas; nil when none does.
        func shrunk() -> Mapped? {
            var minX = box.width, minY = box.height, maxX = -1, maxY = -1
            let width = box.width
            // Each row from both ends to its first changed pixel (every pixel of a slide's box passes here).
            unchanged.withUnsafeBufferPointer { unchanged in
                for y in 0..<box.height {
                    let row = y * width
                    var first = 0
                    while first < width, unchanged[row + first] { first += 1 }
                    guard first < width else { continue }
                    var last = width - 1
                    while unchanged[row + last] { last -= 1 }
                    minX = min(minX, first); maxX = max(maxX, last)
                    if maxY < 0 { minY = y }
                    maxY = y
                }
            }
            guard maxX >= 0 else { return nil }
            if minX == 0, minY == 0, maxX == box.width - 1, maxY == box.height - 1 { return self }
            var out = self
            let cut = PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            out.box = PixelBox(x: box.minX + minX, y: box.minY + minY, width: cut.width, height: cut.height)
            out.indices = indices.crop(cut, width: box.width)
            out.unchanged = unchanged.crop(cut, width: box.width)
            return out
        }
    }

    /// `box` mapped to the global palette: the renderer's indices when it mapped the frame, else mapped here.
    private mutating func mapGlobal(_ pixels: [UInt32], _ box: PixelBox) -> Mapped {
        let indices = frameIndices.map { $0.crop(box, width: width) }
            ?? mapper.indices(of: pixels.crop(box, width: width), width: box.width, dithered: !palette.isExact, x: box.minX, y: box.minY)
        return map(pixels, box, palette.table, palette.transparentIndex, indices: indices)
    }

    /// `box` as `indices` into `table` say, against the canvas. (It takes the indices, not a mapper: given
    /// `&self.mapper`, a method of `self` runs on a copy of the whole encoder.)
    private func map(_ pixels: [UInt32], _ box: PixelBox, _ table: [UInt32], _ transparentIndex: UInt8?, indices: [UInt8]) -> Mapped {
        var unchanged = [Bool](repeating: false, count: indices.count)
        let first = previous.count != pixels.count
        var error = 0, changedPixels = 0
        // (Every pixel of every changed box passes here: through the arrays' buffers, without their checks.)
        let stride = width
        pixels.withUnsafeBufferPointer { pixels in
            canvas.withUnsafeBufferPointer { canvas in
                previous.withUnsafeBufferPointer { previous in
                    table.withUnsafeBufferPointer { table in
                        indices.withUnsafeBufferPointer { indices in
                            unchanged.withUnsafeMutableBufferPointer { unchanged in
                                for row in 0..<box.height {
                                    let frameRow = (box.minY + row) * stride + box.minX, boxRow = row * box.width
                                    for column in 0..<box.width {
                                        let f = frameRow + column, i = boxRow + column
                                        let color = pixels[f], entry = table[Int(indices[i])]
                                        unchanged[i] = !first && canvas[f] == entry
                                        if first || previous[f] != color {
                                            error += ColorMapper.distance(color, entry)
                                            changedPixels += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return Mapped(box: box, colors: table, isLocal: table != palette.table, transparentIndex: transparentIndex, indices: indices,
                      unchanged: unchanged,
                      meanSquaredError: Double(error) / Double(ColorMapper.distanceWeight * max(1, changedPixels)))
    }

    // MARK: - Compression

    /// How much further (`ColorMapper.distance`) than its nearest entry a pixel may be written, when the
    /// palette is not exact: `errorShare` × the palette's mean error (a nearly exact palette stays nearly
    /// exact), plus 1/`contrastShare` of the local contrast (the largest distance to a 4-neighbour: up to
    /// about 5 levels per channel on a sharp edge, none in a flat area, since the eye and SSIM forgive an
    /// error on an edge far more). Chosen on the benchmark scenes (README, "Benchmark") as the largest
    /// that keeps mean SSIM above ffmpeg's.
    static let errorShare = 30.0
    static let contrastShare = 2400
    /// Rectangles of more pixels than this (362 × 362) are written without substitutes, every pixel as its
    /// own entry or transparent (`planExact`): a plan with substitutes decides what the canvas shows, so
    /// the next frame waits for it, and the search with substitutes costs more in proportion to the area
    /// than it gains: on the ends of the demo's slides it cost much wall time for few bytes, and pixels
    /// moved to their left neighbour's entry within their bounds instead, before an exact search, won back
    /// little (bench/README.md).
    static let largestLossyArea = 1 << 17
    /// Rectangles of more pixels than this (512 × 512) are not searched at all (`planExact`): the search
    /// costs time in proportion to the area and gains little on a full-screen slide.
    static let largestSearchedArea = 1 << 18

    /// Writes the frame (`pixels`: its true colours, the whole frame) and updates the canvas with what it
    /// shows. The plan is made on another thread (`startPlan`) and the frame is
    /// complete when it is handed out. Where the palette is exact or the rectangle too large for
    /// substitutes, every pixel shows its own entry whichever way the plan writes it (its own index, or
    /// transparent over the same colour): the canvas is updated at once, and the plan (`planExact`) goes on
    /// while the next frame is mapped and planned. Else the plan (a search with `lossyLatitude`) decides
    /// what the canvas shows: it goes on while the next frame is rendered and compared, and the canvas is
    /// updated before that frame is mapped (`completePending`).
    private mutating func compress(_ mapped: Mapped, _ pixels: [UInt32], delay: Int) -> Pending {
        if mapped.isLocal { statistics.localPalettes += 1 }
        var frame = GIFFrame(x: mapped.box.minX, y: mapped.box.minY, width: mapped.box.width, height: mapped.box.height,
                             localPalette: mapped.isLocal ? mapped.colors : nil, transparentIndex: mapped.transparentIndex,
                             disposal: .keep, delay: delay, data: LZWCodeStream(codeSize: 2))
        let area = mapped.box.width * mapped.box.height
        guard let t = mapped.transparentIndex, quality != nil || !palette.isExact,
              area <= (quality == nil ? Self.largestLossyArea : Self.largestSearchedArea) else {
            _ = updateCanvas(mapped, written: mapped.indices, transparent: nil)
            let shared = sharedPlans.map { (plans: $0, key: SharedPlans.Key(mapped, latitude: nil, tolerance: 0)) }
            if let made = shared.flatMap({ $0.plans.made($0.key) }) {
                complete(&frame, with: made)
                return Pending(frame: frame)
            }
            guard area <= Self.largestDeferredArea else {
                completePending()  // one such frame in memory at a time
                complete(&frame, with: Self.plan(shared) { PlannerPool.shared.withPlanner { Self.planExact(mapped, with: &$0) } })
                return Pending(frame: frame)
            }
            let plan = startPlan { planner in Self.plan(shared) { Self.planExact(mapped, with: &planner) } }
            return Pending(frame: frame, plan: plan)
        }
        let latitude = lossyLatitude(mapped, pixels, transparent: t)
        let levels = quality.map(Self.lossyLevels) ?? 0
        let tolerance = Int(Self.errorShare * palette.meanError + Double(ColorMapper.distanceWeight) * levels * levels)
        let shared = sharedPlans.map { (plans: $0, key: SharedPlans.Key(mapped, latitude: latitude, tolerance: tolerance)) }
        if let made = shared.flatMap({ $0.plans.made($0.key) }) {
            var shown = Pending(frame: frame, shows: mapped)
            show(&shown, made)
            return shown
        }
        let plan = startPlan { planner in
            Self.plan(shared) {
                let codeSize = mapped.census().transparentCodeSize(t)
                var latitude = latitude
                latitude.table = Array(mapped.colors.prefix(1 << codeSize))
                latitude.limit = Self.limits(mapped, truth: latitude.truth, tolerance: tolerance)
                let plan = planner.plan(mapped.searchIndices(transparent: t, codeSize: codeSize), latitude: latitude, codeSize: codeSize)
                return Planned(stream: plan.stream, transparent: true, writesTransparent: false, written: plan.indices)
            }
        }
        return Pending(frame: frame, plan: plan, shows: mapped)
    }

    /// `make`'s plan, or the same plan another encoder made from the same key (`sharedPlans`).
    private static func plan(_ shared: (plans: SharedPlans, key: SharedPlans.Key)?, _ make: () -> Planned) -> Planned {
        guard let shared else { return make() }
        return shared.plans.plan(shared.key, make)
    }

    /// A plan made on a thread of the system's pool, with a planner from `PlannerPool`, while the encoder
    /// goes on: at most two are made at once per encoder (the pending frame's and the next one's: the frame
    /// before the pending one was completed when it was handed out).
    private func startPlan(_ job: @escaping @Sendable (inout LZWPlanner) -> Planned) -> Promise<PlanOffThread> {
        let measuring = timesPlanning
        return inBackground {
            let start = measuring ? ThreadCPUTime.now() : 0
            let planned = PlannerPool.shared.withPlanner { job(&$0) }
            return PlanOffThread(planned: planned, seconds: measuring ? ThreadCPUTime.now() - start : 0)
        }
    }

    /// A plan made off the encoder's thread, and the processor time it took there (when measured).
    struct PlanOffThread: Sendable {
        var planned: Planned
        var seconds: Double
    }

    /// Frames of more pixels than this (a 3× full screen's slides) are planned on the encoder's thread:
    /// holding one off the thread while the next is mapped costs the memory of another such frame.
    static let largestDeferredArea = 1 << 21

    /// The pending frame with its plan, once it is made, and the canvas with what it shows.
    /// `onlyIfItDecidesTheCanvas`: only when the plan decides what the canvas shows (before the next frame
    /// is mapped); else the plan may go on beside the next frame's.
    private mutating func completePending(onlyIfItDecidesTheCanvas: Bool = false) {
        guard var shown = pending, let plan = shown.plan, !onlyIfItDecidesTheCanvas || shown.shows != nil else { return }
        let made = plan.wait()
        planSeconds += made.seconds
        show(&shown, made.planned)
        pending = shown
    }

    /// Completes `shown` with its plan, and draws on the canvas what the plan shows (for a frame whose plan
    /// decides it).
    private mutating func show(_ shown: inout Pending, _ planned: Planned) {
        complete(&shown.frame, with: planned)
        if let mapped = shown.shows, let written = planned.written {
            let drawn = updateCanvas(mapped, written: written, transparent: mapped.transparentIndex)
            if drawn.transparent { statistics.transparent += 1 }
            if drawn.substituted { statistics.substituted += 1 }
        }
        shown.plan = nil
        shown.shows = nil
    }

    private mutating func complete(_ frame: inout GIFFrame, with planned: Planned) {
        frame.data = planned.stream
        if !planned.transparent { frame.transparentIndex = nil }
        if planned.writesTransparent { statistics.transparent += 1 }
    }

    /// Draws the frame's rectangle, as `written` (indices into its colours; `transparent` leaves the
    /// canvas as it is), on the canvas: whether any pixel was transparent, and any written as another
    /// entry than its own.
    private mutating func updateCanvas(_ mapped: Mapped, written: [UInt8], transparent: UInt8?) -> (transparent: Bool, substituted: Bool) {
        var substituted = false, anyTransparent = false
        let box = mapped.box, stride = width
        written.withUnsafeBufferPointer { written in
            mapped.indices.withUnsafeBufferPointer { own in
                mapped.colors.withUnsafeBufferPointer { colors in
                    canvas.withUnsafeMutableBufferPointer { canvas in
                        for row in 0..<box.height {
                            let frameRow = (box.minY + row) * stride + box.minX, boxRow = row * box.width
                            for column in 0..<box.width {
                                let i = boxRow + column, symbol = written[i]
                                guard symbol != transparent else {
                                    anyTransparent = true
                                    continue
                                }
                                if symbol != own[i] { substituted = true }
                                canvas[frameRow + column] = colors[Int(symbol)]
                            }
                        }
                    }
                }
            }
        }
        return (anyTransparent, substituted)
    }

    /// A frame's plan made on a lane: its code stream, whether it is the transparent version, and
    /// whether that writes any pixel transparent (counted when known here); for a plan with substitutes,
    /// the indices it writes, which decide what the canvas shows.
    struct Planned: Sendable {
        var stream: LZWCodeStream
        var transparent: Bool
        var writesTransparent: Bool
        var written: [UInt8]? = nil
    }

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
    private func lossyLatitude(_ mapped: Mapped, _ pixels: [UInt32], transparent t: UInt8) -> LZWPlanner.Latitude {
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
    private static func limits(_ mapped: Mapped, truth: [UInt32], tolerance: Int) -> [Int32] {
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

    /// A GIF delay is 16 bits of centiseconds.
    static let longestDelay = 65535

    /// Nothing changed: the frame before is shown longer (what was under it is still under it), unless it
    /// is to be disposed to what was under it (then what shows now is that, not it) or its delay is full;
    /// then a 1×1 transparent frame keeps the timing exact.
    private mutating func unchangedFrame(delay: Int) -> Pending? {
        statistics.unchanged += 1
        if var shown = pending, shown.frame.disposal == .keep, shown.frame.delay + delay <= Self.longestDelay {
            shown.frame.delay += delay
            pending = shown
            statistics.merged += 1
            return nil
        }
        under = nil
        return Pending(frame: emptyFrame(delay: delay))
    }

    private func emptyFrame(delay: Int) -> GIFFrame {
        // Without a transparent entry in the global table, a local table of two: transparent, unused.
        let local: [UInt32]? = palette.transparentIndex == nil ? [0, 0] : nil
        let transparent = palette.transparentIndex ?? 0
        var data = LZWCodeStream(codeSize: LZWCodeStream.codeSize(forIndicesBelow: Int(transparent) + 1))
        data.write(Int(transparent))
        data.finish()
        return GIFFrame(x: 0, y: 0, width: 1, height: 1, localPalette: local, transparentIndex: transparent,
                        disposal: .keep, delay: delay, data: data)
    }
}
