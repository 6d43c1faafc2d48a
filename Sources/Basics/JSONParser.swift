import Foundation

/// A strict JSON (RFC 8259) parser producing `JSONNode`s with positions: tabanim's one JSON reader.
/// Rejects trailing commas, nesting deeper than `maxDepth` and (unless told otherwise) duplicate keys.
/// A reader with bounds of its own (a Lottie file's layers, keyframes, objects) has them kept as the parse
/// runs (`parse(within:)`): a document past one is refused where it passes it, before the rest is read.
public struct JSONParser {
    public struct SyntaxError: Error, Equatable, Sendable {
        public var message: String
        public var line: Int
        public var column: Int
    }

    /// What a document may hold, counted as it is parsed: the parse makes a node for every value, and a
    /// document past a bound is refused before it makes the rest. Unbounded by default.
    public struct Bounds: Sendable {
        /// Objects and arrays nested deeper than this, the root at depth 0.
        public var depth = Int.max
        /// Elements in one array.
        public var arrayLength = Int.max
        /// Objects in the whole document.
        public var objects = Int.max
        /// Objects counted in the arrays under some keys (a Lottie file's layers, its keyframes).
        public var counts: [Count] = []

        public struct Count: Sendable {
            /// The keys whose arrays' objects are counted together.
            public var keys: [String]
            public var limit: Int
            /// Counted in each array alone, rather than over the whole document.
            public var perArray: Bool

            public init(keys: [String], limit: Int, perArray: Bool) {
                self.keys = keys
                self.limit = limit
                self.perArray = perArray
            }
        }

        public init() {}
    }

    /// A bound passed, and where: the container too deep; the array too long or holding too many objects
    /// of a count per array; the object past `objects` or a count over the document. `layers[3].shapes[0]`,
    /// empty for the root.
    public struct Refusal: Error, Equatable, Sendable {
        public enum Bound: Equatable, Sendable {
            case depth, arrayLength, objects
            /// `Bounds.counts[k]`.
            case count(Int)
        }

        public var bound: Bound
        public var keyPath: String
    }

    /// Why `parse(within:)` stopped: the text is not JSON, or it holds more than the bounds allow.
    public enum Failure: Error {
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

    /// The bounds of `parse(within:)` (none for `parse()`), and the objects counted so far: all, and each
    /// count's over the document.
    private var bounds = Bounds()
    private var isBounded = false
    private var objects = 0
    private var countsSoFar: [Int] = []

    public init(data: Data) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // UTF-8 byte order mark
        self.bytes = bytes
    }

    public mutating func parse() throws(SyntaxError) -> JSONNode {
        (bounds, isBounded) = (Bounds(), false)
        do { return try parseDocument() } catch {
            switch error {
            case .syntax(let error): throw error
            case .refused: throw self.error("a bound passed")  // never: no bounds
            }
        }
    }

    /// Parses the document, refusing it at the first bound it passes.
    public mutating func parse(within bounds: Bounds) throws(Failure) -> JSONNode {
        (self.bounds, isBounded) = (bounds, true)
        (objects, countsSoFar) = (0, Array(repeating: 0, count: bounds.counts.count))
        defer { (self.bounds, isBounded) = (Bounds(), false) }
        do { return try parseDocument() } catch {
            switch error {
            case .syntax(let error): throw .syntax(error)
            case .refused(let bound, let path): throw .refused(Refusal(bound: bound, keyPath: Self.keyPath(path.reversed())))
            }
        }
    }

    /// Why the parse stopped, inside: a refusal's path is made as the error leaves each container (the
    /// innermost step first), so that a parse that passes no bound spends nothing on paths.
    private enum Stop: Error {
        case syntax(SyntaxError)
        case refused(Refusal.Bound, path: [Step])

        /// The same, `step` further out.
        func within(_ step: Step) -> Stop {
            guard case .refused(let bound, let path) = self else { return self }
            return .refused(bound, path: path + [step])
        }
    }

    private enum Step {
        case member(String)
        case element(Int)
    }

    /// `layers[3].shapes[0]`.
    private static func keyPath(_ steps: [Step]) -> String {
        var text = ""
        for step in steps {
            switch step {
            case .member(let key): text += text.isEmpty ? key : ".\(key)"
            case .element(let index): text += "[\(index)]"
            }
        }
        return text
    }

    private mutating func parseDocument() throws(Stop) -> JSONNode {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw .syntax(error("the file is UTF-16; save it as UTF-8"))
        }
        skipWhitespace()
        if isBounded, peek(UInt8(ascii: "{")) { objects = 1 }
        let node = try parseValue(depth: 0, key: nil)
        skipWhitespace()
        if index < bytes.count { throw .syntax(error("unexpected \(describeCurrent()) after the end of the document")) }
        return node
    }

    // MARK: - Values

    /// `key`: the key it stands under in an object (whose arrays a count may count).
    private mutating func parseValue(depth: Int, key: String?) throws(Stop) -> JSONNode {
        guard depth < maxDepth else { throw .syntax(error("nesting deeper than \(maxDepth) levels")) }
        let (l, c) = position()
        guard index < bytes.count else { throw .syntax(error("unexpected end of file, expected a value")) }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isArray = bytes[index] == UInt8(ascii: "[")
            var count: Int?
            if isBounded {
                guard depth <= bounds.depth else { throw .refused(.depth, path: []) }
                if isArray, let key { count = bounds.counts.firstIndex { $0.keys.contains(key) } }
            }
            value = isArray ? try parseArray(depth: depth, count: count) : try parseObject(depth: depth)
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

    private mutating func parseObject(depth: Int) throws(Stop) -> JSONValue {
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
            if isBounded, peek(UInt8(ascii: "{")) {
                objects += 1
                guard objects <= bounds.objects else { throw .refused(.objects, path: [.member(key)]) }
            }
            let node: JSONNode
            do { node = try parseValue(depth: depth + 1, key: key) } catch { throw error.within(.member(key)) }
            members.append((key, node))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { index += 1; continue }
            if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
            throw .syntax(error("unexpected \(describeCurrent()), expected ',' or '}'"))
        }
    }

    /// `count`: the index of the count (`Bounds.counts`) its objects are counted in.
    private mutating func parseArray(depth: Int, count: Int?) throws(Stop) -> JSONValue {
        index += 1
        var elements: [JSONNode] = []
        var objectsHere = 0
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            if isBounded, peek(UInt8(ascii: "{")) {
                // Counted before it is read: all objects first, then this array's count.
                let here = Step.element(elements.count)
                objects += 1
                guard objects <= bounds.objects else { throw .refused(.objects, path: [here]) }
                if let count {
                    objectsHere += 1
                    let limit = bounds.counts[count].limit
                    if bounds.counts[count].perArray {
                        guard objectsHere <= limit else { throw .refused(.count(count), path: []) }
                    } else {
                        countsSoFar[count] += 1
                        guard countsSoFar[count] <= limit else { throw .refused(.count(count), path: [here]) }
                    }
                }
            }
            let node: JSONNode
            do { node = try parseValue(depth: depth + 1, key: nil) } catch { throw error.within(.element(elements.count)) }
            elements.append(node)
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                if isBounded, elements.count >= bounds.arrayLength { throw .refused(.arrayLength, path: []) }
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
