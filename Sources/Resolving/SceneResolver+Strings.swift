import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// `strings` and `locale`: the app's String Catalog, read once, and each title in the scene's locale.
extension SceneResolver {
    /// Languages written right to left: the bar mirrors for them (UIKit's `semanticContentAttribute` follows
    /// the app's language), unless the scene sets `layoutDirection`.
    public static let rightToLeftLanguages: Set<String> = ["ar", "he", "fa", "ur", "iw", "ps", "yi", "ckb", "dv"]

    /// Whether `locale` ("ar", "he-IL") is written right to left.
    public static func isRightToLeft(_ locale: String?) -> Bool {
        guard let language = locale?.split(separator: "-").first.map({ String($0).lowercased() }) else { return false }
        return rightToLeftLanguages.contains(language)
    }

    /// Whether `text` is a BCP 47 language tag tabanim can use: a language (2–3 letters), then an optional
    /// script (4 letters), region (2 letters or 3 digits) and variants ("de", "zh-Hans", "pt-BR", "es-419").
    public static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) { rest = rest.dropFirst() }
        if let region = rest.first, (region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter }))
            || (region.count == 3 && region.allSatisfy({ $0.isASCII && $0.isNumber })) { rest = rest.dropFirst() }
        // Variants: 5 to 8 letters or digits, or 4 starting with a digit ("1996").
        return rest.allSatisfy { variant in
            variant.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                && ((5...8).contains(variant.count) || (variant.count == 4 && variant.first?.isNumber == true))
        }
    }

    func resolveStrings(_ path: String?, locale: String?, _ problems: inout Problems) -> Localizer {
        var localizer = Localizer(file: file)
        if let locale {
            if Self.isLanguageTag(locale) {
                localizer.locale = locale
            } else {
                problems.add(KeyPath.root.appending("locale"), "\"\(locale)\" is not a BCP 47 language tag; write \"de\", \"zh-Hans\" or \"pt-BR\"")
            }
        }
        guard let path else { return localizer }
        let keyPath = KeyPath.root.appending("strings")
        guard let url = insideURL(path, at: keyPath, &problems) else { return localizer }
        func read(_ url: URL, _ shown: String) -> Data? {
            switch FileReader.contents(of: url, limit: limits.assetSize) {
            case .success(let data): return data
            case .failure(.notFound): problems.add(keyPath, "file not found: \(shown)")
            case .failure(.tooLarge(let size, _)):
                problems.add(keyPath, "\(shown) is \(Limits.bytes(size)), more than the limit of \(Limits.bytes(limits.assetSize)) (\(Limits.raise("asset-size", to: Double(size))))")
            case .failure(let failure): problems.add(keyPath, "\(failure.reason): \(shown)")
            }
            return nil
        }
        func position(_ problem: StringCatalog.Problem) -> String {
            problem.line.map { ":\($0)" + (problem.column.map { ":\($0)" } ?? "") } ?? ""
        }
        switch url.pathExtension.lowercased() {
        case "xcstrings":
            guard let data = read(url, path) else { return localizer }
            do {
                localizer.catalog = try StringCatalog.xcstrings(data)
            } catch {
                problems.add(keyPath, "\(path)\(position(error)): \(error.message)")
            }
        case "strings", "stringsdict":
            // Legacy: LOCALE.lproj/Localizable.strings and LOCALE.lproj/Localizable.stringsdict (its plurals,
            // which take precedence, as in a bundle), one folder per locale beside the one named.
            let lproj = url.deletingLastPathComponent()
            guard lproj.pathExtension == "lproj" else {
                problems.add(keyPath, "\(path) is not in a LOCALE.lproj folder (en.lproj/Localizable.strings)")
                return localizer
            }
            let source = lproj.deletingPathExtension().lastPathComponent
            let stem = url.deletingPathExtension().lastPathComponent
            let folders = (try? FileManager.default.contentsOfDirectory(at: lproj.deletingLastPathComponent(), includingPropertiesForKeys: nil)) ?? []
            var values: [String: [String: String]] = [:]
            var plurals: [String: [String: PluralText]] = [:]
            for folder in folders.filter({ $0.pathExtension == "lproj" }).sorted(by: { $0.path < $1.path }).prefix(200) {
                let locale = folder.deletingPathExtension().lastPathComponent
                for kind in ["strings", "stringsdict"] {
                    let file = folder.appendingPathComponent("\(stem).\(kind)")
                    let shown = "\(locale).lproj/\(stem).\(kind)"
                    guard FileManager.default.fileExists(atPath: file.path), let data = read(file, shown) else { continue }
                    do {
                        if kind == "strings" {
                            for (key, value) in try StringCatalog.strings(data) { values[key, default: [:]][locale] = value }
                        } else {
                            for (key, plural) in try StringCatalog.stringsdict(data) { plurals[key, default: [:]][locale] = plural }
                        }
                    } catch {
                        problems.add(keyPath, "\(shown)\(position(error)): \(error.message)")
                    }
                }
            }
            for (key, byLocale) in plurals {
                for locale in byLocale.keys { values[key]?[locale] = nil }  // the plural's "other" form stands in
            }
            localizer.catalog = StringCatalog(sourceLanguage: source, values: values, plurals: plurals)
        default:
            problems.add(keyPath, "unsupported strings file \"\(path)\"; use a String Catalog (.xcstrings) or LOCALE.lproj/Localizable.strings (and .stringsdict)")
        }
        if let catalog = localizer.catalog, localizer.locale == nil { localizer.locale = catalog.sourceLanguage }
        return localizer
    }
}

/// Titles in the scene's locale: a key of the catalog resolves as `NSLocalizedString` resolves it.
struct Localizer {
    let file: String
    var catalog: StringCatalog?
    var locale: String?
    var warnings: [Diagnostic] = []

    /// The largest `title.count`: a badge-sized number, far past where any plural rule changes.
    static let maximumCount = 999_999_999

    init(file: String) { self.file = file }

    /// The title an item shows: `key` looked up (a key in no locale is a problem), or `text` looked up
    /// when the catalog has it as a key, or `text` itself.
    /// With `count` (`title.count`), a string that varies takes the count's plural form (see `StringCatalog.lookup`).
    mutating func title(text: String?, key: String?, count: Int? = nil, at keyPath: KeyPath, _ problems: inout Problems) -> String? {
        if let count, !(0...Self.maximumCount).contains(count) {
            problems.add(keyPath.appending("count"), "\(count) is not a count from 0 to \(Self.maximumCount)")
            return text
        }
        guard let catalog, let locale else {
            if key != nil { problems.add(keyPath.appending("key"), "a title by key needs \"strings\": the app's String Catalog") }
            return text
        }
        guard let key = key ?? text.flatMap({ catalog.values[$0] != nil ? $0 : nil }) else { return text }
        guard catalog.values[key] != nil else {
            var message = "no key \"\(Excerpt.of(key))\" in the strings"
            if let suggestion = Suggestion.closest(to: key, in: Array(catalog.values.keys).sorted()) { message += " (did you mean \"\(suggestion)\"?)" }
            problems.add(keyPath.appending("key"), message)
            return text
        }
        let (value, translated) = catalog.lookup(key, locale: locale, count: count)
        if count == nil, catalog.isPlural(key) {
            warnings.append(Diagnostic(file: file, keyPath: keyPath, message: "\"\(key)\" varies with a count: give one, {\"key\": \"\(key)\", \"count\": 3}; its \"other\" form is shown as written"))
        }
        if !translated {
            warnings.append(Diagnostic(file: file, keyPath: keyPath, message: "\"\(key)\" has no \(locale) translation; the \(catalog.sourceLanguage) text \"\(value)\" is shown, as iOS shows it"))
        }
        return value
    }
}
