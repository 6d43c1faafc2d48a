/// A string that varies with a count: a `.stringsdict` entry (`NSStringLocalizedFormatKey` with `%#@VAR@`
/// variables, each a plural rule) or a String Catalog's `variations.plural` (one variable standing for the
/// whole string). Apple: "Stringsdict File Format" (developer.apple.com/library/archive/documentation/MacOSX/
/// Conceptual/BPInternational/StringsdictFileFormat).
public struct PluralText: Sendable, Equatable {
    /// `NSStringLocalizedFormatKey`: text with `%#@VAR@` variables (a catalog's plural variation: `%#@_@`).
    public var format: String
    /// Each variable's forms, by CLDR category; "other" is always there.
    public var variables: [String: [PluralCategory: String]]

    /// The variable a catalog's plain `variations.plural` stands in.
    package static let whole = "_"

    public init(format: String, variables: [String: [PluralCategory: String]]) {
        self.format = format
        self.variables = variables
    }

    /// A catalog's `variations.plural`: the whole string varies.
    package init(forms: [PluralCategory: String]) {
        self.init(format: "%#@\(Self.whole)@", variables: [Self.whole: forms])
    }

    /// The "other" forms, unformatted: what a title shows when the scene gives no count.
    public var otherForm: String { substitute { forms in forms[.other] ?? "" } }

    /// The text for `count` in `locale`: each variable's form for the count's CLDR category (or "zero" for
    /// 0 when the form exists, as Foundation reads a stringsdict in any language), then every integer
    /// specifier (`%d`, `%lld`, `%1$ld`, `%u`…) replaced by the count.
    public func text(count: Int, locale: String) -> String {
        let category = PluralRules.category(of: count, in: locale)
        let chosen = substitute { forms in
            (count == 0 ? forms[.zero] : nil) ?? forms[category] ?? forms[.other] ?? ""
        }
        return Self.formatted(chosen, count: count)
    }

    /// `format` with each `%#@VAR@` replaced by `pick` of the variable's forms (a variable with no forms stays).
    private func substitute(_ pick: ([PluralCategory: String]) -> String) -> String {
        var result = ""
        var rest = Substring(format)
        while let start = rest.range(of: "%#@") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "@") else { rest = rest[start.lowerBound...]; break }
            let name = String(after[..<end])
            result += variables[name].map(pick) ?? "%#@\(name)@"
            rest = after[after.index(after: end)...]
        }
        return result + rest
    }

    /// `text` with every integer conversion (`%d`, `%i`, `%u`, with `h`, `hh`, `l`, `ll`, `q`, `z`, `t`, `j`
    /// lengths and an optional `N$` position) replaced by `count` in ASCII digits, and `%%` by `%`; any other
    /// conversion (`%@`, `%f`) is left as written.
    public static func formatted(_ text: String, count: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
        while i < scalars.count {
            guard scalars[i] == "%", i + 1 < scalars.count else { result.append(scalars[i]); i += 1; continue }
            if scalars[i + 1] == "%" { result.append("%"); i += 2; continue }
            var j = i + 1
            // An optional position "1$".
            var k = j
            while k < scalars.count, isDigit(scalars[k]) { k += 1 }
            if k > j, k < scalars.count, scalars[k] == "$" { j = k + 1 }
            while j < scalars.count, "hlqztj".unicodeScalars.contains(scalars[j]) { j += 1 }
            if j < scalars.count, "diu".unicodeScalars.contains(scalars[j]) {
                result.append(contentsOf: String(count).unicodeScalars)
                i = j + 1
            } else {
                result.append(scalars[i])
                i += 1
            }
        }
        return String(result)
    }
}
