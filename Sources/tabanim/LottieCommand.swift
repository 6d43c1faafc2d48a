import AppleFormats
import Basics
import Drawing
import Foundation
import Graph
import Graphics
import LottieEngine
import Outputs
import Scene

/// `tabanim lottie FILE.json --progress P -o frame.png`: one frame of a Lottie file alone, drawn by
/// tabanim's own engine at frame `ip + P·(op − ip)`, not rounded (as lottie-ios plays it).
enum LottieCommand: Command {
    static let spec = CommandSpec(
        name: "lottie",
        abstract: "Render one frame of a Lottie file as a PNG.",
        discussion: "The file alone, on a transparent background, at frame ip + P·(op − ip) (not rounded: 0.25 of an 18-frame file is frame 4.5), its canvas of w × h points drawn at --scale pixels per point. What the file uses that tabanim's engine does not draw (text animators' range selectors) is named on standard error, and so is what it draws as lottie-ios does rather than as After Effects shows it (effects other than drop shadow, mask expansion, expressions).",
        arguments: [.init(name: "file", help: "The Lottie file (JSON), or a dotLottie archive (x.lottie, x.lottie#animation-id).")],
        options: [
            .init(name: "progress", valueName: "p", help: "How far through the animation, 0 to 1.", required: true),
            .init(name: "output", short: "o", valueName: "file", help: "The PNG to write.", required: true, completion: .files(["png"])),
            .init(name: "scale", valueName: "n", help: "Pixels per point (default 2, as the iOS snapshots)."),
            SharedOptions.quiet,
        ],
        examples: ["tabanim lottie icon.json --progress 0.5 -o half.png",
                   "tabanim lottie icon.json --progress 1 -o end@3x.png --scale 3"])

    /// A canvas side in pixels beyond which nothing is drawn: an icon needs far less.
    static let maxPixelsPerSide = 8192.0

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        guard let progress = try arguments.number("progress", in: 0...1) else { throw UsageError("--progress is required") }
        let scale = try arguments.number("scale", in: 0.01...64) ?? 2
        let path = arguments.positionals[0]
        guard arguments.value("output") != nil else { throw UsageError("--output is required") }
        let given = try SharedOptions.pngOutput(arguments, what: "a Lottie frame")
        let output = OutputFile(URL(fileURLWithPath: given), displayName: given)
        let animation = try read(path)
        guard animation.width * scale <= maxPixelsPerSide, animation.height * scale <= maxPixelsPerSide else {
            throw SceneError(.render, file: path, keyPath: nil, "the canvas at scale \(scale.shortText) is larger than \(Int(maxPixelsPerSide)) pixels on a side")
        }
        try output.checkWritable()
        let frame = animation.frame(atProgress: progress)
        let surface: ImageSurface
        do {
            surface = try LottieVectorRenderer().render(try animation.picture(atFrame: frame), scale: scale)
        } catch let error as LottieFileError {
            throw SceneError(.render, file: path, keyPath: keyPath(error.keyPath), error.message)
        } catch {
            throw SceneError(.render, file: path, keyPath: nil, "drawing failed: \(error)")
        }
        try Interruption.during(console) {
            let batch = OutputBatch()
            do {
                try OutputFile(output.url, displayName: given, batch: batch).write(png: surface)
                try batch.commit()
            } catch {
                batch.discard()
                throw error
            }
        }
        let quiet = arguments.flag("quiet")  // "Print nothing but errors."
        if !quiet {
            for warning in animation.warnings { console.warning("\(path): \(warning)") }
            if !animation.unsupportedFeatures.isEmpty {
                console.warning("\(path): drawn without what tabanim's Lottie engine does not support: \(animation.unsupportedFeatures.joined(separator: ", "))")
            }
            console.error("Wrote \(given) (frame \(frame.shortText), \(surface.width)×\(surface.height) px)\n")
        }
    }

    /// The file read into the engine's model; any problem as a `SceneError` naming the file and key path.
    static func read(_ path: String) throws(SceneError) -> LottieAnimation {
        // A dotLottie archive, `x.lottie` or `x.lottie#animation-id`: its animation, images embedded.
        let parts = path.split(separator: "#", maxSplits: 1).map(String.init)
        if let file = parts.first, file.lowercased().hasSuffix(".lottie") {
            return try readArchive(file, id: parts.count > 1 ? parts[1] : nil, shownAs: path)
        }
        return try decode(try contents(path), path: path)
    }

    private static func contents(_ path: String) throws(SceneError) -> Data {
        let url = URL(fileURLWithPath: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
        guard let size else { throw SceneError(.read, file: path, keyPath: nil, "file not found") }
        guard size <= LottieLimits.maxFileBytes else {
            throw SceneError(.read, file: path, keyPath: nil, "\(size) bytes is more than the limit of \(LottieLimits.maxFileBytes)")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else { throw SceneError(.read, file: path, keyPath: nil, "cannot read the file") }
        return data
    }

    private static func readArchive(_ file: String, id: String?, shownAs path: String) throws(SceneError) -> LottieAnimation {
        let archive = try contents(file)
        let json: Data
        do { json = try DotLottie.animation(in: archive, id: id, theme: nil, limit: LottieLimits.maxFileBytes).json } catch {
            throw SceneError(.read, file: file, keyPath: nil, error.message)
        }
        return try decode(json, path: path)
    }

    private static func decode(_ data: Data, path: String) throws(SceneError) -> LottieAnimation {
        do {
            let animation = try LottieAnimation(data: data)
            // Font-based text: the fonts' own outlines, from the installed fonts (or a stand-in, with a warning).
            return animation.glyphsWanted.isEmpty ? animation : animation.addingGlyphs(from: PangoGlyphSource())
        } catch {
            throw SceneError(.decode, file: path, keyPath: keyPath(error.keyPath), error.message)
        }
    }

    /// `layers[2].ks.p` as a scene key path; `nil` for the whole document.
    static func keyPath(_ text: String) -> KeyPath? {
        guard !text.isEmpty else { return nil }
        var path = KeyPath.root
        for part in text.split(separator: ".") {
            let pieces = part.split(separator: "[", omittingEmptySubsequences: false)
            if let name = pieces.first, !name.isEmpty { path = path.appending(String(name)) }
            for piece in pieces.dropFirst() {
                let inside = piece.hasSuffix("]") ? piece.dropLast() : piece
                if let index = Int(inside) { path = path.appending(index) } else { path = path.appending(String(inside)) }
            }
        }
        return path
    }
}
