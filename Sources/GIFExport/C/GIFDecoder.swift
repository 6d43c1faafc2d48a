import CGif
import Drawing
import Foundation
import Graphics
import Outputs

/// A GIF read back with giflib and composited frame by frame, as a viewer plays it. Used by the tests and
/// by anyone who wants to check what a GIF really shows.
public struct DecodedGIF: Sendable {
    public struct Frame: Sendable {
        /// Straight RGBA, `width × height × 4` bytes: the whole canvas after this frame is drawn.
        public var rgba: [UInt8]
        /// In centiseconds, as stored.
        public var delay: Int
        public var disposal: Int
        /// The rectangle this frame's image covers.
        public var x: Int, y: Int, width: Int, height: Int
    }

    public var width: Int
    public var height: Int
    /// 0 = forever; nil when the file has no NETSCAPE2.0 extension (plays once).
    public var loopCount: Int?
    public var frames: [Frame]

    /// The picture shown at the start of each frame of an animation whose frames last `delays` (centiseconds,
    /// `GIFTiming.delays`): the GIF frame playing then. (tabanim writes a frame that changes nothing as a
    /// longer delay of the one before, so the GIF may hold fewer frames than the animation.) Past the GIF's
    /// end, its last frame.
    public func frames(at delays: [Int]) -> [Frame] {
        guard let first = frames.first else { return [] }
        var shown: [Frame] = [], start = 0, index = 0, end = first.delay
        for delay in delays {
            while index + 1 < frames.count, start >= end {
                index += 1
                end += frames[index].delay
            }
            shown.append(frames[index])
            start += delay
        }
        return shown
    }

    /// This GIF with a frame per frame of the animation it shows at `fps` (`frames(at:)`): as many frames as
    /// its length holds at that rate (`GIFTiming`'s delays add up to the animation's length, rounded to a
    /// centisecond, and each is at least 2 cs, so the count is exact).
    public func playing(fps: Double) -> DecodedGIF {
        var played = self
        let frameCount = Int((Double(duration) * fps / 100).rounded())
        played.frames = frames(at: GIFTiming.delays(frameCount: frameCount, fps: fps))
        return played
    }

    /// Decoded with a frame per frame of the animation it shows at `fps` (`playing(fps:)`).
    public init(path: String, playedAt fps: Double) throws(CLibraryError) {
        self = try DecodedGIF(path: path).playing(fps: fps)
    }

    /// The GIF's length in centiseconds: its delays added up.
    public var duration: Int { frames.reduce(0) { $0 + $1.delay } }

    public init(path: String) throws(CLibraryError) {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { throw gifError(error, "DGifOpenFileName") }
        defer { DGifCloseFile(gif, nil) }
        guard DGifSlurp(gif) == GIF_OK else { throw gifError(gif.pointee.Error, "DGifSlurp") }
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        frames = []
        loopCount = nil
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<Int(gif.pointee.ImageCount) {
            let saved = gif.pointee.SavedImages[index]
            var control = GraphicsControlBlock()
            DGifSavedExtensionToGCB(gif, Int32(index), &control)
            for e in 0..<Int(saved.ExtensionBlockCount) {
                let block = saved.ExtensionBlocks[e]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                   String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
                   e + 1 < Int(saved.ExtensionBlockCount) {
                    let sub = saved.ExtensionBlocks[e + 1]
                    if sub.ByteCount >= 3 { loopCount = Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8 }
                }
            }
            let d = saved.ImageDesc
            guard let map = d.ColorMap ?? gif.pointee.SColorMap else {
                throw CLibraryError(library: "giflib", function: "DGifSlurp", message: "frame \(index) has no color map")
            }
            let before = canvas
            for row in 0..<Int(d.Height) {
                for column in 0..<Int(d.Width) {
                    let x = Int(d.Left) + column, y = Int(d.Top) + row
                    guard x < width, y < height else { continue }
                    let value = Int(saved.RasterBits[row * Int(d.Width) + column])
                    if value == Int(control.TransparentColor) || value >= Int(map.pointee.ColorCount) { continue }
                    let color = map.pointee.Colors[value]
                    let o = (y * width + x) * 4
                    canvas[o] = color.Red; canvas[o + 1] = color.Green; canvas[o + 2] = color.Blue; canvas[o + 3] = 255
                }
            }
            frames.append(Frame(rgba: canvas, delay: Int(control.DelayTime), disposal: Int(control.DisposalMode),
                                x: Int(d.Left), y: Int(d.Top), width: Int(d.Width), height: Int(d.Height)))
            switch control.DisposalMode {
            case DISPOSE_BACKGROUND:
                for row in 0..<Int(d.Height) {
                    for column in 0..<Int(d.Width) where Int(d.Left) + column < width && Int(d.Top) + row < height {
                        let o = ((Int(d.Top) + row) * width + Int(d.Left) + column) * 4
                        canvas[o] = 0; canvas[o + 1] = 0; canvas[o + 2] = 0; canvas[o + 3] = 0
                    }
                }
            case DISPOSE_PREVIOUS: canvas = before
            default: break
            }
        }
    }
}
