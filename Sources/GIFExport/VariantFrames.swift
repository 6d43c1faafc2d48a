import Basics
import Drawing
import Exporting
import Foundation
import GIFPlanning
import Graph
import Graphics
import PixelKernels
import Resolving
import Scene

/// The frames of a variant of the animation a `FramePipeline` draws (the lead): the same script and frame
/// size, with draw commands that differ from the lead's in a few places (another locale's titles). Each
/// frame is made from the lead's where the two cannot differ, and drawn here only where they may, so that
/// nine locales cost little more than one. The frames are those the variant draws alone, pixel for pixel:
/// - the variant's frame differs from the lead's only within `differing`, the pixels of the commands where
///   their samples differ (`Rasterizer.changedPixels` between them);
/// - so a frame is the frame before with the lead's pixels copied in where it changed (`mine`, the boxes of
///   the commands that changed), but where such a box meets one of `differing`'s (a title changes colour,
///   an icon's effect reaches one): there it is drawn (`Rasterizer.draw(within:)`);
/// - where it cannot be told what changed (a view appears: the commands are not as many as before), the
///   frame is the lead's whole, and drawn where a command differs from the lead's;
/// - a frame that cannot be made from the lead's (the first; one the lead did not draw; one whose commands
///   are not as many as the lead's) is drawn, over the last one drawn that way, where the two differ
///   (`Rasterizer.redraw`).
///
/// Frames are taken in order, every `stride`-th as the lead's pipeline makes them. Not thread-safe: one
/// encoder's thread takes them.
final class VariantFrames {
    private let graph: SceneGraph
    private let settings: ExportSettings
    private let pool: RasterizerPool
    private let rasterizer: Rasterizer
    private let width: Int
    /// The last frame this variant drew itself.
    private var drawn: Rasterizer.Drawn?
    /// The current frame's pixels and, with a palette, their indices: the lead's (`GIFFrameMaker`) or drawn.
    private(set) var pixels: [UInt32] = []
    private(set) var indices: [UInt8]?
    private var mapper: ColorMapper?
    private let dithered: Bool
    /// The commands of the frame taken last.
    private var commands: [DrawCommand]?
    /// A surface for drawing parts of frames (`Rasterizer.draw(within:)`), apart from `drawn`'s.
    private var scratch: ImageSurface?
    /// How many frames were drawn here, made from the lead's, and made from the lead's but for a part
    /// drawn here (for `--verbose`).
    private(set) var drawnCount = 0
    private(set) var sharedCount = 0
    private(set) var partlyDrawnCount = 0

    /// Draws with a rasterizer of `pool` (the variant's, kept for both of a GIF's passes: each rasterizer
    /// loads every asset). Fails when the variant cannot be drawn (an asset that does not load) or its
    /// frame is another size.
    init(_ input: PreparedAnimation, pool: RasterizerPool, palette: GIFPalette?, lead: (width: Int, height: Int)) throws {
        graph = input.graph
        settings = input.scene.export
        self.pool = pool
        rasterizer = try pool.take()
        guard rasterizer.pixelWidth == lead.width, rasterizer.pixelHeight == lead.height else {
            throw SceneError(.render, file: input.scene.file, keyPath: nil, "a variant's frame is another size than the lead's")
        }
        width = rasterizer.pixelWidth
        mapper = palette.map { ColorMapper(palette: $0.table, transparentIndex: $0.transparentIndex) }
        dithered = palette.map { !$0.isExact } ?? false
        if mapper != nil { indices = [] }
    }

    deinit { pool.give(rasterizer) }

    /// The variant's frame `index`, given what the lead's pipeline made of it (with the commands it drew). nil: the frame shows what the one before it showed; else where it may differ from it (nil:
    /// anywhere), its pixels in `pixels` and, with a palette, `indices`.
    func advance(to index: Int, leadFrame: PipelineFrame<GIFRenderedFrame>) throws -> PixelBox?? {
        let t = settings.time(ofFrame: index)
        let own = graph.sample(at: t)
        defer { commands = own }
        guard let before = commands else { return .some(try draw(own, at: t, changed: nil)) }
        // Where the frame changed (nil: anywhere, as when a view appears).
        let mine = rasterizer.changedPixelsApart(from: before, to: own)
        if mine?.isEmpty == true { return .none }
        let changed = mine?.reduce(PixelBox.empty) { $0.union($1) }
        guard case .made(let frame) = leadFrame, let differing = rasterizer.changedPixelsApart(from: frame.commands, to: own) else {
            return .some(try draw(own, at: t, changed: changed))
        }
        // Where this frame changed, it is the lead's frame, but where a command that differs from the lead's
        // touches it: there it is drawn.
        var touched = PixelBox.empty
        for box in mine ?? [PixelBox(x: 0, y: 0, width: width, height: pixels.count / width)] {
            pixels.copy(box, from: frame.pixels, width: width)
            if indices != nil, let leads = frame.indices { indices!.copy(box, from: leads, width: width) }
            for other in differing { touched = touched.union(box.intersection(other)) }
        }
        if touched.isEmpty {
            sharedCount += 1
        } else {
            partlyDrawnCount += 1
            let (surface, drawnBox) = try rasterizer.draw(own, at: t, within: touched, onto: scratch)
            scratch = surface
            surface.opaquePixels(in: drawnBox, into: &pixels)
            remap(drawnBox)
        }
        return .some(changed)
    }

    /// Draws the frame (over the last one drawn here: the pixels where their commands differ) and maps it
    /// to the palette where it changed (`changed`, nil: everywhere).
    private func draw(_ own: [DrawCommand], at t: TimeInterval, changed: PixelBox?) throws -> PixelBox? {
        drawnCount += 1
        let earlier = drawn
        drawn = nil
        let frame = try rasterizer.redraw(own, at: t, over: earlier)
        frame.surface.opaquePixels(into: &pixels)
        remap(changed)
        drawn = frame
        return changed
    }

    /// Maps `pixels` to the palette again within `box` (nil: all of them), if there is a palette.
    private func remap(_ box: PixelBox?) {
        guard mapper != nil else { return }
        if let box, var mapped = indices, mapped.count == pixels.count {
            indices = nil  // updated in place
            mapper!.remap(box, of: pixels, width: width, dithered: dithered, into: &mapped)
            indices = mapped
        } else {
            indices = mapper!.indices(of: pixels, width: width, dithered: dithered)
        }
    }
}
