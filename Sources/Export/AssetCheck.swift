import Foundation
import Scene

/// Decodes images exactly as an export would, without drawing anything: for `tabanim validate`, which
/// reports every unreadable image at once, together with the scene's other problems.
public enum AssetCheck {
    /// One diagnostic per image that cannot be read or decoded; empty when all are fine.
    public static func problems(in assets: [Asset], file: String, limits: Limits = .standard) -> [Diagnostic] {
        do {
            _ = try AssetStore(images: assets, sequences: [], scale: 1, file: file, limits: limits, lottie: InProcessLottieRenderer())
            return []
        } catch {
            return error.diagnostics
        }
    }
}
