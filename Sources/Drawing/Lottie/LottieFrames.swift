import Foundation
import Scene

/// Every frame of a Lottie clip drawn at one pixel size: premultiplied ARGB32, row by row.
public struct LottieFrames: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var frames: [[UInt32]]
}

/// Draws Lottie frames. The exporters ask for each clip at the size it is shown at.
public protocol LottieRendering: Sendable {
    /// `clip.frameCount` frames (fewer if the player has fewer), or an error whose message names no file
    /// (the caller adds the file and key path).
    func frames(of clip: LottieClip, width: Int, height: Int) throws(LottieError) -> LottieFrames
    /// A PDF's first page as an SVG (asset catalogs' vector icons), its bytes `data` read from `file`: in
    /// this process by default, in a child process where the renderer isolates its C libraries
    /// (`PDFConversion.swift`).
    func firstPageSVG(ofPDF data: Data, file: URL?) throws(CLibraryError) -> Data
}

public struct LottieError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// rlottie in this process: fast, but a file that crashes rlottie crashes the caller. For tests and for
/// trusted files; the command line uses `IsolatedLottieRenderer`.
public struct InProcessLottieRenderer: LottieRendering {
    public init() {}

    public func frames(of clip: LottieClip, width: Int, height: Int) throws(LottieError) -> LottieFrames {
        guard case .file(let url) = clip.asset.source, let data = try? Data(contentsOf: url) else {
            throw LottieError("cannot read the file")
        }
        return try Self.render(data: data, key: url.path, count: clip.frameCount, width: width, height: height)
    }

    static func render(data: Data, key: String, count: Int, width: Int, height: Int) throws(LottieError) -> LottieFrames {
        let animation: RlottieAnimation
        do { animation = try RlottieAnimation(data: data, key: key) } catch { throw LottieError(error.message) }
        guard animation.width > 0, animation.height > 0 else { throw LottieError("rlottie loads it as 0×0: nothing to draw") }
        guard animation.frameCount > 0 else { throw LottieError("rlottie finds no frames in it") }
        let frames = (0..<min(count, animation.frameCount)).map { animation.render(frame: $0, width: width, height: height) }
        // Some files use features rlottie skips (mattes, expressions): an icon that would simply vanish is refused.
        guard frames.contains(where: { $0.contains { $0 >> 24 != 0 } }) else {
            throw LottieError("rlottie draws nothing for this file: every frame is blank (it may use a feature rlottie does not support)")
        }
        return LottieFrames(width: width, height: height, frames: frames)
    }
}

/// Remembers what another renderer drew, so that several workers (each with its own `AssetStore`) and
/// several passes ask the player for each clip and size once.
package final class SharedLottieFrames: LottieRendering, @unchecked Sendable {
    private let base: LottieRendering
    private let lock = NSLock()
    private var drawn: [String: Result<LottieFrames, LottieError>] = [:]

    package init(_ base: LottieRendering) { self.base = base }

    package func frames(of clip: LottieClip, width: Int, height: Int) throws(LottieError) -> LottieFrames {
        let key = "\(clip.asset.source)|\(width)x\(height)"
        lock.lock()
        defer { lock.unlock() }  // held while drawing: the other workers wait for the same frames
        if let known = drawn[key] { return try known.get() }
        let result: Result<LottieFrames, LottieError>
        do { result = .success(try base.frames(of: clip, width: width, height: height)) } catch { result = .failure(error) }
        drawn[key] = result
        return try result.get()
    }
}
