import Concurrency
import Foundation
import Graph
import Graphics
import LottieEngine
import Scene

/// Files decoded once per run (the command makes one and hands it to every `PreparedAnimation`): each PNG's
/// pixels and each Lottie clip's model, for the warnings, every format's rasterizers (`RasterizerPool`) and
/// the SVG's assets, in every locale and style. A Lottie file is so parsed once per run. Every rasterizer loads every asset
/// before its first frame (`AssetStore`), and nine locales with two render workers each made eleven,
/// each decoding the demo's screenshot again. A rasterizer gets a surface of its own
/// over a PNG's pixels, kept once (`SharedPixels`: cairo and pixman count a surface's references without
/// atomics, so one surface is not drawn from on two threads at once; a copy each cost every rasterizer
/// the image's memory and page faults again); so are the PNGs resampled to the size they
/// are shown at. A Lottie model is a value, shared as it is. A file is known by its path and its bytes
/// (each store reads the file again), so a file changed during the run is decoded again.
package final class DecodedAssets: Sendable {
    private struct State {
        package var images: [String: (data: Data, pixels: SharedPixels)] = [:]
        package var resampled: [ResampledKey: SharedPixels] = [:]
        var models: [String: (data: Data, model: Result<LottieAnimation, AssetStore.EngineRefusal>)] = [:]
    }
    /// Decoding is done outside the lock (two threads may decode the same file at once; the second's is
    /// kept, the same pixels).
    private let state = Locked(State())

    package init() {}

    /// The PNG `data` read from `key`'s file, decoded by `decode` the first time.
    package func image(_ key: String, data: Data, decode: () throws(CLibraryError) -> ImageSurface) throws(CLibraryError) -> ImageSurface {
        if let known = state.withLock({ $0.images[key] }), known.data == data { return try ImageSurface(sharing: known.pixels) }
        let pixels = try decode().sharedPixels()
        state.withLock { $0.images[key] = (data, pixels) }
        return try ImageSurface(sharing: pixels)
    }

    /// `source` (a surface over kept pixels) resampled to `width` × `height` by `make` the first time;
    /// nil when `source`'s pixels are not kept here.
    package func resampled(_ source: ImageSurface, width: Double, height: Double,
                   make: () throws(CLibraryError) -> ImageSurface) throws(CLibraryError) -> ImageSurface? {
        guard let pixels = source.keptAlive else { return nil }
        let key = ResampledKey(source: ObjectIdentifier(pixels), width: width, height: height)
        if let known = state.withLock({ $0.resampled[key] }) { return try ImageSurface(sharing: known) }
        let made = try make().sharedPixels()
        state.withLock { $0.resampled[key] = made }
        return try ImageSurface(sharing: made)
    }

    /// The engine's model of `clip` (`AssetStore.engineModel`), made by `make` the first time its file
    /// (`data`) is seen.
    package func engineModel(_ key: String, data: Data,
                     make: () -> Result<LottieAnimation, AssetStore.EngineRefusal>) -> Result<LottieAnimation, AssetStore.EngineRefusal> {
        if let known = state.withLock({ $0.models[key] }), known.data == data { return known.model }
        let made = make()
        state.withLock { $0.models[key] = (data, made) }
        return made
    }
}
