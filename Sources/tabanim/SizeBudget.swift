import Drawing
import Foundation
import GIFExport
import MP4Export
import Outputs
import Scene
import SVGExport
import WebPExport

/// `--max-size SIZE`: an output larger than SIZE is made again with less, giving up first what costs the
/// viewer least, until it fits; never larger than asked, and a clear error when even the last step does not
/// fit. The steps, in order:
/// - GIF: the frame rate (24, 20, 15, 12, then 10 fps, the floor: below it motion stutters), then the
///   colours (128, 64, 32), then the scale (¾, then ½ of the pixels per point);
/// - WebP: lossless, then lossy at quality 90, 75, 60, 45, 30, 15;
/// - MP4: CRF 18, then 23, 28, 33, 38, 43;
/// - SVG: nothing to give up (titles as `--text fonts` are smaller).
final class SizeBudget {
    let bytes: Int
    let text: String
    /// The smallest size the current output's attempts made, for the message when none fits.
    private(set) var smallestSeen = Int.max

    static let option = CommandSpec.Option(
        name: "max-size", valueName: "size",
        help: "Keep each output at most this size (10M, 500K; K and M are KiB and MiB): if larger, it is made again giving up, in this order, the frame rate (down to 10 fps), then colours (down to 32), then scale (down to half) for GIF; quality for WebP and MP4. The final line says what was given up; an error if even the last step is too large. Not for PNG frames.")

    init?(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value("max-size") else { return nil }
        let units: [(String, Double)] = [("K", 1024), ("M", 1024 * 1024), ("G", 1024 * 1024 * 1024)]
        var number = text.trimmingCharacters(in: .whitespaces), factor = 1.0
        if let unit = units.first(where: { number.uppercased().hasSuffix($0.0) || number.uppercased().hasSuffix($0.0 + "B") }) {
            number = String(number.prefix { $0.isNumber || $0 == "." })
            factor = unit.1
        }
        guard let value = Double(number), value > 0, value * factor < 1e15 else {
            throw UsageError("--max-size takes a size such as 10M, 500K or 409600, not '\(text)'")
        }
        bytes = Int(value * factor)
        self.text = text
    }

    /// One way to make the GIF: what it plays at and how many colours it has.
    struct GIFStep {
        var fps: Double
        var colors: Int
        var scale: Double

        /// What this step gave up, against the scene's own settings.
        func given(against animation: Animation) -> [String] {
            let export = animation.scene.export
            var parts: [String] = []
            if fps < export.fps { parts.append("\(fps.shortText) fps instead of \(export.fps.shortText)") }
            if colors < 256 { parts.append("\(colors) colours") }
            if scale < export.scale { parts.append("scale \(scale.shortText) instead of \(export.scale.shortText)") }
            return parts
        }
    }

    static func gifSteps(for animation: Animation) -> [GIFStep] {
        let export = animation.scene.export
        var steps = [GIFStep(fps: export.fps, colors: 256, scale: export.scale)]
        for fps in [24.0, 20, 15, 12, 10] where fps < export.fps { steps.append(GIFStep(fps: fps, colors: 256, scale: export.scale)) }
        let slowest = steps.last!.fps
        for colors in [128, 64, 32] { steps.append(GIFStep(fps: slowest, colors: colors, scale: export.scale)) }
        for share in [0.75, 0.5] { steps.append(GIFStep(fps: slowest, colors: 32, scale: export.scale * share)) }
        return steps
    }

    static let webpQualities: [Double?] = [nil, 90, 75, 60, 45, 30, 15]
    static let mp4Rates = [18, 23, 28, 33, 38, 43]

    /// "at most 400K (409,600 bytes)".
    var description: String { "--max-size \(text) (\(bytes.formatted()) bytes)" }

    /// The first of `count` steps whose result fits, each smaller than the one before: tried by halves (the
    /// ladder's sizes shrink step by step), so a GIF of eleven steps is made three or four times, not eleven.
    /// nil when even the last does not fit.
    func firstFitting<Result>(_ count: Int, _ attempt: (Int) throws -> (Result, Int)) throws -> (index: Int, result: Result)? {
        var low = 0, high = count - 1
        var best: (index: Int, result: Result)?
        smallestSeen = .max  // per output
        // The first step alone when it fits: nothing is given up.
        let (first, size) = try attempt(0)
        smallestSeen = min(smallestSeen, size)
        if size <= bytes { return (0, first) }
        low = 1
        while low <= high {
            let middle = (low + high) / 2
            let (result, size) = try attempt(middle)
            smallestSeen = min(smallestSeen, size)
            if size <= bytes {
                best = (middle, result)
                high = middle - 1
            } else {
                low = middle + 1
            }
        }
        return best
    }

    func tooLarge(_ what: String, _ size: Int) -> String {
        "\(what) is \(size.formatted()) bytes, more than \(description)"
    }
}

extension ExportJob {
    /// Writes `output` within `budget`, trying each step in turn; returns what was given up (empty when
    /// nothing was).
    func write(_ output: Output, _ animation: Animation, within budget: SizeBudget, into file: OutputFile,
               lottie: LottieRendering, progress: ExportProgress) throws -> [String] {
        switch output.format {
        case .gif:
            let steps = SizeBudget.gifSteps(for: animation)
            let found = try budget.firstFitting(steps.count) { index in
                let step = steps[index]
                var exporter = GIFExporter(animation.atFrameRate(step.fps).scaled(to: step.scale), lottie: lottie)
                exporter.maximumColors = step.colors
                exporter.loopCount = playCount == 1 ? nil : (playCount.map { $0 - 1 } ?? 0)
                let (data, _) = try exporter.data(named: output.path, progress: progress)
                let given = step.given(against: animation)
                narrator.say("\(output.path): \(given.isEmpty ? "as asked" : given.joined(separator: ", ")): \(data.count.formatted()) bytes")
                return (data, data.count)
            }
            guard let found else {
                throw SceneError(.write, file: output.path, keyPath: nil,
                                 budget.tooLarge("even at 10 fps, 32 colours and half the scale the GIF", budget.smallestSeen))
            }
            try file.write(found.result)
            return steps[found.index].given(against: animation)
        case .webp:
            // A quality the user chose is not lowered: it is the only step.
            let qualities = quality.map { [$0] } ?? SizeBudget.webpQualities
            let found = try budget.firstFitting(qualities.count) { index in
                var exporter = WebPExporter(animation, lottie: lottie)
                exporter.loopCount = playCount ?? 0
                exporter.quality = qualities[index]
                let data = try exporter.data(progress: progress)
                narrator.say("\(output.path): \(exporter.quality.map { "quality \($0.shortText)" } ?? "lossless"): \(data.count.formatted()) bytes")
                return (data, data.count)
            }
            guard let found else {
                throw SceneError(.write, file: output.path, keyPath: nil,
                                 budget.tooLarge("even at quality \((qualities.last ?? nil)?.shortText ?? "lossless") the WebP", budget.smallestSeen))
            }
            try file.write(found.result)
            return qualities[found.index].map { ["lossy at quality \($0.shortText)"] } ?? []
        case .mp4:
            var given: [String] = []
            try file.write { temporary in
                var written = -1
                func encode(_ index: Int) throws -> Int {
                    var exporter = MP4Exporter(animation, lottie: lottie)
                    exporter.crf = SizeBudget.mp4Rates[index]
                    try exporter.write(into: temporary, named: output.path, progress: progress)
                    written = index
                    let size = (try? FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int) ?? .max
                    narrator.say("\(output.path): CRF \(exporter.crf): \(size.formatted()) bytes")
                    return size
                }
                guard let found = try budget.firstFitting(SizeBudget.mp4Rates.count, { index in (index, try encode(index)) }) else {
                    throw SceneError(.write, file: output.path, keyPath: nil, budget.tooLarge("even at CRF 43 the MP4", budget.smallestSeen))
                }
                if written != found.index { _ = try encode(found.index) }  // the search ended on another CRF
                given = found.index == 0 ? [] : ["CRF \(SizeBudget.mp4Rates[found.index]) instead of \(SizeBudget.mp4Rates[0])"]
            }
            return given
        case .svg:
            var exporter = SVGExporter(animation, lottie: lottie)
            exporter.playCount = playCount
            exporter.text = text
            let data = try exporter.document()
            guard data.count <= budget.bytes else {
                throw SceneError(.write, file: output.path, keyPath: nil,
                                 budget.tooLarge("the SVG", data.count) + "; an SVG has nothing to give up (--text fonts writes smaller titles)")
            }
            try file.write(data)
            return []
        case .png:
            throw UsageError("--max-size is for files (GIF, SVG, WebP, MP4), not a folder of PNG frames")
        }
    }
}
