import CGif
import Foundation

func gifError(_ code: Int32, _ function: String) -> CLibraryError {
    let message = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    return CLibraryError(library: "giflib", function: function, message: message)
}

/// A GIF89a file being written with giflib.
final class GIFFileWriter {
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

    private func check(_ result: Int32, _ function: String) throws(CLibraryError) {
        guard result == GIF_OK else { throw gifError(gif?.pointee.Error ?? 0, function) }
    }

    private var handle: UnsafeMutablePointer<GifFileType> {
        get throws(CLibraryError) {
            guard let gif else { throw CLibraryError(library: "giflib", function: "write", message: "file already closed") }
            return gif
        }
    }

    func putScreen(width: Int, height: Int) throws(CLibraryError) {
        try check(EGifPutScreenDesc(try handle, Int32(width), Int32(height), 8, 0, nil), "EGifPutScreenDesc")
    }

    /// The NETSCAPE2.0 application extension: `count` 0 loops forever.
    func putLoop(count: Int) throws(CLibraryError) {
        let gif = try handle
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
        let name = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, Int32(name.count), name), "EGifPutExtensionBlock")
        let loop: [UInt8] = [1, UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF)]
        try check(EGifPutExtensionBlock(gif, Int32(loop.count), loop), "EGifPutExtensionBlock")
        try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
    }

    enum Disposal: Int32 {
        case none = 0
        /// Leave the frame in place for the next one to draw over (DISPOSE_DO_NOT).
        case keep = 1
        case background = 2
    }

    /// One frame: a rectangle of palette indices with its own (local) palette.
    func putFrame(x: Int, y: Int, width: Int, height: Int, image: IndexedImage, delay centiseconds: Int,
                  disposal: Disposal, transparentIndex: Int?) throws(CLibraryError) {
        let gif = try handle
        var control = GraphicsControlBlock(DisposalMode: disposal.rawValue, UserInputFlag: false,
                                           DelayTime: Int32(centiseconds), TransparentColor: transparentIndex.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "EGifPutExtension")

        // GifMakeMapObject wants a power-of-two color count.
        var size = 2
        while size < image.palette.count { size *= 2 }
        var colors = image.palette.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), colors) else {
            throw CLibraryError(library: "giflib", function: "GifMakeMapObject", message: "cannot make a color map")
        }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(x), Int32(y), Int32(width), Int32(height), false, map), "EGifPutImageDesc")
        var indices = image.indices
        try indices.withUnsafeMutableBufferPointer { buffer throws(CLibraryError) in
            for row in 0..<height {
                try check(EGifPutLine(gif, buffer.baseAddress! + row * width, Int32(width)), "EGifPutLine")
            }
        }
    }

    /// Finishes the file. giflib frees its handle even when closing fails.
    func close() throws(CLibraryError) {
        guard let gif else { return }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw gifError(error, "EGifCloseFile") }
    }
}
