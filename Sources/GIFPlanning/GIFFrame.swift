/// One frame of a GIF as tabanim plans it, for `GIFStreamWriter` to hand to giflib: a rectangle of
/// palette indices with its graphic control (disposal, delay, transparency).
public struct GIFFrame: Sendable {
    /// What a viewer does with the frame before drawing the next one (GIF89a's disposal methods).
    public enum Disposal: Int32, Sendable {
        /// Leave the frame in place for the next one to draw over (1, "do not dispose").
        case keep = 1
        /// Put back what was under the frame before the next one is drawn (3, "restore to previous").
        case previous = 3
    }

    public var x: Int, y: Int, width: Int, height: Int
    /// nil: the global colour table.
    public var localPalette: [UInt32]?
    public var transparentIndex: UInt8?
    public var disposal: Disposal
    /// Centiseconds.
    public var delay: Int
    /// The LZW minimum code size (2…8): every index is below 2^codeSize. A local palette is written with
    /// that many entries; the global one may be larger, its extra entries unused by this frame.
    public var codeSize: Int
    /// One per pixel of the rectangle, row by row.
    public var indices: [UInt8]

    public init(x: Int, y: Int, width: Int, height: Int, localPalette: [UInt32]?, transparentIndex: UInt8?, disposal: Disposal,
                delay: Int, codeSize: Int, indices: [UInt8]) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.localPalette = localPalette
        self.transparentIndex = transparentIndex
        self.disposal = disposal
        self.delay = delay
        self.codeSize = codeSize
        self.indices = indices
    }
}
