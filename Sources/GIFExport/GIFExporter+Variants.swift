import Basics
import Concurrency
import Drawing
import Exporting
import Foundation
import GIFPlanning
import Graph
import Outputs
import Scene

/// Several GIFs of one animation in one pass (`--locale all`): the first is the lead, drawn by its
/// pipeline; the others are its variants (the same script and frame size in other locales of one layout
/// direction), made from the lead's frames but where their titles differ (`VariantFrames`), with one
/// palette for all and each identical rectangle planned once (`SharedPlans`). Every frame, each GIF is
/// encoded on a thread of its own.
extension GIFExporter {
    /// A GIF's locales share their work: written together.
    public static var writesVariantsTogether: Bool { true }

    /// The variants in groups of one lead and the variants made with it (`export(_:)`): those of one layout
    /// direction (mirrored, every item of a right-to-left bar differs from the left-to-right one: Arabic
    /// and Hebrew have a lead of their own), as many as `variantBudget` holds; a variant whose frames are
    /// another size or number is written alone. The groups run two at a time when their variants fit in
    /// the budget together, and share the images and shadows drawn at their places (`ImagePatches`: the
    /// spinning button and its shadow are drawn once per angle for every group) and the files decoded.
    public static func write(variants: [PreparedAnimation], options: EncodingOptions, to targets: [OutputTarget],
                             progress: ExportProgress) throws -> [ExportReport] {
        try write(variants: variants, options: options, to: targets, progress: progress, budget: variantBudget)
    }

    /// `write(variants:)` with `budget` bytes for the variants of all groups running at once.
    static func write(variants: [PreparedAnimation], options: EncodingOptions, to targets: [OutputTarget],
                      progress: ExportProgress, budget: Int) throws -> [ExportReport] {
        let jobs = try zip(variants, targets).map { (exporter: GIFExporter($0, options: options), file: try file($1)) }
        var found: [[Int]] = []
        var left = Array(jobs.indices)
        while let first = left.first {
            let lead = jobs[first].exporter
            let size = lead.input.pixelSize, settings = lead.scene.export
            let most = 1 + max(1, budget / max(1, size.width * size.height * bytesPerVariantPixel))
            let group = Array(left.filter {
                let other = jobs[$0].exporter
                return other.input.pixelSize == size && other.scene.export.frameCount == settings.frameCount && other.scene.export.fps == settings.fps
                    && other.scene.isRightToLeft == lead.scene.isRightToLeft
            }.prefix(most))
            left.removeAll { group.contains($0) }
            found.append(group)
        }
        let groups = found
        let held = groups.reduce(0) { sum, group in
            let size = jobs[group[0]].exporter.input.pixelSize
            return sum + (group.count - 1) * size.width * size.height * bytesPerVariantPixel
        }
        let lanes = groups.count > 1 && held <= budget ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
        let shared = (patches: ImagePatches(), decoded: jobs[0].exporter.input.decoded)
        let frames = ProgressSum(progress, parts: groups.count, total: groups.reduce(0) { $0 + jobs[$1[0]].exporter.scene.export.frameCount })
        // Each group's exporters are its own, used by one lane; what the groups share is locked.
        let work = groups.map { $0.map { jobs[$0] } }
        let made = try parallelMap(groups.count, lanes: lanes) { index in
            try export(work[index].map { ($0.exporter, Destination.file($0.file)) }, shared: shared, progress: frames.part(index))
        }
        var reports = [ExportReport?](repeating: nil, count: jobs.count)
        for (group, result) in zip(groups, made) {
            for (k, report) in result.enumerated() { reports[group[k]] = report.exportReport }
        }
        return reports.map { $0! }
    }

    /// What a variant made with the lead holds, per pixel: its pixels, their indices, its two surfaces,
    /// and its encoder's frame before and canvas.
    static let bytesPerVariantPixel = 21
    /// The memory the variants of a group may hold: 38 of a full screen at 1× (335,000 pixels), 4 at 3×.
    static let variantBudget = 256 << 20

    /// Writes every job's GIF, the first the lead and the others its variants.
    static func export(_ jobs: [(exporter: GIFExporter, destination: Destination)],
                       shared: (patches: ImagePatches, decoded: DecodedAssets)? = nil,
                       progress: ExportProgress) throws -> [Report] {
        let lead = jobs[0].exporter
        let shared = shared ?? (ImagePatches(), lead.input.decoded)
        let settings = lead.scene.export
        let started = StageTimes.now()
        for job in jobs { try check(job.exporter.animation) }
        // The same rasterizers for both passes: each asset is loaded and each Lottie clip drawn (in the
        // child process) once.
        let rasterizers = RasterizerPool(scene: lead.scene, graph: lead.graph, pdf: lead.pdf, imagePatches: shared.patches,
                                         decoded: shared.decoded)
        let clock = StageClock(measuring: lead.settings.timesStages)
        // Each variant draws its images with the lead's patches (a spinning button is drawn once per angle),
        // from the files the lead's rasterizers decoded.
        let variants = jobs.dropFirst().map {
            (exporter: $0.exporter, rasterizers: RasterizerPool(scene: $0.exporter.scene, graph: $0.exporter.graph, pdf: $0.exporter.pdf,
                                                           imagePatches: rasterizers.imagePatches, decoded: rasterizers.decoded))
        }
        let palette = try lead.globalPalette(rasterizers, variants: variants, clock: clock)
        let delays = GIFTiming.delays(frameCount: settings.frameCount, fps: settings.fps)
        let frames = try ParallelRenderer(scene: lead.scene, graph: lead.graph, rasterizers: rasterizers, palette: palette,
                                          workers: lead.renderThreads, clock: clock)
        defer { frames.stop() }
        let plans = variants.isEmpty ? nil : SharedPlans()
        var encodings: [Locked<GIFEncoding>] = []
        try withWriters(jobs.map(\.destination)) { writers in
            do {
                for (k, (job, writer)) in zip(jobs, writers).enumerated() {
                    try writer.putHeader(width: frames.pixelWidth, height: frames.pixelHeight, globalPalette: palette.table, loopCount: job.exporter.loopCount)
                    var encoder = FrameDiffEncoder(width: frames.pixelWidth, height: frames.pixelHeight, palette: palette) {
                        try Quantizer.palette(pixels: $0, width: $1, height: $2, maxColors: $3)
                    }
                    encoder.quality = job.exporter.options.quality
                    encoder.sharedPlans = plans
                    encoder.timesPlanning = clock.measuring
                    let variant = k == 0 ? nil : try VariantFrames(job.exporter.input, pool: variants[k - 1].rasterizers, palette: palette,
                                                                   lead: (frames.pixelWidth, frames.pixelHeight))
                    encodings.append(Locked(GIFEncoding(encoder, writer, variant: variant)))
                }
                for index in 0..<settings.frameCount {
                    let frame = try frames.frame(index)
                    try concurrently(encodings.count) { [encodings] k in
                        try encodings[k].withLock { try $0.encode(index, frame: frame, delay: delays[index], clock: clock) }
                    }
                    plans?.nextFrame()
                    frames.recycle(frame)
                    progress.exported(frame: index + 1, of: settings.frameCount)
                }
                for encoding in encodings {
                    try encoding.withLock { encoding in
                        if let last = clock.measure(.planning, { encoding.encoder.finish() }) { try encoding.write(last, clock: clock) }
                        clock.add(.planning, encoding.encoder.laneSeconds)
                    }
                }
                for encoding in encodings { try encoding.withLock { try $0.writer.finish() } }
            } catch let error as SceneError {
                throw error
            } catch {
                throw SceneError(.write, file: jobs[0].destination.displayName, keyPath: nil, "writing the GIF failed: \(error)")
            }
        }
        var times = clock.snapshot
        times.wall = StageTimes.now() - started
        let timed = clock.measuring ? times : nil
        return encodings.map { $0.value }.map { encoding in
            var report = Report(palette: palette, frames: encoding.encoder.statistics, times: timed)
            if let variant = encoding.variant {
                report.sharedWith = (jobs[0].destination.displayName, variant.drawnCount, variant.partlyDrawnCount, variant.sharedCount)
            } else {
                report.variants = variants.count
            }
            return report
        }
    }

    /// Runs `body` with a writer for each destination, all open at once.
    private static func withWriters(_ destinations: [Destination], opened: [GIFStreamWriter] = [], _ body: ([GIFStreamWriter]) throws -> Void) throws {
        guard opened.count < destinations.count else { return try body(opened) }
        try destinations[opened.count].write { writer in try withWriters(destinations, opened: opened + [writer], body) }
    }

    /// The colours of every `stride`-th frame, each counted as shown until the next, and of the variants'
    /// frames: every `variantCensusStride`-th frame of each where the palette will be quantized (their
    /// colours are the lead's but for their titles', drawn in the same colours over the same bar), every
    /// frame the lead's census takes where it counts every frame for an exact palette.
    func census(every stride: Int, _ rasterizers: RasterizerPool, variants: [(exporter: GIFExporter, rasterizers: RasterizerPool)],
                clock: StageClock) throws -> ColorCensus {
        let frames = try ParallelRenderer(scene: scene, graph: graph, rasterizers: rasterizers, stride: stride, workers: renderThreads,
                                          clock: clock)
        defer { frames.stop() }
        let censuses = try [Locked(VariantCensus(nil))] + variants.map {
            Locked(VariantCensus(try VariantFrames($0.exporter.input, pool: $0.rasterizers, palette: nil, lead: (frames.pixelWidth, frames.pixelHeight))))
        }
        let frameCount = scene.export.frameCount
        let every = stride == 1 ? 1 : max(1, Self.variantCensusStride / stride)
        for position in 0..<frames.count {
            let frame = try frames.frame(position)
            let index = position * stride
            let takesVariants = position % every == 0
            try Self.concurrently(takesVariants ? censuses.count : 1) { k in
                let shown = min(k == 0 ? stride : stride * every, frameCount - index)
                try censuses[k].withLock { try $0.add(index, frame: frame, shownFor: shown, clock: clock) }
            }
            frames.recycle(frame)
        }
        var census = censuses[0].value.census
        for other in censuses.dropFirst() { census.absorb(other.value.census) }
        return census
    }

    /// Frames between the variants' frames the census takes where the palette will be quantized.
    static let variantCensusStride = 12

    /// Runs `body` for 0..<`count` on every core at once (each GIF's frame, or census, on a thread).
    static func concurrently(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
        _ = try parallelMap(count, lanes: count, body)
    }
}

/// One GIF being encoded: its encoder and writer and, for a variant, its frames. Each frame, each GIF is
/// encoded by one thread (`GIFExporter.concurrently`, under its own uncontended lock), which then writes
/// it: giflib only copies a frame's planned codes, less than handing them to a thread of its own costs.
struct GIFEncoding {
    var encoder: FrameDiffEncoder
    let writer: GIFStreamWriter
    let variant: VariantFrames?

    init(_ encoder: FrameDiffEncoder, _ writer: GIFStreamWriter, variant: VariantFrames?) {
        self.encoder = encoder
        self.writer = writer
        self.variant = variant
    }

    /// Encodes frame `index`: the lead's as its pipeline made it, a variant's made from it.
    mutating func encode(_ index: Int, frame: PipelineFrame<GIFRenderedFrame>, delay: Int, clock: StageClock) throws {
        let encoded: GIFFrame?
        if let variant {
            let changed = try clock.measure(.render) { try variant.advance(to: index, leadFrame: frame) }
            encoded = try clock.measure(.planning) {
                try encoder.encode(changed == nil ? nil : variant.pixels, indices: variant.indices, changedWithin: changed ?? nil, delay: delay)
            }
        } else {
            encoded = try clock.measure(.planning) {
                try encoder.encode(frame.pixels, indices: frame.indices, changedWithin: frame.changedWithin, delay: delay)
            }
        }
        if let encoded { try write(encoded, clock: clock) }
    }

    func write(_ frame: GIFFrame, clock: StageClock) throws {
        try clock.measure(.writing) { try writer.put(frame) }
    }
}

/// The census of one GIF's colours: the lead's, from its pipeline's frames, or a variant's.
struct VariantCensus {
    private(set) var census = ColorCensus()
    let variant: VariantFrames?

    init(_ variant: VariantFrames?) { self.variant = variant }

    mutating func add(_ index: Int, frame: PipelineFrame<GIFRenderedFrame>, shownFor shown: Int, clock: StageClock) throws {
        guard let variant else { return clock.measure(.census) { census.add(frame.pixels, shownFor: shown) } }
        let changed = try clock.measure(.render) { try variant.advance(to: index, leadFrame: frame) }
        clock.measure(.census) { census.add(changed == nil ? nil : variant.pixels, shownFor: shown) }
    }
}
