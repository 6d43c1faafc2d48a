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
    // The encoder's state, read and written by its jobs in `FrameDiffEncoder+*.swift` (so not private):
    // the changed rectangle and its disposal (`+Rectangles`), mapping (`+Mapping`), writing and planning
    // (`+Compression`, `+Plans`).
    let quantize: Quantize
    var mapper: ColorMapper
    /// The true colours of the previous frame (its own copy: where a frame changes, it is copied in).
    var previous: [UInt32] = []
    /// What a viewer shows after the previous frame.
    var canvas: [UInt32]
    /// The encoded frame not yet handed out (its disposal waits for the next frame), and what the canvas
    /// showed under it before (only for frames of at most a quarter of the canvas).
    var pending: Pending?
    var under: (box: PixelBox, pixels: [UInt32])?
    /// Processor seconds the plans made off the encoder's thread took (`laneSeconds`).
    var planSeconds = 0.0

    /// An encoded frame, its plan still being made on another thread while `plan` is not nil; `shows`: the
    /// rectangle whose pixels on the canvas the plan decides (a frame with substitutes), drawn when it is
    /// complete.
    struct Pending {
        var frame: GIFFrame
        var plan: Promise<PlanOffThread>? = nil
        var shows: Mapped? = nil
    }
    /// The global palette's index of every pixel of the frame being encoded, when the renderer mapped it.
    var frameIndices: [UInt8]?

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

    public internal(set) var statistics = Statistics()

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
