import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import Narrative
import Outputs
import Resolving
import Scene

/// One scene's part of the review page: its SVG, GIF, storyboard and timeline, made once each from one
/// prepared animation (titles fitted once for all of them). The picture and the offered file come from
/// the formats the caller hands it (the executable's exporter table): the page names no exporter.
public struct ReviewVariantMaker {
    public let input: PreparedAnimation
    /// The format shown inline and offered (SVG), and the one offered beside it (GIF).
    let picture: any AnimationExporter.Type
    let offered: any AnimationExporter.Type
    /// The picture's options with its ids prefixed (`EncodingOptions` with the picture format's own settings),
    /// so that several pictures sit in one page.
    let pictureOptions: (_ idPrefix: String) -> EncodingOptions
    var animation: Animation { input.animation }
    var scene: ResolvedScene { input.scene }
    /// "A", "B", or "" alone.
    public let label: String
    /// The page's name, for messages.
    public let pageName: String
    /// The storyboard's pixels per point, and the most panels it holds (`tabanim sheet`'s own).
    public var storyboardScale = 0.5
    public var maximumPanels = 100
    /// Shows the GIF's progress (the page's longest part).
    public var progress: ExportProgress = SilentProgress()
    /// `--verbose`: what was made and left out.
    public var say: (String) -> Void = { _ in }
    /// `review --locale`: the locale this part shows (its ids prefixed with it, so that every locale's SVG
    /// can sit in one page).
    public var locale: String?
    /// `review --interface-style both`: "light" or "dark", the appearance this part shows (its ids prefixed
    /// with it, its files named with it).
    public var appearance: String?
    /// Whether the GIF, the SVG and the storyboard are offered as files. A locale page offers them for its
    /// first locale only, to bound its size: every locale's SVG is inline and its storyboard shown, once
    /// each (small for the tab-bar region); `tabanim export --locale all` writes every file.
    public var offersFiles = true

    public init(_ input: PreparedAnimation, label: String, pageName: String, picture: any AnimationExporter.Type,
                pictureOptions: @escaping (_ idPrefix: String) -> EncodingOptions, offered: any AnimationExporter.Type) {
        self.input = input
        self.picture = picture
        self.pictureOptions = pictureOptions
        self.offered = offered
        self.label = label
        self.pageName = pageName
    }

    public func make() throws -> ReviewPage.Variant {
        let options = pictureOptions((label.isEmpty ? "a" : label.lowercased()) + "-" + (locale.map { Self.idSafe($0) + "-" } ?? "")
                                     + (appearance.map { $0 + "-" } ?? ""))
        let svg = try picture.make(input, options: options).data(named: pageName, progress: SilentProgress()).data
        let narrative = ReviewNarrative(animation)
        let stem = (label.isEmpty ? "" : label.lowercased() + "-") + URL(fileURLWithPath: scene.file).deletingPathExtension().lastPathComponent
            + (locale.map { "-" + $0 } ?? "") + (appearance.map { "-" + $0 } ?? "")
        var downloads: [ReviewPage.Download] = []
        var notes: [String] = []
        if !offersFiles {
            notes.append("\(locale ?? "This locale"): the picture and storyboard are shown above, and the files of the first locale only are offered, to keep the page small; 'tabanim export --locale all' writes each locale's GIF and SVG.")
        } else if let fastest = offered.format.maximumFPS, scene.export.fps > fastest {
            notes.append("No \(offered.format.title): \(scene.export.fps.shortText) fps is faster than a \(offered.format.title) can play (at most \(fastest.shortText)); the \(picture.format.title) is exact.")
        } else {
            downloads.append(.init(title: offered.format.title, fileName: stem + "." + (offered.format.extensions.first ?? offered.format.name),
                                   mimeType: offered.format.mediaType, data: try offeredFile()))
        }
        // What the engine leaves undrawn in a Lottie clip, as lottie-ios does, is named.
        notes += LottieSupport.warnings(animation.graph, limits: scene.limits, decoded: input.decoded).map { $0.message + "." }
        // Which face drew the bar's text, and whether it stood in for SF Pro: folded away on the page.
        var fontNotes: [String] = []
        if let type = Typefaces.summary(of: animation.graph) {
            fontNotes.append(type.faces.prefix(1).uppercased() + type.faces.dropFirst() + ".")
            if let standIn = type.standIn { fontNotes.append(standIn.prefix(1).uppercased() + standIn.dropFirst() + ".") }
        }
        if offersFiles {
            downloads.append(.init(title: picture.format.title, fileName: stem + "." + (picture.format.extensions.first ?? picture.format.name),
                                   mimeType: picture.format.mediaType, data: svg))
        }
        let storyboard = try self.storyboard()
        if let storyboard, offersFiles { downloads.append(.init(title: "Storyboard", fileName: stem + "-storyboard.png", mimeType: "image/png", data: storyboard)) }
        downloads.append(.init(title: "Timeline", fileName: stem + "-timeline.json", mimeType: "application/json",
                               data: try StableJSON.encode(narrative.report)))
        var variant = ReviewPage.Variant(
            label: label, title: scene.file, summary: SceneSummary.describe(animation), svg: svg,
            pixelWidth: narrative.report.spec.output.pixelWidth, pixelHeight: narrative.report.spec.output.pixelHeight,
            duration: scene.export.duration, fps: scene.export.fps,
            events: narrative.events, taps: narrative.taps, spec: withIcons(narrative.spec),
            downloads: downloads, storyboard: storyboard, notes: notes)
        variant.fontNotes = fontNotes
        variant.viewport = animation.graph.viewport
        let bar = animation.layout.tabBarRegion, view = animation.graph.viewport
        let top = max(bar.minY, view.minY), bottom = min(bar.maxY, view.maxY)
        variant.barRegion = bottom > top ? Rect(x: view.minX, y: top, width: view.width, height: bottom - top) : nil
        variant.locale = locale
        variant.appearance = appearance
        variant.localeName = locale.flatMap { Locale(identifier: $0).localizedString(forIdentifier: $0) }
        return variant
    }

    /// The spec with each item's icons shown as pictures in its "Icon" row (SVG and PNG files; a PDF or a
    /// Lottie file keeps its name).
    private func withIcons(_ spec: [SpecSection]) -> [SpecSection] {
        spec.map { section in
            var section = section
            section.rows = section.rows.map { row in
                var row = row
                let parts = (row.keys.first ?? "").split(separator: ".")
                guard parts.count == 4, parts[0] == "spec", parts[1] == "items", parts[3] == "iconFrame", let index = Int(parts[2]),
                      scene.tabBar.items.indices.contains(index) else { return row }
                let item = scene.tabBar.items[index]
                row.pictures = [item.icon, item.selectedIcon == item.icon ? nil : item.selectedIcon].compactMap { $0.flatMap(Self.picture) }
                return row
            }
            return section
        }
    }

    static func picture(_ asset: Asset) -> SpecPicture? {
        let mimeType: String
        switch asset.format {
        case .svg: mimeType = "image/svg+xml"
        case .png: mimeType = "image/png"
        case .pdf, .lottie: return nil
        }
        let data: Data?
        switch asset.source {
        case .file(let url): data = try? Data(contentsOf: url)  // read when resolved, within the scene's limits
        case .builtIn(_, let bytes): data = bytes
        }
        return data.map { SpecPicture(name: asset.displayName, mimeType: mimeType, data: $0) }
    }

    /// A locale tag as XML name characters ("zh-Hans" stays; anything else becomes "_").
    static func idSafe(_ locale: String) -> String {
        String(locale.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") ? Character($0) : "_" })
    }

    /// The offered file's bytes (the GIF), written in memory: no file, so an interruption has nothing to
    /// leave behind.
    private func offeredFile() throws -> Data {
        let (data, _) = try offered.make(input, options: EncodingOptions()).data(named: pageName, progress: progress)
        say("\(offered.format.title)\(label.isEmpty ? "" : " \(label)"): \(scene.export.frameCount) frames, \(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file))")
        return data
    }

    /// The storyboard sheet (a frame at each event) as PNG bytes; none when the loop has more moments than
    /// a sheet holds.
    private func storyboard() throws -> Data? {
        let story = Storyboard(animation.scaled(to: storyboardScale))
        let moments = story.eventMoments()
        guard moments.count <= maximumPanels else {
            say("storyboard left out: \(moments.count) moments, more than a sheet holds (\(maximumPanels))")
            return nil
        }
        let sheet = story.sheet(story.panels(at: moments, every: nil), columns: nil, title: scene.file, every: nil, background: nil,
                                pdf: input.pdf)
        do {
            return try sheet.render().pngData()
        } catch let error as CLibraryError {
            throw SceneError(.render, file: scene.file, keyPath: nil, "drawing the storyboard failed: \(error)")
        }
    }
}

/// Pretty JSON with sorted keys and a final newline: the stable form of `tabanim timeline --json`, and the
/// review page's timeline download.
public enum StableJSON {
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data("\n".utf8)
    }
}
