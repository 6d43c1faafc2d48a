import Foundation
import LottieEngine
import Scene

/// Files decoded once for every rasterizer of an export and, for a GIF's locales, of every locale's
/// (`RasterizerPool`): each PNG's pixels and each Lottie clip's model. Every rasterizer loads every asset
/// before its first frame (`AssetStore`), and nine locales with two render workers each made eleven; the
/// demo's 1× screenshot alone cost 10 ms of CPU to decode each time. A rasterizer gets a copy of a PNG's
/// surface (cairo and pixman count a surface's references without atomics: one surface is not drawn from
/// on two threads at once); a Lottie model is a value, shared as it is. A file is known by its path and
/// its bytes (each store reads the file again), so a file changed during the run is decoded again.
package final class DecodedAssets: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [String: (data: Data, surface: ImageSurface)] = [:]
    private var models: [String: (data: Data, model: Result<LottieAnimation, AssetStore.EngineRefusal>)] = [:]

    package init() {}

    /// The PNG `data` read from `key`'s file, decoded by `decode` the first time.
    func image(_ key: String, data: Data, decode: () throws(CLibraryError) -> ImageSurface) throws(CLibraryError) -> ImageSurface {
        if let known = lock.withLock({ images[key] }), known.data == data {
            // Copied under the lock: the kept surface is read by one thread at a time.
            lock.lock()
            defer { lock.unlock() }
            return try known.surface.copy()
        }
        let decoded = try decode()
        let kept = try decoded.copy()
        lock.withLock { images[key] = (data, kept) }
        return decoded
    }

    /// The engine's model of `clip` (`AssetStore.engineModel`), made by `make` the first time its file
    /// (`data`) is seen.
    func engineModel(_ key: String, data: Data,
                     make: () -> Result<LottieAnimation, AssetStore.EngineRefusal>) -> Result<LottieAnimation, AssetStore.EngineRefusal> {
        if let known = lock.withLock({ models[key] }), known.data == data { return known.model }
        let made = make()
        lock.withLock { models[key] = (data, made) }
        return made
    }
}
