import Foundation

/// DEFLATE (RFC 1951) decompression in Swift, for the zip archives dotLottie files are: the `Scene` module
/// imports no C library, and an archive's entries must be bounded as they are inflated (a small entry
/// that inflates to gigabytes is refused at the limit, not after).
package enum Inflate {
    package struct Failure: Error, Equatable {
        package var message: String
    }

    /// The bytes `data` inflates to; at most `limit` of them.
    package static func inflate(_ data: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var reader = BitReader(bytes: data)
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, data.count * 4))
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16), complement = try reader.bits(16)
                guard length == ~complement & 0xFFFF else { throw Failure(message: "a stored block's length is damaged") }
                guard out.count + length <= limit else { throw Failure(message: "inflates to more than \(limit) bytes") }
                out += try reader.bytes(length)
            case 1:
                try inflateBlock(&reader, &out, literals: fixedLiterals, distances: fixedDistances, limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try inflateBlock(&reader, &out, literals: literals, distances: distances, limit: limit)
            default:
                throw Failure(message: "an unknown block type")
            }
        }
        return out
    }

    // MARK: - Huffman codes

    /// A canonical Huffman code: symbols by code length, and how many codes each length has.
    package struct Huffman {
        package var counts: [Int]
        package var symbols: [Int]

        package init(lengths: [Int]) throws(Failure) {
            counts = Array(repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = Array(repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = Array(repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
            // An over-subscribed code cannot be decoded.
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw Failure(message: "a Huffman code is over-subscribed") }
            }
        }

        package func decode(_ reader: inout BitReader) throws(Failure) -> Int {
            var code = 0, first = 0, index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure(message: "a code that no symbol has")
        }
    }

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    // The fixed codes (RFC 1951, 3.2.6): valid by construction.
    static let fixedLiterals: Huffman = {
        let lengths = Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24) + Array(repeating: 8, count: 8)
        return (try? Huffman(lengths: lengths)) ?? Huffman.empty
    }()
    static let fixedDistances: Huffman = (try? Huffman(lengths: Array(repeating: 5, count: 30))) ?? Huffman.empty

    private static func dynamicTables(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257, distanceCount = try reader.bits(5) + 1, codeCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure(message: "too many codes in a block's header") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = Array(repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try reader.bits(3) }
        let lengthCode = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(message: "a repeat with nothing before it") }
                lengths += Array(repeating: previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += Array(repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += Array(repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure(message: "code lengths run past the block's header") }
        return (try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...])))
    }

    private static func inflateBlock(_ reader: inout BitReader, _ out: inout [UInt8], literals: Huffman, distances: Huffman, limit: Int) throws(Failure) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard out.count < limit else { throw Failure(message: "inflates to more than \(limit) bytes") }
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(message: "a length code out of range") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < distanceBase.count else { throw Failure(message: "a distance code out of range") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= out.count else { throw Failure(message: "a distance before the start") }
                guard out.count + length <= limit else { throw Failure(message: "inflates to more than \(limit) bytes") }
                let start = out.count - distance
                for offset in 0..<length { out.append(out[start + offset]) }
            }
        }
    }

    /// Bits from the least significant end of each byte, as DEFLATE packs them.
    package struct BitReader {
        package let bytes: [UInt8]
        package var index = 0
        package var buffer = 0
        package var count = 0

        package mutating func bits(_ n: Int) throws(Failure) -> Int {
            while count < n {
                guard index < bytes.count else { throw Failure(message: "the data ends too soon") }
                buffer |= Int(bytes[index]) << count
                index += 1
                count += 8
            }
            let value = buffer & ((1 << n) - 1)
            buffer >>= n
            count -= n
            return value
        }

        mutating func alignToByte() { buffer = 0; count = 0 }

        package mutating func bytes(_ n: Int) throws(Failure) -> [UInt8] {
            guard index + n <= bytes.count else { throw Failure(message: "the data ends too soon") }
            defer { index += n }
            return Array(bytes[index..<index + n])
        }
    }
}

extension Inflate.Huffman {
    package static let empty = Inflate.Huffman(counts: Array(repeating: 0, count: 16), symbols: [])

    private init(counts: [Int], symbols: [Int]) {
        self.counts = counts
        self.symbols = symbols
    }
}
