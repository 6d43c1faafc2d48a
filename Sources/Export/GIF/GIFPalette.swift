/// The GIF's global colour table: exact when the whole animation has at most 256 colours (lossless),
/// otherwise libimagequant's palette for the histogram of every pixel the GIF shows. One entry is kept
/// for transparency whenever it fits.
struct GIFPalette: Equatable {
    var colors: [UInt32]
    /// Unchanged pixels inside a frame's rectangle may use it; nil when all 256 entries hold colours.
    var transparentIndex: UInt8?
    /// Every colour of the animation is in `colors`.
    var isExact: Bool

    /// The colour table as written: the colours, then the transparent entry.
    var table: [UInt32] { transparentIndex == nil ? colors : colors + [0] }

    init(colors: [UInt32], transparentIndex: UInt8?, isExact: Bool) {
        self.colors = colors
        self.transparentIndex = transparentIndex
        self.isExact = isExact
    }

    /// The palette for a census of the animation's colours.
    init(_ census: ColorCensus) throws(CLibraryError) {
        let counts = census.counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        if counts.count <= 256 {
            self.init(colors: counts.map(\.key), transparentIndex: counts.count < 256 ? UInt8(counts.count) : nil, isExact: true)
        } else {
            let colors = try Quantizer.palette(histogram: counts.map { ($0.key, $0.value) }, maxColors: 255)
            self.init(colors: colors, transparentIndex: UInt8(colors.count), isExact: false)
        }
    }
}

/// The first pass over the frames: every colour the GIF will show (those of the first frame, then of each
/// pixel that changes), with how many pixels show it, as ffmpeg's `palettegen=stats_mode=diff` counts.
struct ColorCensus {
    private(set) var counts: [UInt32: Int] = [:]
    private var previous: [UInt32] = []

    mutating func add(_ frame: RenderedFrame) {
        guard case .pixels(let pixels) = frame else { return }
        defer { previous = pixels }
        // Runs of one colour are counted at once: flat UI is mostly runs.
        var run: UInt32 = 0, length = 0
        let compare = previous.count == pixels.count
        for i in 0..<pixels.count {
            let color = pixels[i]
            if compare, previous[i] == color { continue }
            if color == run {
                length += 1
            } else {
                if length > 0 { counts[run, default: 0] += length }
                run = color
                length = 1
            }
        }
        if length > 0 { counts[run, default: 0] += length }
    }
}
