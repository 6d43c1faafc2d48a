import Basics
import Concurrency
import Foundation
import Graph
import Resolving
import Scene

/// Rasterizers for a `FramePipeline`'s workers (and for the passes of one export: a GIF's census and its
/// frames), made when none is free and handed back when a worker ends. Each loads and decodes every asset
/// when made (screenshots, SVG icons, fonts). A rasterizer is used by
/// one thread at a time (taken and given back under the lock).
package final class RasterizerPool: Sendable {
    /// The rasterizers no worker holds, and how many were made.
    private let state = Locked<(free: [Rasterizer], made: Int)>(([], 0))
    private let scene: ResolvedScene
    private let graph: SceneGraph
    private let pdf: PDFConverting
    /// Images drawn at their places, shared by every rasterizer of the pool (and, for a GIF's locales, by
    /// every locale's pool: an image's patch does not depend on the titles).
    package let imagePatches: ImagePatches
    /// Images and Lottie clips decoded once for every rasterizer of the pool (and of every locale's).
    package let decoded: DecodedAssets
    /// How many were made.
    package var made: Int { state.withLock { $0.made } }

    /// Images' patches are drawn once for all of them, and files decoded once.
    package init(scene: ResolvedScene, graph: SceneGraph, pdf: PDFConverting, imagePatches: ImagePatches = ImagePatches(),
                 decoded: DecodedAssets = DecodedAssets()) {
        self.imagePatches = imagePatches
        self.decoded = decoded
        self.scene = scene
        self.graph = graph
        self.pdf = pdf
    }

    package func take() throws(SceneError) -> Rasterizer {
        if let known = state.withLock({ $0.free.popLast() }) { return known }
        let rasterizer = try Rasterizer(scene: scene, graph: graph, pdf: pdf, imagePatches: imagePatches, decoded: decoded)
        state.withLock { $0.made += 1 }
        return rasterizer
    }

    package func give(_ rasterizer: Rasterizer) {
        state.withLock { $0.free.append(rasterizer) }
    }
}
