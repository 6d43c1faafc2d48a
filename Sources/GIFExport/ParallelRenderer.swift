import Drawing
import Foundation
import GIFPlanning
import Outputs
import Scene

/// A rendered frame of the animation, as opaque `0xFFRRGGBB` pixels row by row.
enum RenderedFrame: Sendable {
    /// Drawn exactly as the frame before it (the scene graph sampled the same draw commands): not rendered.
    case same
    /// With the global palette's index of each pixel when the renderer was given the palette, and where
    /// the frame may differ from the frame taken before it (from their draw commands, as `Rasterizer.redraw`
    /// knows what to draw again; nil: anywhere).
    case pixels([UInt32], indices: [UInt8]?, changedWithin: PixelBox?)

    /// nil for `same`.
    var pixels: [UInt32]? {
        if case .pixels(let pixels, _, _) = self { return pixels }
        return nil
    }

    var indices: [UInt8]? {
        if case .pixels(_, let indices, _) = self { return indices }
        return nil
    }

    var changedWithin: PixelBox? {
        if case .pixels(_, _, let box) = self { return box }
        return nil
    }
}

/// Renders the animation's frames (or every `stride`-th of them) on worker threads and hands them out in
/// order. Each frame is a pure function of its time (`SceneGraph.sample(at:)`), so workers need not
/// coordinate; cairo and librsvg objects are not thread-safe, so each worker owns its own `AssetStore` and
/// `Rasterizer` while it works (`RasterizerPool`; what they share is pixels: Lottie frames, images'
/// patches). Each worker draws a frame over the last one it drew, redrawing and mapping to the palette
/// only the pixels where the two differ (`Rasterizer.redraw`). At most `window` frames are rendered ahead of
/// the one being taken: memory stays bounded whatever the length.
final class ParallelRenderer: @unchecked Sendable {
    let pixelWidth: Int
    let pixelHeight: Int
    private let graph: SceneGraph
    private let settings: ExportSettings
    private let file: String
    private let window: Int
    /// Every `stride`-th frame is rendered (0, stride, 2 × stride, …), `count` of them; `frame(_:)` takes
    /// them by position.
    let stride: Int
    let count: Int

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var ready: [Int: Result<RenderedFrame, Error>] = [:]
    private var nextToRender = 0
    private var nextToTake = 0
    private var stopped = false
    private var runningWorkers = 0
    /// Frames' pixel arrays the reader is done with (`recycle`), for the workers to fill again rather than
    /// take a frame of fresh memory per frame (the @3x bench scene's system time: 2.4 → 1.7 s).
    private var spare: [[UInt32]] = []
    private let rasterizers: RasterizerPool
    private let palette: GIFPalette?
    /// Where the workers' time goes (render, mapping).
    private let clock: StageClock

    /// With its own rasterizers (for tests: the GIF's passes share theirs).
    convenience init(scene: ResolvedScene, graph: SceneGraph, lottie: LottieRendering, palette: GIFPalette? = nil, stride: Int = 1,
                     workers: Int = ProcessInfo.processInfo.activeProcessorCount, clock: StageClock = StageClock()) throws {
        try self.init(scene: scene, graph: graph, rasterizers: RasterizerPool(scene: scene, graph: graph, lottie: lottie), palette: palette,
                      stride: stride, workers: workers, clock: clock)
    }

    /// Checks the assets on the calling thread first (taking a rasterizer, which loads them), so that a
    /// broken one is reported before any work. With a `palette`, the workers also map each frame to it
    /// (`ColorMapper.indices`), which is then off the encoder's thread.
    init(scene: ResolvedScene, graph: SceneGraph, rasterizers: RasterizerPool, palette: GIFPalette? = nil, stride: Int = 1,
         workers: Int = ProcessInfo.processInfo.activeProcessorCount, clock: StageClock = StageClock()) throws {
        precondition(stride >= 1)
        self.stride = stride
        count = (scene.export.frameCount + stride - 1) / stride
        self.palette = palette
        self.clock = clock
        self.rasterizers = rasterizers
        let settings = scene.export, file = scene.file
        let probe = try rasterizers.take()
        pixelWidth = probe.pixelWidth
        pixelHeight = probe.pixelHeight
        rasterizers.give(probe)  // to the first worker
        self.graph = graph
        self.settings = settings
        self.file = file
        let workers = max(1, workers)
        window = Self.window(workers: workers, pixels: pixelWidth * pixelHeight)
        runningWorkers = workers
        for _ in 0..<workers {
            let thread = Thread { [self] in work() }
            thread.stackSize = 1 << 22
            thread.start()
        }
    }

    deinit { stop() }

    /// How many frames may be rendered ahead of the reader: as many as fit in `aheadBudget` (a frame holds
    /// 4 bytes a pixel and, mapped, 1 more), at least one per worker and at most `longestWindow`. The
    /// reader's cost varies from frame to frame (a searched end of a slide, then a run of slide frames
    /// planned beside it): with only a frame per worker ahead, it waited for the renderers for a sixth of
    /// the demo's second pass (0.34 s; 0.21 s with 6 ahead). The @2× and @3× screens stay at one per worker.
    static func window(workers: Int, pixels: Int) -> Int {
        max(workers, min(longestWindow, aheadBudget / max(1, pixels * 5)))
    }
    static let aheadBudget = 12 << 20
    static let longestWindow = 8

    /// The frame at `position` (frame `position` × `stride`), which must be the next one (from 0, in
    /// order); blocks until it is rendered.
    func frame(_ position: Int) throws -> RenderedFrame {
        condition.lock()
        defer { condition.unlock() }
        precondition(position == nextToTake, "frames are taken in order")
        while ready[position] == nil { condition.wait() }
        let result = ready.removeValue(forKey: position)!
        nextToTake += 1
        condition.broadcast()
        return try result.get()
    }

    /// Hands a frame's pixels back, for a worker to draw another frame into. (Were they still held
    /// elsewhere, the worker's write would copy them: never wrong, only slower.)
    func recycle(_ frame: consuming RenderedFrame) {
        guard case .pixels(let pixels, _, _) = frame else { return }
        condition.lock()
        defer { condition.unlock() }
        if spare.count < window { spare.append(pixels) }
    }

    private func spareBuffer() -> [UInt32] {
        condition.lock()
        defer { condition.unlock() }
        return spare.popLast() ?? []
    }

    /// Stops the workers (after the frames they are drawing) and waits for them to end.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    private func work() {
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
            // Hand the error to the next frame nobody has claimed yet, so that the reader sees it.
            ready[nextToRender] = .failure(error)
            nextToRender += 1
            condition.broadcast()
            condition.unlock()
            return
        }
        defer { rasterizers.give(rasterizer) }
        var mapper = palette.map { ColorMapper(palette: $0.table, transparentIndex: $0.transparentIndex) }
        let dithered = palette.map { !$0.isExact } ?? false
        // The frame this worker drew last and its palette indices: the next is drawn over it, and only the
        // pixels that change are drawn and mapped again.
        var last: (drawn: Rasterizer.Drawn, indices: [UInt8]?)?
        while let position = claim() {
            let index = position * stride
            let result = Result { () throws -> RenderedFrame in
                // Rendering: sampling the scene, drawing what changed, taking the pixels out of cairo.
                let rendering = ThreadCPUTime.now()
                let t = settings.time(ofFrame: index)
                let commands = graph.sample(at: t)
                let before = index > 0 ? graph.sample(at: settings.time(ofFrame: index - stride)) : nil
                if let before, commands.drawsTheSame(as: before) {
                    clock.add(.render, ThreadCPUTime.now() - rendering)
                    return .same
                }
                let changed = before.flatMap { rasterizer.changedPixels(from: $0, to: commands) }
                let drawn = try rasterizer.redraw(commands, at: t, over: last?.drawn)
                var pixels = spareBuffer()
                drawn.surface.opaquePixels(into: &pixels)
                clock.add(.render, ThreadCPUTime.now() - rendering)
                let mapping = ThreadCPUTime.now()
                defer { clock.add(.mapping, ThreadCPUTime.now() - mapping) }
                var indices: [UInt8]?
                // (`mapper` is changed in place: it caches what it found.)
                if mapper != nil {
                    if var earlier = last?.indices, let changed = drawn.changed {
                        // Let go of the last frame's indices first: where the encoder is done with them too,
                        // they are updated in place rather than copied.
                        last = nil
                        mapper!.remap(changed, of: pixels, width: drawn.surface.width, dithered: dithered, into: &earlier)
                        indices = earlier
                    } else {
                        indices = mapper!.indices(of: pixels, width: drawn.surface.width, dithered: dithered)
                    }
                }
                last = (drawn, indices)
                return .pixels(pixels, indices: indices, changedWithin: changed)
            }
            condition.lock()
            ready[position] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The position of the next frame to render, once it is within `window` of the reader; nil when done or
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

/// Rasterizers for the workers of a GIF's passes, made when none is free and handed back when a worker
/// ends: the probe's rasterizer draws for the first worker, and the census pass's draw the second pass.
/// Each loads and decodes every asset when made, 13–20 ms on `glass` and `demo` (a 1× screenshot,
/// SVG icons, fonts), of which the probe's was on the encoder's thread before any frame, in each pass.
/// A rasterizer is used by one thread at a time (taken and given back under the lock).
final class RasterizerPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [Rasterizer] = []
    private let scene: ResolvedScene
    private let graph: SceneGraph
    private let lottie: SharedLottieFrames
    private let imagePatches = ImagePatches()
    /// How many were made.
    private(set) var made = 0

    /// Lottie clips are drawn once for all of them (`SharedLottieFrames`), and so are images' patches.
    init(scene: ResolvedScene, graph: SceneGraph, lottie: LottieRendering) {
        self.scene = scene
        self.graph = graph
        self.lottie = lottie as? SharedLottieFrames ?? SharedLottieFrames(lottie)
    }

    func take() throws(SceneError) -> Rasterizer {
        lock.lock()
        let known = free.popLast()
        lock.unlock()
        if let known { return known }
        let rasterizer = try Rasterizer(scene: scene, graph: graph, lottie: lottie, imagePatches: imagePatches)
        lock.lock()
        defer { lock.unlock() }
        made += 1
        return rasterizer
    }

    func give(_ rasterizer: Rasterizer) {
        lock.lock()
        defer { lock.unlock() }
        free.append(rasterizer)
    }
}
