import Foundation

/// Upper bounds that keep a mistaken or hostile scene from exhausting the machine: every one is checked
/// before any heavy work starts (files are measured before they are read, images before they are decoded,
/// an export's size before its first frame). Whoever runs tabanim may raise them (`--limit NAME=VALUE`);
/// a scene file cannot, because a scene comes from anyone.
public struct Limits: Sendable, Equatable {
    /// `frames`: frames in the loop (duration × fps).
    public var frames = 3000
    /// `duration`: the loop's length in seconds (`export.duration`, `--duration`).
    public var duration = 120.0
    /// `pixels`: width × height × frames of a GIF or of PNG frames; about 4 minutes of drawing in a debug
    /// build. The default lets the default device at the default scale fill the default frame limit.
    public var pixels = 5_000_000_000
    /// `frame-pixels`: width × height of any one image tabanim draws (a frame, a sheet): 64 MiB of pixels.
    public var framePixels = 4096 * 4096
    /// `taps`: entries of `script` that tap (neither `scroll` nor `badge`).
    public var taps = 1000
    /// `scrolls`: entries of `script` that scroll (`scroll`).
    public var scrolls = 1000
    /// `badge-changes`: entries of `script` that set or clear a badge (`badge`).
    public var badgeChanges = 1000
    /// `scene-size`: bytes of the scene file; a scene is a few kilobytes.
    public var sceneSize = 1 << 20
    /// `asset-size`: bytes of one image or Lottie file.
    public var assetSize = 16 << 20
    /// `font-size`: bytes of one font file of `fonts` (Apple's SF-Pro.ttf, every weight in one variable
    /// font, is about 25 MiB).
    public var fontSize = 64 << 20
    /// `image-pixels`: width × height of a PNG (icon or screenshot), read from its header before decoding;
    /// larger than any iPhone screenshot (1320 × 2868 on the largest).
    public var imagePixels = 4096 * 4096
    /// `svg-elements`: elements of one SVG file; icons have tens, detailed illustrations a few thousand.
    public var svgElements = 10_000

    public init() {}

    public static let standard = Limits()

    /// The most characters a name may have: an SF Symbol's name (`systemImage`), a key of `strings`, a
    /// `locale`, an asset's name. Chosen, and not a `--limit`: Apple's longest SF Symbol names have about 50
    /// characters, BCP 47 locale codes under 40, and a name past 256 is a mistake; refused as the scene is
    /// read, before it is compared with anything (did-you-mean compares only names of a similar length).
    public static let nameLength = 256

    /// How a limit's value is written and shown.
    public enum Unit: Sendable {
        /// A count; `k`, `M`, `G` multiply by 10³, 10⁶, 10⁹.
        case count
        /// Bytes; `K`, `M`, `G` multiply by 2¹⁰, 2²⁰, 2³⁰ and are shown as KiB, MiB, GiB.
        case bytes
        case seconds
    }

    /// One limit as the command line names it.
    public struct Entry: Sendable {
        public var name: String
        public var unit: Unit
        package let keyPath: WritableKeyPath<Limits, Double> & Sendable
    }

    /// Every limit, in the order help lists them.
    public static let entries: [Entry] = [
        Entry(name: "frames", unit: .count, keyPath: \.framesValue),
        Entry(name: "duration", unit: .seconds, keyPath: \.duration),
        Entry(name: "pixels", unit: .count, keyPath: \.pixelsValue),
        Entry(name: "frame-pixels", unit: .count, keyPath: \.framePixelsValue),
        Entry(name: "taps", unit: .count, keyPath: \.tapsValue),
        Entry(name: "scrolls", unit: .count, keyPath: \.scrollsValue),
        Entry(name: "badge-changes", unit: .count, keyPath: \.badgeChangesValue),
        Entry(name: "scene-size", unit: .bytes, keyPath: \.sceneSizeValue),
        Entry(name: "asset-size", unit: .bytes, keyPath: \.assetSizeValue),
        Entry(name: "font-size", unit: .bytes, keyPath: \.fontSizeValue),
        Entry(name: "image-pixels", unit: .count, keyPath: \.imagePixelsValue),
        Entry(name: "svg-elements", unit: .count, keyPath: \.svgElementsValue),
    ]

    /// Sets the limit `name` from text such as `6000`, `20G` or `64M`; the message says what is wrong.
    public mutating func set(_ name: String, to text: String) -> String? {
        guard let entry = Self.entries.first(where: { $0.name == name }) else {
            var message = "unknown limit '\(name)'; known: \(Self.entries.map(\.name).joined(separator: ", "))"
            if let guess = Suggestion.closest(to: name, in: Self.entries.map(\.name)) { message += " (did you mean '\(guess)'?)" }
            return message
        }
        guard let value = Self.number(text, unit: entry.unit), value > 0 else {
            return "limit \(name) takes a number above 0\(entry.unit == .seconds ? " (seconds)" : " (k, M, G allowed)"), not '\(text)'"
        }
        self[keyPath: entry.keyPath] = value
        return nil
    }

    /// `text` as a number, with the unit's suffixes; nil when it is not one or would not fit.
    package static func number(_ text: String, unit: Unit) -> Double? {
        var digits = Substring(text)
        var factor = 1.0
        if unit != .seconds, let last = digits.last, let power = "kmg".firstIndex(of: Character(last.lowercased())) {
            let step = "kmg".distance(from: "kmg".startIndex, to: power) + 1
            factor = unit == .bytes ? pow(1024, Double(step)) : pow(1000, Double(step))
            digits = digits.dropLast()
        }
        guard let number = Double(digits), number.isFinite, (number * factor) < 1e15 else { return nil }
        return unit == .seconds ? number : (number * factor).rounded(.down)
    }

    /// `value` as the command line writes it, with a suffix where one fits: rounded up to one decimal (a
    /// value to raise a limit to), or when `exact`, with a suffix only where it loses nothing.
    package static func text(_ value: Double, unit: Unit, exact: Bool = false) -> String {
        let steps: [(String, Double)]
        switch unit {
        case .seconds: return value.shortText
        case .count: steps = [("G", 1e9), ("M", 1e6), ("k", 1e3)]
        case .bytes: steps = [("G", 1073741824), ("M", 1048576), ("K", 1024)]
        }
        // 1000 reads better than 1k; 10k than 10000.
        for (suffix, factor) in steps where value >= factor * (suffix == "k" ? 10 : 1) {
            let tenths = value / factor * 10
            if exact, tenths != tenths.rounded() { continue }
            return (tenths.rounded(.up) / 10).shortText + suffix
        }
        return value.rounded(.up).shortText
    }

    /// Every limit and its default, as `--limit` writes them: `frames=3000, duration=120, …`.
    public static var defaults: String {
        entries.map { "\($0.name)=\(text(standard[keyPath: $0.keyPath], unit: $0.unit, exact: true))" }.joined(separator: ", ")
    }

    /// A size in bytes for messages: `16 MiB`, `20.1 MiB`, `2000 bytes` (exact below 10 KiB).
    public static func bytes(_ count: Int) -> String {
        for (suffix, factor) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where count >= 10 * factor || count % factor == 0 && count > 0 {
            return ((Double(count) / Double(factor) * 10).rounded() / 10).shortText + " " + suffix
        }
        return "\(count) byte\(count == 1 ? "" : "s")"
    }

    /// "(raise it with --limit NAME=VALUE)": how to let `needed` through.
    public static func raise(_ name: String, to needed: Double) -> String {
        let unit = entries.first { $0.name == name }?.unit ?? .count
        return "raise it with --limit \(name)=\(text(needed, unit: unit))"
    }

    // MARK: - Checks made before drawing

    /// Throws when an image of `width × height` pixels (a frame, or `what` else) is over `framePixels`.
    public func checkImage(width: Double, height: Double, file: String, what: String = "a frame") throws(SceneError) {
        let pixels = width.rounded(.up) * height.rounded(.up)
        guard pixels > Double(framePixels) else { return }
        throw SceneError(.resolve, file: file, keyPath: KeyPath.root.appending("export").appending("scale"),
                         "\(what) of \(Int(width.rounded(.up)))×\(Int(height.rounded(.up))) pixels is more than the limit of \(framePixels) pixels (lower the scale, or \(Self.raise("frame-pixels", to: pixels)))")
    }

    /// Throws when `frames` frames of `width × height` pixels (a GIF, a folder of PNG frames) are over `pixels`.
    public func checkRaster(width: Double, height: Double, frames: Int, file: String) throws(SceneError) {
        try checkImage(width: width, height: height, file: file)
        let total = width.rounded(.up) * height.rounded(.up) * Double(frames)
        guard total > Double(pixels) else { return }
        throw SceneError(.resolve, file: file, keyPath: KeyPath.root.appending("export"),
                         "\(Int(width.rounded(.up)))×\(Int(height.rounded(.up))) pixels × \(frames) frames is \(Self.text(total, unit: .count)) pixels, more than the limit of \(Self.text(Double(pixels), unit: .count)) (lower export.scale, fps or duration, or \(Self.raise("pixels", to: total)))")
    }

    // The limits are whole numbers; the command line sets them all as numbers.
    private var framesValue: Double { get { Double(frames) } set { frames = Int(newValue) } }
    private var pixelsValue: Double { get { Double(pixels) } set { pixels = Int(newValue) } }
    private var framePixelsValue: Double { get { Double(framePixels) } set { framePixels = Int(newValue) } }
    private var tapsValue: Double { get { Double(taps) } set { taps = Int(newValue) } }
    private var scrollsValue: Double { get { Double(scrolls) } set { scrolls = Int(newValue) } }
    private var badgeChangesValue: Double { get { Double(badgeChanges) } set { badgeChanges = Int(newValue) } }
    private var sceneSizeValue: Double { get { Double(sceneSize) } set { sceneSize = Int(newValue) } }
    private var assetSizeValue: Double { get { Double(assetSize) } set { assetSize = Int(newValue) } }
    private var fontSizeValue: Double { get { Double(fontSize) } set { fontSize = Int(newValue) } }
    private var imagePixelsValue: Double { get { Double(imagePixels) } set { imagePixels = Int(newValue) } }
    private var svgElementsValue: Double { get { Double(svgElements) } set { svgElements = Int(newValue) } }
}
