/// GIF's variable-length-code LZW compressor (GIF89a, appendix F), with one twist for animation: a pixel
/// that the frame leaves unchanged may be written either as its own colour or as the transparent index.
/// Each code then stands for the longest string the dictionary can match through either choice, so
/// transparency is used exactly where it shortens the stream.
struct LZWEncoder {
    enum Transparency: Equatable {
        /// Every pixel as its own colour.
        case none
        /// Every unchanged pixel as the transparent index.
        case always(UInt8)
        /// Each unchanged pixel as its own colour or the transparent index, whichever matches longer.
        case flexible(UInt8)
    }

    /// `children[code << 8 | symbol]`: the code of string `code` + `symbol`, 0 when there is none (codes
    /// 0…eoi are never children). 4096 × 256 entries, cleared through `used` rather than as a whole.
    private var children = [UInt16](repeating: 0, count: 4096 * 256)
    private var used: [Int] = []
    /// Depth-first search state for flexible matching: (code, position) pairs.
    private var stack: [(code: Int, position: Int)] = []
    /// How many dictionary steps one flexible match may try before settling for the longest found.
    private static let searchBudget = 256

    init() { used.reserveCapacity(4096) }

    /// The smallest LZW minimum code size for a colour table of `count` entries (GIF allows 2…8).
    static func minimumCodeSize(colorCount count: Int) -> Int {
        var bits = 2
        while 1 << bits < count { bits += 1 }
        return bits
    }

    /// Compresses `indices` into the code stream that follows the minimum-code-size byte (not yet cut
    /// into sub-blocks). `unchanged[i]`: the viewer already shows pixel i's colour, so `transparency` may
    /// write it as the transparent index.
    mutating func encode(_ indices: [UInt8], unchanged: [Bool], transparency: Transparency, minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, endOfInformation = clear + 1
        var output = BitWriter()
        var codeSize = minimumCodeSize + 1
        var lastCode = endOfInformation
        reset()
        output.write(clear, bits: codeSize)
        guard !indices.isEmpty else {
            output.write(endOfInformation, bits: codeSize)
            return output.finish()
        }
        var symbols = indices
        var alternative: Int?
        switch transparency {
        case .none: break
        case .always(let t):
            for i in 0..<symbols.count where unchanged[i] { symbols[i] = t }
        case .flexible(let t):
            alternative = Int(t)
        }
        var match = longestMatch(symbols, unchanged, alternative, from: 0, after: nil)
        while true {
            output.write(match.code, bits: codeSize)
            guard match.end < symbols.count else { break }
            var next = longestMatch(symbols, unchanged, alternative, from: match.end, after: (match.code, lastCode + 1))
            // The decoder adds (this string + the next one's first symbol) after every code but the last.
            lastCode += 1
            let key = match.code << 8 | next.first
            if children[key] == 0 {
                children[key] = UInt16(lastCode)
                used.append(key)
            }
            if lastCode >= 1 << codeSize { codeSize += 1 }
            if lastCode == 4095 {
                output.write(clear, bits: codeSize)
                reset()
                codeSize = minimumCodeSize + 1
                lastCode = endOfInformation
                next = longestMatch(symbols, unchanged, alternative, from: match.end, after: nil)
            }
            match = next
        }
        // The decoder adds an entry after the last code too, and may widen its codes for the end code.
        if lastCode + 1 >= 1 << codeSize, codeSize < 12 { codeSize += 1 }
        output.write(endOfInformation, bits: codeSize)
        return output.finish()
    }

    /// The longest string in the dictionary starting at `start`: its code, where it ends (exclusive) and its
    /// first symbol. `after`: the code just written and the code the next entry gets, (it + this string's
    /// first symbol), which this string may already use, as the decoder expects. Without an alternative this
    /// is plain greedy LZW; with one, a bounded depth-first search through both choices at each unchanged
    /// pixel.
    private mutating func longestMatch(_ symbols: [UInt8], _ unchanged: [Bool], _ alternative: Int?, from start: Int,
                                       after previous: (code: Int, next: Int)?) -> (code: Int, end: Int, first: Int) {
        let own = Int(symbols[start])
        var best = (code: own, end: start + 1, first: own)
        let firsts = alternative.map { t in unchanged[start] && t != own ? [t, own] : [own] } ?? [own]
        for first in firsts {
            // The entry the decoder will have added by the time it reads this string's code.
            var pending = -1
            if let previous, children[previous.code << 8 | first] == 0 {
                pending = previous.code << 8 | first
                children[pending] = UInt16(previous.next)
            }
            defer { if pending >= 0 { children[pending] = 0 } }
            guard let t = alternative else {
                var code = first, position = start + 1
                while position < symbols.count {
                    let child = children[code << 8 | Int(symbols[position])]
                    if child == 0 { break }
                    code = Int(child)
                    position += 1
                }
                return (code, position, first)
            }
            var budget = Self.searchBudget
            stack.removeAll(keepingCapacity: true)
            stack.append((first, start + 1))
            while let (code, position) = stack.popLast() {
                if position > best.end || (position == best.end && first == t && best.first != t) {
                    best = (code, position, first)
                }
                guard position < symbols.count, budget > 0 else { continue }
                budget -= 1
                let symbol = Int(symbols[position])
                if unchanged[position], symbol != t {
                    let transparentChild = children[code << 8 | t]
                    if transparentChild != 0 { stack.append((Int(transparentChild), position + 1)) }
                }
                let child = children[code << 8 | symbol]
                if child != 0 { stack.append((Int(child), position + 1)) }
            }
        }
        return best
    }

    private mutating func reset() {
        for key in used { children[key] = 0 }
        used.removeAll(keepingCapacity: true)
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
