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
    /// Where the code and the key table (`SceneSchema`) disagree, once each: a key the code asks that the
    /// table does not list at that place, an object read where the table has none. A programmer's error,
    /// never the user's and never shown; the tests read every shipped scene and require none.
    private(set) var schemaMismatches: [String] = []
    /// Every key the code asked of each object form of the table, for the tests that require every key of
    /// the table to be read somewhere.
    private(set) var askedKeys: Set<SceneSchema.KeyUse> = []
    /// `SceneSchema.objects(at:)` by `SceneSchema.place(of:)`, looked up once each (a script of 1,000 taps
    /// holds 1,000 objects at one place).
    private var formsByPlace: [KeyPath: [SceneSchema.ObjectForm]] = [:]

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

    /// The forms the key table allows for an object at `path` (`SceneSchema.objects(at:)`).
    fileprivate func objectForms(at path: KeyPath) -> [SceneSchema.ObjectForm] {
        let place = SceneSchema.place(of: path)
        if let forms = formsByPlace[place] { return forms }
        let forms = SceneSchema.objects(at: place)
        formsByPlace[place] = forms
        return forms
    }

    /// Records a disagreement between the code and the key table (`schemaMismatches`).
    fileprivate func mismatch(_ text: String) {
        if !schemaMismatches.contains(text) { schemaMismatches.append(text) }
    }

    /// Records that the code asked `key` of an object of these forms (`askedKeys`).
    fileprivate func asked(_ key: String, of forms: [SceneSchema.ObjectForm]) {
        for form in forms where form.lists(key) { askedKeys.insert(SceneSchema.KeyUse(form: form.pointer, key: key)) }
    }

    /// Reads `node` as `T`; on a type error records it and returns `nil`.
    func read<T: SpecReadable>(_ type: T.Type, _ node: JSONNode, at path: KeyPath) -> T? {
        T.read(node, at: path, self)
    }

    /// Reads an object node, handing an `ObjectReader` to `body`; afterwards reports every member the key
    /// table (`SceneSchema`) does not list for an object at `path` as an unknown key, with a suggestion when
    /// one is close.
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

/// Gives typed access to one JSON object's members, and knows from the key table which keys the object may
/// hold at its place (`SceneSchema.objects(at:)`).
final class ObjectReader {
    let reader: SpecReader
    let path: KeyPath
    private let members: [(key: String, node: JSONNode)]
    /// Every key asked, in the order asked (suggestions for a misspelt key prefer the first).
    private var asked: [String] = []
    /// The forms the table allows for this object; empty where it allows none (a colour nested in a
    /// colour's `"light"`, which the reader has always read and the schema refuses).
    private let forms: [SceneSchema.ObjectForm]
    /// The forms the code read the object as (`readsForm(requiring:)`): all of `forms` until it says.
    private var formsRead: [SceneSchema.ObjectForm]

    init(reader: SpecReader, path: KeyPath, members: [(key: String, node: JSONNode)]) {
        self.reader = reader
        self.path = path
        self.members = members
        forms = reader.objectForms(at: path)
        formsRead = forms
        if forms.isEmpty { reader.mismatch("\(path): the code reads an object where the key table has none") }
    }

    /// The raw node for `key`, or nil when absent. JSON `null` counts as present. The table must list `key`
    /// for an object here (`SpecReader.schemaMismatches`).
    func node(_ key: String) -> JSONNode? {
        asked.append(key)
        reader.asked(key, of: forms)
        if !forms.isEmpty, !forms.contains(where: { $0.lists(key) }) {
            reader.mismatch("\(path): the code asks \"\(key)\", which the key table does not list (\(forms.map(\.pointer).joined(separator: ", ")))")
        }
        return members.first { $0.key == key }?.node
    }

    /// The value for `key`, or nil when absent, `null`, or of the wrong type (the last is reported).
    func callAsFunction<T: SpecReadable>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let node = node(key), node.value != .null else { return nil }
        return reader.read(T.self, node, at: path.appending(key))
    }

    /// The name at `key` (an SF Symbol, a key of `strings`, a locale): a string of at most
    /// `Limits.nameLength` characters; a longer one is refused at once, naming the limit.
    func name(_ key: String) -> String? {
        guard let node = node(key), node.value != .null, let text = reader.read(String.self, node, at: path.appending(key)) else { return nil }
        let length = text.count
        guard length <= Limits.nameLength else {
            reader.report(path.appending(key), "a name of \(length) characters is longer than the \(Limits.nameLength) a name may have: \"\(Excerpt.of(text))\"", at: node)
            return nil
        }
        return text
    }

    /// Says which of the table's forms the object was read as: those that require `key`. Only their keys are
    /// known from then on (an animation read as a Lottie file has no `"duration"`: that is an effect's).
    func readsForm(requiring key: String) {
        let chosen = forms.filter { $0.node.required.contains(key) }
        guard !chosen.isEmpty else {
            reader.mismatch("\(path): the code reads the form that requires \"\(key)\"; no form of the key table here requires it")
            return
        }
        formsRead = chosen
    }

    /// Reports every member the forms read do not list (where the table has no form here, every member the
    /// code did not ask) as an unknown key, suggesting the closest known key: among those asked first, in
    /// the order asked, then the table's others.
    func reportUnknownKeys() {
        var known: [String] = []
        for key in forms.isEmpty ? asked : formsRead.flatMap({ $0.node.properties.map(\.key) }) where !known.contains(key) {
            known.append(key)
        }
        let candidates = asked.filter(known.contains) + known.filter { !asked.contains($0) }
        for (key, node) in members where !known.contains(key) {
            guard !reader.isFull else { reader.report(path, ""); continue }  // counted only: no suggestion to work out
            var message = "unknown key \"\(Excerpt.of(key))\""
            if let suggestion = Suggestion.closest(to: key, in: candidates) { message += " (did you mean \"\(suggestion)\"?)" }
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
        var message = "unknown value \"\(Excerpt.of(word))\"; expected one of: \(words.map { "\"\($0)\"" }.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: word, in: words) { message += " (did you mean \"\(suggestion)\"?)" }
        reader.report(path, message, at: node)
        return nil
    }
}
