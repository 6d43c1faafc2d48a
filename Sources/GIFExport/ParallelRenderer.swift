import Drawing
import Foundation
import GIFPlanning
import Graph
import Outputs
import PixelKernels
import Resolving
import Scene

/// A GIF's frame out of the render pipeline: opaque `0xFFRRGGBB` pixels row by row, with the global
/// palette's index of each pixel when the pipeline was given the palette, and where the frame may differ
/// from the frame taken before it (from their draw commands, as `Rasterizer.redraw` knows what to draw
/// again; nil: anywhere).
struct GIFRenderedFrame: Sendable {
    var pixels: [UInt32]
    var indices: [UInt8]?
    var changedWithin: PixelBox?
    /// What was drawn (for the variants made from this frame, `VariantFrames`).
    var commands: [DrawCommand] = []
}

/// What a GIF's pipeline worker makes of a frame: its pixels and, with a palette, their indices, remapped
/// only where the frame differs from the one this worker drew last (`ColorMapper.remap`), so that mapping
/// is off the encoder's thread.
struct GIFFrameMaker: FrameMaking {
    private var mapper: ColorMapper?
    private let dithered: Bool
    /// The indices of the frame this worker made last.
    private var lastIndices: [UInt8]?

    init(palette: GIFPalette?) {
        mapper = palette.map { ColorMapper(palette: $0.table, transparentIndex: $0.transparentIndex) }
        dithered = palette.map { !$0.isExact } ?? false
    }

    mutating func make(_ drawn: Rasterizer.Drawn, index: Int, changed: PixelBox?, reusing spare: GIFRenderedFrame?) throws -> GIFRenderedFrame {
        var pixels = spare?.pixels ?? []
        drawn.surface.opaquePixels(into: &pixels)
        var indices: [UInt8]?
        // (`mapper` is changed in place: it caches what it found.)
        if mapper != nil {
            if var earlier = lastIndices, let redrawn = drawn.changed {
                // Let go of the last frame's indices first: where the encoder is done with them too, they
                // are updated in place rather than copied.
                lastIndices = nil
                mapper!.remap(redrawn, of: pixels, width: drawn.surface.width, dithered: dithered, into: &earlier)
                indices = earlier
            } else {
                indices = mapper!.indices(of: pixels, width: drawn.surface.width, dithered: dithered)
            }
        }
        lastIndices = indices
        return GIFRenderedFrame(pixels: pixels, indices: indices, changedWithin: changed, commands: drawn.commands)
    }
}

/// The render pipeline as a GIF's passes use it: the census's frames (every `stride`-th) and the frames
/// mapped to the palette.
typealias ParallelRenderer = FramePipeline<GIFFrameMaker>

extension FramePipeline where Maker == GIFFrameMaker {
    /// With a `palette`, the workers also map each frame to it (`ColorMapper.indices`).
    convenience init(scene: ResolvedScene, graph: SceneGraph, rasterizers: RasterizerPool, palette: GIFPalette? = nil, stride: Int = 1,
                     workers: Int = ProcessInfo.processInfo.activeProcessorCount, clock: StageClock = StageClock(measuring: false)) throws {
        var timed: (@Sendable (Double, Double) -> Void)?
        if clock.measuring {
            timed = { render, make in
                clock.add(.render, render)
                clock.add(.mapping, make)
            }
        }
        try self.init(scene: scene, graph: graph, rasterizers: rasterizers, stride: stride, workers: workers,
                      bytesPerPixel: palette == nil ? 4 : 5, timed: timed,
                      maker: { GIFFrameMaker(palette: palette) })
    }

    /// With its own rasterizers (for tests: the GIF's passes share theirs).
    convenience init(scene: ResolvedScene, graph: SceneGraph, pdf: PDFConverting, palette: GIFPalette? = nil, stride: Int = 1,
                     workers: Int = ProcessInfo.processInfo.activeProcessorCount, clock: StageClock = StageClock(measuring: false)) throws {
        try self.init(scene: scene, graph: graph, rasterizers: RasterizerPool(scene: scene, graph: graph, pdf: pdf), palette: palette,
                      stride: stride, workers: workers, clock: clock)
    }
}

extension PipelineFrame where Frame == GIFRenderedFrame {
    /// nil for `same`.
    var pixels: [UInt32]? { made?.pixels }
    var indices: [UInt8]? { made?.indices }
    var changedWithin: PixelBox? { made?.changedWithin }
}
