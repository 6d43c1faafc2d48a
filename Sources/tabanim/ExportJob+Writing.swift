import Concurrency
import Drawing
import Exporting
import Foundation
import Outputs

/// Writing an export's outputs: the variants of one output together where the format shares their work
/// (a GIF's locales), the rest one by one, two lanes at a time for several locales.
extension ExportJob {
    /// One output of one (locale, style) run.
    struct Plan: Sendable {
        var output: Output
        var input: PreparedAnimation
        /// The same for the variants of one output: its locales in one style.
        var variantOf: String
    }

    /// Writes every plan: the variants of an output together where its format shares work between them
    /// (`writesVariantsTogether`: a GIF's locales), every other plan alone; one group after
    /// the other, or, for several locales, two at a time (each export's own stages are mostly serial, so a
    /// second one keeps the other core busy). In the plans' order.
    func writeAll(_ plans: [Plan], into batch: OutputBatch) throws -> [String] {
        var groups: [[Int]] = []
        var groupOf: [String: Int] = [:]
        for (index, plan) in plans.enumerated() {
            guard budget == nil, !plan.output.isStandardOutput, plan.output.exporter.writesVariantsTogether else {
                groups.append([index])
                continue
            }
            if let group = groupOf[plan.variantOf] {
                groups[group].append(index)
            } else {
                groupOf[plan.variantOf] = groups.count
                groups.append([index])
            }
        }
        let lanes = min(groups.count, ProcessInfo.processInfo.activeProcessorCount, Set(plans.map { $0.input.scene.locale }).count > 1 ? 2 : 1)
        guard lanes > 1 else { return try groups.flatMap { try write($0.map { plans[$0] }, into: batch, showsProgress: true) } }
        // Two bars on one terminal line would fight: the lanes draw none.
        let results = try parallelMap(groups.count, lanes: lanes) { [groups] index in
            try write(groups[index].map { plans[$0] }, into: batch, showsProgress: false)
        }
        var written = [String](repeating: "", count: plans.count)
        for (group, result) in zip(groups, results) {
            for (index, what) in zip(group, result) { written[index] = what }
        }
        return written
    }

    /// Writes one plan, or the variants of one output (its locales in one layout direction and style)
    /// together.
    private func write(_ variants: [Plan], into batch: OutputBatch, showsProgress: Bool) throws -> [String] {
        let format = variants[0].output.exporter
        guard variants.count > 1, format.writesVariantsTogether else {
            return try variants.map { try write($0.output, $0.input, into: batch, showsProgress: showsProgress) }
        }
        for plan in variants { narrator.say("\(plan.output.path): \(format.make(plan.input, options: options).plan)") }
        let targets = variants.map { format.target($0.output.url, displayName: $0.output.path, batch: batch) }
        let bar = ProgressBar(label: "\(variants.count) locales", enabled: showsProgress && console.errorIsTerminal && !quiet, console: console)
        defer { bar.finish() }
        let reports = try format.write(variants: variants.map(\.input), options: options, to: targets, progress: bar)
        return zip(variants, reports).map { plan, report in
            report.details.forEach { narrator.say("\(plan.output.path): \($0)") }
            return written(plan.output, plan.input, report)
        }
    }

    /// Before any work starts: the output's format can hold this animation (a GIF at most 50 fps, opaque,
    /// within the pixel limits), its folder exists and can be written, and a frames folder may be replaced.
    func check(_ output: Output, _ input: PreparedAnimation) throws {
        try output.exporter.checkInput(input, options: options)
        guard !output.isStandardOutput else { return }
        try output.exporter.target(output.url, displayName: output.path, batch: nil).check()
    }

    /// Writes `output` into its temporary (or, for `-o -`, to standard output), to be put in place with the
    /// others; returns what it holds, for the final line.
    private func write(_ output: Output, _ input: PreparedAnimation, into batch: OutputBatch, showsProgress: Bool = true) throws -> String {
        let bar = ProgressBar(label: output.path, enabled: showsProgress && console.errorIsTerminal && !quiet, console: console)
        defer { bar.finish() }
        let settings = input.scene.export
        let exporter = output.exporter.make(input, options: options)
        narrator.say("\(output.path): \(exporter.plan)")
        if let budget {
            let fitted = try budget.fit(output, input, options: options, narrator: narrator, progress: bar)
            bar.finish()
            try put(fitted.data, output, into: batch)
            fitted.report.details.forEach { narrator.say("\(output.path): \($0)") }
            // The frame count may have changed with the frame rate: the line says the rate given up instead.
            let what = ([fitted.given.isEmpty ? "\(settings.frameCount) frames, \(settings.duration.shortText) s" : "\(settings.duration.shortText) s"] + fitted.report.notes).joined(separator: ", ")
            return fitted.given.isEmpty ? what : what + "; to fit \(budget.text): " + fitted.given.joined(separator: ", ")
        }
        let report: ExportReport
        if output.isStandardOutput {
            let (data, made) = try exporter.data(named: output.path, progress: bar)
            try console.out(data)
            report = made
        } else {
            report = try exporter.write(to: output.exporter.target(output.url, displayName: output.path, batch: batch), progress: bar)
        }
        bar.finish()
        report.details.forEach { narrator.say("\(output.path): \($0)") }
        return written(output, input, report)
    }

    /// What the final line says an output holds.
    private func written(_ output: Output, _ input: PreparedAnimation, _ report: ExportReport) -> String {
        let settings = input.scene.export
        return (["\(settings.frameCount) \(output.format.writesFolder ? "PNG frames" : "frames"), \(settings.duration.shortText) s"] + report.notes)
            .joined(separator: ", ")
    }

    /// Puts a file made in memory where it goes: its temporary, or standard output.
    private func put(_ data: Data, _ output: Output, into batch: OutputBatch) throws {
        if output.isStandardOutput {
            try console.out(data)
        } else {
            try OutputFile(output.url, displayName: output.path, batch: batch).write(data)
        }
    }
}
