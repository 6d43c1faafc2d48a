import CWebP
import Drawing
import Foundation

/// What the WebP exporter hands its frames to: the lossless `WebPAnimationWriter` or the lossy
/// `WebPFrameMuxer`.
protocol WebPFrameWriting {
    /// Adds a frame shown from `milliseconds` on: straight RGBA, row by row. A frame equal to the one
    /// before is merged into it (its duration grows).
    func add(rgba: [UInt8], at milliseconds: Int) throws(CLibraryError)
    /// Ends the last frame at `milliseconds` and returns the file.
    func finish(at milliseconds: Int) throws(CLibraryError) -> Data
}

/// The lossless animated WebP through libwebp's animation encoder (`WebPAnimEncoder`), frame by frame: it
/// keeps only what it needs to find each frame's changed rectangle, and gives back the whole file when
/// done. The only home of its pointers. (Lossy WebPs are assembled by `WebPFrameMuxer`: the animation
/// encoder's lossy mode lets colours drift, see there.)
final class WebPAnimationWriter: WebPFrameWriting {
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    let width: Int
    let height: Int

    /// Every pixel exact (`exact` keeps colours under transparent pixels too). `loopCount` 0 loops forever.
    init(width: Int, height: Int, loopCount: Int) throws(CLibraryError) {
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw Self.failure("WebPAnimEncoderOptionsInit", "this libwebp's version does not match its headers")
        }
        options.anim_params.loop_count = Int32(loopCount)
        options.allow_mixed = 0
        // Lossless at preset 1: the frames are flat UI, where the faster presets lose almost nothing.
        guard WebPConfigLosslessPreset(&config, 1) != 0 else { throw Self.failure("WebPConfigLosslessPreset", "invalid preset") }
        config.exact = 1
        guard WebPValidateConfig(&config) != 0 else { throw Self.failure("WebPValidateConfig", "invalid configuration") }
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw Self.failure("WebPAnimEncoderNew", "cannot create the encoder (\(width)×\(height))")
        }
        self.encoder = encoder
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    func add(rgba: [UInt8], at milliseconds: Int) throws(CLibraryError) {
        guard let encoder, rgba.count == width * height * 4 else { throw Self.failure("WebPAnimEncoderAdd", "frame of the wrong size") }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw Self.failure("WebPPictureInit", "version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw Self.failure("WebPPictureImportRGBA", "out of memory") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw Self.failure("WebPAnimEncoderAdd", Self.message(encoder))
        }
    }

    func finish(at milliseconds: Int) throws(CLibraryError) -> Data {
        guard let encoder else { throw Self.failure("WebPAnimEncoderAssemble", "already finished") }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else {
            throw Self.failure("WebPAnimEncoderAdd", Self.message(encoder))
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw Self.failure("WebPAnimEncoderAssemble", Self.message(encoder))
        }
        defer { WebPDataClear(&data) }
        return Data(bytes: bytes, count: data.size)
    }

    private static func message(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "failed"
    }

    private static func failure(_ function: String, _ message: String) -> CLibraryError {
        CLibraryError(library: "libwebp", function: function, message: message)
    }
}

/// An animated WebP decoded with libwebp's demuxer (`WebPAnimDecoder`): every frame as the whole canvas,
/// straight RGBA, with the time it ends at. For tests, and for checking what an export wrote.
package struct DecodedWebP {
    package var width: Int
    package var height: Int
    package var loopCount: Int
    /// Each frame's canvas and the millisecond it ends at (the next one starts there).
    package var frames: [(rgba: [UInt8], end: Int)]

    package init(data: Data) throws(CLibraryError) {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw CLibraryError(library: "libwebp", function: "WebPAnimDecoderOptionsInit", message: "version mismatch")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var frames: [(rgba: [UInt8], end: Int)] = []
        var info = WebPAnimInfo()
        let ok: Bool = data.withUnsafeBytes { raw in
            var webp = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { return false }
            defer { WebPAnimDecoderDelete(decoder) }
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return false }
            let size = Int(info.canvas_width) * Int(info.canvas_height) * 4
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else { return false }
                frames.append((Array(UnsafeBufferPointer(start: buffer, count: size)), Int(timestamp)))
            }
            return true
        }
        guard ok else { throw CLibraryError(library: "libwebp", function: "WebPAnimDecoderGetNext", message: "not an animated WebP libwebp can read") }
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        loopCount = Int(info.loop_count)
        self.frames = frames
    }

    /// The frame shown at `milliseconds`.
    package func frame(at milliseconds: Double) -> [UInt8]? {
        frames.first { Double($0.end) > milliseconds }?.rgba
    }
}
