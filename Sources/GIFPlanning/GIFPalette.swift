import Foundation

/// The GIF's global colour table: exact when the whole animation has at most 256 colours (lossless),
/// otherwise libimagequant's palette for the histogram of every pixel the GIF shows. One entry is kept
/// for transparency whenever it fits.
public struct GIFPalette: Equatable, Sendable {
    /// The colour table as written: with a transparent entry, that entry (index 0) then the colours.
    public var table: [UInt32]
    /// Unchanged pixels inside a frame's rectangle may use it; nil when all 256 entries hold colours.
    public var transparentIndex: UInt8?
    /// Every colour of the animation is in the table.
    public var isExact: Bool
    /// The census colours' mean distance (`ColorMapper.distance`) to their nearest entry, weighted by how
    /// long they are shown: 0 when exact.
    public var meanError = 0.0
    /// How many colours the animation shows (the census's), when the palette was made from one.
    public var colorCount: Int?

    public init(colors: [UInt32], hasTransparentEntry: Bool, isExact: Bool) {
        table = hasTransparentEntry ? [0] + colors : colors
        transparentIndex = hasTransparentEntry ? 0 : nil
        self.isExact = isExact
    }

    /// The palette for a census of the animation's colours (`quantize`: libimagequant's palette for a
    /// histogram, through `Export`, when there are more than 256). Entries are ordered by how often pixels
    /// change to them, the transparent entry first: a frame is coded with the smallest LZW code size that
    /// holds its indices, so the colours of moving parts are cheapest at the front.
    /// `maximumColors` (2–256): fewer colours for a smaller file (`--max-size`); the default is a GIF's 256.
    public init(_ census: ColorCensus, maximumColors: Int = 256,
                quantize: (_ histogram: [(color: UInt32, count: Int)], _ maxColors: Int) throws -> [UInt32]) rethrows {
        let counts = census.finished().sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let limit = Self.entries(for: maximumColors)
        var colors: [UInt32]
        if counts.count <= limit {
            colors = counts.map(\.key)
        } else {
            colors = try quantize(counts.map { ($0.key, $0.value) }, limit - 1)
            Self.fill(&colors, upTo: limit - 1, from: counts)
        }
        // How often each entry is drawn by a change.
        var mapper = ColorMapper(palette: colors)
        var use = [Int](repeating: 0, count: colors.count)
        for (color, count) in census.changes.entries { use[Int(mapper.index(of: color))] += count }
        let order = colors.indices.sorted { use[$0] != use[$1] ? use[$0] > use[$1] : $0 < $1 }
        colors = order.map { colors[$0] }
        self.init(colors: colors, hasTransparentEntry: colors.count < 256, isExact: counts.count <= limit)
        var total = 0.0, weight = 0.0
        for (color, count) in counts {
            total += Double(count * ColorMapper.distance(color, mapper.palette[Int(mapper.index(of: color))]))
            weight += Double(count)
        }
        meanError = total / max(1, weight)
        colorCount = counts.count
    }
}

extension GIFPalette {
    /// How many colours a palette asked for `maximumColors` holds: 2 to 256, a GIF's table.
    public static func entries(for maximumColors: Int) -> Int { min(max(maximumColors, 2), 256) }

    /// libimagequant may return fewer colours than allowed; the free entries take the census colours it
    /// serves worst (weight × squared error), exactly.
    static func fill(_ colors: inout [UInt32], upTo limit: Int, from counts: [(key: UInt32, value: Int)]) {
        guard colors.count < limit else { return }
        var mapper = ColorMapper(palette: colors)
        let worst = counts.map { entry -> (color: UInt32, cost: Int) in
            (entry.key, entry.value * ColorMapper.distance(entry.key, mapper.palette[Int(mapper.index(of: entry.key))]))
        }.filter { $0.cost > 0 }.sorted { $0.cost != $1.cost ? $0.cost > $1.cost : $0.color < $1.color }
        colors += worst.prefix(limit - colors.count).map(\.color)
    }
}

/// The first pass over the frames: every colour the GIF will show, weighted by how long it is shown
/// (pixels × frames), so that the palette serves what a viewer sees for longest: the static parts of the
/// picture as much as the moving ones. Counted when a pixel changes, so a static stretch costs nothing.
public struct ColorCensus: Sendable {
    private(set) var counts = ColorTally()
    /// How many pixels changed to each colour after the first frame: the colours frame rectangles are made of.
    private(set) var changes = ColorTally()
    private var previous: [UInt32] = []
    /// The frame (from 0) since which each pixel has shown its colour in `previous`.
    private var since: [Int32] = []
    private var frames = 0

    public init() {}

    /// Counts the next frame: opaque `0xFFRRGGBB` pixels, or nil for the same picture as the frame before,
    /// shown for `shownFor` frames (more than one where the census samples the animation).
    public mutating func add(_ pixels: [UInt32]?, shownFor: Int = 1) {
        defer { frames += shownFor }
        guard let pixels else { return }  // the same picture as the frame before
        if previous.count != pixels.count {
            previous = pixels
            since = [Int32](repeating: Int32(frames), count: pixels.count)
            return
        }
        let now = Int32(frames)
        var shown = RunTally(), arrived = RunTally()
        // The tallies taken out for the loop (unshared, not copied), put back after.
        var counts = ColorTally(), changes = ColorTally()
        swap(&counts, &self.counts)
        swap(&changes, &self.changes)
        defer {
            swap(&counts, &self.counts)
            swap(&changes, &self.changes)
        }
        pixels.withUnsafeBufferPointer { pixels in
            previous.withUnsafeMutableBufferPointer { previous in
                since.withUnsafeMutableBufferPointer { since in
                    // Most of most frames is the same: compared a block at a time first.
                    var start = 0
                    while start < pixels.count {
                        let end = min(pixels.count, start + 256)
                        defer { start = end }
                        guard memcmp(pixels.baseAddress! + start, previous.baseAddress! + start, (end - start) * 4) != 0 else { continue }
                        for i in start..<end where pixels[i] != previous[i] {
                            arrived.add(pixels[i], weight: 1, into: &changes)
                            shown.add(previous[i], weight: Int(now - since[i]), into: &counts)
                            previous[i] = pixels[i]
                            since[i] = now
                        }
                    }
                }
            }
        }
        shown.flush(into: &counts)
        arrived.flush(into: &changes)
    }

    /// Adds another census's colours (another GIF's frames, for one palette shared by both): each GIF
    /// weighs as much as its frames show.
    public mutating func absorb(_ other: ColorCensus) {
        for (color, count) in other.finished() { counts.add(count, to: color) }
        for (color, count) in other.changes.entries { changes.add(count, to: color) }
    }

    /// Every colour with its weight, once all frames are added.
    public func finished() -> [(key: UInt32, value: Int)] {
        var counts = counts
        var shown = RunTally()
        for i in 0..<previous.count { shown.add(previous[i], weight: Int(Int32(frames) - since[i]), into: &counts) }
        shown.flush(into: &counts)
        return counts.entries
    }
}

/// Adds up runs of one colour with one weight before touching the dictionary: flat UI is mostly runs.
private struct RunTally {
    private var color: UInt32 = 0
    private var weight = 0
    private var length = 0

    mutating func add(_ color: UInt32, weight: Int, into counts: inout ColorTally) {
        if color == self.color, weight == self.weight {
            length += 1
            return
        }
        flush(into: &counts)
        self.color = color
        self.weight = weight
        length = 1
    }

    mutating func flush(into counts: inout ColorTally) {
        if length > 0 { counts.add(length * weight, to: color) }
        length = 0
    }
}

/// A count per opaque colour, in an open-addressing table: a census adds to it once per run of changed
/// pixels, tens of thousands of times a frame for a gradient, where `Dictionary`'s seeded hashing was the
/// cost. 0 (transparent black, never an opaque pixel) marks an empty slot.
struct ColorTally: Sendable {
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var values = [Int](repeating: 0, count: 1024)
    private(set) var count = 0

    mutating func add(_ amount: Int, to color: UInt32) {
        precondition(color != 0, "opaque colours only")
        var slot = Self.slot(color, keys.count)
        while keys[slot] != 0, keys[slot] != color { slot = (slot + 1) & (keys.count - 1) }
        if keys[slot] == 0 {
            keys[slot] = color
            count += 1
        }
        values[slot] += amount
        if count * 2 > keys.count { grow() }
    }

    /// Every colour with its count, in no particular order.
    var entries: [(key: UInt32, value: Int)] {
        zip(keys, values).compactMap { $0 == 0 ? nil : (key: $0, value: $1) }
    }

    private static func slot(_ color: UInt32, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
    }

    private mutating func grow() {
        let old = entries
        keys = [UInt32](repeating: 0, count: keys.count * 2)
        values = [Int](repeating: 0, count: keys.count)
        count = 0
        for (color, value) in old { add(value, to: color) }
    }
}
