/// CLDR's cardinal plural categories ("zero", "one", "two", "few", "many", "other"): the keys of a String
/// Catalog's `variations.plural` and of a `.stringsdict` plural rule.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// The CLDR cardinal plural rule of a language, for whole counts (operands: n = i, v = 0), as iOS's ICU
/// applies them. Source: CLDR 44 `common/supplemental/plurals.xml` (https://cldr.unicode.org/index/cldr-spec/plural-rules,
/// unicode.org/cldr/charts/44/supplemental/language_plural_rules.html). Languages not listed have only
/// "other", as CLDR's `root`.
public enum PluralRules {
    /// The category of `count` in `locale` ("de", "zh-Hans", "pt-BR": the language decides).
    public static func category(of count: Int, in locale: String) -> PluralCategory {
        let n = count.magnitude
        let language = locale.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch language {
        // one: i = 1 and v = 0
        case "en", "de", "fi", "sv", "nl", "it", "ca", "et", "gl", "ur", "af", "bg", "da", "el", "es", "eu", "hu", "nb", "no", "nn", "tr", "sw", "ta", "te", "ml", "az", "ka", "kk", "ky", "mn", "ne", "sq", "uz", "mr":
            // es, it and ca add "many" for 1,000,000 and up (e = 6, compact notation only: never for a plain count).
            return n == 1 ? .one : .other
        // one: i = 0 or n = 1
        case "hi", "fa", "bn", "gu", "kn", "am", "zu", "as":
            return n <= 1 ? .one : .other
        // one: i = 0,1 (fr and pt also "many" for compact millions, as above)
        case "fr", "pt", "hy":
            return n <= 1 ? .one : .other
        // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                let r = n % 100
                return (3...10).contains(r) ? .few : (11...99).contains(r) ? .many : .other
            }
        // one: i = 1 and v = 0; two: i = 2 and v = 0 (CLDR 42 removed he's "many")
        case "he", "iw":
            return n == 1 ? .one : n == 2 ? .two : .other
        // one: i % 10 = 1 and i % 100 != 11; few: i % 10 = 2..4 and i % 100 != 12..14; many: the other whole numbers
        case "ru", "uk", "be":
            let r10 = n % 10, r100 = n % 100
            if r10 == 1 && r100 != 11 { return .one }
            if (2...4).contains(r10) && !(12...14).contains(r100) { return .few }
            return .many
        // one: i = 1 and v = 0; few: i % 10 = 2..4 and i % 100 != 12..14; many: the other whole numbers
        case "pl":
            let r10 = n % 10, r100 = n % 100
            if n == 1 { return .one }
            return (2...4).contains(r10) && !(12...14).contains(r100) ? .few : .many
        // one: i = 1 and v = 0; few: i = 2..4 and v = 0 ("many" is for fractions)
        case "cs", "sk":
            return n == 1 ? .one : (2...4).contains(n) ? .few : .other
        // ja, zh, th, ko, vi, id, ms, km, lo, my: "other" only; so is every language not listed.
        default:
            return .other
        }
    }
}
