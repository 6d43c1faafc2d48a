import Concurrency
import Foundation
import Graph
import PixelKernels
import Resolving
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
package final class FramePipeline<Maker: FrameMaking>: Sendable {
    package typealias Frame = Maker.Frame
    package let pixelWidth: Int
    package let pixelHeight: Int
    /// Every `stride`-th frame is made (0, stride, 2 × stride, …), `count` of them; `frame(_:)` takes them by
    /// position.
    package let stride: Int
    package let count: Int
    private let pipeline: OrderedPipeline<PipelineFrame<Frame>>

    /// What a worker keeps between frames: its maker, its rasterizer (taken from the pool for as long as it
    /// works) and the frame it drew last, which the next is drawn over.
    private struct Worker {
        package var maker: Maker
        package let rasterizer: Rasterizer
        package var last: Rasterizer.Drawn?
    }

    /// Checks the assets on the calling thread first (taking a rasterizer, which loads them), so that a
    /// broken one is reported before any work. `bytesPerPixel`: what a made frame holds, for the window.
    /// `timed`: processor time of each worker's drawing and making, per frame (for `--verbose`'s stages);
    /// nil: no clock is read.
    package init(scene: ResolvedScene, graph: SceneGraph, rasterizers: RasterizerPool, stride: Int = 1,
                workers: Int = ProcessInfo.processInfo.activeProcessorCount, bytesPerPixel: Int = 4,
                timed: (@Sendable (Double, Double) -> Void)? = nil, maker: @escaping @Sendable () -> Maker) throws {
        precondition(stride >= 1)
        self.stride = stride
        count = (scene.export.frameCount + stride - 1) / stride
        let probe = try rasterizers.take()
        pixelWidth = probe.pixelWidth
        pixelHeight = probe.pixelHeight
        rasterizers.give(probe)  // to the first worker
        let settings = scene.export
        let workers = max(1, workers)
        let bytes = pixelWidth * pixelHeight * bytesPerPixel
        pipeline = OrderedPipeline(
            count: count, window: Self.window(workers: workers, bytes: bytes), spareLimit: Self.spareLimit(workers: workers, bytes: bytes),
            workers: workers,
            start: { Worker(maker: maker(), rasterizer: try rasterizers.take()) },
            make: { worker, position, spare in
                try Self.make(position * stride, stride: stride, graph: graph, settings: settings, worker: &worker, timed: timed) {
                    spare()?.made
                }
            },
            end: { rasterizers.give($0.rasterizer) })
    }

    deinit { stop() }

    /// How many frames may be made ahead of the encoder: as many as fit in `aheadBudget` (`bytes` a frame:
    /// 4 a pixel for RGBA, 5 for a GIF's pixels and indices), at least one per worker and at most
    /// `longestWindow`. The encoder's cost varies from frame to frame (a GIF's searched end of a slide, then
    /// a run of slide frames planned beside it), so a few frames ahead keep the renderers busy
    /// (bench/README.md); the @2× and @3× screens stay at one per worker.
    package static func window(workers: Int, bytes: Int) -> Int {
        max(workers, min(longestWindow, aheadBudget / max(1, bytes)))
    }
    package static var aheadBudget: Int { 12 << 20 }

    /// How many frames handed back are kept for the workers to fill again: as many as the window holds where
    /// they fit in `aheadBudget`; none where a frame alone is larger (a @3x screen), since each kept frame is
    /// memory the export holds to its end, and a frame that large is mapped afresh at little cost.
    package static func spareLimit(workers: Int, bytes: Int) -> Int {
        bytes > aheadBudget ? 0 : window(workers: workers, bytes: bytes)
    }
    static var longestWindow: Int { 8 }

    /// The frame at `position` (frame `position` × `stride`), which must be the next one (from 0, in
    /// order); blocks until it is made.
    package func frame(_ position: Int) throws -> PipelineFrame<Frame> {
        try pipeline.take(position)
    }

    /// Hands a frame back, for a worker to make another into. (Were its storage still held elsewhere, the
    /// worker's write would copy it: never wrong, only slower.)
    package func recycle(_ frame: consuming PipelineFrame<Frame>) {
        guard case .made(let made) = frame else { return }
        pipeline.recycle(.made(made))
    }

    /// Stops the workers (after the frames they are drawing) and waits for them to end.
    package func stop() { pipeline.stop() }

    /// Frame `index`, drawn by `worker` over the frame it drew last: `.same` when the scene graph samples
    /// the same draw commands as at the frame before it.
    private static func make(_ index: Int, stride: Int, graph: SceneGraph, settings: ExportSettings, worker: inout Worker,
                             timed: (@Sendable (Double, Double) -> Void)?, spare: () -> Frame?) throws -> PipelineFrame<Frame> {
        // Rendering: sampling the scene, drawing what changed.
        let clock = { timed == nil ? 0 : ThreadCPUTime.now() }
        let rendering = clock()
        let t = settings.time(ofFrame: index)
        let commands = graph.sample(at: t)
        let before = index > 0 ? graph.sample(at: settings.time(ofFrame: index - stride)) : nil
        if let before, commands.drawsTheSame(as: before) {
            timed?(clock() - rendering, 0)
            return .same
        }
        let changed = before.flatMap { worker.rasterizer.changedPixels(from: $0, to: commands) }
        let drawn = try worker.rasterizer.redraw(commands, at: t, over: worker.last)
        let making = clock()
        // (The worker's own surface is drawn over next time: let go of it first, so that a maker holding
        // the last frame's storage updates it in place.)
        worker.last = nil
        let made = try worker.maker.make(drawn, index: index, changed: changed, reusing: spare())
        worker.last = drawn
        timed?(making - rendering, clock() - making)
        return .made(made)
    }
}
