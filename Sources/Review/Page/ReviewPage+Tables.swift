import Drawing
import Foundation
import Graph
import Narrative
import Outputs
import Scene

/// The page's lists: what happens and why, the build spec, the storyboard.
extension ReviewPage {
    // MARK: - Events

    func writeEvents(_ html: inout HTMLWriter) {
        html.start("section", ["class": "events", "aria-labelledby": "events-title"])
        html.element("h2", ["id": "events-title"], text: "What happens, and why")
        if compares { writeEventDifferences(&html) }
        html.start("div", ["class": "event-lists"])
        for (index, variant) in variants.enumerated() {
            html.start("div", [("class", "card event-list"), ("data-variant", variant.label)] + localeAttributes(variant, index))
            if !variant.label.isEmpty { writeVariantHeading(variant, &html) }
            html.start("table")
            html.start("thead")
            html.start("tr")
            for heading in ["Time", "Event", "What happened", "Why"] { html.element("th", ["scope": "col"], text: heading) }
            html.end()
            html.end()
            html.start("tbody")
            // Comparing: a row the other scene has not (at that time, that kind, those words) is marked.
            let others = compares ? variants.filter { $0.label != variant.label && $0.appearance == variant.appearance && $0.locale == variant.locale } : []
            let elsewhere = Set(others.flatMap(\.events).map { "\(number($0.time)) \($0.kind) \($0.what)" })
            for event in variant.events {
                let differs = !others.isEmpty && !elsewhere.contains("\(number(event.time)) \(event.kind) \(event.what)")
                html.start("tr", ["class": "event" + (event.kind == "tap-ignored" ? " ignored" : "") + (differs ? " differs" : ""), "data-t": number(event.time),
                                  "data-kind": event.kind])
                html.start("td", ["class": "time"])
                html.element("button", ["type": "button", "title": "Show this moment",
                                        "aria-label": (variant.label.isEmpty ? "" : "\(variant.label): ") + String(format: "%.2f s: ", event.time) + event.what],
                             text: String(format: "%.2f s", event.time))
                html.end()
                html.start("td")
                html.element("span", ["class": "badge kind-\(event.kind.split(separator: "-").first ?? "")"], text: event.kind)
                if differs { html.element("span", ["class": "changed-mark", "title": "The other scene has no such event at this time"], text: "differs") }
                html.end()
                html.element("td", text: event.what)
                html.element("td", ["class": "why"], text: event.why)
                html.end()
            }
            html.end()
            html.end()
            if variant.events.isEmpty { html.element("p", ["class": "empty"], text: "The script has no taps: nothing happens.") }
            html.end()
        }
        html.end()
        html.end()
    }

    /// A comparison's events that differ, A's and B's facing each other on one row per moment (and kind):
    /// the lists below keep every event.
    private func writeEventDifferences(_ html: inout HTMLWriter) {
        for appearance in appearances.isEmpty ? [variants[0].appearance] : appearances.map(Optional.some) {
            let pair = variants.filter { $0.appearance == appearance }
            guard pair.count == 2 else { continue }
            func key(_ event: Event) -> String { "\(number(event.time)) \(event.kind) \(event.what)" }
            let (keysA, keysB) = (Set(pair[0].events.map(key)), Set(pair[1].events.map(key)))
            let onlyA = pair[0].events.filter { !keysB.contains(key($0)) }, onlyB = pair[1].events.filter { !keysA.contains(key($0)) }
            // One row per time and kind, in time order; the n-th of a kind in A faces the n-th in B.
            var rows: [(time: TimeInterval, kind: String, a: Event?, b: Event?)] = []
            for event in (onlyA + onlyB).sorted(by: { $0.time < $1.time }) where !rows.contains(where: { $0.time == event.time && $0.kind == event.kind }) {
                let a = onlyA.filter { $0.time == event.time && $0.kind == event.kind }, b = onlyB.filter { $0.time == event.time && $0.kind == event.kind }
                for index in 0..<max(a.count, b.count) {
                    rows.append((event.time, event.kind, index < a.count ? a[index] : nil, index < b.count ? b[index] : nil))
                }
            }
            html.start("div", [("class", "card event-differences")] + (appearance.map { [("data-appearance", Optional($0))] } ?? []))
            html.element("h3", text: rows.isEmpty ? "Every event is the same in A and B" : "\(rows.count) event\(rows.count == 1 ? "" : "s") differ\(rows.count == 1 ? "s" : "")")
            if !rows.isEmpty {
                html.start("table")
                html.start("thead")
                html.start("tr")
                for heading in ["Time", "Event", pair[0].label, pair[1].label] { html.element("th", ["scope": "col"], text: heading) }
                html.end()
                html.end()
                html.start("tbody")
                for row in rows {
                    html.start("tr", ["class": "event differs", "data-t": number(row.time), "data-kind": row.kind])
                    html.start("td", ["class": "time"])
                    let said = [row.a.map { "A: \($0.what)" }, row.b.map { "B: \($0.what)" }].compactMap { $0 }.joined(separator: "; ")
                    html.element("button", ["type": "button", "title": "Show this moment", "aria-label": String(format: "%.2f s: ", row.time) + said],
                                 text: String(format: "%.2f s", row.time))
                    html.end()
                    html.start("td")
                    html.element("span", ["class": "badge kind-\(row.kind.split(separator: "-").first ?? "")"], text: row.kind)
                    html.end()
                    html.element("td", text: row.a?.what ?? "—")
                    html.element("td", text: row.b?.what ?? "—")
                    html.end()
                }
                html.end()
                html.end()
            }
            html.end()
        }
    }

    func writeVariantHeading(_ variant: Variant, _ html: inout HTMLWriter) {
        html.start("h3")
        html.element("span", ["class": "badge variant"], text: variant.label)
        html.text(" " + variant.title)
        html.end()
        html.element("p", ["class": "summary"], text: variant.summary)
    }

    // MARK: - Spec

    /// One table, a column per scene; with two scenes, rows whose values differ are marked. A locale page
    /// has a table per locale, one shown at a time.
    func writeSpec(_ html: inout HTMLWriter) {
        html.start("section", ["class": "spec", "aria-labelledby": "spec-title"])
        html.element("h2", ["id": "spec-title"], text: "Build spec")
        html.element("p", ["class": "hint"],
                     text: "Points (pt) and seconds, frames in screen coordinates from the top left; the same numbers as `tabanim timeline --json` (its key under each label).")
        if picksLocale {
            for (index, variant) in variants.enumerated() { writeSpecTable([variant], localeAttributes(variant, index), &html) }
        } else if !appearances.isEmpty {
            for appearance in appearances {
                writeSpecTable(variants.filter { $0.appearance == appearance }, [("data-appearance", appearance)], &html)
            }
        } else {
            writeSpecTable(variants, [], &html)
        }
        html.end()
    }

    private func writeSpecTable(_ variants: [Variant], _ attributes: [(key: String, value: String?)], _ html: inout HTMLWriter) {
        html.start("div", [("class", "card scroll")] + attributes)
        html.start("table")
        if variants.count > 1 {
            html.start("thead")
            html.start("tr")
            html.element("th", ["scope": "col"], text: "")
            for variant in variants {
                html.start("th", ["scope": "col"])
                html.element("span", ["class": "badge variant"], text: variant.label)
                html.text(" " + variant.title)
                html.end()
            }
            html.end()
            html.end()
        }
        for section in Self.alignedSections(variants.map(\.spec)) {
            html.start("tbody")
            html.start("tr", ["class": "section"])
            html.element("th", ["scope": "rowgroup", "colspan": String(variants.count + 1)], text: section.title)
            html.end()
            for row in section.rows {
                let values = row.cells.map { $0?.value }
                let changed = variants.count > 1 && Set(values.map { $0 ?? "" }).count > 1
                html.start("tr", ["class": changed ? "changed" : nil, "data-keys": row.keys.joined(separator: " ")])
                html.start("th", ["scope": "row"])
                html.text(row.label)
                if changed { html.element("span", ["class": "changed-mark"], text: "changed") }
                html.element("code", text: row.keys.first ?? "")
                html.end()
                for cell in row.cells {
                    html.start("td", ["class": "value"])
                    if let cell {
                        if let swatch = cell.swatch { html.start("span", ["class": "swatch", "style": "background: \(swatch.cssValue)"]); html.end() }
                        for picture in cell.pictures {
                            html.start("img", ["class": "icon", "src": "data:\(picture.mimeType);base64,\(picture.data.base64EncodedString())",
                                               "alt": picture.name, "title": picture.name])
                            html.end()
                        }
                        html.text(cell.value)
                    } else {
                        html.text("—")
                    }
                    html.end()
                }
                html.end()
            }
            html.end()
        }
        html.end()
        html.end()
    }

    struct AlignedRow {
        var label: String
        var keys: [String]
        var cells: [SpecRow?]
    }

    struct AlignedSection {
        var title: String
        var rows: [AlignedRow]
    }

    /// The scenes' sections side by side: sections matched by title, rows by their first key, in the order
    /// they first appear; a row one scene lacks gets an empty cell.
    static func alignedSections(_ specs: [[SpecSection]]) -> [AlignedSection] {
        var sections: [AlignedSection] = []
        for (column, spec) in specs.enumerated() {
            for section in spec {
                let index = sections.firstIndex { $0.title == section.title } ?? sections.count
                if index == sections.count { sections.append(AlignedSection(title: section.title, rows: [])) }
                for row in section.rows {
                    let key = row.keys.first ?? row.label
                    let rowIndex = sections[index].rows.firstIndex { ($0.keys.first ?? $0.label) == key } ?? sections[index].rows.count
                    if rowIndex == sections[index].rows.count {
                        sections[index].rows.append(AlignedRow(label: row.label, keys: row.keys, cells: Array(repeating: nil, count: specs.count)))
                    }
                    sections[index].rows[rowIndex].cells[column] = row
                }
            }
        }
        return sections
    }

    // MARK: - Storyboard

    func writeStoryboards(_ html: inout HTMLWriter) {
        let sheets = variants.filter { $0.storyboard != nil }
        guard !sheets.isEmpty else { return }
        html.start("section", ["class": "storyboards", "aria-labelledby": "storyboard-title"])
        html.element("h2", ["id": "storyboard-title"], text: "Storyboard")
        html.element("p", ["class": "hint"], text: "A frame at each moment something happens, captioned; a ring where the script taps (red: ignored).")
        html.start("div", ["class": "storyboard-list"])
        for (index, variant) in variants.enumerated() {
            guard let storyboard = variant.storyboard else { continue }
            html.start("details", [("class", "card storyboard"), ("open", "")] + localeAttributes(variant, index))
            html.start("summary")
            if !variant.label.isEmpty { html.element("span", ["class": "badge variant"], text: variant.label); html.text(" ") }
            html.text(variant.title + (picksLocale ? " · \(variant.locale ?? "")" : ""))
            html.end()
            html.start("img", ["src": "data:image/png;base64,\(storyboard.base64EncodedString())",
                               "alt": "Storyboard of \(variant.title): a captioned frame at each moment something happens"])
            html.end()
        }
        html.end()
        html.end()
    }
}
