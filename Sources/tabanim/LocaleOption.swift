import AppleFormats
import Concurrency
import Foundation
import Graph
import Resolving
import Scene
import Spec

/// `--locale de,ar,ja` or `--locale all`: the languages the titles are drawn in, from the scene's
/// `strings` (its String Catalog). With `--locale`, each output NAME.EXT is named by its locale, NAME-de.EXT,
/// NAME-ar.EXT, … (one locale too: a second run of another language does not overwrite the first).
enum LocaleOption {
    static let option = CommandSpec.Option(
        name: "locale", valueName: "codes",
        help: "Draw the titles in these languages of the scene's String Catalog (\"strings\"), BCP 47 codes separated by commas (de,ar,ja), or all of them ('all'): each output NAME.EXT becomes NAME-de.EXT, NAME-ar.EXT, … (one language too); Arabic, Hebrew, Persian and Urdu are laid out right to left.")

    /// `validate --locale`: the same languages, checked rather than drawn.
    static let checkOption = CommandSpec.Option(
        name: "locale", valueName: "codes",
        help: "Check the scene in these languages of its String Catalog (\"strings\"), BCP 47 codes separated by commas (de,ar,ja), or all of them ('all'): every title UIKit would truncate, per language.")

    /// What `--locale` asks for.
    enum Request: Equatable {
        /// No option: the scene's own `locale`.
        case scene
        case these([String])
        /// Every locale of the catalog.
        case all
    }

    static func request(_ arguments: ParsedArguments) throws(UsageError) -> Request {
        guard let text = arguments.value("locale") else { return .scene }
        if text.lowercased() == "all" { return .all }
        let codes = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for code in codes where !SceneResolver.isLanguageTag(code) {
            throw UsageError("--locale takes BCP 47 codes separated by commas (de,ar,zh-Hans) or 'all'; '\(code)' is not one")
        }
        guard Set(codes).count == codes.count else { throw UsageError("--locale names a language twice: '\(text)'") }
        return .these(codes)
    }

    /// The locales to draw, in order (`[nil]`: the scene's own), given the scene's catalog.
    static func locales(_ request: Request, of scene: ResolvedScene) throws(UsageError) -> [String?] {
        switch request {
        case .scene: return [nil]
        case .these(let codes):
            if scene.catalogLocales.isEmpty { throw UsageError("--locale needs the scene's String Catalog: add \"strings\": \"Localizable.xcstrings\" to \(scene.file)") }
            for code in codes where !has(code, in: scene.catalogLocales) {
                throw UsageError("--locale \(code): the scene's strings have no \(code); they have \(scene.catalogLocales.joined(separator: ", ")) ('all' draws every one)")
            }
            return codes
        case .all:
            guard !scene.catalogLocales.isEmpty else {
                throw UsageError("--locale all draws every language of the scene's String Catalog, and \(scene.file) has no \"strings\"")
            }
            return scene.catalogLocales
        }
    }
}

extension LocaleOption {
    /// Whether the catalog has `code`, or a language it falls back to as the titles do (de-AT → de,
    /// zh-Hans-CN → zh-Hans: `StringCatalog.fallbacks`).
    static func has(_ code: String, in locales: [String]) -> Bool {
        StringCatalog.fallbacks(of: code).contains(where: locales.contains)
    }
}

/// Every (locale, style) a `--locale` run draws, each scene read once. The first read, which tells the
/// catalog's locales, is the scene in its own locale and the first style: it is used again for that
/// locale instead of being resolved a second time (the earlier code resolved one scene of a run twice).
/// The callers (`export`, `sheet`, `review`) read the file once and resolve that one reading per locale.
struct LocaleRun {
    let locale: String?
    let style: InterfaceStyle?
    let loaded: LoadedScene
    /// Whether this is the scene's own locale (the first read, used again).
    let isScenesOwn: Bool

    /// The runs in order, locale by locale, then style by style; `load` reads the scene with a locale (nil: the
    /// scene's own) and a style, and is called once per run, on every core at once (each resolve reads the
    /// catalog and the icons again, which adds up over many locales one after the other). The first error
    /// in the runs' order is thrown.
    static func all(_ request: LocaleOption.Request, styles: [InterfaceStyle?],
                    load: @escaping @Sendable (_ locale: String?, _ style: InterfaceStyle?) throws -> LoadedScene) throws -> [LocaleRun] {
        let first = try load(nil, styles[0])
        let locales = try LocaleOption.locales(request, of: first.scene)
        let runs = locales.flatMap { locale in
            styles.enumerated().map { index, style in
                // Resolving with `locale` set to the scene's own gives the same scene: reuse it.
                (locale: locale, style: style, same: index == 0 && (locale == nil || locale == first.scene.locale))
            }
        }
        let loaded = try parallelMap(runs.count) { k in
            runs[k].same ? first : try load(runs[k].locale, runs[k].style)
        }
        return runs.indices.map { k in
            LocaleRun(locale: runs[k].locale, style: runs[k].style, loaded: loaded[k], isScenesOwn: runs[k].same)
        }
    }
}

/// Output names for several variants of one output: `demo.gif` → `demo-de-dark.gif`, `frames/` → `frames-de/`.
enum VariantPath {
    static func path(_ path: String, suffixes: [String]) -> String {
        guard !suffixes.isEmpty else { return path }
        let folder = path.hasSuffix("/")
        let trimmed = folder ? String(path.dropLast()) : path
        let ext = URL(fileURLWithPath: trimmed).pathExtension
        let stem = ext.isEmpty ? trimmed : String(trimmed.dropLast(ext.count + 1))
        return stem + suffixes.map { "-" + $0 }.joined() + (ext.isEmpty ? "" : "." + ext) + (folder ? "/" : "")
    }
}
