/// Chooses how to write the pixels of a frame that may be written more than one way, so that LZW makes long
/// strings of them, and writes their code stream. A pixel the viewer's canvas already shows may be written
/// as its own index or as the transparent one; with `Latitude`'s bounds, a pixel may also be written as any
/// colour close enough to its true colour (another entry, or the canvas's through transparency).
///
/// The compression is greedy, as giflib's (`EGifCompressLine`) and gifsicle's are: the current string is
/// extended while the dictionary holds the string plus the next pixel; then the string's code is written,
/// (string + that pixel) becomes the next code, and the next string starts from that pixel; when the next
/// code would be 4095, a clear code empties the dictionary instead. For each string the planner searches
/// the dictionary for the longest match over every choice of the pixels ahead (depth first, a bounded
/// number of branches) and fixes those pixels to that match. For indices without latitude the stream is
/// byte for byte giflib's (tested); giflib writes the rest of the file (`GIFStreamWriter`).
public struct LZWPlanner {
    /// What each pixel may be written as, besides its own index.
    public struct Latitude: Sendable {
        /// The transparent index, for pixels the canvas already shows (`unchanged`) or, within `limit`,
        /// shows close enough; nil when the frame has none.
        public var transparent: UInt8?
        public var unchanged: [Bool]
        /// For writing pixels as other colours than their own index's: their true colours, what the canvas
        /// shows under them (opaque `0xFFRRGGBB`, or 0 where nothing is drawn yet), the colour table
        /// (entries beyond it are never written) and how far (`ColorMapper.distance`) from the true colour
        /// each pixel may be written. Empty: exact only.
        public var truth: [UInt32] = []
        public var shown: [UInt32] = []
        public var table: [UInt32] = []
        public var limit: [Int32] = []

        public init(transparent: UInt8?, unchanged: [Bool], truth: [UInt32] = [], shown: [UInt32] = [], table: [UInt32] = [],
                    limit: [Int32] = []) {
            self.transparent = transparent
            self.unchanged = unchanged
            self.truth = truth
            self.shown = shown
            self.table = table
            self.limit = limit
        }

        public var isLossy: Bool { !limit.isEmpty }
    }

    /// The planned indices and their LZW code stream.
    public struct Plan: Sendable {
        public var indices: [UInt8]
        public var stream: LZWCodeStream
        /// The bytes the image data takes in the file (the code-size byte, the sub-blocks with their length
        /// bytes, and the terminator).
        public var dataSize: Int { stream.dataSize }
    }

    /// How many branches the search for one string may open before taking the longest found.
    public let searchBudget: Int

    /// `children[code << 8 | symbol]`: the code of the string `code` + `symbol`; 0 for none (codes below the
    /// clear code are single pixels, never anyone's child). Emptied through `used`, not as a whole.
    private var children = [UInt16](repeating: 0, count: 4096 << 8)
    private var used: [Int] = []
    /// Each code's children as a list (first child, next sibling; 0 ends) and the symbol that made it.
    /// (One record per code, so that following a string touches one cache line per step, not four.)
    private var entries = [Entry](repeating: Entry(), count: 4096)

    private struct Entry {
        var firstChild: UInt16 = 0, nextSibling: UInt16 = 0, childCount: UInt16 = 0
        /// The string's last pixel, and the string without it (none for a single pixel).
        var lastSymbol: UInt8 = 0
        /// The first child's last pixel (in the byte the layout pads anyway): most strings on a long run
        /// have one child, and following them then reads one entry per pixel, not the child's as well.
        var firstChildSymbol: UInt8 = 0
        var parent: UInt16 = 0
        /// How many pixels the string is when they are all `lastSymbol` (a run); 0 when it is not.
        var runLength: UInt16 = 0
    }
    /// `runs[symbol][n - 1]`: the code of the run of n `symbol`s. LZW adds a run one pixel longer than the
    /// longest it has, so each symbol's runs are every length up to its longest.
    private var runs = [[UInt16]](repeating: [], count: 256)
    /// The search: nodes reached (dictionary code and the next pixel) and those still to expand.
    private var trail = Stack<Node>()
    private var pending = Stack<Int>()
    /// The ways the pixel being looked at continues a string: child code and symbol.
    private var choices = Stack<Choice>()

    /// The frame being planned: its indices, what each pixel allows (`transparentAllowed`, `entriesAllowed`),
    /// and the latitude's colours and bounds.
    private var own: [UInt8] = []
    private var allows: [UInt8] = []
    private var latitude = Latitude(transparent: nil, unchanged: [])
    private var transparent = -1
    private static let transparentAllowed: UInt8 = 1, entriesAllowed: UInt8 = 2
    /// How many of a string's children are tried as substitutes for a pixel (the newest first).
    static let substituteScan = 16

    private struct Node {
        var code: Int, position: Int
    }

    private struct Choice {
        var code: Int, symbol: UInt8
    }

    /// A list emptied for every string (several times per pixel): emptying it only resets its count, where
    /// `Array.removeAll(keepingCapacity:)` goes through `replaceSubrange`, costly at that rate.
    private struct Stack<Element> {
        private var storage: [Element] = []
        private(set) var count = 0

        var indices: Range<Int> { 0..<count }

        subscript(index: Int) -> Element {
            get { storage[index] }
            set { storage[index] = newValue }
        }

        mutating func append(_ element: Element) {
            if count < storage.count { storage[count] = element } else { storage.append(element) }
            count += 1
        }

        mutating func popLast() -> Element? {
            guard count > 0 else { return nil }
            count -= 1
            return storage[count]
        }

        mutating func removeAll() { count = 0 }
    }

    public init(searchBudget: Int = 64) {
        self.searchBudget = searchBudget
        used.reserveCapacity(4096)
    }

    /// giflib's image-data size for `indices` as they are, with `codeSize` as the LZW minimum code size.
    public mutating func size(of indices: [UInt8], codeSize: Int) -> Int {
        plan(indices, latitude: nil, codeSize: codeSize).dataSize
    }

    /// Plans `indices` (each below 2^`codeSize`, the LZW minimum code size, 2…8) with `latitude`.
    public mutating func plan(_ indices: [UInt8], latitude: Latitude?, codeSize: Int) -> Plan {
        precondition((2...8).contains(codeSize) && Int(indices.max() ?? 0) >> codeSize == 0, "every index below 2^codeSize")
        own = indices
        allows = latitude.map { Self.allows($0, own: indices) } ?? []
        transparent = latitude?.transparent.map(Int.init) ?? -1
        self.latitude = latitude ?? Latitude(transparent: nil, unchanged: [])
        defer {
            own = []
            allows = []
            self.latitude = Latitude(transparent: nil, unchanged: [])
        }
        var out = indices
        var codes = LZWCodeStream(codeSize: codeSize)
        reset(codeSize)
        guard !indices.isEmpty else {
            codes.finish()
            return Plan(indices: out, stream: codes)
        }
        var match = longest(from: 0, after: nil, &out)
        while match.end < indices.count {
            codes.write(match.code)
            if codes.nextCode >= LZWCodeStream.maximumCode {
                // giflib writes a clear code instead of adding one: the next string starts afresh.
                codes.clear()
                reset(codeSize)
                match = longest(from: match.end, after: nil, &out)
            } else {
                match = longest(from: match.end, after: (match.code, codes.nextCode), &out)
                codes.define()
            }
        }
        codes.write(match.code)
        codes.finish()
        return Plan(indices: out, stream: codes)
    }

    /// Per pixel: whether it may be transparent, and whether other entries within its bound may stand in.
    /// A pixel given as the transparent index stays transparent.
    private static func allows(_ latitude: Latitude, own: [UInt8]) -> [UInt8] {
        let transparent = latitude.transparent.map(Int.init) ?? -1
        let lossy = latitude.isLossy, canBeTransparent = latitude.transparent != nil
        // (Every pixel of every rectangle searched passes here: through the buffers.)
        return [UInt8](unsafeUninitializedCapacity: latitude.unchanged.count) { allows, count in
            own.withUnsafeBufferPointer { own in
                latitude.unchanged.withUnsafeBufferPointer { unchanged in
                    latitude.shown.withUnsafeBufferPointer { shown in
                        latitude.truth.withUnsafeBufferPointer { truth in
                            latitude.limit.withUnsafeBufferPointer { limit in
                                for i in 0..<unchanged.count {
                                    var flags: UInt8 = 0
                                    if Int(own[i]) != transparent {
                                        // Through the bound only where the canvas shows an opaque colour: 0 is
                                        // nothing drawn yet.
                                        if canBeTransparent, unchanged[i]
                                            || (lossy && shown[i] >> 24 == 0xFF
                                                && ColorMapper.distance(shown[i], truth[i]) <= Int(limit[i])) {
                                            flags |= transparentAllowed
                                        }
                                        // A pixel the canvas already shows exactly is written exact (its own
                                        // index or transparent): other entries there made the search branch on
                                        // most pixels of a mostly unchanged rectangle for slightly longer files
                                        // (the demo: 0.04 % larger, its planning 8 % slower).
                                        if lossy, limit[i] > 0, !unchanged[i] { flags |= entriesAllowed }
                                    }
                                    allows[i] = flags
                                }
                            }
                        }
                    }
                }
            }
            count = latitude.unchanged.count
        }
    }

    // MARK: - Matching

    /// The longest string in the dictionary from pixel `start` over every choice of the pixels ahead; its
    /// symbols are written into `out`. `after`: the string just written and the code giflib gives
    /// (it + this string's first pixel), added before this string is matched (and usable by it).
    private mutating func longest(from start: Int, after previous: (code: Int, next: Int)?, _ out: inout [UInt8]) -> (code: Int, end: Int) {
        let first = own[start]
        guard !allows.isEmpty else {
            if let previous { add(previous.code, Int(first), code: previous.next) }
            var code = Int(first), position = start + 1
            while position < own.count {
                let symbol = Int(own[position])
                if let run = runAhead(code, symbol, from: position) {
                    (code, position) = run
                    continue
                }
                let child = self.child(code, symbol)
                if child == 0 { break }
                code = Int(child)
                position += 1
            }
            return (code, position)
        }
        // The string may start with the pixel's own index or, where allowed, the transparent one; the
        // longer wins, the transparent one on a tie (it makes runs across the unchanged parts).
        var best: (first: UInt8, leaf: Node) = (first, Node(code: -1, position: -1))
        let transparentFirst = transparent >= 0 && transparent != Int(first) && allows[start] & Self.transparentAllowed != 0
        for attempt in 0..<(transparentFirst ? 2 : 1) {
            let candidate = transparentFirst && attempt == 0 ? transparent : Int(first)
            if let previous { add(previous.code, candidate, code: previous.next) }
            search(from: candidate, at: start + 1)
            if let previous { remove(previous.code, candidate) }
            var leaf = 0
            for i in trail.indices where trail[i].position > trail[leaf].position { leaf = i }
            if trail[leaf].position > best.leaf.position { best = (UInt8(candidate), trail[leaf]) }
        }
        if let previous { add(previous.code, Int(best.first), code: previous.next) }
        return replay(start, leaf: best.leaf, &out)
    }

    /// Depth-first search of the dictionary from the single-pixel string `first`: follows pixels with one
    /// usable child, and branches where several continue the string (the own index's branch first).
    private mutating func search(from first: Int, at position: Int) {
        trail.removeAll()
        pending.removeAll()
        trail.append(walk(Node(code: first, position: position)))
        pending.append(0)
        var budget = searchBudget
        while budget > 0, let index = pending.popLast() {
            let node = trail[index], p = node.position
            guard p < own.count, allows[p] != 0 else { continue }
            budget -= 1
            gatherChoices(node.code, p)
            var ownBranch = -1
            for i in choices.indices {
                let choice = choices[i]
                trail.append(walk(Node(code: choice.code, position: p + 1)))
                if choice.symbol == own[p] { ownBranch = trail.count - 1 } else { pending.append(trail.count - 1) }
            }
            if ownBranch >= 0 { pending.append(ownBranch) }
        }
    }

    /// Calls `body` with each way pixel `p` may continue string `code` (its child code and symbol) until
    /// `body` returns false: its own index and the transparent one, looked up directly, and, for a pixel
    /// with a bound, the first `substituteScan` other children of the string within it. (A string the plan
    /// ends is one that neither the own index nor the transparent one continues, so giflib ends it there
    /// too.)
    @inline(__always)
    private func visitChoices(_ code: Int, _ p: Int, _ body: (Int, UInt8) -> Bool) {
        let symbol = Int(own[p]), flags = allows[p]
        let child = self.child(code, symbol)
        if child != 0, !body(child, UInt8(symbol)) { return }
        if flags & Self.transparentAllowed != 0, transparent != symbol {
            let other = self.child(code, transparent)
            if other != 0, !body(other, UInt8(transparent)) { return }
        }
        guard flags & Self.entriesAllowed != 0 else { return }
        let truth = latitude.truth[p], limit = Int(latitude.limit[p]), tableCount = latitude.table.count
        var next = Int(entries[code].firstChild), scanned = 0
        while next != 0, scanned < Self.substituteScan {
            let candidate = Int(entries[next].lastSymbol)
            if candidate != symbol, candidate != transparent, candidate < tableCount,
               ColorMapper.distance(latitude.table[candidate], truth) <= limit, !body(next, UInt8(candidate)) { return }
            next = Int(entries[next].nextSibling)
            scanned += 1
        }
    }

    /// Sets `choices` to every way pixel `p` may continue string `code`.
    private mutating func gatherChoices(_ code: Int, _ p: Int) {
        var list = choices
        choices = Stack()
        list.removeAll()
        visitChoices(code, p) { list.append(Choice(code: $0, symbol: $1)); return true }
        choices = list
    }

    /// The only way pixel `p` continues string `code`: its child code and symbol; nil when there is none or
    /// more than one. (The hot path of the search, without the list.)
    private func onlyChoice(_ code: Int, _ p: Int) -> (code: Int, symbol: UInt8)? {
        var found: (code: Int, symbol: UInt8)?, count = 0
        visitChoices(code, p) { child, symbol in
            found = (child, symbol)
            count += 1
            return count < 2
        }
        return count == 1 ? found : nil
    }

    /// Follows the dictionary from `node` while the next pixel continues it in exactly one way.
    private func walk(_ node: Node) -> Node {
        var node = node
        while node.position < own.count {
            // Most pixels of most rectangles have no latitude: their own index, looked up directly.
            if allows[node.position] == 0 {
                if let run = runAhead(node.code, Int(own[node.position]), from: node.position, withoutLatitude: true) {
                    (node.code, node.position) = run
                    continue
                }
                let child = self.child(node.code, Int(own[node.position]))
                guard child != 0 else { break }
                node.code = child
            } else {
                guard let next = onlyChoice(node.code, node.position) else { break }
                node.code = next.code
            }
            node.position += 1
        }
        return node
    }

    /// Where string `code` is a run of `symbol` and pixel `position` continues it: the longest run of
    /// `symbol` in the dictionary that the pixels from `position` continue, and the position after it, in
    /// one step (a scan of the pixels) instead of one lookup per pixel. The unchanged parts of a slide are
    /// runs of the transparent index hundreds of pixels long. Nil where `code` is no such run, or the
    /// dictionary has none longer. `withoutLatitude`: only over pixels with no choice (`allows` 0).
    @inline(__always)
    private func runAhead(_ code: Int, _ symbol: Int, from position: Int, withoutLatitude: Bool = false) -> (code: Int, end: Int)? {
        let entry = entries[code], length = Int(entry.runLength), longest = runs[symbol].count
        guard length > 0, Int(entry.lastSymbol) == symbol, longest > length else { return nil }
        let end = min(own.count, position + longest - length)
        var p = position + 1  // (pixel `position` is `symbol`)
        while p < end, Int(own[p]) == symbol, !withoutLatitude || allows[p] == 0 { p += 1 }
        return (Int(runs[symbol][length + p - position - 1]), p)
    }

    /// Writes the chosen string into `out`: where the search stopped before the string's end (at a node it
    /// did not expand), on as giflib would go first (the own index first), so that giflib's string ends
    /// exactly where the plan's does; then the string's pixels, the last first, from the dictionary (each
    /// code's last symbol, then its parent's).
    private mutating func replay(_ start: Int, leaf: Node, _ out: inout [UInt8]) -> (code: Int, end: Int) {
        // The only way on where there is one (`walk`), else, past the search, the own index's first.
        var node = walk(leaf)
        while node.position < own.count {
            gatherChoices(node.code, node.position)
            guard choices.count > 0 else { break }
            var next = choices[0]
            for i in choices.indices where choices[i].symbol == own[node.position] {
                next = choices[i]
                break
            }
            node = walk(Node(code: next.code, position: node.position + 1))
        }
        let code = node.code, position = node.position
        var string = code
        for p in stride(from: position - 1, through: start, by: -1) {
            out[p] = entries[string].lastSymbol
            string = Int(entries[string].parent)
        }
        return (code, position)
    }

    // MARK: - Dictionary

    /// The code of the string `code` + `symbol`, 0 for none. Most strings have a child or two: their list
    /// (a few kilobytes, in the nearest cache) is faster to scan than a lookup in the 2 MB table, which
    /// stays for the strings with many children.
    @inline(__always)
    private func child(_ code: Int, _ symbol: Int) -> Int {
        let entry = entries[code]
        guard entry.childCount <= Self.listedChildren else { return Int(children[code << 8 | symbol]) }
        guard entry.firstChild != 0 else { return 0 }
        if Int(entry.firstChildSymbol) == symbol { return Int(entry.firstChild) }
        var next = Int(entries[Int(entry.firstChild)].nextSibling)
        while next != 0 {
            let child = entries[next]
            if Int(child.lastSymbol) == symbol { break }
            next = Int(child.nextSibling)
        }
        return next
    }
    private static let listedChildren = 4

    private mutating func add(_ parent: Int, _ symbol: Int, code: Int) {
        let key = parent << 8 | symbol
        children[key] = UInt16(code)
        used.append(key)
        let parentRun = entries[parent].runLength
        let isRun = parentRun > 0 && Int(entries[parent].lastSymbol) == symbol
        entries[code] = Entry(firstChild: 0, nextSibling: entries[parent].firstChild, childCount: 0, lastSymbol: UInt8(symbol),
                              parent: UInt16(parent), runLength: isRun ? parentRun + 1 : 0)
        if isRun { runs[symbol].append(UInt16(code)) }
        entries[parent].firstChild = UInt16(code)
        entries[parent].firstChildSymbol = UInt8(symbol)
        entries[parent].childCount += 1
    }

    /// Takes back the entry `add` just made.
    private mutating func remove(_ parent: Int, _ symbol: Int) {
        let key = parent << 8 | symbol
        if entries[Int(children[key])].runLength > 0 { runs[symbol].removeLast() }
        let first = entries[Int(children[key])].nextSibling
        entries[parent].firstChild = first
        entries[parent].firstChildSymbol = entries[Int(first)].lastSymbol  // (entry 0's when none: never read)
        entries[parent].childCount -= 1
        children[key] = 0
        used.removeLast()
    }

    private mutating func reset(_ codeSize: Int) {
        for key in used { children[key] = 0 }
        used.removeAll(keepingCapacity: true)
        for symbol in runs.indices where !runs[symbol].isEmpty { runs[symbol].removeAll(keepingCapacity: true) }
        for code in 0..<1 << codeSize {
            entries[code] = Entry(firstChild: 0, nextSibling: 0, childCount: 0, lastSymbol: UInt8(truncatingIfNeeded: code), runLength: 1)
            runs[code].append(UInt16(code))
        }
    }
}
