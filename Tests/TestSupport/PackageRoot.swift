import Foundation

/// The package's folder (this file is `Tests/TestSupport/PackageRoot.swift`), for fixtures, docs and the
/// built binary.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
