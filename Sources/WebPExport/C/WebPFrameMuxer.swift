#if _endian(big)
#error("WebPFrameMuxer hands libwebp BGRA bytes as its ARGB words: a little-endian machine's layout")
#endif

import CWebP
import Concurrency
import Drawing
import Foundation
import Graphics

/// An animated WebP assembled through libwebp's muxer (`WebPMux`): each frame is the rectangle where its
/// pixels differ at all from the frame before, encoded as a still WebP, several frames at once on every core.
///
/// - Lossless (`quality` nil): inside the rectangle, pixels equal to the frame before are written
///   transparent and the frame blended over the canvas (as `WebPAnimEncoder` does), when the rectangle is
///   opaque; every pixel shown is exact.
/// - Lossy: the rectangle replaces what is under it (no blending), encoded lossy (`sns_strength` 0 and
///   sharp YUV: flat UI and coloured edges) and lossless, the smaller kept; a lossy encode under
///   `minimumPSNR` against its own pixels is made again 15 quality steps higher until it reaches it. So
///   every pixel the viewer sees is from the last encode of that pixel's current value: the error is one
///   encode's, never accumulated. (`WebPAnimEncoder`'s lossy mode treats a pixel within a tolerance of the
///   previous *source* frame as unchanged, anim_encode.c's `QualityToMaxDiff`: 14 levels at quality 30;
///   colours drifted, and the demo's frames fell far below `minimumPSNR` late in its loop.)
///
/// `WebPAnimEncoder` encodes one frame at a time on one thread: a 3× full screen's lossless WebP took
/// far longer than its GIF. Here `batch` frames are encoded together, one per core at a time (`parallelMap`),
/// their rectangles held meanwhile: memory stays bounded by the batch.
final class WebPFrameMuxer {
    let width: Int
    let height: Int
    private let loopCount: Int
    private var lossy: WebPConfig?
    private var lossless = WebPConfig()
    /// The last frame's source pixels (straight RGBA), to find the next frame's changed rectangle.
    private var previous: [UInt8] = []
    /// Rectangles waiting to be encoded, in order.
    private var jobs: [Job] = []
    private var frames: [(bitstream: Data, job: Job)] = []
    /// Rectangles held and encoded together: up to two per core, so that a core is not left idle while the
    /// other encodes a larger rectangle, and no more than `pendingBytes` of pixels, since each rectangle
    /// held, and libwebp's working memory for it (about four times its pixels for a lossless encode), is
    /// memory: a rectangle of more than half of that (most of a @3x screen) is encoded alone.
    private let batch: Int
    static let pendingBytes = 12 << 20
    /// `pendingBytes` for this muxer (tests make it small, to take the path of a @3x screen on small frames).
    private let pending: Int

    /// One frame's rectangle: its pixels (straight BGRA, `width × height`: libwebp's own ARGB words on a
    /// little-endian machine, which a lossless encode reads in place), where it goes, when it starts, and
    /// whether it is blended over the canvas (its transparent pixels show what is there).
    struct Job: Sendable {
        var pixels: [UInt8]
        var x: Int, y: Int, width: Int, height: Int
        var start: Int
        var blend: Bool
        /// Lossy only: the rectangle with the pixels equal to the frame before's cleared, for the blended
        /// lossless candidate (`encode`).
        var cleared: [UInt8]? = nil
        /// The pixel bytes it holds until encoded.
        var bytes: Int { pixels.count + (cleared?.count ?? 0) }
    }

    /// `quality` nil: lossless; else 0–100. `loopCount` 0 loops forever.
    init(width: Int, height: Int, loopCount: Int, quality: Double?, pendingBytes: Int = WebPFrameMuxer.pendingBytes) throws(CLibraryError) {
        pending = pendingBytes
        self.width = width
        self.height = height
        self.loopCount = loopCount
        batch = 2 * ProcessInfo.processInfo.activeProcessorCount
        // Lossless at preset 1: the frames are flat UI, where the faster presets lose almost nothing (preset
        // 0 made the 3× glass demo 59 times as large).
        guard WebPConfigInit(&lossless) != 0, WebPConfigLosslessPreset(&lossless, 1) != 0 else {
            throw Self.failure("WebPConfigInit", "this libwebp's version does not match its headers")
        }
        lossless.exact = 1
        // Quality above 50 lets method 1 look 256 rows back for repeats instead of 64: the demo 900,920 →
        // 737,954 bytes (img2webp -lossless, which is this scheme at preset 6, makes 746,792) for about
        // twice the encode time, still a fifth of img2webp's (bench/README.md, "WebP against img2webp").
        lossless.quality = 51
        if let quality {
            var config = WebPConfig()
            guard WebPConfigInit(&config) != 0 else { throw Self.failure("WebPConfigInit", "version mismatch") }
            config.quality = Float(min(max(quality, 0), 100))
            config.method = 4
            config.sns_strength = 0
            config.use_sharp_yuv = 1
            guard WebPValidateConfig(&config) != 0 else { throw Self.failure("WebPValidateConfig", "invalid configuration") }
            lossy = config
        }
        guard WebPValidateConfig(&lossless) != 0 else { throw Self.failure("WebPValidateConfig", "invalid configuration") }
    }

    /// Adds a frame shown from `milliseconds` on: straight RGBA, `width × height`, row by row. A frame equal
    /// to the one before is merged into it (its duration grows).
    func add(rgba: [UInt8], at milliseconds: Int) throws(CLibraryError) {
        guard rgba.count == width * height * 4 else { throw Self.failure("add", "frame of the wrong size") }
        if let last = jobs.last?.start ?? frames.last?.job.start, milliseconds <= last { throw Self.failure("add", "frames out of order") }
        let rectangle: (x: Int, y: Int, width: Int, height: Int)
        if previous.isEmpty {
            rectangle = (0, 0, width, height)
        } else {
            guard let changed = Self.changedRectangle(rgba, previous, width: width, height: height) else { return }
            rectangle = changed
        }
        // The rectangles waiting are encoded first where this one would take them past the budget, before
        // its pixels are copied.
        let bytes = rectangle.width * rectangle.height * 4, alone = bytes * 2 > pending
        if alone || jobs.reduce(bytes, { $0 + $1.bytes }) > pending { try encodeJobs() }
        // Lossless: inside an opaque rectangle, pixels equal to the frame before's are written transparent and
        // the rectangle blended (`crop`). Lossy: that blended lossless rectangle is one of the candidates, so
        // that no frame, and no file, is larger than the lossless one.
        let opaque = !previous.isEmpty && Self.isOpaque(rgba, rectangle, width: width)
        let blend = lossy == nil && opaque
        var cleared: [UInt8]?
        if lossy != nil, opaque {
            cleared = [UInt8](unsafeUninitializedCapacity: bytes) { buffer, count in
                previous.withUnsafeBufferPointer { before in
                    rgba.withUnsafeBufferPointer { Self.crop($0, rectangle, width: width, before: before.baseAddress, into: buffer.baseAddress!) }
                }
                count = bytes
            }
        }
        var pixels: [UInt8]
        if alone, !previous.isEmpty {
            // A rectangle encoded alone takes the frame before's memory, which is not needed once compared.
            pixels = []
            swap(&pixels, &previous)
            pixels.withUnsafeMutableBufferPointer { buffer in
                rgba.withUnsafeBufferPointer { Self.crop($0, rectangle, width: width, before: blend ? UnsafePointer(buffer.baseAddress) : nil, into: buffer.baseAddress!) }
            }
            pixels.removeLast(pixels.count - bytes)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: bytes) { buffer, count in
                previous.withUnsafeBufferPointer { before in
                    rgba.withUnsafeBufferPointer { Self.crop($0, rectangle, width: width, before: blend ? before.baseAddress : nil, into: buffer.baseAddress!) }
                }
                count = bytes
            }
        }
        var job = Job(pixels: pixels, x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height,
                      start: milliseconds, blend: blend)
        job.cleared = cleared
        previous = rgba
        jobs.append(job)
        if alone || jobs.count >= batch { try encodeJobs() }
    }

    /// Ends the last frame at `milliseconds` and returns the file.
    func finish(at milliseconds: Int) throws(CLibraryError) -> Data {
        try encodeJobs()
        guard let mux = WebPMuxNew() else { throw Self.failure("WebPMuxNew", "out of memory") }
        defer { WebPMuxDelete(mux) }
        try check(WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)), "WebPMuxSetCanvasSize")
        var parameters = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: Int32(loopCount))
        try check(WebPMuxSetAnimationParams(mux, &parameters), "WebPMuxSetAnimationParams")
        for (index, frame) in frames.enumerated() {
            let end = index + 1 < frames.count ? frames[index + 1].job.start : milliseconds
            guard end > frame.job.start else { throw Self.failure("finish", "the last frame ends before it starts") }
            let status = frame.bitstream.withUnsafeBytes { raw in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
                info.x_offset = Int32(frame.job.x)
                info.y_offset = Int32(frame.job.y)
                info.duration = Int32(end - frame.job.start)
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                info.blend_method = frame.job.blend ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
            try check(status, "WebPMuxPushFrame")
        }
        var data = WebPData()
        try check(WebPMuxAssemble(mux, &data), "WebPMuxAssemble")
        defer { WebPDataClear(&data) }
        guard let bytes = data.bytes else { throw Self.failure("WebPMuxAssemble", "no data") }
        return Data(bytes: bytes, count: data.size)
    }

    /// Encodes the waiting rectangles, all at once, and keeps them in order.
    private func encodeJobs() throws(CLibraryError) {
        guard !jobs.isEmpty else { return }
        let jobs = self.jobs, lossy = self.lossy, lossless = self.lossless
        // One encode per core: each holds libwebp's working memory for its rectangle, and more at once than
        // cores only adds memory.
        let encoded = try parallelMap(jobs.count) { i throws(CLibraryError) in
            try Self.encode(jobs[i], lossy: lossy, lossless: lossless)
        }
        for (job, (bitstream, blend)) in zip(jobs, encoded) {
            var placed = job
            placed.pixels = []  // encoded: only where it goes and when is kept
            placed.cleared = nil
            placed.blend = blend
            frames.append((bitstream, placed))
        }
        self.jobs = []
    }

    /// A rectangle as a still WebP bitstream, and whether it is blended: lossless, or (with `lossy`) lossy
    /// where that is smaller than the lossless candidate (blended, with the unchanged pixels cleared, where
    /// the rectangle is opaque) and reaches `minimumPSNR`.
    private static func encode(_ job: Job, lossy: WebPConfig?, lossless: WebPConfig) throws(CLibraryError) -> (Data, blend: Bool) {
        var losslessConfig = lossless
        let losslessData = try encode(job.cleared ?? job.pixels, job, config: &losslessConfig)
        let losslessBlend = job.cleared != nil || job.blend
        guard var config = lossy else { return (losslessData, losslessBlend) }
        var lossyData = try encode(job.pixels, job, config: &config)
        // Higher until the floor is reached; a rectangle no quality brings to it (noise, whose halved chroma
        // no lossy encode keeps) is the lossless one: the floor is a promise.
        var reached = false
        while lossyData.count < losslessData.count {
            if try psnr(of: lossyData, against: job) >= minimumPSNR { reached = true; break }
            guard config.quality < 100 else { break }
            config.quality = min(100, config.quality + 15)
            lossyData = try encode(job.pixels, job, config: &config)
        }
        return reached && lossyData.count < losslessData.count ? (lossyData, false) : (losslessData, losslessBlend)
    }

    /// The floor of a lossy frame's PSNR against its own pixels, in dB over red, green and blue (alpha is
    /// kept exact). At quality 30 a full-screen screenshot encodes below it, its saturated edges smeared
    /// by the halved chroma (the demo's 发现 slide): the quality asked is what a frame costs at most in
    /// fidelity, never a frame that looks broken.
    static let minimumPSNR = 36.0

    /// The smallest rectangle holding every pixel of `a` that differs from `b`, its corner moved to even
    /// coordinates (a WebP frame's offset is stored halved); nil when none differs.
    static func changedRectangle(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBytes { aRaw in
            b.withUnsafeBytes { bRaw in
                let a = aRaw.bindMemory(to: UInt32.self), b = bRaw.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var first = -1
                    for x in 0..<width where a[row + x] != b[row + x] { first = x; break }
                    guard first >= 0 else { continue }
                    var last = first
                    for x in stride(from: width - 1, to: first, by: -1) where a[row + x] != b[row + x] { last = x; break }
                    minX = min(minX, first); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        guard maxY >= 0 else { return nil }
        let x = minX & ~1, y = minY & ~1
        return (x, y, maxX + 1 - x, maxY + 1 - y)
    }

    /// Whether every pixel of the rectangle of an RGBA frame `width` wide is opaque.
    private static func isOpaque(_ rgba: [UInt8], _ rectangle: (x: Int, y: Int, width: Int, height: Int), width: Int) -> Bool {
        for y in rectangle.y..<(rectangle.y + rectangle.height) {
            let row = (y * width + rectangle.x) * 4
            for i in stride(from: row + 3, to: row + rectangle.width * 4, by: 4) where rgba[i] != 0xFF { return false }
        }
        return true
    }

    /// Writes the rectangle of an RGBA frame `width` wide into `out`, row by row, as BGRA; with `before` (the
    /// frame before, RGBA, `width` wide), each pixel equal to its pixel there is written transparent (0, 0, 0,
    /// 0): blended, the canvas shows it as it is, and the runs of transparency compress to almost nothing.
    /// `out` may be `before` itself: a pixel is written at or before where it is read in the frame, and every
    /// later read is further on, so each pixel of `before` is read before a write reaches it.
    private static func crop(_ rgba: UnsafeBufferPointer<UInt8>, _ rectangle: (x: Int, y: Int, width: Int, height: Int), width: Int,
                             before: UnsafePointer<UInt8>?, into out: UnsafeMutablePointer<UInt8>) {
        var o = 0
        for y in rectangle.y..<(rectangle.y + rectangle.height) {
            var i = (y * width + rectangle.x) * 4
            for _ in 0..<rectangle.width {
                let r = rgba[i], g = rgba[i + 1], b = rgba[i + 2], a = rgba[i + 3]
                if let before, before[i] == r, before[i + 1] == g, before[i + 2] == b, before[i + 3] == a {
                    out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0
                } else {
                    out[o] = b; out[o + 1] = g; out[o + 2] = r; out[o + 3] = a
                }
                o += 4; i += 4
            }
        }
    }

    /// `pixels` (BGRA, the job's rectangle) as a still WebP bitstream.
    private static func encode(_ pixels: [UInt8], _ job: Job, config: inout WebPConfig) throws(CLibraryError) -> Data {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw Self.failure("WebPPictureInit", "version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = config.lossless
        picture.width = Int32(job.width)
        picture.height = Int32(job.height)
        return try pixels.withUnsafeBufferPointer { pixels throws(CLibraryError) in
            if config.lossless != 0 {
                // A view of the pixels, not a copy (as `WebPPictureView` makes one): with `exact` set, a lossless
                // encode only reads `argb` (it rewrites transparent pixels only without it).
                assert(config.exact != 0)
                picture.argb = UnsafeMutableRawPointer(mutating: pixels.baseAddress)?.assumingMemoryBound(to: UInt32.self)
                picture.argb_stride = Int32(job.width)
            } else {
                guard WebPPictureImportBGRA(&picture, pixels.baseAddress, Int32(job.width * 4)) != 0 else {
                    throw Self.failure("WebPPictureImportBGRA", "out of memory")
                }
            }
            return try encode(&picture, config: &config)
        }
    }

    private static func encode(_ picture: inout WebPPicture, config: inout WebPConfig) throws(CLibraryError) -> Data {
        let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        defer { WebPMemoryWriterClear(writer); writer.deallocate() }
        WebPMemoryWriterInit(writer)
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(writer)
        guard WebPEncode(&config, &picture) != 0, let bytes = writer.pointee.mem else {
            throw Self.failure("WebPEncode", "error \(picture.error_code.rawValue)")
        }
        return Data(bytes: bytes, count: writer.pointee.size)
    }

    /// The PSNR of a still WebP's decoded pixels against the job's, over red, green and blue.
    private static func psnr(of bitstream: Data, against job: Job) throws(CLibraryError) -> Double {
        var decodedWidth: Int32 = 0, decodedHeight: Int32 = 0
        let decoded = bitstream.withUnsafeBytes { raw in
            WebPDecodeBGRA(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &decodedWidth, &decodedHeight)
        }
        guard let decoded, Int(decodedWidth) == job.width, Int(decodedHeight) == job.height else {
            throw Self.failure("WebPDecodeBGRA", "cannot read back the frame just encoded")
        }
        defer { WebPFree(decoded) }
        var squared = 0.0
        job.pixels.withUnsafeBufferPointer { source in
            var sum = 0
            for i in 0..<source.count where i & 3 != 3 {
                let d = Int(source[i]) - Int(decoded[i])
                sum += d * d
            }
            squared = Double(sum)
        }
        let mean = squared / Double(job.width * job.height * 3)
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }

    private func check(_ status: WebPMuxError, _ function: String) throws(CLibraryError) {
        guard status == WEBP_MUX_OK else { throw Self.failure(function, "error \(status.rawValue)") }
    }

    private static func failure(_ function: String, _ message: String) -> CLibraryError {
        CLibraryError(library: "libwebp", function: function, message: message)
    }
}
