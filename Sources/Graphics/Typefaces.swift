import Basics
import CPangoCairo
import CPangoFT2
import Foundation
import Graph

/// Which face draws each text, as UIKit chooses it, and the fonts behind it: the scene's own font files
/// (`fonts`), registered for the run in a fontconfig configuration of tabanim's (nothing is installed), and
/// one pango font map bound to it, used one thread at a time (`PangoText.lock`).
///
/// The system font (a `Text` with no `family`) is SF Pro where it is installed or listed in `fonts`;
/// otherwise Latin titles are drawn in **Inter** (Debian `fonts-inter`, Homebrew `font-inter`) scaled to SF
/// Pro's cap height and tracked as SF Pro; what neither covers (CJK, Arabic, Hebrew) in the script fallbacks.
package enum Typefaces {
    /// SF Pro's family names: Apple's current download installs the variable "SF Pro"; older ones "SF Pro Text".
    static let systemFamilies = ["SF Pro Text", "SF Pro"]
    /// The stand-in for SF Pro: the closest free design in widths, measured against UIKIT-2026.md's ink widths.
    static let standInFamily = "Inter"
    /// Inter is drawn at the size asked, with SF Pro's tracking: measured at 3× as UIKIT-2026.md measured
    /// iOS (first to last inked column), the twelve titles it lists (10 pt medium) land within 0.34 pt of
    /// their iOS ink widths (bench/fonts.py). Scaling Inter to SF Pro's cap height (96.6 %) would narrow
    /// every title by about 1 pt; its caps stay 0.25 pt taller instead.
    static let standInScale = 1.0
    /// Scripts neither SF Pro nor Inter covers, as iOS covers them with its own fonts: Apple's PingFang where
    /// installed, else Noto (Debian `fonts-noto-cjk` and `fonts-noto-core`, Homebrew `font-noto-sans-*`):
    /// CJK, Arabic, Hebrew, Thai, Devanagari; DejaVu Sans last. Han characters take the variant of the
    /// text's language first (`fallbacks(for:)`).
    static let fallbackFamilies = ["PingFang SC", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai",
                                   "Noto Sans Devanagari", "Noto Sans", "DejaVu Sans", "sans-serif"]

    /// The fallbacks for a text in `language`: Japanese, Korean and Traditional Chinese put their own CJK
    /// face before the Simplified one (the same characters have other forms in each: iOS's font cascade
    /// follows the language too).
    package static func fallbacks(for language: String?) -> [String] {
        let lower = language?.lowercased() ?? ""
        let first: [String]
        if lower.hasPrefix("ja") { first = ["Hiragino Sans", "Noto Sans CJK JP"] }
        else if lower.hasPrefix("ko") { first = ["Apple SD Gothic Neo", "Noto Sans CJK KR"] }
        else if lower.hasPrefix("zh-hant") || lower == "zh-tw" || lower == "zh-hk" { first = ["PingFang TC", "Noto Sans CJK TC"] }
        else { return fallbackFamilies }
        return first + fallbackFamilies
    }

    /// A face as tabanim draws it.
    package struct Face: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// SF Pro itself.
            case system
            /// Inter standing in for SF Pro.
            case standIn
            /// The family the scene names (`titleFont`, `badgeFont`).
            case scene
            /// A script fallback (CJK, Arabic, Hebrew, …).
            case fallback
        }

        /// The family pango is asked for first (the fallbacks follow it).
        package var family: String
        /// Family and style as fontconfig names them: "Inter Medium".
        package var name: String
        package var kind: Kind
        /// Drawn at this fraction of the asked size.
        package var sizeFactor: Double

        /// Extra space after each character, in points, at `size` (the asked size): SF Pro's tracking for
        /// the system font and its stand-in; none for the scene's fonts (UIKit tracks only the system font)
        /// and the script fallbacks.
        package func tracking(at size: Double) -> Double {
            kind == .system || kind == .standIn ? SFTracking.points(at: size) : 0
        }

        /// The text's language, which orders the fallbacks.
        package var language: String?

        /// pango's family list: this face, then the fallbacks.
        package var families: String { ([family] + Typefaces.fallbacks(for: language).filter { $0 != family }).joined(separator: ",") }
        /// The same list as CSS's `font-family`.
        package var cssFamilies: String { families.replacingOccurrences(of: ",", with: ", ") }
    }

    // MARK: - Registering the scene's fonts

    /// Registers font files for this process (once each) and checks the families a scene names (`named`:
    /// each family, its key path and the weight it is drawn at). One diagnostic per file that is not a font
    /// and per family no font has; empty when all is well. `file`: the scene file, for messages.
    package static func register(_ fontFiles: [FontFile], checking named: [(family: String?, keyPath: KeyPath, weight: FontWeight)],
                                 file: String) -> [Diagnostic] {
        var problems: [Diagnostic] = [], families: [String] = [], paths: [String] = []
        for font in fontFiles {
            guard let family = state.scanned(font.url.path) else {
                problems.append(Diagnostic(file: file, keyPath: font.keyPath,
                                           message: "\(font.displayName) is not a font (fontconfig reads no face from it); use a .ttf, .otf or .ttc font file"))
                continue
            }
            families.append(family)
            paths.append(font.url.path)
        }
        state.add(paths)
        for case let (family?, keyPath, weight) in named where match(family, weight: weight, covering: "") == nil {
            let listed = !families.isEmpty ? "the scene's fonts hold " + families.map { "\"\($0)\"" }.joined(separator: ", ")
                : fontFiles.isEmpty ? "the scene lists no fonts" : "none of the scene's fonts could be read"
            problems.append(Diagnostic(file: file, keyPath: keyPath,
                                       message: "no font family \"\(family)\" is installed or listed in \"fonts\" (\(listed))"))
        }
        return problems
    }

    // MARK: - Choosing a face

    /// The face that draws `string` at `weight` in `family` (nil: the system font), as UIKit's font
    /// cascade would: the named or system family when it has every character, else the fallbacks.
    package static func face(for string: String, family: String?, weight: FontWeight, language: String? = nil) -> Face {
        let key = "\(family ?? "")\u{1}\(weight.rawValue)\u{1}\(language ?? "")\u{1}\(string)"
        var face = state.face(key) {
            if let family, let name = match(family, weight: weight, covering: string) {
                return Face(family: family, name: name, kind: .scene, sizeFactor: 1)
            }
            for system in systemFamilies {
                if let name = match(system, weight: weight, covering: string) {
                    return Face(family: system, name: name, kind: .system, sizeFactor: 1)
                }
            }
            if let name = match(standInFamily, weight: weight, covering: string) {
                return Face(family: standInFamily, name: name, kind: .standIn, sizeFactor: standInScale)
            }
            for fallback in fallbacks(for: language).dropLast() {
                if let name = match(fallback, weight: weight, covering: string) {
                    return Face(family: fallback, name: name, kind: .fallback, sizeFactor: 1)
                }
            }
            return Face(family: "sans-serif", name: "sans-serif", kind: .fallback, sizeFactor: 1)
        }
        face.language = language
        return face
    }

    /// "Inter Medium" when `family` is a font of the configuration (by name, not a substitute) with every
    /// character of `string`; nil otherwise.
    private static func match(_ family: String, weight: FontWeight, covering string: String) -> String? {
        let characters = string.unicodeScalars.map { UInt32($0.value) }
        return state.withFace(family, weight: weight) { name, charset in
            tabanim_charset_covers(charset, characters, Int32(characters.count)) == 1 ? name : nil
        }
    }

    // MARK: - What drew the bar's text

    /// `texts` (the bar's titles and badges, in the order drawn), each string and weight once, with the
    /// face that draws it: for `validate`, `--verbose` and the review page.
    package static func faces(of texts: [Text]) -> [(text: Text, face: Face)] {
        var seen: Set<String> = []
        return texts.compactMap { text in
            guard seen.insert("\(text.weight.rawValue) \(text.family ?? "") \(text.language ?? "") \(text.string)").inserted else { return nil }
            return (text, face(for: text.string, family: text.family, weight: text.weight, language: text.language))
        }
    }

    /// "text: "Feeds" Inter Medium, …" and, when the stand-in drew any, what that means (each string once).
    package static func summary(of texts: [Text]) -> (faces: String, standIn: String?)? {
        let faces = self.faces(of: texts)
        guard !faces.isEmpty else { return nil }
        let list = faces.map { "\"\($0.text.string)\" \($0.face.name)" }.joined(separator: ", ")
        var named: Set<String> = []
        let drawn = faces.filter { $0.face.kind == .standIn && named.insert($0.text.string).inserted }
        let standIns = drawn.map { "\"\($0.text.string)\"" }
        // Measured at the iPhone bar's 10 pt titles only (docs/scene-format.md, "Type"): said only of those.
        let measured = Set(drawn.map(\.text.fontSize)) == [10] ? "widths within 1 pt of iOS at 10 pt" : "widths measured against iOS at 10 pt only"
        let standIn = standIns.isEmpty ? nil : "\(standIns.joined(separator: ", ")) drawn in \(standInFamily), a stand-in for SF Pro (\(measured)); list Apple's SF Pro (SF-Pro.ttf, developer.apple.com/fonts) in \"fonts\" or install it to draw them as iOS does"
        return ("text: " + list, standIn)
    }

    // MARK: - The font map

    /// The process's pango cairo font map, bound to the current configuration; made again when fonts are
    /// registered. Used only while `PangoText.lock` is held, as every layout is: one map (and one
    /// `PangoLayoutCache`) for every thread. A map per thread sorted the system's fonts again on each
    /// thread that laid out a script (Noto CJK, Thai, Devanagari…), and nine locales' titles were laid out
    /// on every encoding thread.
    static func fontMap() -> UnsafeMutablePointer<PangoFontMap>? { state.fontMap() }

    /// Changes whenever fonts are registered: what was laid out before (`PangoLayoutCache`) is out of date.
    package static var generation: Int { state.generation }

    private static let state = State()

    private struct NamedKey: Hashable {
        package var family: String
        package var weight: FontWeight
    }

    /// A face fontconfig matched by its family's name: "Inter Medium" and its characters.
    private final class NamedFace {
        package let name: String
        package let charset: OpaquePointer

        /// nil when `family` at `weight` is not a font of `config`.
        package init?(_ config: OpaquePointer, family: String, weight: FontWeight) {
            var matched = [CChar](repeating: 0, count: 256), style = [CChar](repeating: 0, count: 128)
            guard let charset = tabanim_face_match(config, family, tabanim_fc_weight(Int32(weight.rawValue)), &matched, Int32(matched.count),
                                                   &style, Int32(style.count)) else { return nil }
            let styleName = String(nulTerminated: style)
            self.name = String(nulTerminated: matched) + (styleName.isEmpty ? "" : " " + styleName)
            self.charset = charset
        }

        deinit { tabanim_charset_destroy(charset) }
    }

    /// The registered files, the configuration made of them, and the faces chosen so far; one lock.
    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var files: [String] = []
        private var config: OpaquePointer?
        private var map: UnsafeMutablePointer<PangoFontMap>?
        private var faces: [String: Face] = [:]
        /// The face each family and weight names in `config` (nil: none): fontconfig's match sorts every
        /// system font on every call, and a title in Thai asked it of eight families in turn, one thread at
        /// a time.
        private var named: [NamedKey: NamedFace?] = [:]
        private var currentGeneration = 0

        /// Each font file's first family (nil: not a font): scanned once per run, however many stages
        /// register the scene.
        private var scans: [String: String?] = [:]

        package var generation: Int { lock.withLock { currentGeneration } }

        /// The first family of the font file at `path`; nil when fontconfig reads no face from it.
        package func scanned(_ path: String) -> String? {
            if let known = lock.withLock({ scans[path] }) { return known }
            var name = [CChar](repeating: 0, count: 256)
            let family = tabanim_font_file_faces(path, &name, Int32(name.count)) > 0 ? String(nulTerminated: name) : nil
            lock.withLock { scans[path] = .some(family) }
            return family
        }

        /// Adds files not registered yet; a new configuration and font map replace the old (layouts made
        /// in the old map keep their own reference to it). Holds `PangoText.lock` too, as every user of the
        /// map does: no thread is between taking the map and making a context of it.
        package func add(_ paths: [String]) {
            PangoText.lock.lock()
            defer { PangoText.lock.unlock() }
            lock.withLock {
                let new = paths.filter { !files.contains($0) }
                guard !new.isEmpty else { return }
                files += new
                // Layouts made in the old map keep their own reference to it (and it to its configuration).
                if let map { g_object_unref(UnsafeMutableRawPointer(map)) }
                map = nil
                if let config { tabanim_config_destroy(config) }
                config = nil
                faces = [:]
                named = [:]
                currentGeneration += 1
            }
        }

        /// The font map of the current configuration (`Typefaces.fontMap`).
        func fontMap() -> UnsafeMutablePointer<PangoFontMap>? {
            lock.withLock {
                if config == nil { config = makeConfig() }
                if map == nil, let config { map = tabanim_font_map_new(config) }
                return map
            }
        }

        /// `body` with the face `family` at `weight` names in the configuration, matched once; nil when it
        /// names none.
        func withFace<T>(_ family: String, weight: FontWeight, _ body: (String, OpaquePointer) -> T?) -> T? {
            lock.withLock {
                if config == nil { config = makeConfig() }
                guard let config else { return nil }
                let key = NamedKey(family: family, weight: weight)
                let face: NamedFace?
                if let known = named[key] {
                    face = known
                } else {
                    face = NamedFace(config, family: family, weight: weight)
                    named[key] = .some(face)
                }
                return face.flatMap { body($0.name, $0.charset) }
            }
        }

        package func face(_ key: String, choose: () -> Face) -> Face {
            if let known = lock.withLock({ faces[key] }) { return known }
            let face = choose()
            lock.withLock { faces[key] = face }
            return face
        }

        private func makeConfig() -> OpaquePointer? {
            var pointers = files.map { strdup($0) }
            defer { pointers.forEach { free($0) } }
            return pointers.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { tabanim_config_new($0.baseAddress, Int32($0.count)) }
            }
        }
    }
}

extension String {
    /// The UTF-8 text of a C buffer up to its first NUL (the whole buffer if it has none).
    package init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
