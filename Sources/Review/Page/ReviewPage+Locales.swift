import Foundation

/// `review --locale`: one scene in several locales, one shown at a time. Every locale's part (its SVG,
/// event list, spec table, storyboard, files and what UIKit truncates) is written with `data-locale`, all
/// but the first `hidden`; the picker's script swaps them in place, with no network.
extension ReviewPage {
    /// Whether the page is one scene in several locales (every variant has a locale), with a picker.
    var picksLocale: Bool { variants.count > 1 && variants.allSatisfy { $0.locale != nil } }

    /// The appearances the page holds, in order ("light", "dark"); empty for a page of one.
    var appearances: [String] {
        var found: [String] = []
        for variant in variants { if let appearance = variant.appearance, !found.contains(appearance) { found.append(appearance) } }
        return found.count > 1 ? found : []
    }

    /// The variants of one appearance (the first's): what the page shows at once.
    var shownVariants: [Variant] { variants.filter { $0.appearance == variants[0].appearance } }

    /// `data-locale`, `lang` and, for all but the first locale, `hidden`; `data-appearance` on a page of
    /// both appearances: nothing on other pages.
    func localeAttributes(_ variant: Variant, _ index: Int) -> [(key: String, value: String?)] {
        let appearance: [(key: String, value: String?)] = appearances.isEmpty ? [] : [("data-appearance", variant.appearance)]
        guard picksLocale, let locale = variant.locale else { return appearance }
        return [("data-locale", locale), ("lang", locale), ("hidden", locale == variants[0].locale ? nil : "")] + appearance
    }

    /// `--interface-style both`: light or dark, the reader's system appearance first.
    func writeAppearanceSwitch(_ html: inout HTMLWriter) {
        guard !appearances.isEmpty else { return }
        html.start("div", ["class": "appearances", "role": "group", "aria-label": "Appearance"])
        for (index, appearance) in appearances.enumerated() {
            html.element("button", ["type": "button", "data-appearance-button": appearance, "aria-pressed": index == 0 ? "true" : "false",
                                    "aria-label": "Show the \(appearance) appearance"], text: appearance.prefix(1).uppercased() + appearance.dropFirst())
        }
        html.end()
    }

    /// `<select id="locale">`: each locale with its own name and how many titles UIKit truncates in it.
    func writeLocalePicker(_ html: inout HTMLWriter) {
        guard picksLocale else { return }
        html.start("label", ["class": "locale-picker"])
        html.text("Language ")
        html.start("select", ["id": "locale", "aria-label": "Language"])
        for (index, variant) in shownVariants.enumerated() {  // each locale once, whatever the appearances
            let locale = variant.locale ?? ""
            let truncated = variant.truncations.count
            let name = variant.localeName.map { " · \($0)" } ?? ""
            html.element("option", [("value", locale), ("lang", locale), ("selected", index == 0 ? "selected" : nil)],
                         text: locale + name + (truncated > 0 ? " (\(truncated) truncated)" : ""))
        }
        html.end()
        html.end()
    }

    /// "What UIKit truncates": per locale, every title UIKit would cut with "…", with both widths.
    func writeTruncations(_ html: inout HTMLWriter) {
        guard picksLocale || variants.contains(where: { !$0.truncations.isEmpty }) else { return }
        html.start("section", ["class": "truncations", "aria-labelledby": "truncations-title"])
        html.element("h2", ["id": "truncations-title"], text: "What UIKit truncates")
        for (index, variant) in variants.enumerated() {
            html.start("div", [("class", "card truncation-list"), ("data-variant", variant.label)] + localeAttributes(variant, index))
            if variant.truncations.isEmpty {
                html.element("p", ["class": "empty"], text: "No title is truncated" + (variant.locale.map { " in \($0)" } ?? "") + ".")
            } else {
                html.start("ul")
                for line in variant.truncations { html.element("li", text: line) }
                html.end()
            }
            html.end()
        }
        html.end()
    }
}
