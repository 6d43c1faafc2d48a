import Foundation

/// A Lottie file the engine cannot read: where (the JSON key path, e.g. `layers[2].ks.p.k[0].s`) and why.
/// The caller adds the file's name. Also what the engine reads past with a warning
/// (`LottieAnimation.warnings`).
public struct LottieFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem: callers may fall back to another player for a file the engine cannot read,
    /// but no player draws a file whose precomps contain themselves.
    public enum Kind: Sendable, Equatable {
        case unreadable
        /// A precomp that contains itself, however indirectly.
        case precompCycle
        /// A precomp or image layer whose `refId` names no asset (a warning: the layer is skipped).
        case missingAsset
        /// A feature drawn as lottie-ios draws it (not at all: an effect other than drop shadow, mask
        /// expansion, expressions, a shape's blend mode), not as After Effects shows it (a warning).
        case drawnAsLottieIOS
        /// Part of a text layer drawn otherwise than lottie-ios would (a text animator, a stand-in font, a
        /// character no font has): a warning, the rest is drawn.
        case textNotAsPlayed
    }
    /// Empty for the whole document.
    public var keyPath: String
    public var message: String
    public var kind: Kind
    public init(_ keyPath: String, _ message: String, kind: Kind = .unreadable) {
        self.keyPath = keyPath; self.message = message; self.kind = kind
    }
    public var description: String { keyPath.isEmpty ? message : "\(keyPath): \(message)" }
}
