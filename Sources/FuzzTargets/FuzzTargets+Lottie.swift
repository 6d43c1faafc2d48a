import Drawing
import Foundation
import LottieEngine

extension FuzzTargets {
    /// How far a Lottie input got through tabanim's own engine.
    public enum LottieOutcome: Sendable {
        /// Not JSON, or not a Lottie file the engine reads (an error with its key path).
        case refused
        /// Read, evaluated at a few frames and drawn small.
        case drawn
    }

    /// Reads `data` with the Lottie engine; when it reads, evaluates it at its first, a fractional, its last
    /// and an out-of-range frame, and draws one at a tenth of a point per pixel (the code paths are the point).
    @discardableResult
    public static func lottie(_ data: Data) -> LottieOutcome {
        guard let animation = try? LottieAnimation(data: data) else { return .refused }
        let frames = [animation.inPoint, animation.frame(atProgress: 0.37), animation.outPoint, animation.outPoint + 1e6]
        var last: VectorPicture?
        for frame in frames { last = (try? animation.picture(atFrame: frame)) ?? last }
        if let last, animation.width * animation.height < 1e8 {
            _ = try? LottieVectorRenderer().render(last, scale: min(0.1, 64 / max(animation.width, animation.height)))
        }
        return .drawn
    }
}
