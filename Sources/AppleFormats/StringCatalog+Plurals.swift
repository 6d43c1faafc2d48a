import Basics
import Foundation

/// Strings that vary with a count: a String Catalog's `variations.plural` and `substitutions`, and legacy
/// `LOCALE.lproj/Localizable.stringsdict` property lists (read with Foundation's `PropertyListSerialization`,
/// XML or binary).
extension StringCatalog {
    /// At most this many `%#@VAR@` variables in one string (Apple's examples use one or two).
    public static let maximumVariables = 16

    // MARK: - String Catalog

    /// The localization `unit` of `key` in `locale` when it varies with a count: `variations.plural`
    /// (`{"one": {"stringUnit": …}, "other": …}`), or a `stringUnit` with `%#@NAME@` and `substitutions.NAME.variations.plural`
    /// (forms written with `%arg` for the number). nil when it does not vary with a count.
    static func pluralText(_ unit: [(key: String, node: JSONNode)], key: String, locale: String, at node: JSONNode) throws(Problem) -> PluralText? {
        if let variations = member("variations", of: unit), case .object(let kinds) = variations.value,
           let plural = member("plural", of: kinds) {
            return PluralText(forms: try forms(plural, what: "\"\(key)\" in \(locale): variations.plural"))
        }
        guard let substitutions = member("substitutions", of: unit), case .object(let names) = substitutions.value,
              let format = stringUnit(unit) else { return nil }
        guard names.count <= maximumVariables else {
            throw Problem(message: "\"\(key)\" in \(locale): \(names.count) substitutions, more than \(maximumVariables)", line: substitutions.line, column: substitutions.column)
        }
        var variables: [String: [PluralCategory: String]] = [:]
        for (name, substitution) in names {
            let what = "\"\(key)\" in \(locale): substitutions.\(name)"
            guard case .object(let fields) = substitution.value, let variations = member("variations", of: fields),
                  case .object(let kinds) = variations.value, let plural = member("plural", of: kinds) else {
                throw Problem(message: "\(what): no variations.plural", line: substitution.line, column: substitution.column)
            }
            variables[name] = try forms(plural, what: what + ".variations.plural").mapValues { $0.replacingOccurrences(of: "%arg", with: "%d") }
        }
        return PluralText(format: format, variables: variables)
    }

    /// `{"one": {"stringUnit": {"value": …}}, "other": …}`: each CLDR category's text, "other" required.
    private static func forms(_ node: JSONNode, what: String) throws(Problem) -> [PluralCategory: String] {
        guard case .object(let cases) = node.value else {
            throw Problem(message: "\(what): expected an object of plural forms, found \(node.value.typeName)", line: node.line, column: node.column)
        }
        var forms: [PluralCategory: String] = [:]
        for (name, form) in cases {
            guard let category = PluralCategory(rawValue: name) else {
                throw Problem(message: "\(what): \"\(name)\" is not a plural category (\(PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")))", line: form.line, column: form.column)
            }
            guard case .object(let unit) = form.value, let text = stringUnit(unit) else {
                throw Problem(message: "\(what).\(name): no stringUnit.value", line: form.line, column: form.column)
            }
            forms[category] = text
        }
        guard forms[.other] != nil else { throw Problem(message: "\(what): no \"other\" form, which every language needs", line: node.line, column: node.column) }
        return forms
    }

    private static func member(_ key: String, of members: [(key: String, node: JSONNode)]) -> JSONNode? {
        members.first { $0.key == key }?.node
    }

    private static func stringUnit(_ fields: [(key: String, node: JSONNode)]) -> String? {
        guard let unit = member("stringUnit", of: fields), case .object(let unitFields) = unit.value,
              let value = member("value", of: unitFields), case .string(let text) = value.value else { return nil }
        return text
    }

    // MARK: - .stringsdict

    /// Reads one legacy `.stringsdict` (a property list: `KEY → {NSStringLocalizedFormatKey: "%#@VAR@",
    /// VAR: {NSStringFormatSpecTypeKey: NSStringPluralRuleType, NSStringFormatValueTypeKey: "d", one: …, other: …}}`):
    /// its plural strings by key. Problems name the key and the variable.
    public static func stringsdict(_ data: Data) throws(Problem) -> [String: PluralText] {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Problem(message: "not a property list (XML or binary)")
        }
        guard let entries = root as? [String: Any] else { throw Problem(message: "expected a dictionary of keys at the top, found \(plistType(root))") }
        guard entries.count <= maximumKeys else { throw Problem(message: "\(entries.count) keys, more than \(maximumKeys)") }
        var result: [String: PluralText] = [:]
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard let entry = value as? [String: Any] else {
                throw Problem(message: "\"\(key)\": expected a dictionary (NSStringLocalizedFormatKey and its variables), found \(plistType(value))")
            }
            guard let format = entry["NSStringLocalizedFormatKey"] as? String else {
                throw Problem(message: "\"\(key)\": no NSStringLocalizedFormatKey string (\"%#@count@\")")
            }
            let names = variableNames(in: format)
            guard names.count <= maximumVariables else { throw Problem(message: "\"\(key)\": \(names.count) variables, more than \(maximumVariables)") }
            var variables: [String: [PluralCategory: String]] = [:]
            for name in names {
                guard let rule = entry[name] as? [String: Any] else {
                    throw Problem(message: "\"\(key)\": NSStringLocalizedFormatKey uses %#@\(name)@, and there is no dictionary \"\(name)\"")
                }
                let type = rule["NSStringFormatSpecTypeKey"] as? String
                guard type == "NSStringPluralRuleType" else {
                    throw Problem(message: "\"\(key)\".\(name): NSStringFormatSpecTypeKey is \(type.map { "\"\($0)\"" } ?? "missing"); tabanim reads plural rules (NSStringPluralRuleType)")
                }
                var forms: [PluralCategory: String] = [:]
                for (field, text) in rule where field != "NSStringFormatSpecTypeKey" && field != "NSStringFormatValueTypeKey" {
                    guard let category = PluralCategory(rawValue: field) else {
                        throw Problem(message: "\"\(key)\".\(name): \"\(field)\" is not a plural category (\(PluralCategory.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    guard let text = text as? String else { throw Problem(message: "\"\(key)\".\(name).\(field): expected a string, found \(plistType(text))") }
                    forms[category] = text
                }
                guard forms[.other] != nil else { throw Problem(message: "\"\(key)\".\(name): no \"other\" form, which every language needs") }
                variables[name] = forms
            }
            result[key] = PluralText(format: format, variables: variables)
        }
        return result
    }

    /// The `NAME`s of `%#@NAME@` in `format`, in order, each once.
    static func variableNames(in format: String) -> [String] {
        var names: [String] = []
        var rest = Substring(format)
        while let start = rest.range(of: "%#@") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "@") else { break }
            let name = String(after[..<end])
            if !names.contains(name) { names.append(name) }
            rest = after[after.index(after: end)...]
        }
        return names
    }

    private static func plistType(_ value: Any) -> String {
        switch value {
        case is [String: Any]: return "a dictionary"
        case is [Any]: return "an array"
        case is String: return "a string"
        case is Data: return "data"
        case is Date: return "a date"
        case is Bool, is NSNumber: return "a number"
        default: return "a value"
        }
    }
}
