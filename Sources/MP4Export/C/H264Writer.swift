import CFFmpeg
import Drawing
import Foundation
import Graphics

/// An H.264 MP4 written through FFmpeg's libraries, frame by frame: libx264 at a constant rate factor,
/// yuv420p, a constant frame rate, the `moov` atom moved to the front (`+faststart`). The only home of
/// FFmpeg's pointers. It writes through a descriptor of an existing file (a temporary `UnfinishedOutputs`
/// made), opened without `O_CREAT`, so that one an interruption has just removed is not made again.
final class H264Writer {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var io: UnsafeMutablePointer<AVIOContext>?
    private let descriptor: Int32
    /// Even sizes (yuv420p halves both): the picture is padded with a copy of its last column or row.
    let width: Int
    let height: Int
    private let sourceWidth: Int
    private let sourceHeight: Int
    private var next: Int64 = 0
    private var padded: [UInt8]
    /// FFmpeg's functions (opened on the first MP4: `FFmpegLibrary`).
    private let ff: TabanimFFmpeg

    /// Pixels of a frame above which x264 is told to hold fewer frames (a 3× full screen is 3.2 M).
    static let largeFrame = 1 << 21

    /// `crf`: libx264's constant rate factor (lower is better; 18 is visually lossless for flat UI).
    init(path: String, width: Int, height: Int, fps: Double, crf: Int) throws(CLibraryError) {
        ff = try FFmpegLibrary.functions()
        sourceWidth = width
        sourceHeight = height
        self.width = width + width % 2
        self.height = height + height % 2
        // Only an odd size needs a padded copy of each frame.
        padded = width % 2 == 1 || height % 2 == 1 ? [UInt8](repeating: 255, count: self.width * self.height * 4) : []
        descriptor = open(path, O_RDWR | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure("open", String(cString: strerror(errno))) }
        try setUp(path: path, fps: fps, crf: crf)  // on failure, deinit frees what was made
    }

    deinit { release() }

    private func setUp(path: String, fps: Double, crf: Int) throws(CLibraryError) {
        // A library never prints: FFmpeg's and libx264's log lines (statistics, warnings) are off; errors
        // come back as status codes.
        ff.av_log_set_level(AV_LOG_QUIET)
        guard ff.avformat_alloc_output_context2(&format, nil, "mp4", nil) >= 0, let format else {
            throw Self.failure("avformat_alloc_output_context2", "no MP4 muxer")
        }
        // `+faststart` reads the finished file back by name to move its index to the front (reading creates
        // nothing); writing goes through our descriptor.
        format.pointee.url = ff.av_strdup(path)
        guard let encoder = ff.avcodec_find_encoder_by_name("libx264") ?? ff.avcodec_find_encoder(AV_CODEC_ID_H264) else {
            throw Self.failure("avcodec_find_encoder", "no H.264 encoder (FFmpeg built without libx264?)")
        }
        guard let stream = ff.avformat_new_stream(format, nil), let codec = ff.avcodec_alloc_context3(encoder) else {
            throw Self.failure("avformat_new_stream", "out of memory")
        }
        self.stream = stream
        self.codec = codec
        let rate = ff.av_d2q(fps, 100_000)
        codec.pointee.width = Int32(width)
        codec.pointee.height = Int32(height)
        codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        // BT.709 in limited range, declared in the H.264 stream (VUI) and the container (`colr`), and used for
        // the conversion below: untagged, a player guesses (BT.601 for small videos, as the encode was), and
        // one that assumes BT.709 showed the tint (27,118,208) as (18,113,213). ITU-R BT.709-6 is what
        // Apple's and the web's players assume for HD video and sRGB shares its primaries.
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.colorspace = AVCOL_SPC_BT709
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_BT709
        codec.pointee.time_base = av_inv_q(rate)
        codec.pointee.framerate = rate
        codec.pointee.gop_size = Int32(max(1, Int(fps.rounded()) * 2))
        if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        _ = ff.av_opt_set(codec.pointee.priv_data, "crf", String(crf), 0)
        _ = ff.av_opt_set(codec.pointee.priv_data, "preset", "medium", 0)
        if width * height > Self.largeFrame {
            // Memory: x264 holds every frame of its lookahead, its B-frames, references and frame threads, each
            // as YUV with half-pel planes; at medium's 40 frames of lookahead and 3 threads a 3× full screen
            // (1206 × 2622, 6 s of the glass demo) peaked at 876 MB. Measured there (peak, time, bytes):
            // lookahead 10: 524 MB; + 1 thread, 2 B-frames, lookahead 5: 385 MB; lookahead 2, no B-frames,
            // 1 reference, 1 thread: 252 MB, 7.6 s, 221,535 bytes (233,000 at medium: flat UI needs no long
            // search). Frames under 2 M pixels keep medium's settings.
            _ = ff.av_opt_set(codec.pointee.priv_data, "x264-params", "rc-lookahead=2:sync-lookahead=0:bframes=0:ref=1:threads=1", 0)
        }
        try check(ff.avcodec_open2(codec, encoder, nil), "avcodec_open2")
        try check(ff.avcodec_parameters_from_context(stream.pointee.codecpar, codec), "avcodec_parameters_from_context")
        stream.pointee.time_base = codec.pointee.time_base
        stream.pointee.avg_frame_rate = rate

        // Output through callbacks on our descriptor: write, seek and read (faststart reads the file back).
        let bufferSize = 1 << 16
        guard let buffer = ff.av_malloc(bufferSize)?.assumingMemoryBound(to: UInt8.self) else { throw Self.failure("av_malloc", "out of memory") }
        let opaque = UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1)  // the descriptor, never 0
        guard let io = ff.avio_alloc_context(buffer, Int32(bufferSize), 1, opaque, { opaque, bytes, count in
            guard let bytes, count > 0 else { return 0 }
            let got = read(Int32(Int(bitPattern: opaque) - 1), bytes, Int(count))
            return got > 0 ? Int32(got) : tabanim_averror_eof()
        }, { opaque, bytes, count in
            guard let bytes, count > 0 else { return 0 }
            var written = 0
            while written < Int(count) {
                let n = write(Int32(Int(bitPattern: opaque) - 1), bytes + written, Int(count) - written)
                if n <= 0 { return -1 }
                written += n
            }
            return count
        }, { opaque, offset, whence in
            let fd = Int32(Int(bitPattern: opaque) - 1)
            if whence == AVSEEK_SIZE {
                var info = stat()
                return fstat(fd, &info) == 0 ? Int64(info.st_size) : Int64(tabanim_averror_seek())
            }
            let result = lseek(fd, off_t(offset), whence & ~AVSEEK_FORCE)
            return result < 0 ? Int64(tabanim_averror_seek()) : Int64(result)
        }) else {
            ff.av_free(buffer)
            throw Self.failure("avio_alloc_context", "out of memory")
        }
        self.io = io
        format.pointee.pb = io
        format.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var options: OpaquePointer?
        _ = ff.av_dict_set(&options, "movflags", "+faststart", 0)
        let header = ff.avformat_write_header(format, &options)
        ff.av_dict_free(&options)
        try check(header, "avformat_write_header")

        guard let frame = ff.av_frame_alloc(), let packet = ff.av_packet_alloc() else { throw Self.failure("av_frame_alloc", "out of memory") }
        self.frame = frame
        self.packet = packet
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try check(ff.av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
        scaler = ff.sws_getContext(Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), AV_PIX_FMT_YUV420P,
                                SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nil, nil, nil)
        guard scaler != nil else { throw Self.failure("sws_getContext", "cannot convert RGBA to yuv420p") }
        // RGB in full range to BT.709's matrix in limited range (16–235), as tagged.
        let bt709 = ff.sws_getCoefficients(SWS_CS_ITU709)
        guard ff.sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) >= 0 else {
            throw Self.failure("sws_setColorspaceDetails", "cannot convert to BT.709")
        }
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
    }

    /// Adds the next frame: straight RGBA, `sourceWidth × sourceHeight`.
    func add(rgba: [UInt8]) throws(CLibraryError) {
        guard let frame, let codec, rgba.count == sourceWidth * sourceHeight * 4 else { throw Self.failure("add", "frame of the wrong size") }
        let needsPadding = width != sourceWidth || height != sourceHeight
        if needsPadding {
            // An odd width or height gets one more column or row, a copy of the edge's own pixels: the picture
            // is neither stretched nor given a seam of another colour where a player shows the padding.
            for y in 0..<sourceHeight {
                let row = y * sourceWidth * 4, target = y * width * 4
                padded.replaceSubrange(target ..< target + sourceWidth * 4, with: rgba[row ..< row + sourceWidth * 4])
                if width > sourceWidth {
                    padded.replaceSubrange(target + sourceWidth * 4 ..< target + width * 4, with: rgba[row + (sourceWidth - 1) * 4 ..< row + sourceWidth * 4])
                }
            }
            if height > sourceHeight {
                let last = (sourceHeight - 1) * width * 4
                padded.replaceSubrange(sourceHeight * width * 4 ..< height * width * 4, with: padded[last ..< last + width * 4])
            }
        }
        try check(ff.av_frame_make_writable(frame), "av_frame_make_writable")
        (needsPadding ? padded : rgba).withUnsafeBufferPointer { pixels in
            var source: [UnsafePointer<UInt8>?] = [pixels.baseAddress, nil, nil, nil]
            var stride: [Int32] = [Int32(width * 4), 0, 0, 0]
            withUnsafeMutablePointer(to: &frame.pointee.data) { data in
                withUnsafeMutablePointer(to: &frame.pointee.linesize) { lines in
                    data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                        lines.withMemoryRebound(to: Int32.self, capacity: 8) { sizes in
                            _ = ff.sws_scale(scaler, &source, &stride, 0, Int32(height), planes, sizes)
                        }
                    }
                }
            }
        }
        frame.pointee.pts = next
        next += 1
        try check(ff.avcodec_send_frame(codec, frame), "avcodec_send_frame")
        try drain()
    }

    /// Flushes the encoder, writes the index at the front and closes the file.
    func finish() throws(CLibraryError) {
        guard let codec, let format else { return }
        try check(ff.avcodec_send_frame(codec, nil), "avcodec_send_frame")
        try drain()
        try check(ff.av_write_trailer(format), "av_write_trailer")
        ff.avio_flush(io)
    }

    private func drain() throws(CLibraryError) {
        guard let codec, let packet, let stream, let format else { return }
        while true {
            let status = ff.avcodec_receive_packet(codec, packet)
            if status == tabanim_averror_again() || status == tabanim_averror_eof() { return }
            try check(status, "avcodec_receive_packet")
            ff.av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            let written = ff.av_interleaved_write_frame(format, packet)
            ff.av_packet_unref(packet)
            try check(written, "av_interleaved_write_frame")
        }
    }

    private func release() {
        if scaler != nil { ff.sws_freeContext(scaler); scaler = nil }
        if frame != nil { ff.av_frame_free(&frame) }
        if packet != nil { ff.av_packet_free(&packet) }
        if codec != nil { ff.avcodec_free_context(&codec) }
        if let format { ff.avformat_free_context(format); self.format = nil }
        if io != nil {
            ff.av_freep(&io!.pointee.buffer)
            ff.avio_context_free(&io)
        }
        if descriptor >= 0 { close(descriptor) }
    }

    private func check(_ status: Int32, _ function: String) throws(CLibraryError) {
        guard status < 0 else { return }
        var text = [CChar](repeating: 0, count: 128)
        _ = ff.av_strerror(status, &text, text.count)
        throw Self.failure(function, String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func failure(_ function: String, _ message: String) -> CLibraryError {
        CLibraryError(library: "FFmpeg", function: function, message: message)
    }
}
