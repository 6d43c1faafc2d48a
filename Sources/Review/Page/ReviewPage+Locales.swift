import Foundation

/// `review --locale`: one scene in several locales, one shown at a time. Every locale's part (its SVG,
/// event list, spec table, storyboard, files and what UIKit truncates) is written with `data-locale`, all
/// but the first `hidden`; the picker's script swaps them in place, with no network.
extension ReviewPage {
    /// Whether the page is one scene in several locales (every variant has a locale), with a picker.
    var picksLocale: Bool { variants.count > 1 && variants.allSatisfy { $0.locale != nil } }

    /// `data-locale`, `lang` and, for all but the first locale, `hidden`: nothing on other pages.
    func localeAttributes(_ variant: Variant, _ index: Int) -> [(key: String, value: String?)] {
        guard picksLocale, let locale = variant.locale else { return [] }
        return [("data-locale", locale), ("lang", locale), ("hidden", index == 0 ? nil : "")]
    }

    /// `<select id="locale">`: each locale with its own name and how many titles UIKit truncates in it.
    func writeLocalePicker(_ html: inout HTMLWriter) {
        guard picksLocale else { return }
        html.start("label", ["class": "locale-picker"])
        html.text("Language ")
        html.start("select", ["id": "locale", "aria-label": "Language"])
        for (index, variant) in variants.enumerated() {
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
