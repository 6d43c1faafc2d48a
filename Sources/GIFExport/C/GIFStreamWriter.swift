import CGif
import Drawing
import Foundation
import GIFPlanning
import Graphics
import Outputs

/// Writes a GIF89a file through giflib, frame by frame, so that memory stays small whatever the
/// animation's length. tabanim chooses what each frame holds (its rectangle, its palette, its indices) and
/// compresses it (`LZWPlanner`'s code stream); giflib writes the blocks of the file around it.
final class GIFStreamWriter {
    /// Bytes written to memory (for the review page, which embeds the GIF and needs no file for it).
    final class GIFByteSink {
        var data = Data()
    }

    private var gif: UnsafeMutablePointer<GifFileType>?
    /// The global colour table's index size in bits.
    private var globalBits = 8

    /// Writes into the file at `path`, which must exist (a temporary `UnfinishedOutputs` made): it is opened
    /// without creating it, so that one an interruption has just removed is not made again.
    init(path: String) throws(CLibraryError) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLibraryError(library: "giflib", function: "open", message: String(cString: strerror(errno)))
        }
        var error: Int32 = 0
        // giflib owns the descriptor once it succeeds (EGifCloseFile closes it), not before.
        guard let gif = EGifOpenFileHandle(descriptor, &error) else {
            close(descriptor)
            throw gifError(error, "EGifOpenFileHandle")
        }
        self.gif = gif
        // GIF89a, needed for the graphics control and application extensions (before the screen descriptor).
        EGifSetGifVersion(gif, true)
    }

    /// Writes into `sink`, in memory: giflib hands each block of bytes to a callback (`EGifOpen`), which
    /// appends it. The writer keeps the sink alive as long as giflib may call back.
    init(into sink: GIFByteSink) throws(CLibraryError) {
        var error: Int32 = 0
        let retained = Unmanaged.passRetained(sink)
        guard let gif = EGifOpen(retained.toOpaque(), { gif, bytes, count in
            guard let user = gif?.pointee.UserData, let bytes, count >= 0 else { return 0 }
            Unmanaged<GIFByteSink>.fromOpaque(user).takeUnretainedValue().data.append(bytes, count: Int(count))
            return count
        }, &error) else {
            retained.release()
            throw gifError(error, "EGifOpen")
        }
        self.gif = gif
        self.sink = retained
        EGifSetGifVersion(gif, true)
    }

    /// The sink giflib writes into, when writing to memory; released once giflib is closed.
    private var sink: Unmanaged<GIFByteSink>?

    deinit {
        if let gif { EGifCloseFile(gif, nil) }
        sink?.release()
    }

    /// The logical screen with the global colour table, and the NETSCAPE2.0 loop extension (`loopCount`
    /// 0 loops forever; nil writes none: the GIF plays once).
    func putHeader(width: Int, height: Int, globalPalette: [UInt32], loopCount: Int?) throws(CLibraryError) {
        let gif = try handle()
        try Self.withColorMap(globalPalette) { map throws(CLibraryError) in
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "EGifPutScreenDesc")
            globalBits = Int(map?.pointee.BitsPerPixel ?? 8)
        }
        guard let loopCount else { return }  // plays once
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
        let name = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(name.count), name), "EGifPutExtensionBlock")
        let loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8 & 0xFF)]
        try check(EGifPutExtensionBlock(gif, Int32(loop.count), loop), "EGifPutExtensionBlock")
        try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
    }

    func put(_ frame: GIFFrame) throws(CLibraryError) {
        let gif = try handle()
        var control = GraphicsControlBlock(DisposalMode: frame.disposal.rawValue, UserInputFlag: false, DelayTime: Int32(frame.delay),
                                           TransparentColor: frame.transparentIndex.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "EGifPutExtension")
        if let local = frame.localPalette {
            try Self.withColorMap(Array(local.prefix(1 << frame.codeSize))) { map throws(CLibraryError) in
                try putImageDesc(frame, map)
            }
        } else if frame.codeSize < globalBits {
            // giflib takes the code size from the colour table in force when the image descriptor is
            // written (`EGifSetupCompress`): for the frame's code size, a table of that size stands in for
            // the global one while it is, and the global one is put back before anything else.
            let global = gif.pointee.SColorMap
            try Self.withColorMap([UInt32](repeating: 0, count: 1 << frame.codeSize)) { map throws(CLibraryError) in
                gif.pointee.SColorMap = map
                defer { gif.pointee.SColorMap = global }
                try putImageDesc(frame, nil)
            }
        } else {
            try putImageDesc(frame, nil)
        }
        try putData(frame.data)
    }

    private func putImageDesc(_ frame: GIFFrame, _ map: UnsafeMutablePointer<ColorMapObject>?) throws(CLibraryError) {
        try check(EGifPutImageDesc(try handle(), Int32(frame.x), Int32(frame.y), Int32(frame.width), Int32(frame.height), false, map),
                  "EGifPutImageDesc")
    }

    /// Finishes the file. giflib frees its handle even when closing fails.
    func finish() throws(CLibraryError) {
        guard let gif else { return }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw gifError(error, "EGifCloseFile") }
    }

    // MARK: - giflib calls

    /// giflib's handle, for the tests that hold tabanim's code streams to what giflib's own compressor writes.
    func withHandle(_ body: (UnsafeMutablePointer<GifFileType>) throws -> Void) throws {
        try body(try handle())
    }

    private func handle() throws(CLibraryError) -> UnsafeMutablePointer<GifFileType> {
        guard let gif else { throw CLibraryError(library: "giflib", function: "write", message: "file already closed") }
        return gif
    }

    private func check(_ result: Int32, _ function: String) throws(CLibraryError) {
        guard result == GIF_OK else { throw gifError(gif?.pointee.Error ?? 0, function) }
    }

    /// The image's LZW code stream, sub-block by sub-block (each its length byte and bytes), then the block
    /// terminator. giflib wrote the code-size byte with the image descriptor (`EGifSetupCompress`, from the
    /// colour table in force: hence `put`'s stand-in table); its own compressor is not used.
    private func putData(_ data: LZWCodeStream) throws(CLibraryError) {
        let gif = try handle()
        let failed = data.blocks.withUnsafeBufferPointer { blocks -> Bool in
            var start = 0
            while start < blocks.count {
                let block = blocks.baseAddress! + start
                guard (start == 0 ? EGifPutCode(gif, Int32(data.codeSize), block) : EGifPutCodeNext(gif, block)) == GIF_OK else { return true }
                start += Int(block.pointee) + 1
            }
            return EGifPutCodeNext(gif, nil) != GIF_OK
        }
        if failed { throw gifError(gif.pointee.Error, "EGifPutCodeNext") }
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
