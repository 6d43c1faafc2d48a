import Basics
import Foundation

/// Reads a `JSONNode` tree into spec values, collecting every problem (not only the first) with its
/// key path, so that `tabanim validate` can list them all.
final class SpecReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Problems found beyond `Diagnostic.maximumCount`: counted, not kept.
    private(set) var dropped = 0
    /// Whether what was read can still be judged as a whole: false once a value that holds others (an object
    /// or a list) turned out to be something else, or the file's version is not one this tabanim reads.
    private(set) var isResolvable = true

    init(file: String) { self.file = file }

    /// Whether further problems are only counted (so that their messages need not be worked out).
    var isFull: Bool { diagnostics.count >= Diagnostic.maximumCount }

    /// Records a problem at `path`. `stopsResolving`: what was read can no longer be judged as a whole
    /// (see `isResolvable`).
    func report(_ path: KeyPath, _ message: @autoclosure () -> String, at node: JSONNode? = nil, stopsResolving: Bool = false) {
        if stopsResolving { isResolvable = false }
        guard !isFull else { dropped += 1; return }
        diagnostics.append(Diagnostic(file: file, keyPath: path, message: message(), line: node?.line, column: node?.column))
    }

    /// Reads `node` as `T`; on a type error records it and returns `nil`.
    func read<T: SpecReadable>(_ type: T.Type, _ node: JSONNode, at path: KeyPath) -> T? {
        T.read(node, at: path, self)
    }

    /// Reads an object node, handing an `ObjectReader` to `body`; afterwards reports every key the body
    /// did not ask for as unknown, with a suggestion when one is close.
    func object<T>(_ node: JSONNode, at path: KeyPath, _ body: (ObjectReader) -> T) -> T? {
        guard case .object(let members) = node.value else {
            report(path, "expected an object, found \(node.value.typeName)", at: node, stopsResolving: true)
            return nil
        }
        let reader = ObjectReader(reader: self, path: path, members: members)
        let value = body(reader)
        reader.reportUnknownKeys()
        return value
    }
}

/// Gives typed access to one JSON object's members and remembers which keys were read.
final class ObjectReader {
    let reader: SpecReader
    let path: KeyPath
    private let members: [(key: String, node: JSONNode)]
    private var asked: [String] = []

    init(reader: SpecReader, path: KeyPath, members: [(key: String, node: JSONNode)]) {
        self.reader = reader
        self.path = path
        self.members = members
    }

    /// The raw node for `key`, or nil when absent. JSON `null` counts as present.
    func node(_ key: String) -> JSONNode? {
        asked.append(key)
        return members.first { $0.key == key }?.node
    }

    /// The value for `key`, or nil when absent, `null`, or of the wrong type (the last is reported).
    func callAsFunction<T: SpecReadable>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let node = node(key), node.value != .null else { return nil }
        return reader.read(T.self, node, at: path.appending(key))
    }

    func reportUnknownKeys() {
        for (key, node) in members where !asked.contains(key) {
            guard !reader.isFull else { reader.report(path, ""); continue }  // counted only: no suggestion to work out
            var message = "unknown key \"\(key)\""
            if let suggestion = Suggestion.closest(to: key, in: asked) { message += " (did you mean \"\(suggestion)\"?)" }
            reader.report(path.appending(key), message, at: node)
        }
    }
}

/// A type that can be read from a scene file's JSON.
protocol SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> Self?
}

extension Double: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> Double? {
        guard case .number(let value) = node.value else {
            reader.report(path, "expected a number, found \(node.value.typeName)", at: node)
            return nil
        }
        return value
    }
}

extension Int: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> Int? {
        guard case .number(let value) = node.value else {
            reader.report(path, "expected a whole number, found \(node.value.typeName)", at: node)
            return nil
        }
        guard value.rounded() == value, abs(value) < 1e9 else {
            reader.report(path, "expected a whole number, found \(value.shortText)", at: node)
            return nil
        }
        return Int(value)
    }
}

extension Bool: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> Bool? {
        guard case .bool(let value) = node.value else {
            reader.report(path, "expected true or false, found \(node.value.typeName)", at: node)
            return nil
        }
        return value
    }
}

extension String: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> String? {
        guard case .string(let value) = node.value else {
            reader.report(path, "expected a string, found \(node.value.typeName)", at: node)
            return nil
        }
        return value
    }
}

extension Array: SpecReadable where Element: SpecReadable {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> [Element]? {
        guard case .array(let elements) = node.value else {
            reader.report(path, "expected an array, found \(node.value.typeName)", at: node, stopsResolving: true)
            return nil
        }
        var result: [Element] = []
        var ok = true
        for (index, element) in elements.enumerated() {
            if let value = Element.read(element, at: path.appending(index), reader) { result.append(value) } else { ok = false }
        }
        return ok ? result : nil
    }
}

/// Reads a string that must be one of a fixed set of words.
protocol SpecEnum: RawRepresentable<String>, CaseIterable, SpecReadable {}

extension SpecEnum {
    static func read(_ node: JSONNode, at path: KeyPath, _ reader: SpecReader) -> Self? {
        guard let word = String.read(node, at: path, reader) else { return nil }
        if let value = Self(rawValue: word) { return value }
        let words = allCases.map(\.rawValue)
        var message = "unknown value \"\(word)\"; expected one of: \(words.map { "\"\($0)\"" }.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: word, in: words) { message += " (did you mean \"\(suggestion)\"?)" }
        reader.report(path, message, at: node)
        return nil
    }
}
