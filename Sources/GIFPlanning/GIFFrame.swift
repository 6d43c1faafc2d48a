/// One frame of a GIF as tabanim plans it, for `GIFStreamWriter` to hand to giflib: a rectangle of
/// palette indices, as their LZW code stream, with its graphic control (disposal, delay, transparency).
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
    /// The rectangle's indices, one per pixel row by row, compressed (`LZWPlanner`).
    public var data: LZWCodeStream
    /// The LZW minimum code size (2…8): every index is below 2^codeSize. A local palette is written with
    /// that many entries; the global one may be larger, its extra entries unused by this frame.
    public var codeSize: Int { data.codeSize }

    public init(x: Int, y: Int, width: Int, height: Int, localPalette: [UInt32]?, transparentIndex: UInt8?, disposal: Disposal,
                delay: Int, data: LZWCodeStream) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.localPalette = localPalette
        self.transparentIndex = transparentIndex
        self.disposal = disposal
        self.delay = delay
        self.data = data
    }
}
