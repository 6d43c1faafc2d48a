import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import Narrative
import Outputs
import Scene

/// One self-contained HTML page for a design review: the animated SVG inline (one clock for every scene,
/// driven by the page's script: play, pause, scrub, step a frame, slow down), the timeline's events (each
/// row seeks there), the numbers an engineer builds from, the storyboard, and the files as downloads.
/// Nothing is fetched: images are `data:` URIs, and a Content-Security-Policy of `default-src 'none'` lets
/// only the page's own script (named by its SHA-256) and styles run.
///
/// The page answers a query string, so a link can point at a moment: `?t=4.5` opens paused at 4.5 s
/// (`?t=4.5&play` plays from there), `?speed=0.25` plays at a quarter speed, and `?t=4.5&view=frame` shows
/// nothing but the first scene's picture at its own pixel size (`&scene=2` the second's), for screenshots.
/// A locale page (`review --locale`) has a language picker; `?locale=de` opens it in German (with
/// `view=frame`, German's picture).
public struct ReviewPage {
    /// One scene of the page; two for a before/after review.
    public struct Variant {
        /// "A" and "B" when comparing, "" alone.
        public var label: String
        /// The scene file, as named on the command line.
        public var title: String
        /// One line: device, items, button, slide, taps, loop.
        public var summary: String
        /// The animated SVG, written with an id prefix of its own (`ReviewVariantMaker.pictureOptions`).
        public var svg: Data
        /// The SVG's pixel size.
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// The loop, and the frame rate its GIF and PNG frames have.
        public var duration: TimeInterval
        public var fps: Double
        public var events: [Event]
        public var taps: [Tap]
        public var spec: [SpecSection]
        public var downloads: [Download]
        /// The storyboard sheet (PNG), shown on the page.
        public var storyboard: Data?
        /// Said beside the files ("No GIF: …").
        public var notes: [String]
        /// `review --locale`: the BCP 47 tag the titles are in; a page of several has a picker that shows one
        /// locale's part at a time (nil: the scene's own, no picker).
        public var locale: String?
        /// The locale's name in itself ("Deutsch"), for the picker.
        public var localeName: String?
        /// What UIKit truncates, a line per title, listed under "What UIKit truncates" on a locale page.
        public var truncations: [String] = []
        /// Which faces drew the text, and what stood in for SF Pro: folded away under the files.
        public var fontNotes: [String] = []
        /// What the SVG shows, in screen points (its viewBox), and the bar's part of it, which a comparison
        /// zooms to (nil: the whole picture).
        public var viewport: Rect?
        public var barRegion: Rect?
        /// The regions that differ from the other scene, marked on the picture while they differ.
        public var marks: [Mark] = []
        /// `--interface-style both`: "light" or "dark"; a page of both shows one at a time, with a switch.
        public var appearance: String?

        public init(label: String, title: String, summary: String, svg: Data, pixelWidth: Int, pixelHeight: Int,
                    duration: TimeInterval, fps: Double, events: [Event], taps: [Tap], spec: [SpecSection],
                    downloads: [Download], storyboard: Data?, notes: [String]) {
            self.label = label; self.title = title; self.summary = summary; self.svg = svg
            self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
            self.duration = duration; self.fps = fps
            self.events = events; self.taps = taps; self.spec = spec
            self.downloads = downloads; self.storyboard = storyboard; self.notes = notes
        }
    }

    /// A region of a scene's picture that differs from the other scene's (`SceneComparison`), in screen points.
    public struct Mark: Sendable, Equatable {
        public var frame: Rect
        /// [start, end) stretches of the clock while it differs.
        public var shown: [(start: TimeInterval, end: TimeInterval)]
        /// "item 3 title", for its tooltip and the test that finds it.
        public var what: String

        public init(frame: Rect, shown: [(start: TimeInterval, end: TimeInterval)], what: String) {
            self.frame = frame; self.shown = shown; self.what = what
        }

        public static func == (a: Mark, b: Mark) -> Bool {
            a.frame == b.frame && a.what == b.what && a.shown.map(\.start) == b.shown.map(\.start) && a.shown.map(\.end) == b.shown.map(\.end)
        }
    }

    /// What the narrative says (`Narrative`): each event, each tap, the spec table.
    public typealias Event = NarratedEvent
    public typealias Tap = NarratedTap
    public typealias SpecSection = Narrative.SpecSection
    public typealias SpecRow = Narrative.SpecRow

    /// A file offered as a `data:` link.
    public struct Download: Sendable, Equatable {
        public var title: String
        public var fileName: String
        public var mimeType: String
        public var data: Data

        public init(title: String, fileName: String, mimeType: String, data: Data) {
            self.title = title; self.fileName = fileName; self.mimeType = mimeType; self.data = data
        }
    }

    public var title: String
    public var variants: [Variant]
    /// "tabanim 0.2.0", in the footer.
    public var generator: String
    /// A comparison's summary line ("3 changes: tint, item 3 title and icon, badge on 我"), each change in
    /// words, and what the shorter loop does when the loops differ.
    public var changeSummary: String?
    public var changes: [String] = []
    public var loopWarning: String?

    /// Two scenes side by side (not one scene's locales).
    var compares: Bool { shownVariants.count > 1 && !picksLocale }

    public init(title: String, variants: [Variant], generator: String) {
        precondition(!variants.isEmpty, "a review page shows at least one scene")
        self.title = title
        self.variants = variants
        self.generator = generator
    }

    /// One clock for every scene: it runs over the longest loop (a shorter one repeats inside it) and steps
    /// at the highest frame rate, so no scene's frame is skipped.
    var clockDuration: TimeInterval { variants.map(\.duration).max() ?? 0 }
    var clockFPS: Double { variants.map(\.fps).max() ?? 30 }

    /// The page's bytes (UTF-8).
    public func html() throws -> Data {
        let script = ReviewPageTemplate.script
        let hash = try SHA256.digest(Data(script.utf8)).base64EncodedString()
        var html = HTMLWriter()
        html.trusted("<!doctype html>\n")
        html.start("html", ["lang": "en"])
        html.start("head")
        html.start("meta", ["charset": "utf-8"])
        // First in <head>, before anything that could load: nothing leaves the file.
        html.start("meta", ["http-equiv": "Content-Security-Policy", "content": Self.contentSecurityPolicy(scriptHash: hash)])
        html.start("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        html.start("meta", ["name": "color-scheme", "content": "light dark"])
        html.start("meta", ["name": "generator", "content": generator])
        html.element("title", text: title)
        html.start("style")
        html.trusted(ReviewPageTemplate.style)
        html.end()
        html.end()
        html.newline()
        html.start("body", ["data-appearance-shown": appearances.first])
        writeHeader(&html)
        html.start("main", ["class": compares ? "compare" + (variants.allSatisfy { $0.barRegion != nil } ? " zoomed" : "") : "single", "data-review": "",
                            "data-duration": number(clockDuration), "data-fps": number(clockFPS)])
        writePlayer(&html)
        html.start("div", ["class": "details"])
        writeEvents(&html)
        writeTruncations(&html)
        writeSpec(&html)
        writeStoryboards(&html)
        html.end()
        html.end()
        html.newline()
        html.start("footer")
        html.text("Made by \(generator) from \(variants.map(\.title).joined(separator: " and ")). Everything is inside this file; it fetches nothing.")
        html.end()
        html.start("script")
        html.trusted(script)
        html.end()
        html.end()
        html.end()
        html.newline()
        return Data(html.output.utf8)
    }

    /// Nothing from anywhere (`default-src 'none'`), except images inside the page (`data:`), its own styles,
    /// and its one script, named by hash: a script that got into the page any other way would not run.
    static func contentSecurityPolicy(scriptHash: String) -> String {
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-\(scriptHash)'; base-uri 'none'; form-action 'none'"
    }

    // MARK: - Player

    private func writeHeader(_ html: inout HTMLWriter) {
        html.start("header")
        html.start("div", ["class": "heading"])
        html.element("p", ["class": "eyebrow"], text: picksLocale ? "Design review · \(shownVariants.count) languages" : compares ? "Design review · before and after" : "Design review")
        html.element("h1", text: title)
        if shownVariants.count == 1 || picksLocale { html.element("p", ["class": "summary"], text: variants[0].summary) }
        if let changeSummary {
            html.element("p", ["class": "change-summary", "id": "change-summary"], text: changeSummary)
            if !changes.isEmpty {
                html.start("details", ["class": "change-list"])
                html.element("summary", text: "What changed, from A to B")
                html.start("ul")
                for change in changes { html.element("li", text: change) }
                html.end()
                html.end()
            }
        }
        if let loopWarning { html.element("p", ["class": "warning", "role": "note"], text: "⚠ " + loopWarning) }
        writeLocalePicker(&html)
        writeAppearanceSwitch(&html)
        html.start("nav", ["class": "sections", "aria-label": "Sections"])
        for (target, name) in [("events-title", "What happens"), ("spec-title", "Build spec"), ("storyboard-title", "Storyboard")]
        where target != "storyboard-title" || variants.contains(where: { $0.storyboard != nil }) {
            html.element("a", ["href": "#" + target], text: name)
        }
        html.end()
        html.end()
        writeDownloads(&html)
        html.end()
    }

    private func writePlayer(_ html: inout HTMLWriter) {
        html.start("section", ["class": "player", "aria-label": "Player"])
        html.start("div", ["class": "stages", "style": "--n: \(picksLocale ? 1 : shownVariants.count)"])
        for (index, variant) in variants.enumerated() {
            html.start("figure", [("class", "stage"), ("data-variant", variant.label)] + localeAttributes(variant, index))
            if !variant.label.isEmpty {
                html.start("figcaption", ["class": "variant-title", "title": variant.title])
                html.element("span", ["class": "badge variant"], text: variant.label)
                html.text(" " + variant.title)
                html.end()
            }
            let ratio = Double(variant.pixelWidth) / Double(max(variant.pixelHeight, 1))
            var style = "--ratio: \(number(ratio))"
            if compares, let view = variant.viewport {
                let bar = variant.barRegion ?? view
                style += "; " + [("s", view), ("b", bar)].map { name, rect in
                    "--\(name)x: \(number(rect.minX)); --\(name)y: \(number(rect.minY)); --\(name)w: \(number(rect.width)); --\(name)h: \(number(rect.height))"
                }.joined(separator: "; ")
            }
            // The picture's name says what plays; the rings and marks over it are drawn, not read.
            html.start("div", ["class": "screen", "style": style, "role": "img", "aria-label": pictureName(variant),
                               "data-duration": number(variant.duration)])
            html.trusted(Self.inlineSVG(variant.svg, hidden: true))
            for tap in variant.taps {
                guard let x = tap.x, let y = tap.y else { continue }
                var place = "left: \(number(x * 100))%; top: \(number(y * 100))%; width: \(number(tap.diameter * 100))%"
                if compares, let view = variant.viewport {
                    place += "; --x: \(number(view.minX + x * view.width)); --y: \(number(view.minY + y * view.height)); --d: \(number(tap.diameter * view.width))"
                }
                html.start("span", ["class": tap.ignored ? "touch ignored" : "touch", "data-t": number(tap.time), "aria-hidden": "true", "style": place])
                html.end()
            }
            for mark in variant.marks {
                let f = mark.frame
                html.start("span", ["class": "mark", "aria-hidden": "true", "title": mark.what, "data-what": mark.what,
                                    "data-on": mark.shown.map { "\(number($0.start)) \(number($0.end))" }.joined(separator: ";"),
                                    "style": "--x: \(number(f.minX)); --y: \(number(f.minY)); --w: \(number(f.width)); --h: \(number(f.height))"])
                html.end()
            }
            html.end()
            // What just happened, kept up to date by the script.
            html.element("p", ["class": "now"], text: variant.events.isEmpty ? "Nothing happens in this scene." : "")
            html.end()
        }
        html.end()
        writeTransport(&html)
        html.end()
    }

    /// Each scene's files as `data:` links with their sizes, and what could not be made.
    private func writeDownloads(_ html: inout HTMLWriter) {
        html.start("div", ["class": "files"])
        for (index, variant) in variants.enumerated() {
            html.start("ul", [("class", "downloads"), ("aria-label", "Downloads" + (variant.label.isEmpty ? "" : " for \(variant.label)"))]
                       + localeAttributes(variant, index))
            if !variant.label.isEmpty {
                html.start("li")
                html.element("span", ["class": "badge variant"], text: variant.label)
                html.end()
            }
            for download in variant.downloads {
                let size = ByteCountFormatter.string(fromByteCount: Int64(download.data.count), countStyle: .file)
                let of = (variant.label.isEmpty ? "" : "\(variant.label), ") + (variant.locale.map { "\(variant.title), \($0)" } ?? variant.title)
                html.start("li")
                html.start("a", ["class": "download", "download": download.fileName, "title": "Download \(download.fileName)",
                                 "aria-label": "Download the \(download.title) of \(of) (\(download.fileName), \(size))",
                                 "href": "data:\(download.mimeType);base64,\(download.data.base64EncodedString())"])
                html.text(download.title + " ")
                html.element("span", ["class": "size"], text: ByteCountFormatter.string(fromByteCount: Int64(download.data.count), countStyle: .file))
                html.end()
                html.end()
            }
            html.end()
            for note in variant.notes { html.element("p", [("class", "note")] + localeAttributes(variant, index), text: note) }
            if !variant.fontNotes.isEmpty {
                html.start("details", [("class", "note fonts")] + localeAttributes(variant, index))
                html.element("summary", text: "Fonts" + (variant.label.isEmpty ? "" : " of \(variant.label)"))
                for note in variant.fontNotes { html.element("p", text: note) }
                html.end()
            }
        }
        html.end()
    }

    private func writeTransport(_ html: inout HTMLWriter) {
        html.start("div", ["class": "transport", "role": "group", "aria-label": "Playback"])
        html.start("button", ["id": "play", "class": "play", "type": "button", "title": "Play or pause (space)", "aria-label": "Pause"])
        html.trusted(ReviewPageTemplate.playPauseIcons)
        html.end()
        html.start("button", ["id": "back", "type": "button", "title": "Previous frame (←)", "aria-label": "Previous frame"])
        html.trusted(ReviewPageTemplate.previousFrameIcon)
        html.end()
        html.start("button", ["id": "forward", "type": "button", "title": "Next frame (→)", "aria-label": "Next frame"])
        html.trusted(ReviewPageTemplate.nextFrameIcon)
        html.end()
        html.start("div", ["class": "track"])
        html.start("input", ["id": "scrubber", "type": "range", "min": "0", "max": number(clockDuration),
                             "step": "any", "value": "0", "aria-label": "Time in the loop"])
        for variant in shownVariants.prefix(picksLocale ? 1 : shownVariants.count) {  // a locale's taps are its scene's, an appearance's too
            html.start("div", ["class": "ticks", "aria-hidden": "true", "data-variant": variant.label])
            for tap in variant.taps {
                let left = number(min(max(tap.time / max(clockDuration, 0.001), 0), 1) * 100)
                html.start("span", ["class": tap.ignored ? "tick ignored" : "tick", "style": "left: \(left)%",
                                    "title": String(format: "tap at %.2f s", tap.time) + (tap.ignored ? ", ignored" : "")])
                html.end()
            }
            html.end()
        }
        html.end()
        html.element("output", ["id": "clock", "for": "scrubber"], text: "0.00 s")
        if compares { writeComparing(&html) }
        html.start("div", ["class": "speeds", "role": "group", "aria-label": "Speed"])
        for speed in ["0.25", "0.5", "1"] {
            html.element("button", ["type": "button", "data-speed": speed, "aria-pressed": speed == "1" ? "true" : "false"], text: speed + "×")
        }
        html.end()
        html.end()
        html.element("p", ["class": "keys"],
                     text: "Space: play or pause · ← →: one frame (\(number(clockFPS)) fps) · Shift ← →: previous or next event · click an event to see that moment"
                        + (compares ? " · F: flip between A and B" : ""))
    }

    /// The SVG as markup inside HTML: its XML declaration left out. libxml2 escaped its text and attributes,
    /// which HTML's parser reads the same way inside `<svg>`.
    /// `hidden`: the picture is named by what holds it (`role="img"`), so its own parts (an `<image>` per
    /// icon) are left out of the accessibility tree.
    static func inlineSVG(_ svg: Data, hidden: Bool = false) -> String {
        var markup = String(decoding: svg, as: UTF8.self)
        if markup.hasPrefix("<?xml"), let end = markup.range(of: "?>") { markup = String(markup[end.upperBound...]) }
        markup = markup.trimmingCharacters(in: .whitespacesAndNewlines)
        if hidden, markup.hasPrefix("<svg ") { markup = "<svg aria-hidden=\"true\" " + markup.dropFirst(5) }
        return markup
    }

    /// Seconds, rates and percentages as short decimals ("0.5", "12", "0.333333"): to the microsecond.
    func number(_ value: Double) -> String { Self.number(value) }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }
}

extension Color {
    /// `rgb(27 118 208 / 1)`: a CSS color built from numbers only.
    var cssValue: String {
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        return "rgb(\(byte(red)) \(byte(green)) \(byte(blue)) / \(ReviewPage.number(alpha)))"
    }
}
