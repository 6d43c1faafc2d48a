import Concurrency
import PixelKernels

/// A mapped rectangle written as a GIF frame: its plan made (on another thread, or shared with the same
/// frame of another GIF), and the canvas updated with what it shows.
extension FrameDiffEncoder {
    /// How much further (`ColorMapper.distance`) than its nearest entry a pixel may be written, when the
    /// palette is not exact: `errorShare` × the palette's mean error (a nearly exact palette stays nearly
    /// exact), plus 1/`contrastShare` of the local contrast (the largest distance to a 4-neighbour: up to
    /// about 5 levels per channel on a sharp edge, none in a flat area, since the eye and SSIM forgive an
    /// error on an edge far more). Chosen on the benchmark scenes (bench/README.md) as the largest
    /// that keeps mean SSIM above ffmpeg's.
    static let errorShare = 30.0
    static let contrastShare = 2400
    /// Rectangles of more pixels than this (362 × 362) are written without substitutes, every pixel as its
    /// own entry or transparent (`planExact`): a plan with substitutes decides what the canvas shows, so
    /// the next frame waits for it, and the search with substitutes costs more in proportion to the area
    /// than it gains: on the ends of the demo's slides it cost much wall time for few bytes, and pixels
    /// moved to their left neighbour's entry within their bounds instead, before an exact search, won back
    /// little (bench/README.md).
    static let largestLossyArea = 1 << 17
    /// Rectangles of more pixels than this (512 × 512) are not searched at all (`planExact`): the search
    /// costs time in proportion to the area and gains little on a full-screen slide.
    static let largestSearchedArea = 1 << 18

    /// Writes the frame (`pixels`: its true colours, the whole frame) and updates the canvas with what it
    /// shows. The plan is made on another thread (`startPlan`) and the frame is
    /// complete when it is handed out. Where the palette is exact or the rectangle too large for
    /// substitutes, every pixel shows its own entry whichever way the plan writes it (its own index, or
    /// transparent over the same colour): the canvas is updated at once, and the plan (`planExact`) goes on
    /// while the next frame is mapped and planned. Else the plan (a search with `lossyLatitude`) decides
    /// what the canvas shows: it goes on while the next frame is rendered and compared, and the canvas is
    /// updated before that frame is mapped (`completePending`).
    mutating func compress(_ mapped: Mapped, _ pixels: [UInt32], delay: Int) -> Pending {
        if mapped.isLocal { statistics.localPalettes += 1 }
        var frame = GIFFrame(x: mapped.box.minX, y: mapped.box.minY, width: mapped.box.width, height: mapped.box.height,
                             localPalette: mapped.isLocal ? mapped.colors : nil, transparentIndex: mapped.transparentIndex,
                             disposal: .keep, delay: delay, data: LZWCodeStream(codeSize: 2))
        let area = mapped.box.width * mapped.box.height
        guard let t = mapped.transparentIndex, quality != nil || !palette.isExact,
              area <= (quality == nil ? Self.largestLossyArea : Self.largestSearchedArea) else {
            _ = updateCanvas(mapped, written: mapped.indices, transparent: nil)
            let shared = sharedPlans.map { (plans: $0, key: SharedPlans.Key(mapped, latitude: nil, tolerance: 0)) }
            if let made = shared.flatMap({ $0.plans.made($0.key) }) {
                complete(&frame, with: made)
                return Pending(frame: frame)
            }
            guard area <= Self.largestDeferredArea else {
                completePending()  // one such frame in memory at a time
                complete(&frame, with: Self.plan(shared) { PlannerPool.shared.withPlanner { Self.planExact(mapped, with: &$0) } })
                return Pending(frame: frame)
            }
            let plan = startPlan { planner in Self.plan(shared) { Self.planExact(mapped, with: &planner) } }
            return Pending(frame: frame, plan: plan)
        }
        let latitude = lossyLatitude(mapped, pixels, transparent: t)
        let levels = quality.map(Self.lossyLevels) ?? 0
        let tolerance = Int(Self.errorShare * palette.meanError + Double(ColorMapper.distanceWeight) * levels * levels)
        let shared = sharedPlans.map { (plans: $0, key: SharedPlans.Key(mapped, latitude: latitude, tolerance: tolerance)) }
        if let made = shared.flatMap({ $0.plans.made($0.key) }) {
            var shown = Pending(frame: frame, shows: mapped)
            show(&shown, made)
            return shown
        }
        let plan = startPlan { planner in
            Self.plan(shared) {
                let codeSize = mapped.census().transparentCodeSize(t)
                var latitude = latitude
                latitude.table = Array(mapped.colors.prefix(1 << codeSize))
                latitude.limit = Self.limits(mapped, truth: latitude.truth, tolerance: tolerance)
                let plan = planner.plan(mapped.searchIndices(transparent: t, codeSize: codeSize), latitude: latitude, codeSize: codeSize)
                return Planned(stream: plan.stream, transparent: true, writesTransparent: false, written: plan.indices)
            }
        }
        return Pending(frame: frame, plan: plan, shows: mapped)
    }

    /// `make`'s plan, or the same plan another encoder made from the same key (`sharedPlans`).
    private static func plan(_ shared: (plans: SharedPlans, key: SharedPlans.Key)?, _ make: () -> Planned) -> Planned {
        guard let shared else { return make() }
        return shared.plans.plan(shared.key, make)
    }

    /// A plan made on a thread of the system's pool, with a planner from `PlannerPool`, while the encoder
    /// goes on: at most two are made at once per encoder (the pending frame's and the next one's: the frame
    /// before the pending one was completed when it was handed out).
    private func startPlan(_ job: @escaping @Sendable (inout LZWPlanner) -> Planned) -> Promise<PlanOffThread> {
        let measuring = timesPlanning
        return inBackground {
            let start = measuring ? ThreadCPUTime.now() : 0
            let planned = PlannerPool.shared.withPlanner { job(&$0) }
            return PlanOffThread(planned: planned, seconds: measuring ? ThreadCPUTime.now() - start : 0)
        }
    }

    /// A plan made off the encoder's thread, and the processor time it took there (when measured).
    struct PlanOffThread: Sendable {
        var planned: Planned
        var seconds: Double
    }

    /// Frames of more pixels than this (a 3× full screen's slides) are planned on the encoder's thread:
    /// holding one off the thread while the next is mapped costs the memory of another such frame.
    static let largestDeferredArea = 1 << 21

    /// The pending frame with its plan, once it is made, and the canvas with what it shows.
    /// `onlyIfItDecidesTheCanvas`: only when the plan decides what the canvas shows (before the next frame
    /// is mapped); else the plan may go on beside the next frame's.
    mutating func completePending(onlyIfItDecidesTheCanvas: Bool = false) {
        guard var shown = pending, let plan = shown.plan, !onlyIfItDecidesTheCanvas || shown.shows != nil else { return }
        let made = plan.wait()
        planSeconds += made.seconds
        show(&shown, made.planned)
        pending = shown
    }

    /// Completes `shown` with its plan, and draws on the canvas what the plan shows (for a frame whose plan
    /// decides it).
    private mutating func show(_ shown: inout Pending, _ planned: Planned) {
        complete(&shown.frame, with: planned)
        if let mapped = shown.shows, let written = planned.written {
            let drawn = updateCanvas(mapped, written: written, transparent: mapped.transparentIndex)
            if drawn.transparent { statistics.transparent += 1 }
            if drawn.substituted { statistics.substituted += 1 }
        }
        shown.plan = nil
        shown.shows = nil
    }

    private mutating func complete(_ frame: inout GIFFrame, with planned: Planned) {
        frame.data = planned.stream
        if !planned.transparent { frame.transparentIndex = nil }
        if planned.writesTransparent { statistics.transparent += 1 }
    }

    /// Draws the frame's rectangle, as `written` (indices into its colours; `transparent` leaves the
    /// canvas as it is), on the canvas: whether any pixel was transparent, and any written as another
    /// entry than its own.
    private mutating func updateCanvas(_ mapped: Mapped, written: [UInt8], transparent: UInt8?) -> (transparent: Bool, substituted: Bool) {
        var substituted = false, anyTransparent = false
        let box = mapped.box, stride = width
        written.withUnsafeBufferPointer { written in
            mapped.indices.withUnsafeBufferPointer { own in
                mapped.colors.withUnsafeBufferPointer { colors in
                    canvas.withUnsafeMutableBufferPointer { canvas in
                        for row in 0..<box.height {
                            let frameRow = (box.minY + row) * stride + box.minX, boxRow = row * box.width
                            for column in 0..<box.width {
                                let i = boxRow + column, symbol = written[i]
                                guard symbol != transparent else {
                                    anyTransparent = true
                                    continue
                                }
                                if symbol != own[i] { substituted = true }
                                canvas[frameRow + column] = colors[Int(symbol)]
                            }
                        }
                    }
                }
            }
        }
        return (anyTransparent, substituted)
    }

    /// A frame's plan made on a lane: its code stream, whether it is the transparent version, and
    /// whether that writes any pixel transparent (counted when known here); for a plan with substitutes,
    /// the indices it writes, which decide what the canvas shows.
    struct Planned: Sendable {
        var stream: LZWCodeStream
        var transparent: Bool
        var writesTransparent: Bool
        var written: [UInt8]? = nil
    }
}
