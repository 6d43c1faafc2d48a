import Foundation
import GIFPlanning
import Scene

/// What a `FramePipeline`'s worker makes of each frame it draws: the GIF's pixels mapped to its palette,
/// straight RGBA for WebP and MP4, a PNG file. One per worker thread, so it may keep what it made last (the
/// GIF's palette indices, remapped only where a frame changed). `Sendable`: each worker thread makes its own
/// from a closure the pipeline hands it.
package protocol FrameMaking: Sendable {
    associatedtype Frame: Sendable
    /// The frame just drawn (over the one this worker drew last; `drawn.changed`: where the two differ),
    /// `changed`: where it may differ from the frame before it in the animation (nil: anywhere), and an
    /// earlier frame handed back (`FramePipeline.recycle`) whose storage may be filled again.
    mutating func make(_ drawn: Rasterizer.Drawn, index: Int, changed: PixelBox?, reusing spare: Frame?) throws -> Frame
}

/// One frame out of a pipeline: drawn, or drawn exactly as the frame before it (the scene graph sampled
/// the same draw commands), which is not drawn at all.
package enum PipelineFrame<Frame: Sendable>: Sendable {
    case same
    case made(Frame)

    package var made: Frame? {
        if case .made(let frame) = self { return frame }
        return nil
    }
}

/// The one render pipeline of every raster format: the animation's frames (or every `stride`-th of them)
/// drawn on worker threads, made into what the encoder takes (`FrameMaking`), and handed out in order to the
/// encoder on the calling thread, over a bounded window. Each frame is a pure function of its time
/// (`SceneGraph.sample(at:)`), so workers need not coordinate; cairo and librsvg objects are not
/// thread-safe, so each worker owns its own `Rasterizer` while it works (`RasterizerPool`; what they share is
/// pixels: Lottie frames, images' patches). Each worker draws a frame over the last one it drew, redrawing
/// only the pixels where the two differ (`Rasterizer.redraw`). At most `window` frames are made ahead of
/// the one being taken: memory is bounded by the window, whatever the clip's length.
package final class FramePipeline<Maker: FrameMaking>: @unchecked Sendable {
    package typealias Frame = Maker.Frame
    package let pixelWidth: Int
    package let pixelHeight: Int
    private let graph: SceneGraph
    private let settings: ExportSettings
    private let window: Int
    /// Every `stride`-th frame is made (0, stride, 2 × stride, …), `count` of them; `frame(_:)` takes them by
    /// position.
    package let stride: Int
    package let count: Int

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var ready: [Int: Result<PipelineFrame<Frame>, Error>] = [:]
    private var nextToRender = 0
    private var nextToTake = 0
    private var stopped = false
    private var runningWorkers = 0
    /// Frames the encoder is done with (`recycle`), for the workers to fill again rather than take a frame
    /// of fresh memory per frame (the @3x bench scene's system time: 2.4 → 1.7 s).
    private var spare: [Frame] = []
    private let rasterizers: RasterizerPool
    /// Processor time of each worker's drawing and making, per frame (for `--verbose`'s stages); nil: no
    /// clock is read.
    private let timed: (@Sendable (_ render: Double, _ make: Double) -> Void)?

    /// Checks the assets on the calling thread first (taking a rasterizer, which loads them), so that a
    /// broken one is reported before any work. `bytesPerPixel`: what a made frame holds, for the window.
    package init(scene: ResolvedScene, graph: SceneGraph, rasterizers: RasterizerPool, stride: Int = 1,
                workers: Int = ProcessInfo.processInfo.activeProcessorCount, bytesPerPixel: Int = 4,
                timed: (@Sendable (Double, Double) -> Void)? = nil, maker: @escaping @Sendable () -> Maker) throws {
        precondition(stride >= 1)
        self.stride = stride
        count = (scene.export.frameCount + stride - 1) / stride
        self.rasterizers = rasterizers
        self.timed = timed
        let probe = try rasterizers.take()
        pixelWidth = probe.pixelWidth
        pixelHeight = probe.pixelHeight
        rasterizers.give(probe)  // to the first worker
        self.graph = graph
        settings = scene.export
        let workers = max(1, workers)
        window = Self.window(workers: workers, bytes: pixelWidth * pixelHeight * bytesPerPixel)
        runningWorkers = workers
        for _ in 0..<workers {
            let thread = Thread { [self] in work(maker()) }
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    deinit { stop() }

    /// How many frames may be made ahead of the encoder: as many as fit in `aheadBudget` (`bytes` a frame:
    /// 4 a pixel for RGBA, 5 for a GIF's pixels and indices), at least one per worker and at most
    /// `longestWindow`. The encoder's cost varies from frame to frame (a GIF's searched end of a slide, then
    /// a run of slide frames planned beside it): with only a frame per worker ahead, it waited for the
    /// renderers for a sixth of the demo's second pass (0.34 s; 0.21 s with 6 ahead). The @2× and @3×
    /// screens stay at one per worker.
    static func window(workers: Int, bytes: Int) -> Int {
        max(workers, min(longestWindow, aheadBudget / max(1, bytes)))
    }
    static var aheadBudget: Int { 12 << 20 }
    static var longestWindow: Int { 8 }

    /// The frame at `position` (frame `position` × `stride`), which must be the next one (from 0, in
    /// order); blocks until it is made.
    package func frame(_ position: Int) throws -> PipelineFrame<Frame> {
        condition.lock()
        defer { condition.unlock() }
        precondition(position == nextToTake, "frames are taken in order")
        while ready[position] == nil { condition.wait() }
        let result = ready.removeValue(forKey: position)!
        nextToTake += 1
        condition.broadcast()
        return try result.get()
    }

    /// Hands a frame back, for a worker to make another into. (Were its storage still held elsewhere, the
    /// worker's write would copy it: never wrong, only slower.)
    package func recycle(_ frame: consuming PipelineFrame<Frame>) {
        guard case .made(let made) = frame else { return }
        condition.lock()
        defer { condition.unlock() }
        if spare.count < window { spare.append(made) }
    }

    private func spareFrame() -> Frame? {
        condition.lock()
        defer { condition.unlock() }
        return spare.popLast()
    }

    /// Stops the workers (after the frames they are drawing) and waits for them to end.
    package func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    private func work(_ maker: Maker) {
        var maker = maker
        defer {
            condition.lock()
            runningWorkers -= 1
            condition.broadcast()
            condition.unlock()
        }
        let rasterizer: Rasterizer
        do {
            rasterizer = try rasterizers.take()
        } catch {
            condition.lock()
            // Hand the error to the next frame nobody has claimed yet, so that the encoder sees it.
            ready[nextToRender] = .failure(error)
            nextToRender += 1
            condition.broadcast()
            condition.unlock()
            return
        }
        defer { rasterizers.give(rasterizer) }
        // The frame this worker drew last: the next is drawn over it, and only the pixels that change are
        // drawn again.
        var last: Rasterizer.Drawn?
        while let position = claim() {
            let index = position * stride
            let result = Result { () throws -> PipelineFrame<Frame> in
                // Rendering: sampling the scene, drawing what changed.
                let timed = self.timed
                let clock = { timed == nil ? 0 : ThreadCPUTime.now() }
                let rendering = clock()
                let t = settings.time(ofFrame: index)
                let commands = graph.sample(at: t)
                let before = index > 0 ? graph.sample(at: settings.time(ofFrame: index - stride)) : nil
                if let before, commands.drawsTheSame(as: before) {
                    timed?(clock() - rendering, 0)
                    return .same
                }
                let changed = before.flatMap { rasterizer.changedPixels(from: $0, to: commands) }
                let drawn = try rasterizer.redraw(commands, at: t, over: last)
                let making = clock()
                // (The worker's own surface is drawn over next time: let go of it first, so that a maker
                // holding the last frame's storage updates it in place.)
                last = nil
                let made = try maker.make(drawn, index: index, changed: changed, reusing: spareFrame())
                last = drawn
                timed?(making - rendering, clock() - making)
                return .made(made)
            }
            condition.lock()
            ready[position] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The position of the next frame to make, once it is within `window` of the encoder; nil when done or
    /// stopped.
    private func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, nextToRender < count, nextToRender - nextToTake >= window { condition.wait() }
        guard !stopped, nextToRender < count else { return nil }
        nextToRender += 1
        return nextToRender - 1
    }
}
