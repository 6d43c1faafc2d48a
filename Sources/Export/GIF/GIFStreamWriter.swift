import CGif
import Foundation

/// Writes a GIF89a file through giflib, frame by frame, so that memory stays small whatever the
/// animation's length. giflib does the LZW compression; tabanim chooses what each frame holds (its
/// rectangle, its palette, which pixels are transparent) and asks giflib how long each choice encodes
/// (`encodedSize`).
final class GIFStreamWriter {
    enum Disposal: Int32 {
        /// Leave the frame in place for the next one to draw over (DISPOSE_DO_NOT).
        case keep = 1
        /// Put back what was under the frame before the next one is drawn (DISPOSE_PREVIOUS).
        case previous = 3
    }

    /// One frame: a rectangle of palette indices.
    struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        /// nil: the global colour table.
        var localPalette: [UInt32]?
        var transparentIndex: UInt8?
        var disposal: Disposal
        /// Centiseconds.
        var delay: Int
        /// One per pixel of the rectangle, row by row.
        var indices: [UInt8]
    }

    private var gif: UnsafeMutablePointer<GifFileType>?

    init(path: String) throws(CLibraryError) {
        var error: Int32 = 0
        guard let gif = EGifOpenFileName(path, false, &error) else { throw gifError(error, "EGifOpenFileName") }
        self.gif = gif
        // GIF89a, needed for the graphics control and application extensions (before the screen descriptor).
        EGifSetGifVersion(gif, true)
    }

    deinit {
        if let gif { EGifCloseFile(gif, nil) }
    }

    /// The logical screen with the global colour table, and the NETSCAPE2.0 loop extension (`loopCount`
    /// 0 loops forever; nil writes none: the GIF plays once).
    func putHeader(width: Int, height: Int, globalPalette: [UInt32], loopCount: Int?) throws(CLibraryError) {
        let gif = try handle()
        try Self.withColorMap(globalPalette) { map throws(CLibraryError) in
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "EGifPutScreenDesc")
        }
        guard let loopCount else { return }  // plays once
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
        let name = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(name.count), name), "EGifPutExtensionBlock")
        let loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8 & 0xFF)]
        try check(EGifPutExtensionBlock(gif, Int32(loop.count), loop), "EGifPutExtensionBlock")
        try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
    }

    func put(_ frame: Frame) throws(CLibraryError) {
        let gif = try handle()
        var control = GraphicsControlBlock(DisposalMode: frame.disposal.rawValue, UserInputFlag: false, DelayTime: Int32(frame.delay),
                                           TransparentColor: frame.transparentIndex.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "EGifPutExtension")
        try Self.withColorMap(frame.localPalette) { map throws(CLibraryError) in
            try check(EGifPutImageDesc(gif, Int32(frame.x), Int32(frame.y), Int32(frame.width), Int32(frame.height), false, map),
                      "EGifPutImageDesc")
        }
        try Self.putLines(gif, frame.indices, width: frame.width, height: frame.height)
    }

    /// Finishes the file. giflib frees its handle even when closing fails.
    func finish() throws(CLibraryError) {
        guard let gif else { return }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw gifError(error, "EGifCloseFile") }
    }

    // MARK: - Sizes

    /// How many bytes giflib's LZW stream takes for these indices with a colour table of `colorCount`
    /// entries (which sets the code size), measured by encoding them into a counter. Headers aside, which
    /// are the same for every candidate of a frame.
    static func encodedSize(_ indices: [UInt8], width: Int, height: Int, colorCount: Int) throws(CLibraryError) -> Int {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        defer { counter.deallocate() }
        var error: Int32 = 0
        guard let gif = EGifOpen(counter, { gif, _, length in
            gif?.pointee.UserData.assumingMemoryBound(to: Int.self).pointee += Int(length)
            return length
        }, &error) else { throw gifError(error, "EGifOpen") }
        var status = GIF_OK
        do {
            try withColorMap([UInt32](repeating: 0, count: max(2, colorCount))) { map throws(CLibraryError) in
                guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) == GIF_OK,
                      EGifPutImageDesc(gif, 0, 0, Int32(width), Int32(height), false, nil) == GIF_OK else {
                    throw gifError(gif.pointee.Error, "EGifPutImageDesc")
                }
            }
            try putLines(gif, indices, width: width, height: height)
        } catch {
            status = GIF_ERROR
            EGifCloseFile(gif, nil)
            throw error
        }
        guard EGifCloseFile(gif, &error) == status else { throw gifError(error, "EGifCloseFile") }
        return counter.pointee
    }

    // MARK: - giflib calls

    private func handle() throws(CLibraryError) -> UnsafeMutablePointer<GifFileType> {
        guard let gif else { throw CLibraryError(library: "giflib", function: "write", message: "file already closed") }
        return gif
    }

    private func check(_ result: Int32, _ function: String) throws(CLibraryError) {
        guard result == GIF_OK else { throw gifError(gif?.pointee.Error ?? 0, function) }
    }

    private static func putLines(_ gif: UnsafeMutablePointer<GifFileType>, _ indices: [UInt8], width: Int, height: Int) throws(CLibraryError) {
        var rows = indices
        let failed = rows.withUnsafeMutableBufferPointer { buffer -> Bool in
            (0..<height).contains { EGifPutLine(gif, buffer.baseAddress! + $0 * width, Int32(width)) != GIF_OK }
        }
        if failed { throw gifError(gif.pointee.Error, "EGifPutLine") }
    }

    /// A giflib colour map of `palette` (0xRRGGBB entries), padded to the power-of-two size
    /// `GifMakeMapObject` wants; nil for no table.
    private static func withColorMap(_ palette: [UInt32]?, _ body: (UnsafeMutablePointer<ColorMapObject>?) throws(CLibraryError) -> Void) throws(CLibraryError) {
        guard let palette else { return try body(nil) }
        var size = 2
        while size < palette.count { size *= 2 }
        var colors = palette.map { GifColorType(Red: UInt8($0 >> 16 & 0xFF), Green: UInt8($0 >> 8 & 0xFF), Blue: UInt8($0 & 0xFF)) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw CLibraryError(library: "giflib", function: "GifMakeMapObject", message: "cannot make a color map")
        }
        defer { GifFreeMapObject(map) }
        try body(map)
    }
}
