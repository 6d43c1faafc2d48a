import Basics
import Comparison
import Foundation

/// A comparison's page: the views of A and B (side by side or flipped), the bar zoomed, and each
/// picture's name.
extension ReviewPage {
    /// Leads with what changed between the page's two scenes (A, the first variant, and B, the second, of
    /// each appearance): the summary, each change in words, the loop warning, and each changed region
    /// marked on both pictures while it differs.
    public mutating func show(_ comparison: SceneComparison) {
        for index in variants.indices {
            let sides: [String: Swift.KeyPath<SceneComparison.Change, Rect?>] = ["A": \.regionA, "B": \.regionB]
            guard let side = sides[variants[index].label] else { continue }
            variants[index].marks = comparison.changes.compactMap { change in
                guard let region = change[keyPath: side], !change.differs.isEmpty else { return nil }
                return Mark(frame: region, shown: change.differs.map { (start: $0.start, end: $0.end) }, what: change.phrase)
            }
        }
        changeSummary = comparison.summary
        changes = comparison.changes.map { change in
            change.phrase + ": " + [change.before, change.after].map { $0 ?? "none" }.joined(separator: " → ") + " (\(change.key))"
        }
        loopWarning = comparison.loopNote()
    }

    /// A comparison's views: both side by side, or one at a time in the same place (flip: F), and the bar
    /// zoomed or the whole picture.
    func writeComparing(_ html: inout HTMLWriter) {
        html.start("div", ["class": "views", "role": "group", "aria-label": "Compare"])
        let views = [("both", "A | B")] + shownVariants.map { ($0.label, $0.label) } + (shownVariants.count == 2 ? [("wipe", "Wipe")] : [])
        for (view, text) in views {
            let name = view == "both" ? "Show A and B side by side" : view == "wipe" ? "Show B over A, wiped in from the right by the slider"
                : "Show \(view) alone, in the same place"
            html.element("button", ["type": "button", "data-view": view, "aria-pressed": view == "both" ? "true" : "false", "aria-label": name], text: text)
        }
        html.end()
        if shownVariants.count == 2 {
            html.start("input", ["id": "wipe", "class": "wipe-slider", "type": "range", "min": "0", "max": "100", "step": "any", "value": "50",
                                 "aria-label": "Where B starts over A, in percent of the picture's width", "hidden": ""])
        }
        if variants.allSatisfy({ $0.barRegion != nil }) {
            html.element("button", ["type": "button", "id": "zoom", "class": "zoom", "aria-pressed": "true",
                                    "aria-label": "Zoom to the tab bar"], text: "Bar")
        }
    }

    /// What the picture plays, for those who cannot see it: "A: before.json. iPhone 15 (393×852 pt), …; 8 taps…"
    func pictureName(_ variant: Variant) -> String {
        let who = variant.label.isEmpty ? "" : "\(variant.label): "
        let marks = variant.marks.isEmpty ? "" : " Marked in red while it differs from the other scene: " + variant.marks.map(\.what).joined(separator: ", ") + "."
        let events = variant.events.prefix(6).map(\.what).joined(separator: "; ")
        return "\(who)\(variant.title), animated, a \(number(variant.duration)) s loop. \(variant.summary)."
            + (events.isEmpty ? "" : " It plays: \(events)\(variant.events.count > 6 ? "; …" : "").") + marks
    }
}
