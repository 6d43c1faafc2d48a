import CWebP
import Drawing
import Foundation
import Graphics

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
