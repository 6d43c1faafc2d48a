import CWebP
import Drawing
import Foundation

/// A lossy animated WebP, assembled frame by frame through libwebp's muxer (`WebPMux`), every frame right
/// at its own time.
///
/// Why not `WebPAnimEncoder`, which the lossless WebP uses: in lossy mode it treats a pixel as unchanged
/// when it is within a tolerance of the previous *source* frame (anim_encode.c, `QualityToMaxDiff`: 14
/// levels at quality 30, 22 at 15) and blends such blocks as transparent, so a pixel that drifts slowly,
/// or a slide between two near-white screens, keeps the colour of a frame long gone: the demo's content
/// read (252,249,243) at 6.5 s where the frame is (242,247,253), and frames fell to 29 dB as the loop
/// went on. Here a frame is the rectangle where its pixels differ at all from the frame before (exactly:
/// no tolerance), replacing what is under it (no blending, no disposal), so every pixel the viewer sees
/// is from the last encode of that pixel's current value: the error is one encode's, never accumulated.
/// Each rectangle is encoded both lossy and lossless and the smaller kept (flat UI is often smaller
/// lossless; measured on the demo below), as `WebPAnimEncoderOptions.allow_mixed` does.
final class WebPFrameMuxer: WebPFrameWriting {
    let width: Int
    let height: Int
    private let loopCount: Int
    private var lossy = WebPConfig()
    private var lossless = WebPConfig()
    /// The last frame's source pixels (straight RGBA), to find the next frame's changed rectangle.
    private var previous: [UInt8] = []
    /// The frame waiting for its end time: its bitstream and rectangle, and when it starts.
    private var pending: (bitstream: Data, x: Int, y: Int, start: Int)?
    private var frames: [(bitstream: Data, x: Int, y: Int, duration: Int)] = []
    /// How many frames were kept lossless because that was smaller (for `--verbose`).
    private(set) var losslessFrames = 0
    /// How many lossy encodes were made again at a higher quality to reach `minimumPSNR`.
    private(set) var raisedFrames = 0

    /// `quality` 0–100; `loopCount` 0 loops forever.
    init(width: Int, height: Int, loopCount: Int, quality: Double) throws(CLibraryError) {
        self.width = width
        self.height = height
        self.loopCount = loopCount
        guard WebPConfigInit(&lossy) != 0, WebPConfigInit(&lossless) != 0 else {
            throw Self.failure("WebPConfigInit", "this libwebp's version does not match its headers")
        }
        lossy.quality = Float(min(max(quality, 0), 100))
        lossy.method = 4
        lossy.sns_strength = 0
        lossy.use_sharp_yuv = 1
        // Lossless at preset 1, as the lossless WebP: the frames are flat UI.
        guard WebPConfigLosslessPreset(&lossless, 1) != 0 else { throw Self.failure("WebPConfigLosslessPreset", "invalid preset") }
        lossless.exact = 1
        guard WebPValidateConfig(&lossy) != 0, WebPValidateConfig(&lossless) != 0 else {
            throw Self.failure("WebPValidateConfig", "invalid configuration")
        }
    }

    /// Adds a frame shown from `milliseconds` on: straight RGBA, `width × height`, row by row. A frame equal
    /// to the one before is merged into it (its duration grows).
    func add(rgba: [UInt8], at milliseconds: Int) throws(CLibraryError) {
        guard rgba.count == width * height * 4 else { throw Self.failure("add", "frame of the wrong size") }
        let rectangle: (x: Int, y: Int, width: Int, height: Int)
        if previous.isEmpty {
            rectangle = (0, 0, width, height)
        } else {
            guard let changed = Self.changedRectangle(rgba, previous, width: width, height: height) else { return }
            rectangle = changed
        }
        let bitstream = try encode(rgba, rectangle)
        try close(at: milliseconds)
        pending = (bitstream, rectangle.x, rectangle.y, milliseconds)
        previous = rgba
    }

    /// Ends the last frame at `milliseconds` and returns the file.
    func finish(at milliseconds: Int) throws(CLibraryError) -> Data {
        try close(at: milliseconds)
        guard let mux = WebPMuxNew() else { throw Self.failure("WebPMuxNew", "out of memory") }
        defer { WebPMuxDelete(mux) }
        try check(WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)), "WebPMuxSetCanvasSize")
        var parameters = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: Int32(loopCount))
        try check(WebPMuxSetAnimationParams(mux, &parameters), "WebPMuxSetAnimationParams")
        for frame in frames {
            let status = frame.bitstream.withUnsafeBytes { raw in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
                info.x_offset = Int32(frame.x)
                info.y_offset = Int32(frame.y)
                info.duration = Int32(frame.duration)
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                info.blend_method = WEBP_MUX_NO_BLEND
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

    /// The pending frame, ended at `milliseconds`, joins the list.
    private func close(at milliseconds: Int) throws(CLibraryError) {
        guard let pending else { return }
        guard milliseconds > pending.start else { throw Self.failure("add", "frames out of order") }
        frames.append((pending.bitstream, pending.x, pending.y, milliseconds - pending.start))
        self.pending = nil
    }

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

    /// The rectangle of `rgba` as a still WebP bitstream: lossy, or lossless where that is smaller. A lossy
    /// encode under `minimumPSNR` against its own pixels is made again at a higher quality (15 more each
    /// time) until it reaches it: the quality asked is what a frame costs at most in fidelity, never a frame
    /// that looks broken (at quality 30 a full-screen screenshot encodes at 34.3 dB, its saturated edges
    /// smeared by the halved chroma; measured on the demo's 发现 slide).
    private func encode(_ rgba: [UInt8], _ rectangle: (x: Int, y: Int, width: Int, height: Int)) throws(CLibraryError) -> Data {
        let losslessData = try encode(rgba, rectangle, config: &lossless)
        var config = lossy
        var lossyData = try encode(rgba, rectangle, config: &config)
        while lossyData.count < losslessData.count, config.quality < 100,
              try psnr(of: lossyData, against: rgba, rectangle) < Self.minimumPSNR {
            raisedFrames += 1
            config.quality = min(100, config.quality + 15)
            lossyData = try encode(rgba, rectangle, config: &config)
        }
        if losslessData.count <= lossyData.count {
            losslessFrames += 1
            return losslessData
        }
        return lossyData
    }

    /// The floor of a lossy frame's PSNR against its own pixels, in dB over red, green and blue (alpha is kept exact).
    static let minimumPSNR = 36.0

    /// The PSNR of a still WebP's decoded pixels against the rectangle of `rgba` it encodes.
    private func psnr(of bitstream: Data, against rgba: [UInt8], _ rectangle: (x: Int, y: Int, width: Int, height: Int)) throws(CLibraryError) -> Double {
        var decodedWidth: Int32 = 0, decodedHeight: Int32 = 0
        let decoded = bitstream.withUnsafeBytes { raw in
            WebPDecodeRGBA(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &decodedWidth, &decodedHeight)
        }
        guard let decoded, Int(decodedWidth) == rectangle.width, Int(decodedHeight) == rectangle.height else {
            throw Self.failure("WebPDecodeRGBA", "cannot read back the frame just encoded")
        }
        defer { WebPFree(decoded) }
        var squared = 0.0
        for y in 0..<rectangle.height {
            let source = ((rectangle.y + y) * width + rectangle.x) * 4, row = y * rectangle.width * 4
            var sum = 0
            for i in 0..<rectangle.width * 4 where i & 3 != 3 {
                let d = Int(rgba[source + i]) - Int(decoded[row + i])
                sum += d * d
            }
            squared += Double(sum)
        }
        let mean = squared / Double(rectangle.width * rectangle.height * 3)
        return mean == 0 ? .infinity : 10 * log10(255 * 255 / mean)
    }

    private func encode(_ rgba: [UInt8], _ rectangle: (x: Int, y: Int, width: Int, height: Int), config: inout WebPConfig) throws(CLibraryError) -> Data {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw Self.failure("WebPPictureInit", "version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = config.lossless
        picture.width = Int32(rectangle.width)
        picture.height = Int32(rectangle.height)
        let imported = rgba.withUnsafeBufferPointer { pixels in
            WebPPictureImportRGBA(&picture, pixels.baseAddress! + (rectangle.y * width + rectangle.x) * 4, Int32(width * 4))
        }
        guard imported != 0 else { throw Self.failure("WebPPictureImportRGBA", "out of memory") }
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

    private func check(_ status: WebPMuxError, _ function: String) throws(CLibraryError) {
        guard status == WEBP_MUX_OK else { throw Self.failure(function, "error \(status.rawValue)") }
    }

    private static func failure(_ function: String, _ message: String) -> CLibraryError {
        CLibraryError(library: "libwebp", function: function, message: message)
    }
}
