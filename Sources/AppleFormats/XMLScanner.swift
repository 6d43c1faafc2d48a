import Foundation

/// The elements of an XML document as far as a symbol template needs them: each element's name,
/// attributes, parent and the byte range of its content, in document order. Comments, processing
/// instructions, CDATA and text are skipped; entities other than XML's five and character references are
/// kept as written (a `<!DOCTYPE>` with an internal subset, where entities would be declared, is refused).
///
/// Why not libxml2: the `Scene` module imports no C library, and a symbol's guides must be known while
/// the scene is resolved, before anything is drawn. Bounded: at most `maximumElements` elements and
/// `maximumDepth` levels, so a hostile file costs time in proportion to its size only.
package struct XMLScanner {
    package struct Element: Sendable {
        package var name: String
        package var attributes: [String: String]
        /// Index of the enclosing element in the scanned list; nil for the root.
        package var parent: Int?
        /// Bytes between the end of the start tag and the start of the end tag (empty for `<a/>`).
        package var content: Range<Int>
    }

    package struct Failure: Error, Equatable, Sendable {
        package var message: String
    }

    package var maximumElements: Int
    package var maximumDepth = 64

    private var bytes: [UInt8] = []
    private var index = 0

    package init(maximumElements: Int, maximumDepth: Int = 64) {
        self.maximumElements = maximumElements
        self.maximumDepth = maximumDepth
    }

    /// Every element of `data`, in document order; a failure says what is wrong and at which byte.
    package mutating func scan(_ data: Data) throws(Failure) -> [Element] {
        bytes = [UInt8](data)
        index = 0
        var elements: [Element] = []
        var open: [Int] = []
        while let lt = next(UInt8(ascii: "<")) {
            index = lt
            if starts("<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts("<![CDATA[") {
                try skip(past: "]]>", what: "a CDATA section")
            } else if starts("<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts("<!") {
                try skipDeclaration()
            } else if starts("</") {
                index += 2
                let name = readName()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw failure("an end tag that does not end") }
                guard let last = open.popLast(), elements[last].name == name else {
                    throw failure("</\(name)> closes no element of that name")
                }
                elements[last].content = elements[last].content.lowerBound..<lt
                index += 1
            } else {
                index += 1
                let name = readName()
                guard !name.isEmpty else { throw failure("a \"<\" that starts no tag") }
                let (attributes, selfClosing) = try readAttributes()
                guard !open.isEmpty || elements.isEmpty else { throw failure("a second root element <\(name)>") }
                guard elements.count < maximumElements else { throw Failure(message: "more than \(maximumElements) elements") }
                guard open.count < maximumDepth else { throw Failure(message: "elements nested deeper than \(maximumDepth) levels") }
                elements.append(Element(name: name, attributes: attributes, parent: open.last, content: index..<index))
                if !selfClosing {
                    open.append(elements.count - 1)
                }
            }
        }
        if let last = open.last { throw Failure(message: "<\(elements[last].name)> is never closed") }
        guard !elements.isEmpty else { throw Failure(message: "no XML element") }
        return elements
    }

    // MARK: - Pieces

    private func next(_ byte: UInt8) -> Int? {
        var i = index
        while i < bytes.count {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }

    private func starts(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<(index + pattern.count)]) == pattern
    }

    private mutating func skip(past end: String, what: String) throws(Failure) {
        let pattern = Array(end.utf8)
        var i = index
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0], Array(bytes[i..<(i + pattern.count)]) == pattern {
                index = i + pattern.count
                return
            }
            i += 1
        }
        throw failure("\(what) that never ends")
    }

    /// `<!DOCTYPE svg PUBLIC "…" "…">`; one with an internal subset (`[ … ]`, where entities are
    /// declared) is refused rather than half-understood.
    private mutating func skipDeclaration() throws(Failure) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): throw failure("a document type with its own declarations (entities are not read)")
            case UInt8(ascii: ">"): index += 1; return
            default: index += 1
            }
        }
        throw failure("a declaration that never ends")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF: return true
        default: return false
        }
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func readAttributes() throws(Failure) -> ([String: String], selfClosing: Bool) {
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < bytes.count else { throw failure("a start tag that never ends") }
            if bytes[index] == UInt8(ascii: ">") { index += 1; return (attributes, false) }
            if starts("/>") { index += 2; return (attributes, true) }
            let name = readName()
            guard !name.isEmpty else { throw failure("an unexpected \"\(Character(Unicode.Scalar(bytes[index])))\" in a tag") }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw failure("attribute \(name) has no value") }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("attribute \(name)'s value is not quoted")
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            guard index < bytes.count else { throw failure("attribute \(name)'s value never ends") }
            guard attributes[name] == nil else { throw failure("attribute \(name) given twice") }
            attributes[name] = Self.decodeEntities(String(decoding: bytes[start..<index], as: UTF8.self))
            index += 1
        }
    }

    /// XML's five entities and numeric character references; anything else is kept as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else { result += "&"; rest = after.dropFirst(); continue }
            let name = after[after.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[String(name)] {
                result += value
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                      let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += after[amp...semicolon]
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private func failure(_ what: String) -> Failure {
        Failure(message: "not well-formed XML: \(what) (byte \(index))")
    }

    /// `text` escaped for an attribute value written between double quotes.
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
