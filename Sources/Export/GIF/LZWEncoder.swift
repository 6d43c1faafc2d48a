/// GIF's variable-length-code LZW compressor (GIF89a, appendix F), with latitude for animation. Where a
/// pixel may be written in more than one way (its own index; the transparent index when the viewer already
/// shows its colour or one close enough; another entry close enough to its true colour), each code stands
/// for the longest string the dictionary can match through any of them: a bounded depth-first search over
/// the dictionary. The decoder is any GIF decoder: only the choice of strings changes.
struct LZWEncoder {
    /// What each pixel may be written as, besides its own index.
    struct Latitude {
        /// The transparent index, for pixels the viewer already shows (`unchanged`) or shows close enough.
        var transparent: UInt8?
        var unchanged: [Bool]
        /// For writing a pixel as another colour than its own index's: the pixels' true colours, what the
        /// viewer shows under them, the colour table (entries beyond it are never written), and how far
        /// (`ColorMapper.distance`) from the true colour each pixel may be written. Empty: exact only.
        var truth: [UInt32] = []
        var shown: [UInt32] = []
        var table: [UInt32] = []
        var limit: [Int32] = []
    }

    struct Output {
        var bytes: [UInt8]
        /// The index written for each pixel.
        var symbols: [UInt8]
    }

    /// `children[code << 8 | symbol]`: the code of string `code` + `symbol`, 0 when there is none (codes
    /// 0…eoi are never children). 4096 × 256 entries, cleared through `used` rather than as a whole.
    private var children = [UInt16](repeating: 0, count: 4096 * 256)
    private var used: [Int] = []
    /// Each code's children as a list (first child, next sibling; 0 ends), and the symbol that made it.
    private var firstChild = [UInt16](repeating: 0, count: 4096)
    private var nextSibling = [UInt16](repeating: 0, count: 4096)
    private var lastSymbol = [UInt8](repeating: 0, count: 4096)
    /// Depth-first search: nodes reached (the code and position after following own indices, the node
    /// before, and the pixel where it branched with the symbol taken there) and the ones left to expand.
    private var trail: [(code: Int, position: Int, parent: Int, branch: Int, symbol: Int)] = []
    private var pending: [Int] = []
    /// How many branching dictionary steps one match may try before settling for the longest found.
    private static let searchBudget = 256

    init() { used.reserveCapacity(4096) }

    /// The smallest LZW minimum code size for indices below `count` (GIF allows 2…8).
    static func minimumCodeSize(colorCount count: Int) -> Int {
        var bits = 2
        while 1 << bits < count { bits += 1 }
        return bits
    }

    /// Compresses `indices` into the code stream that follows the minimum-code-size byte (not yet cut
    /// into sub-blocks). Without `latitude` every pixel is written as its own index.
    mutating func encode(_ indices: [UInt8], latitude: Latitude? = nil, minimumCodeSize: Int) -> Output {
        let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
        var output = BitWriter()
        var codeSize = minimumCodeSize + 1
        var lastCode = endOfInformation
        var symbols = indices
        reset(clear)
        output.write(clear, bits: codeSize)
        guard !indices.isEmpty else {
            output.write(endOfInformation, bits: codeSize)
            return Output(bytes: output.finish(), symbols: symbols)
        }
        var match = longestMatch(indices, latitude, from: 0, after: nil, into: &symbols)
        while true {
            output.write(match.code, bits: codeSize)
            guard match.end < indices.count else { break }
            var next = longestMatch(indices, latitude, from: match.end, after: (match.code, lastCode + 1), into: &symbols)
            // The decoder adds (this string + the next one's first symbol) after every code but the last.
            lastCode += 1
            add(lastCode, parent: match.code, symbol: symbols[match.end])
            if lastCode >= 1 << codeSize { codeSize += 1 }
            if lastCode == 4095 {
                output.write(clear, bits: codeSize)
                reset(clear)
                codeSize = minimumCodeSize + 1
                lastCode = endOfInformation
                next = longestMatch(indices, latitude, from: match.end, after: nil, into: &symbols)
            }
            match = next
        }
        // The decoder adds an entry after the last code too, and may widen its codes for the end code.
        if lastCode + 1 >= 1 << codeSize, codeSize < 12 { codeSize += 1 }
        output.write(endOfInformation, bits: codeSize)
        return Output(bytes: output.finish(), symbols: symbols)
    }

    // MARK: - Matching

    /// Whether pixel `i` may be written as `symbol`.
    private static func accepts(_ symbol: Int, at i: Int, _ indices: [UInt8], _ latitude: Latitude) -> Bool {
        if symbol == Int(indices[i]) { return true }
        let lossy = !latitude.limit.isEmpty
        if let t = latitude.transparent, symbol == Int(t) {
            return latitude.unchanged[i] || (lossy && ColorMapper.distance(latitude.shown[i], latitude.truth[i]) <= Int(latitude.limit[i]))
        }
        return lossy && symbol < latitude.table.count && ColorMapper.distance(latitude.table[symbol], latitude.truth[i]) <= Int(latitude.limit[i])
    }

    /// The longest string in the dictionary starting at `start`: its code and where it ends (exclusive);
    /// the symbols it stands for are written into `symbols`. `after`: the code just written and the code
    /// the decoder's next entry gets, (it + this string's first symbol), which this string may already use.
    private mutating func longestMatch(_ indices: [UInt8], _ latitude: Latitude?, from start: Int,
                                       after previous: (code: Int, next: Int)?, into symbols: inout [UInt8]) -> (code: Int, end: Int) {
        let own = Int(indices[start])
        guard let latitude else {
            // The entry the decoder adds before reading this code is usable already (its KwKwK case).
            var addedKey = -1
            if let previous, children[previous.code << 8 | own] == 0 {
                addedKey = previous.code << 8 | own
                children[addedKey] = UInt16(previous.next)
            }
            defer { if addedKey >= 0 { children[addedKey] = 0 } }
            var code = own, position = start + 1
            while position < indices.count {
                let child = children[code << 8 | Int(indices[position])]
                if child == 0 { break }
                code = Int(child)
                position += 1
            }
            return (code, position)
        }
        // First symbols worth trying: the pixel's own index, and the transparent one where allowed.
        var firsts = [own]
        if let t = latitude.transparent, Int(t) != own, Self.accepts(Int(t), at: start, indices, latitude) {
            firsts.insert(Int(t), at: 0)
        }
        var best = (code: own, end: start + 1, node: -1, first: own)
        for first in firsts {
            // The entry the decoder will have added by the time it reads this string's code, if new.
            let added = previous.flatMap { children[$0.code << 8 | first] == 0 ? $0 : nil }
            /// The child of `code` for `symbol`, the added entry included (it is in no list, has no children).
            func child(_ code: Int, _ symbol: Int) -> Int {
                if let added {
                    if code == added.next { return 0 }
                    if code == added.code, symbol == first { return added.next }
                }
                return Int(children[code << 8 | symbol])
            }
            /// Follows pixels that only their own index will do (flat areas), as plain LZW does.
            func walk(_ code: Int, _ position: Int) -> (code: Int, position: Int) {
                var code = code, position = position
                while position < indices.count, !latitude.unchanged[position], latitude.limit.isEmpty || latitude.limit[position] == 0 {
                    let next = child(code, Int(indices[position]))
                    if next == 0 { break }
                    code = next
                    position += 1
                }
                return (code, position)
            }
            trail.removeAll(keepingCapacity: true)
            pending.removeAll(keepingCapacity: true)
            let root = walk(first, start + 1)
            trail.append((root.code, root.position, -1, start, first))
            pending.append(0)
            var budget = Self.searchBudget
            while let node = pending.popLast() {
                let (code, position, _, _, _) = trail[node]
                if position > best.end || (position == best.end && first != own && best.first == own) {
                    best = (code, position, node, first)
                }
                guard position < indices.count, budget > 0,
                      latitude.unchanged[position] || (!latitude.limit.isEmpty && latitude.limit[position] > 0) else { continue }
                budget -= 1
                // Every child the pixel accepts; its own index's branch is searched first (pushed last).
                let symbol = Int(indices[position])
                var preferred = -1
                func expand(_ next: Int, _ candidate: Int) {
                    let reached = walk(next, position + 1)
                    trail.append((reached.code, reached.position, node, position, candidate))
                    if candidate == symbol { preferred = trail.count - 1 } else { pending.append(trail.count - 1) }
                }
                if let added, code == added.code, Self.accepts(first, at: position, indices, latitude) {
                    expand(added.next, first)
                }
                var next = code == added?.next ? 0 : Int(firstChild[code])
                while next != 0 {
                    let candidate = Int(lastSymbol[next])
                    if Self.accepts(candidate, at: position, indices, latitude) { expand(next, candidate) }
                    next = Int(nextSibling[next])
                }
                if preferred >= 0 { pending.append(preferred) }
            }
            if best.first == first, best.node >= 0 {
                // Write the chosen path: own indices, then the symbols chosen where it branched.
                for i in start..<best.end { symbols[i] = indices[i] }
                var node = best.node
                while node >= 0 {
                    symbols[trail[node].branch] = UInt8(trail[node].symbol)
                    node = trail[node].parent
                }
            }
        }
        if best.node < 0 { symbols[start] = UInt8(own) }
        return (best.code, best.end)
    }

    // MARK: - Dictionary

    private mutating func add(_ code: Int, parent: Int, symbol: UInt8) {
        let key = parent << 8 | Int(symbol)
        guard children[key] == 0 else { return }  // a duplicate string: the decoder still counts its code
        children[key] = UInt16(code)
        used.append(key)
        lastSymbol[code] = symbol
        firstChild[code] = 0
        nextSibling[code] = firstChild[parent]
        firstChild[parent] = UInt16(code)
    }

    private mutating func reset(_ clear: Int) {
        for key in used { children[key] = 0 }
        used.removeAll(keepingCapacity: true)
        for code in 0..<clear {
            firstChild[code] = 0
            lastSymbol[code] = UInt8(truncatingIfNeeded: code)
        }
    }
}

/// Packs codes least significant bit first, as GIF wants.
private struct BitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    mutating func write(_ code: Int, bits: Int) {
        buffer |= UInt64(code) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        return bytes
    }
}
