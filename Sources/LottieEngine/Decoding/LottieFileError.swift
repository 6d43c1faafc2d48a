import Foundation

/// A Lottie file the engine cannot read: where (the JSON key path, e.g. `layers[2].ks.p.k[0].s`) and why.
/// The caller adds the file's name.
public struct LottieFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Empty for the whole document.
    public var keyPath: String
    public var message: String
    public init(_ keyPath: String, _ message: String) { self.keyPath = keyPath; self.message = message }
    public var description: String { keyPath.isEmpty ? message : "\(keyPath): \(message)" }
}
