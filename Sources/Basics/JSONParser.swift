import Foundation

/// A strict JSON (RFC 8259) parser producing `JSONNode`s with positions: tabanim's one JSON reader.
/// Rejects trailing commas, nesting deeper than `maxDepth` and (unless told otherwise) duplicate keys.
/// A reader with bounds of its own (a Lottie file's layers, keyframes, objects) keeps them while the parse
/// runs (`parse(within:)`), so that a document past one is refused before the rest of it is read.
public struct JSONParser {
    public struct SyntaxError: Error, Equatable, Sendable {
        public var message: String
        public var line: Int
        public var column: Int
    }

    /// Why `parse(within:)` stopped: the text is not JSON, or the budget refused what it holds.
    public enum Failure<Refusal: Error>: Error {
        case syntax(SyntaxError)
        case refused(Refusal)
    }

    /// Deeper documents are refused before they can exhaust the stack.
    public var maxDepth = 64
    /// Whether a key given twice in one object is an error (scenes, catalogs); when not, both members are
    /// kept in file order and the reader takes the last (Lottie files, as Foundation's parser read them).
    public var rejectsDuplicateKeys = true

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The column at an offset on the current line, where `position()` counted last.
    private var counted = (offset: 0, column: 1)

    public init(data: Data) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // UTF-8 byte order mark
        self.bytes = bytes
    }

    public mutating func parse() throws(SyntaxError) -> JSONNode {
        var unbounded = Unbounded()
        do { return try parse(within: &unbounded) } catch {
            switch error {
            case .syntax(let error): throw error
            case .refused(let never): switch never {}
            }
        }
    }

    /// Parses the document, telling `budget` of each object and array as it opens, before its contents are
    /// read: the parse stops at the first refusal.
    public mutating func parse<Budget: JSONBudget>(within budget: inout Budget) throws(Failure<Budget.Refusal>) -> JSONNode {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw .syntax(error("the file is UTF-16; save it as UTF-8"))
        }
        skipWhitespace()
        let node = try parseValue(depth: 0, place: .root, &budget)
        skipWhitespace()
        if index < bytes.count { throw .syntax(error("unexpected \(describeCurrent()) after the end of the document")) }
        return node
    }

    /// No bounds but the parser's own.
    private struct Unbounded: JSONBudget {
        typealias Refusal = Never
        mutating func opening(_ container: JSONContainer) {}
        mutating func continuing(arrayOf count: Int) {}
        mutating func closing() {}
    }

    // MARK: - Values

    private mutating func parseValue<Budget: JSONBudget>(depth: Int, place: JSONContainer.Place,
                                                         _ budget: inout Budget) throws(Failure<Budget.Refusal>) -> JSONNode {
        guard depth < maxDepth else { throw .syntax(error("nesting deeper than \(maxDepth) levels")) }
        let (l, c) = position()
        guard index < bytes.count else { throw .syntax(error("unexpected end of file, expected a value")) }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isArray = bytes[index] == UInt8(ascii: "[")
            do { try budget.opening(JSONContainer(isArray: isArray, place: place)) } catch { throw .refused(error) }
            value = isArray ? try parseArray(depth: depth, &budget) : try parseObject(depth: depth, &budget)
            budget.closing()
        default:
            do { value = try parseScalar() } catch { throw .syntax(error) }
        }
        return JSONNode(value, line: l, column: c)
    }

    private mutating func parseScalar() throws(SyntaxError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func parseObject<Budget: JSONBudget>(depth: Int, _ budget: inout Budget) throws(Failure<Budget.Refusal>) -> JSONValue {
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        var seen = Set<String>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw .syntax(error("unexpected \(describeCurrent()), expected a key in double quotes"))
            }
            let (kl, kc) = position()
            let key: String
            do { key = try parseString() } catch { throw .syntax(error) }
            guard !rejectsDuplicateKeys || seen.insert(key).inserted else {
                throw .syntax(SyntaxError(message: "duplicate key \"\(key)\"", line: kl, column: kc))
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw .syntax(error("unexpected \(describeCurrent()), expected ':'")) }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1, place: .member(key), &budget)))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
            throw .syntax(error("unexpected \(describeCurrent()), expected ',' or '}'"))
        }
    }

    private mutating func parseArray<Budget: JSONBudget>(depth: Int, _ budget: inout Budget) throws(Failure<Budget.Refusal>) -> JSONValue {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1, place: .element(elements.count), &budget))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                do { try budget.continuing(arrayOf: elements.count) } catch { throw .refused(error) }
                continue
            }
            if peek(UInt8(ascii: "]")) { index += 1; return .array(elements) }
            throw .syntax(error("unexpected \(describeCurrent()), expected ',' or ']'"))
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        // The string's UTF-8, made once: appending to a `String` run by run re-copied it, so a 10 MB data URI
        // with its slashes escaped (`\\/`, as Foundation writes them) took minutes.
        var utf8: [UInt8] = []
        var run = index  // start of the current run of plain bytes
        func flush(_ end: Int) throws(SyntaxError) {
            guard run < end else { return }
            // RFC 8259 text is UTF-8: a broken sequence is an error, not a replacement character drawn as a title.
            // A run ends only at an ASCII byte, so no sequence is split between runs.
            guard String(bytes: bytes[run..<end], encoding: .utf8) != nil else { throw error("invalid UTF-8 in a string") }
            utf8.append(contentsOf: bytes[run..<end])
        }
        func append(_ scalar: Unicode.Scalar) { utf8.append(contentsOf: UTF8.encode(scalar)!) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flush(index)
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try flush(index)
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): append("\"")
                case UInt8(ascii: "\\"): append("\\")
                case UInt8(ascii: "/"): append("/")
                case UInt8(ascii: "b"): append("\u{8}")
                case UInt8(ascii: "f"): append("\u{C}")
                case UInt8(ascii: "n"): append("\n")
                case UInt8(ascii: "r"): append("\r")
                case UInt8(ascii: "t"): append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code), bytes.count >= index + 6,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid UTF-16 surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    append(scalar)
                default:
                    index -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
                }
                run = index
            case 0x0A:
                throw error("line break inside a string (missing closing '\"'?)")
            case 0..<0x20:
                throw error("control character inside a string")
            default:
                index += 1
            }
        }
        throw error("unexpected end of file inside a string")
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unexpected end of file in a \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigit(bytes[index]) else { throw error("invalid \\u escape") }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if peek(UInt8(ascii: "-")) { index += 1 }
        let intStart = index
        guard digits() > 0 else { throw error("invalid number") }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 { throw error("numbers may not start with 0") }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard digits() > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { throw error("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number out of range: \(text)") }
        return value
    }

    // MARK: - Helpers

    /// The line and column at the parser's index. Counting from the line's start for every value would take
    /// time quadratic in a line's length (a minified scene is one line): the count goes on from the last one.
    private mutating func position() -> (Int, Int) {
        if counted.offset < lineStart || counted.offset > index { counted = (lineStart, 1) }
        let column = bytes[counted.offset..<min(index, bytes.count)].reduce(counted.column) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        counted = (index, column)
        return (line, column)
    }

    /// Columns count characters, not bytes: UTF-8 continuation bytes (10xxxxxx) are skipped.
    private func column(at offset: Int) -> Int {
        bytes[lineStart..<min(offset, bytes.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let utf8 = Array(word.utf8)
        guard bytes.count >= index + utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        index += utf8.count
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: index += 1; line += 1; lineStart = index
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, line: line, column: column(at: index))
    }
}

/// Bounds a reader keeps while `JSONParser` reads a document (`parse(within:)`). Each object and array is
/// told as it opens, before its contents are read, so that a document past a bound is refused where it
/// passes it: the parse, which makes a node for every value, never reads the rest.
public protocol JSONBudget {
    associatedtype Refusal: Error
    /// An object or array opens.
    mutating func opening(_ container: JSONContainer) throws(Refusal)
    /// The innermost open array, `count` elements long so far, has a comma: another element follows.
    mutating func continuing(arrayOf count: Int) throws(Refusal)
    /// The innermost open object or array closes.
    mutating func closing()
}

/// An object or array as it opens, and where it stands.
public struct JSONContainer {
    public enum Place {
        /// The document itself.
        case root
        /// Under this key in an object.
        case member(String)
        /// At this index in an array, counting from 0.
        case element(Int)
    }

    public var isArray: Bool
    public var place: Place
}
