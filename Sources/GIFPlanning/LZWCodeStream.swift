/// The LZW code stream of one GIF image as the file stores it (GIF89a, appendix F): variable-width codes
/// packed least significant bit first into data sub-blocks of at most 255 bytes, each after its length byte.
/// Codes start one bit wider than the minimum code size and widen when the next code to define no longer
/// fits, up to 12 bits, as decoders expect (and as giflib's `EGifCompressOutput` writes them).
///
/// tabanim writes the codes `LZWPlanner` chooses; giflib writes the rest of the file around them
/// (`EGifPutCode`).
public struct LZWCodeStream: Sendable {
    /// The largest code GIF's 12-bit codes hold.
    public static let maximumCode = 4095

    public let codeSize: Int
    public var clearCode: Int { 1 << codeSize }
    public var endCode: Int { clearCode + 1 }
    /// The code the next dictionary entry gets; `maximumCode + 1` once the dictionary is full.
    public private(set) var nextCode: Int
    private var width: Int
    /// Bits not yet in a whole byte, and how many.
    private var accumulator: UInt64 = 0
    private var pendingBits = 0
    /// The sub-blocks so far, with their length bytes; the last may still be filling.
    public private(set) var blocks: [UInt8] = []
    private var lastBlockLength = 0

    /// A stream that starts with a clear code, as every image's does.
    public init(codeSize: Int) {
        precondition((2...8).contains(codeSize), "GIF's minimum code size is 2…8")
        self.codeSize = codeSize
        width = codeSize + 1
        nextCode = (1 << codeSize) + 2
        write(clearCode)
    }

    /// Writes `code` with the current width; the codes after it are a bit wider when the next code to
    /// define no longer fits (checked after every code, as giflib does, so the end code too is written
    /// as wide as the decoder then reads).
    @inline(__always)
    public mutating func write(_ code: Int) {
        accumulator |= UInt64(code) << UInt64(pendingBits)
        pendingBits += width
        while pendingBits >= 8 {
            put(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pendingBits -= 8
        }
        if nextCode >= 1 << width, width < 12 { width += 1 }
    }

    /// Counts the entry the decoder defines for the code just written (its string plus the first pixel of
    /// the next), unless the dictionary is full.
    @inline(__always)
    public mutating func define() {
        if nextCode <= Self.maximumCode { nextCode += 1 }
    }

    /// A clear code: the decoder empties its dictionary.
    public mutating func clear() {
        write(clearCode)
        width = codeSize + 1
        nextCode = clearCode + 2
    }

    /// The end code and the last partial byte; the stream is then complete.
    public mutating func finish() {
        write(endCode)
        if pendingBits > 0 {
            put(UInt8(truncatingIfNeeded: accumulator))
            accumulator = 0
            pendingBits = 0
        }
    }

    /// The image data's size in the file: the code-size byte, the sub-blocks with their length bytes and
    /// the block terminator.
    public var dataSize: Int { 1 + blocks.count + 1 }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        if blocks.isEmpty || lastBlockLength == 255 {
            blocks.append(0)
            lastBlockLength = 0
        }
        blocks.append(byte)
        lastBlockLength += 1
        blocks[blocks.count - lastBlockLength - 1] = UInt8(lastBlockLength)
    }

    /// The LZW minimum code size for indices below `count`: GIF allows 2…8.
    public static func codeSize(forIndicesBelow count: Int) -> Int {
        var bits = 2
        while 1 << bits < count { bits += 1 }
        return bits
    }
}
