import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Scene

/// `--max-size SIZE`: an output larger than SIZE is made again with less until it fits, never larger than
/// asked, and a clear error when even the least the format can give does not fit.
///
/// What each format may give up, and in which order, is the format's own (`OutputFormat.budget`: the
/// cheapest for the viewer first; for a GIF quality 90 to 70, then the frame rate, colours and scale; for
/// WebP the frame rate, then quality and scale; for MP4 quality, then frame rate and scale). The search:
/// 1. the floor (every step at its last value) first: when even that does not fit, the budget is refused
///    after one small encode;
/// 2. the output as asked: when it fits, nothing is given up;
/// 3. step by step, the first value of the step that fits with the others as they are (by halves: a step's
///    sizes fall value by value); a step none of whose values fits is taken to its last value only when
///    that made the file smaller (a step that grew the file is never kept), and the next step is tried;
/// 4. once a candidate fits, each step given up before the one that made it fit is given back as far as
///    the budget allows (so `--fps 10 --scale 0.75` at full colour wins over 32 colours at half the scale).
/// Every candidate is encoded at most once.
struct SizeBudget {
    let bytes: Int
    let text: String

    static let option = CommandSpec.Option(
        name: "max-size", valueName: "size",
        help: "Keep each output at most this size (10M, 500K; K and M are KiB and MiB): if larger, it is made again giving up what costs the viewer least until it fits (GIF: quality down to 70, frame rate down to 10 fps, colours down to 32, then scale down to half; WebP: frame rate, quality, then scale; MP4: quality, frame rate, then scale), and what was given up is given back where the budget still allows. The final line says what was given up; an error if even the least does not fit. Not for PNG frames.")

    init?(_ arguments: ParsedArguments) throws(UsageError) {
        guard let text = arguments.value("max-size") else { return nil }
        let units: [(String, Double)] = [("K", 1024), ("M", 1024 * 1024), ("G", 1024 * 1024 * 1024)]
        var number = text.trimmingCharacters(in: .whitespaces), factor = 1.0
        if let unit = units.first(where: { number.uppercased().hasSuffix($0.0) || number.uppercased().hasSuffix($0.0 + "B") || number.uppercased().hasSuffix($0.0 + "IB") }) {
            number = String(number.prefix { $0.isNumber || $0 == "." })
            factor = unit.1
        }
        guard let value = Double(number), value > 0, value * factor < 1e15 else {
            throw UsageError("--max-size takes a size such as 10M, 500K or 409600, not '\(text)'")
        }
        bytes = Int(value * factor)
        self.text = text
    }

    /// "--max-size 400K (409,600 bytes)".
    var description: String { "--max-size \(text) (\(bytes.formatted()) bytes)" }

    /// A size as the user typed the budget: KiB or MiB when it was given in K or M, bytes otherwise.
    func size(_ count: Int) -> String {
        let unit = text.uppercased().first { "KMG".contains($0) }
        switch unit {
        case "K": return "\(count.formatted()) bytes (\(String(format: "%.1f", Double(count) / 1024)) KiB)"
        case "M", "G": return "\(count.formatted()) bytes (\(String(format: "%.2f", Double(count) / 1024 / 1024)) MiB)"
        default: return "\(count.formatted()) bytes"
        }
    }

    /// The output made to fit, with what was given up ("10 fps instead of 30").
    struct Fitted {
        var data: Data
        var report: ExportReport
        var given: [String]
    }

    /// Makes `output` within the budget (see the type's comment), or throws saying what even the floor weighs.
    func fit(_ output: ExportJob.Output, _ input: PreparedAnimation, options: EncodingOptions, narrator: Narrator,
             progress: ExportProgress) throws -> Fitted {
        let steps = Self.steps(output.format, input, options: options)
        var made: [[Int]: (data: Data, report: ExportReport)] = [:]
        func attempt(_ levels: [Int]) throws -> Int {
            if let known = made[levels] { return known.data.count }
            let (variant, settings) = Self.variant(input, options, steps, levels, exporter: output.exporter)
            let result = try output.exporter.make(variant, options: settings).data(named: output.path, progress: progress)
            made[levels] = result
            let given = Self.given(steps, levels, input)
            narrator.say("\(output.path): \(given.isEmpty ? "as asked" : given.joined(separator: ", ")): \(size(result.data.count))")
            return result.data.count
        }
        let floor = steps.map(\.values.count)
        let found = try Self.search(levels: floor, within: bytes, size: attempt) { k in
            narrator.say("\(output.path): \(steps[k].name) made it no smaller: not kept")
        }
        guard let current = found else {
            let weighs = size(made[floor]?.data.count ?? 0)
            if steps.isEmpty {
                throw SceneError(.write, file: output.path, keyPath: nil,
                                 "the \(output.format.title) is \(weighs), more than \(description)\(output.format.smallerHint.map { "; " + $0 } ?? "")")
            }
            throw SceneError(.write, file: output.path, keyPath: nil,
                             "even at \(Self.listed(Self.given(steps, floor, input))) the \(output.format.title) is \(weighs), more than \(description)")
        }
        guard let kept = made[current] else { throw SceneError(.write, file: output.path, keyPath: nil, "no candidate was made") }
        return Fitted(data: kept.data, report: kept.report, given: Self.given(steps, current, input))
    }

    /// The search itself, over candidates given as a level per step (0: as asked; `floor[k]`: step k's
    /// last value), with `size` making a candidate (it should cache: the search asks for some candidates
    /// more than once, and `fit`'s `attempt` makes each once): the levels of the candidate kept, or nil when
    /// even the floor does not fit (then `size` was called once, for the floor).
    /// `notKept(k)`: step k, taken to its last value, made the file no smaller, so it stays as asked.
    static func search(levels floor: [Int], within bytes: Int, size: ([Int]) throws -> Int,
                       notKept: (Int) -> Void = { _ in }) rethrows -> [Int]? {
        let asked = [Int](repeating: 0, count: floor.count)
        if try size(floor) > bytes { return nil }
        if try size(asked) <= bytes { return asked }
        var current = asked
        var fittedAt = floor.count
        for k in floor.indices {
            // The first value of step k that fits with the others as they are, by halves.
            var lowest: Int?
            var low = 1, high = floor[k]
            while low <= high {
                let middle = (low + high) / 2
                var candidate = current
                candidate[k] = middle
                if try size(candidate) <= bytes { lowest = middle; high = middle - 1 } else { low = middle + 1 }
            }
            if let lowest {
                current[k] = lowest
                fittedAt = k
                break
            }
            var last = current
            last[k] = floor[k]
            if try size(last) < size(current) { current = last } else { notKept(k) }
        }
        if try size(current) > bytes { current = floor }  // every step at its last value: the floor, which fits
        // Give back what was given up before the step that made it fit, as far as the budget allows.
        for j in 0..<fittedAt where current[j] > 0 {
            var low = 0, high = current[j] - 1
            while low <= high {
                let middle = (low + high) / 2
                var candidate = current
                candidate[j] = middle
                if try size(candidate) <= bytes { current[j] = middle; high = middle - 1 } else { low = middle + 1 }
            }
        }
        return current
    }

    /// One step of a format's budget, with the values this export may take (level 1 is `values[0]`).
    struct Step {
        enum Kind { case quality, colors, frameRate, scale }
        var kind: Kind
        var values: [Double]
        var name: String {
            switch kind {
            case .quality: return "quality"
            case .colors: return "fewer colours"
            case .frameRate: return "the frame rate"
            case .scale: return "the scale"
            }
        }
    }

    /// The format's steps for this export: frame rates under the scene's, qualities under the one asked (a
    /// quality the user chose is not lowered).
    static func steps(_ format: OutputFormat, _ input: PreparedAnimation, options: EncodingOptions) -> [Step] {
        let export = input.scene.export
        return format.budget.compactMap { step -> Step? in
            switch step {
            case .quality(let values):
                guard options.quality == nil else { return nil }
                return Step(kind: .quality, values: values)
            case .colors(let values):
                return Step(kind: .colors, values: values.map(Double.init))
            case .frameRate(let values):
                return Step(kind: .frameRate, values: values.filter { $0 < export.fps })
            case .scale(let shares):
                return Step(kind: .scale, values: shares.map { $0 * export.scale })
            }
        }.filter { !$0.values.isEmpty }
    }

    /// The animation and options of a candidate for `exporter`: each step at its level (0: as asked).
    static func variant(_ input: PreparedAnimation, _ options: EncodingOptions, _ steps: [Step], _ levels: [Int],
                        exporter: any AnimationExporter.Type) -> (PreparedAnimation, EncodingOptions) {
        var variant = input, settings = options
        for (step, level) in zip(steps, levels) where level > 0 {
            let value = step.values[level - 1]
            switch step.kind {
            case .quality: settings.quality = value
            case .colors: settings = exporter.options(settings, colors: Int(value))
            case .frameRate: variant = variant.atFrameRate(value)
            case .scale: variant = variant.scaled(to: value)
            }
        }
        return (variant, settings)
    }

    /// What a candidate gives up, against the export as asked: "10 fps instead of 30", "64 colours".
    static func given(_ steps: [Step], _ levels: [Int], _ input: PreparedAnimation) -> [String] {
        let export = input.scene.export
        return zip(steps, levels).compactMap { step, level in
            guard level > 0 else { return nil }
            let value = step.values[level - 1]
            switch step.kind {
            case .quality: return "quality \(value.shortText)"
            case .colors: return "\(Int(value)) colours"
            case .frameRate: return "\(value.shortText) fps instead of \(export.fps.shortText)"
            case .scale: return "scale \(value.shortText) instead of \(export.scale.shortText)"
            }
        }
    }

    /// "10 fps, 32 colours and scale 0.5".
    static func listed(_ parts: [String]) -> String {
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
