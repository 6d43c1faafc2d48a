import Drawing
import Foundation
import Outputs

/// Builds HTML text in which everything that comes from a scene or the command line is escaped: text
/// through `text(_:)`, attribute values always. Only `trusted(_:)` writes markup as it is (tabanim's own
/// template and the SVG that libxml2 wrote).
struct HTMLWriter {
    private(set) var output = ""
    private var open: [String] = []

    /// Elements that have no end tag.
    private static let void: Set<String> = ["meta", "input", "img", "br", "link"]

    /// `<name a="…">`; `nil` values are left out, `""` writes a bare attribute (`hidden`).
    mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
        start(name, attributes.map { ($0.key, $0.value) })
    }

    /// `start` with attributes made at run time (a locale's `data-locale`, `hidden`).
    mutating func start(_ name: String, _ attributes: [(key: String, value: String?)]) {
        output += "<" + name
        for case let (key, value?) in attributes {
            output += value.isEmpty && Self.bare.contains(key) ? " \(key)" : " \(key)=\"\(Self.escape(value))\""
        }
        output += ">"
        if !Self.void.contains(name) { open.append(name) }
    }

    mutating func end() {
        guard let name = open.popLast() else { return }
        output += "</\(name)>"
    }

    /// An element holding only text.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:], text: String) {
        start(name, attributes)
        self.text(text)
        end()
    }

    mutating func element(_ name: String, _ attributes: [(key: String, value: String?)], text: String) {
        start(name, attributes)
        self.text(text)
        end()
    }

    mutating func text(_ string: String) { output += Self.escape(string) }

    /// Markup tabanim wrote itself.
    mutating func trusted(_ markup: String) { output += markup }

    mutating func newline() { output += "\n" }

    /// Boolean attributes written without a value.
    private static let bare: Set<String> = ["open", "hidden", "download", "disabled"]

    /// `&`, `<`, `>`, `"` and `'` as character references: safe in text and in quoted attribute values.
    static func escape(_ string: String) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
        for character in string.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\0": out += "\u{FFFD}"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
