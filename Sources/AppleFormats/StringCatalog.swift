import Basics
import Foundation

/// The app's strings, per locale: a String Catalog (`Localizable.xcstrings`, Xcode 15+: JSON with
/// `sourceLanguage` and `strings.KEY.localizations.LOCALE.stringUnit.value`) or legacy `.strings` files
/// (`"key" = "value";`, one file per `LOCALE.lproj` folder beside the one named).
///
/// A key resolves as `NSLocalizedString` does: the locale's value, else the source language's, else the
/// key itself; a catalog entry with no localizations is its key in every language (Xcode writes the source
/// string as the key).
public struct StringCatalog: Sendable, Equatable {
    /// The catalog's `sourceLanguage` (legacy: "en" when an `en.lproj` exists, else the first locale).
    public var sourceLanguage: String
    /// `[key: [locale: value]]`.
    public var values: [String: [String: String]]
    /// Every locale that has at least one value, the source language first, then sorted.
    public var locales: [String]
    /// `[key: [locale: plural]]`: the strings that vary with a count (a catalog's `variations.plural` or
    /// `substitutions`, a `.stringsdict` entry). Their `values` hold the "other" form.
    public var plurals: [String: [String: PluralText]] = [:]

    /// At most this many keys: an app's catalog has hundreds, a large one a few thousand.
    public static let maximumKeys = 50_000

    public init(sourceLanguage: String, values: [String: [String: String]], plurals: [String: [String: PluralText]] = [:]) {
        self.sourceLanguage = sourceLanguage
        var values = values
        for (key, byLocale) in plurals {
            for (locale, plural) in byLocale where values[key]?[locale] == nil { values[key, default: [:]][locale] = plural.otherForm }
        }
        self.values = values
        self.plurals = plurals
        let all = Set(values.values.flatMap(\.keys)).subtracting([sourceLanguage])
        locales = [sourceLanguage] + all.sorted()
    }

    /// The value of `key` in `locale` (or its language without region or script: "de-CH" → "de"), and
    /// whether it was translated there.
    ///
    /// With a `count` (`title.count`), a string that varies takes the form CLDR's plural rule of the language
    /// it was found in gives for the count, and its `%d` / `%lld` become the count, as
    /// `String.localizedStringWithFormat(NSLocalizedString(key, …), count)` does on iOS.
    public func lookup(_ key: String, locale: String, count: Int? = nil) -> (value: String, translated: Bool) {
        let entry = values[key] ?? [:]
        let found = Self.fallbacks(of: locale).first { entry[$0] != nil }
        let from = found ?? sourceLanguage
        let translated = found != nil || locale == sourceLanguage || Self.fallbacks(of: locale).contains(sourceLanguage)
        let value = entry[from] ?? key
        guard let count else { return (value, translated) }
        if let plural = plurals[key]?[from] { return (plural.text(count: count, locale: from), translated) }
        return (PluralText.formatted(value, count: count), translated)
    }

    /// Whether `key` varies with a count in some locale.
    public func isPlural(_ key: String) -> Bool { plurals[key] != nil }

    /// "zh-Hans-CN" → ["zh-Hans-CN", "zh-Hans", "zh"].
    package static func fallbacks(of locale: String) -> [String] {
        let parts = locale.split(separator: "-").map(String.init)
        return (1...max(parts.count, 1)).reversed().map { parts.prefix($0).joined(separator: "-") }
    }

    // MARK: - Reading

    /// A problem at a position of the catalog file.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
        public var line: Int?
        public var column: Int?
    }

    /// Reads a String Catalog (`.xcstrings`).
    public static func xcstrings(_ data: Data) throws(Problem) -> StringCatalog {
        var parser = JSONParser(data: data)
        let root: JSONNode
        do {
            root = try parser.parse()
        } catch {
            throw Problem(message: "invalid JSON: \(error.message)", line: error.line, column: error.column)
        }
        guard case .object(let members) = root.value else { throw Problem(message: "expected an object, found \(root.value.typeName)", line: root.line, column: root.column) }
        func member(_ key: String, of members: [(key: String, node: JSONNode)]) -> JSONNode? { members.first { $0.key == key }?.node }
        guard let sourceNode = member("sourceLanguage", of: members), case .string(let source) = sourceNode.value else {
            throw Problem(message: "no \"sourceLanguage\": a String Catalog names the language its keys are written in", line: root.line, column: root.column)
        }
        guard let stringsNode = member("strings", of: members), case .object(let strings) = stringsNode.value else {
            throw Problem(message: "no \"strings\" object", line: root.line, column: root.column)
        }
        guard strings.count <= maximumKeys else {
            throw Problem(message: "\(strings.count) keys, more than \(maximumKeys)", line: stringsNode.line, column: stringsNode.column)
        }
        var values: [String: [String: String]] = [:]
        var plurals: [String: [String: PluralText]] = [:]
        for (key, entry) in strings {
            var localized: [String: String] = [:]
            if case .object(let fields) = entry.value, let localizations = member("localizations", of: fields), case .object(let byLocale) = localizations.value {
                for (locale, node) in byLocale {
                    guard case .object(let unit) = node.value else { continue }
                    if let plural = try pluralText(unit, key: key, locale: locale, at: node) {
                        plurals[key, default: [:]][locale] = plural
                        continue
                    }
                    // A plain string, or the first variation (device) of one that varies.
                    if let value = stringUnitValue(unit) ?? variationValue(unit) { localized[locale] = value }
                }
            }
            values[key] = localized
        }
        return StringCatalog(sourceLanguage: source, values: values, plurals: plurals)
    }

    /// `stringUnit.value` of a localization.
    private static func stringUnitValue(_ fields: [(key: String, node: JSONNode)]) -> String? {
        guard let unit = fields.first(where: { $0.key == "stringUnit" })?.node, case .object(let unitFields) = unit.value,
              let value = unitFields.first(where: { $0.key == "value" })?.node, case .string(let text) = value.value else { return nil }
        return text
    }

    /// `variations.plural.other` (or the first variation) of a localization that varies.
    private static func variationValue(_ fields: [(key: String, node: JSONNode)]) -> String? {
        guard let variations = fields.first(where: { $0.key == "variations" })?.node, case .object(let kinds) = variations.value,
              let kind = kinds.first?.node, case .object(let cases) = kind.value else { return nil }
        let chosen = cases.first { $0.key == "other" } ?? cases.first
        guard let node = chosen?.node, case .object(let unit) = node.value else { return nil }
        return stringUnitValue(unit)
    }

    /// Reads one legacy `.strings` file (`"key" = "value";`, `/* */` and `//` comments, UTF-8 or UTF-16
    /// with a byte order mark): its key–value pairs.
    public static func strings(_ data: Data) throws(Problem) -> [String: String] {
        let text: String
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: data, encoding: .utf16) else { throw Problem(message: "not valid UTF-16") }
            text = decoded
        } else {
            guard let decoded = String(data: data, encoding: .utf8) else { throw Problem(message: "not valid UTF-8") }
            text = decoded
        }
        var scanner = StringsScanner(Array(text.unicodeScalars))
        return try scanner.pairs()
    }
}

/// The legacy `.strings` syntax: quoted keys and values with `\"`, `\\`, `\n`, `\t` and `\U` escapes.
private struct StringsScanner {
    package let scalars: [Unicode.Scalar]
    package var index = 0
    package var line = 1
    package var lineStart = 0

    package init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    package mutating func pairs() throws(StringCatalog.Problem) -> [String: String] {
        var result: [String: String] = [:]
        while true {
            try skip()
            guard index < scalars.count else { return result }
            let key = try quoted()
            try skip()
            try expect("=")
            try skip()
            let value = try quoted()
            try skip()
            try expect(";")
            result[key] = value
            guard result.count <= StringCatalog.maximumKeys else { throw problem("more than \(StringCatalog.maximumKeys) keys") }
        }
    }

    private func problem(_ message: String) -> StringCatalog.Problem {
        StringCatalog.Problem(message: message, line: line, column: index - lineStart + 1)
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1; lineStart = index + 1 }
        index += 1
    }

    private mutating func skip() throws(StringCatalog.Problem) {
        while index < scalars.count {
            let c = scalars[index]
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" {
                advance()
            } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let start = problem("a comment that never ends")
                index += 2
                while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { advance() }
                guard index + 1 < scalars.count else { throw start }
                index += 2
            } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    private mutating func expect(_ c: Unicode.Scalar) throws(StringCatalog.Problem) {
        guard index < scalars.count, scalars[index] == c else {
            throw problem(index < scalars.count ? "expected \"\(c)\", found \"\(scalars[index])\"" : "expected \"\(c)\" at the end of the file")
        }
        advance()
    }

    private mutating func quoted() throws(StringCatalog.Problem) -> String {
        try expect("\"")
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let c = scalars[index]
            advance()
            switch c {
            case "\"": return String(text)
            case "\\":
                guard index < scalars.count else { break }
                let e = scalars[index]
                advance()
                switch e {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "U", "u":
                    let digits = scalars[index..<min(index + 4, scalars.count)].map(Character.init)
                    guard digits.count == 4, let value = UInt32(String(digits), radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw problem("\\U takes four hex digits")
                    }
                    for _ in 0..<4 { advance() }
                    text.append(scalar)
                default: text.append(e)
                }
            default: text.append(c)
            }
        }
        throw problem("a string that never ends")
    }
}
