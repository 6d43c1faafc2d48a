import Basics
import Foundation
import Graph
import Outputs
import Scene

/// One format tabanim writes: GIF, SVG, WebP, MP4 or a folder of PNG frames. Every format implements this
/// one interface, and the command line, `--max-size` and the review page read a table of them (the
/// executable's `Exporters.all`), so that no caller switches over formats.
public protocol AnimationExporter: SendableMetatype {
    /// What the format is called, the names it is written under, and what it can be told.
    static var format: OutputFormat { get }
    /// Throws when `input` cannot be written in this format with `options` (a GIF at most 50 fps, opaque,
    /// within the pixel limits…); called for every output before any is written.
    static func check(_ input: PreparedAnimation, options: EncodingOptions) throws(SceneError)
    init(_ input: PreparedAnimation, options: EncodingOptions)
    /// Where this format writes `url`: a file, or for PNG frames a folder that may replace an earlier
    /// export's frames and nothing else (the default: a file).
    static func target(_ url: URL, displayName: String, batch: OutputBatch?) -> OutputTarget
    /// For `--verbose`: what will be written and how, before it is.
    var plan: String { get }
    /// Writes the output into its temporary (a file, or a folder for `format.writesFolder`), to be put in
    /// place when whole (with its batch, if it has one).
    func write(to target: OutputTarget, progress: ExportProgress) throws -> ExportReport
    /// The file's bytes in memory (for `--max-size`, standard output, the review page). A folder format
    /// throws.
    func data(named displayName: String, progress: ExportProgress) throws -> (data: Data, report: ExportReport)

    // MARK: Variants of one output

    /// Whether `write(variants:…)` shares work between the variants of one output (a GIF draws what no title
    /// touches once for all its locales), so that they are best written together. False (the default): each
    /// is written alone, and the variants may be written side by side.
    static var writesVariantsTogether: Bool { get }
    /// Writes each of `variants` (the locales of one output, in one style and layout direction) into its
    /// target (`targets[k]` for `variants[k]`). The default writes each alone, in turn.
    static func write(variants: [PreparedAnimation], options: EncodingOptions, to targets: [OutputTarget],
                      progress: ExportProgress) throws -> [ExportReport]

    /// `options` for a `--max-size` candidate of at most `colors` colours (`BudgetStep.colors`, a step of a
    /// format with a palette); the default, for a format without that step, returns them as they are.
    static func options(_ options: EncodingOptions, colors: Int) -> EncodingOptions
}

/// Where an exporter writes.
public enum OutputTarget {
    case file(OutputFile)
    case folder(OutputFolder)

    public var displayName: String {
        switch self {
        case .file(let file): return file.displayName
        case .folder(let folder): return folder.displayName
        }
    }

    /// Throws unless it can be written: its folder exists and can be written, and a folder output holds
    /// nothing but what it may replace. For checking every output before any work starts.
    public func check() throws(SceneError) {
        switch self {
        case .file(let file):
            try file.checkWritable()
        case .folder(let folder):
            try folder.checkReplaceable()
            try folder.checkWritable()
        }
    }
}

/// What the final `Wrote` line and `--verbose` say about an output, beyond its frames and size.
public struct ExportReport: Sendable {
    /// For the `Wrote` line: what the viewer should know ("padded to 394 × 852 px…").
    public var notes: [String] = []
    /// For `--verbose`: what was chosen and why.
    public var details: [String] = []

    public init(notes: [String] = [], details: [String] = []) {
        self.notes = notes
        self.details = details
    }
}

/// The settings of an export that are not the scene's: how it plays, what its format may trade, and what
/// one format alone is told.
public struct EncodingOptions: Sendable {
    /// `--loop`.
    public var playback: Playback = .forever
    /// `--quality`, 0–100: lossy at this quality, in the format's own sense (`OutputFormat.quality`); nil
    /// is the format's default (lossless GIF and WebP, MP4 at CRF 18).
    public var quality: Double?
    /// Each format's own settings, by their type.
    private var formatSettings: [ObjectIdentifier: any FormatSettings] = [:]

    public init(playback: Playback = .forever, quality: Double? = nil) {
        self.playback = playback
        self.quality = quality
    }

    /// What one format alone reads (`GIFExporter.Settings`, `SVGExporter.Settings`), kept under its type: set
    /// by whoever knows the format (the exporter table, from the command line), read by that format alone,
    /// its defaults where nothing was set.
    public subscript<Settings: FormatSettings>(_ type: Settings.Type) -> Settings {
        get { formatSettings[ObjectIdentifier(type)] as? Settings ?? Settings() }
        set { formatSettings[ObjectIdentifier(type)] = newValue }
    }
}

/// A format's own settings, public and small (as gifski keeps its encoders behind one `Settings`), kept in
/// `EncodingOptions` under their type, so that the shared interface names no format's fields.
public protocol FormatSettings: Sendable {
    /// The format's defaults.
    init()
}

/// A format's name, the extensions it is written under, and what it can be told.
public struct OutputFormat: Sendable, Hashable {
    /// `--format`'s value: "gif".
    public let name: String
    /// "GIF", for messages.
    public let title: String
    /// "a GIF", "an SVG", "a WebP", "an MP4": the title with its article, as said aloud.
    public var titleWithArticle: String { ("AEFHILMNORSX".contains(title.prefix(1)) ? "an " : "a ") + title }
    /// What a file of this format is named (".gif"); empty for a folder.
    public let extensions: [String]
    /// The file's media type ("image/gif"), for a page that offers it; a folder's frames' type.
    public let mediaType: String
    /// The fastest frame rate it plays; nil: any.
    public let maximumFPS: Double?
    /// A folder of files (PNG frames) rather than one file.
    public let writesFolder: Bool
    /// Whether `--loop` means anything to it.
    public let hasPlayback: Bool
    /// What `--quality` means for it ("lossy WebP at this quality"); nil: it takes none.
    public let quality: String?
    /// What `--max-size` may give up, in the order it is given up (the cheapest for the viewer first).
    public let budget: [BudgetStep]
    /// Whether it can show a partly transparent background (`--background transparent`).
    public let hasTransparency: Bool
    /// What to do when even the least `--max-size` can give does not fit ("--text fonts writes smaller titles").
    public let smallerHint: String?

    public init(name: String, title: String, extensions: [String], mediaType: String, maximumFPS: Double? = nil,
                writesFolder: Bool = false, hasPlayback: Bool = true, quality: String? = nil, budget: [BudgetStep] = [],
                hasTransparency: Bool = true, smallerHint: String? = nil) {
        self.name = name
        self.title = title
        self.extensions = extensions
        self.mediaType = mediaType
        self.maximumFPS = maximumFPS
        self.writesFolder = writesFolder
        self.hasPlayback = hasPlayback
        self.quality = quality
        self.budget = budget
        self.hasTransparency = hasTransparency
        self.smallerHint = smallerHint
    }
}

/// One kind of thing `--max-size` may give up, with the values it tries, best first.
public enum BudgetStep: Sendable, Hashable {
    /// Lossy at these qualities (0–100).
    case quality([Double])
    /// At most this many colours (`AnimationExporter.options(_:colors:)`).
    case colors([Int])
    /// Frame rates, at most the scene's own (below 10 fps motion stutters).
    case frameRate([Double])
    /// These shares of the scene's pixels per point.
    case scale([Double])
}

extension AnimationExporter {
    /// An exporter of this format (for a caller that holds the format as `any AnimationExporter.Type`).
    public static func make(_ input: PreparedAnimation, options: EncodingOptions) -> any AnimationExporter {
        Self(input, options: options)
    }

    /// `check`, untyped (for a caller that holds the format as `any AnimationExporter.Type`).
    public static func checkInput(_ input: PreparedAnimation, options: EncodingOptions) throws {
        try check(input, options: options)
    }

    public static var writesVariantsTogether: Bool { false }

    public static func options(_ options: EncodingOptions, colors: Int) -> EncodingOptions { options }

    /// Each variant written alone, in turn.
    public static func write(variants: [PreparedAnimation], options: EncodingOptions, to targets: [OutputTarget],
                             progress: ExportProgress) throws -> [ExportReport] {
        try zip(variants, targets).map { variant, target in try Self(variant, options: options).write(to: target, progress: progress) }
    }

    /// Where this format writes `url`: a file (a folder format overrides this).
    public static func target(_ url: URL, displayName: String, batch: OutputBatch? = nil) -> OutputTarget {
        .file(OutputFile(url, displayName: displayName, batch: batch))
    }

    /// The file `target` names; a refusal when it is a folder, which a file format cannot write.
    public static func file(_ target: OutputTarget) throws(SceneError) -> OutputFile {
        guard case .file(let file) = target else { throw wrongKind(target) }
        return file
    }

    /// The folder `target` names; a refusal when it is a file, which a folder format cannot write.
    public static func folder(_ target: OutputTarget) throws(SceneError) -> OutputFolder {
        guard case .folder(let folder) = target else { throw wrongKind(target) }
        return folder
    }

    private static func wrongKind(_ target: OutputTarget) -> SceneError {
        SceneError(.write, file: target.displayName, keyPath: nil, "\(format.title) is not written as a \(format.writesFolder ? "file" : "folder")")
    }
}
