import Foundation

/// Writes a GIF89a file block by block (the format is simple enough that tabanim writes it itself: it
/// chooses each frame's LZW stream, see `LZWEncoder`). Bytes are buffered and flushed to the file as they
/// grow, so memory stays small whatever the animation's length.
final class GIFStreamWriter {
    enum Disposal: UInt8 {
        /// Leave the frame in place for the next one to draw over (DISPOSE_DO_NOT).
        case keep = 1
        /// Put back what was under the frame before the next one is drawn (DISPOSE_PREVIOUS).
        case previous = 3
    }

    /// One frame: a rectangle of palette indices, already LZW-compressed.
    struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        /// nil: the global colour table.
        var localPalette: [UInt32]?
        var transparentIndex: UInt8?
        var disposal: Disposal
        /// Centiseconds.
        var delay: Int
        var minimumCodeSize: Int
        var lzw: [UInt8]
    }

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let path: String

    init(path: String) throws {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CLibraryError(library: "Foundation", function: "FileHandle", message: "cannot create \(path)")
        }
        self.handle = handle
        buffer.reserveCapacity(1 << 18)
    }

    deinit { try? handle.close() }

    /// Header, logical screen descriptor with the global colour table, and the NETSCAPE2.0 loop extension
    /// (`loopCount` 0 loops forever).
    func putHeader(width: Int, height: Int, globalPalette: [UInt32], loopCount: Int) {
        buffer += Array("GIF89a".utf8)
        putShort(width); putShort(height)
        let bits = Self.tableBits(globalPalette.count)
        // Global colour table present, 8 bits of colour resolution, not sorted, size 2^(bits+1).
        buffer += [0x80 | 0x70 | UInt8(bits - 1), 0, 0]
        putColorTable(globalPalette, bits: bits)
        buffer += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
        putShort(loopCount)
        buffer.append(0)
    }

    func put(_ frame: Frame) throws {
        // Graphic control extension: disposal, transparency, delay.
        let flags = frame.disposal.rawValue << 2 | (frame.transparentIndex == nil ? 0 : 1)
        buffer += [0x21, 0xF9, 4, flags]
        putShort(frame.delay)
        buffer += [frame.transparentIndex ?? 0, 0]
        // Image descriptor and the optional local colour table.
        buffer.append(0x2C)
        putShort(frame.x); putShort(frame.y); putShort(frame.width); putShort(frame.height)
        if let palette = frame.localPalette {
            let bits = Self.tableBits(palette.count)
            buffer.append(0x80 | UInt8(bits - 1))
            putColorTable(palette, bits: bits)
        } else {
            buffer.append(0)
        }
        // The code stream in sub-blocks of at most 255 bytes.
        buffer.append(UInt8(frame.minimumCodeSize))
        var start = 0
        while start < frame.lzw.count {
            let end = min(start + 255, frame.lzw.count)
            buffer.append(UInt8(end - start))
            buffer += frame.lzw[start..<end]
            start = end
        }
        buffer.append(0)
        if buffer.count >= 1 << 18 { try flush() }
    }

    /// The trailer; flushes and closes the file.
    func finish() throws {
        buffer.append(0x3B)
        try flush()
        try handle.close()
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// A colour table holds 2^bits entries, bits from 1 to 8.
    private static func tableBits(_ count: Int) -> Int {
        var bits = 1
        while 1 << bits < count { bits += 1 }
        return bits
    }

    private func putColorTable(_ palette: [UInt32], bits: Int) {
        for i in 0..<1 << bits {
            let color = i < palette.count ? palette[i] : 0
            buffer += [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
        }
    }

    private func putShort(_ value: Int) {
        buffer += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }
}
