/// One problem found in a scene: the file, the JSON key path and what is wrong.
/// Printed as `scene.json: tabBar.items[2].icon: file not found: icons/home.svg`, or as
/// `--fps 60: 60 fps is too fast for a GIF: …` when a flag gave the value.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The scene file as the user named it.
    public var file: String
    /// `nil` where the problem is not tied to one key (for example a JSON syntax error).
    public var keyPath: KeyPath?
    public var message: String
    /// 1-based position in the file, where known.
    public var line: Int?
    public var column: Int?
    /// The command-line flag that gave the value at `keyPath` instead of the file (`--fps 60`): the
    /// problem is printed as the flag's, since the file may not even have the key.
    public var flag: String?

    /// A scene with more problems than this gets the first ones and a count of the rest: a hostile file
    /// could otherwise make hundreds of thousands of lines.
    public static let maximumCount = 100

    /// The line that stands for `count` problems not shown.
    package static func more(_ count: Int, file: String) -> Diagnostic {
        Diagnostic(file: file, keyPath: nil, message: "\(count) more problem\(count == 1 ? "" : "s") (the first \(maximumCount) are shown)")
    }

    public init(file: String, keyPath: KeyPath?, message: String, line: Int? = nil, column: Int? = nil, flag: String? = nil) {
        self.file = file
        self.keyPath = keyPath
        self.message = message
        self.line = line
        self.column = column
        self.flag = flag
    }

    public var description: String {
        if let flag { return "\(flag): \(message)" }
        var location = file
        if let line, keyPath == nil {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        if let keyPath { location += ": \(keyPath)" }
        return "\(location): \(message)"
    }
}

/// The error every stage of tabanim throws: one or more diagnostics, and the stage that found them.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    public enum Stage: String, Sendable {
        /// Reading the file and its JSON syntax.
        case read
        /// The JSON's shape: types, unknown keys, allowed values.
        case decode
        /// Meaning: assets found, indices in range, sizes and durations sensible.
        case resolve
        /// Drawing: an asset a C library could not decode.
        case render
        /// Writing the output file.
        case write
    }

    public var stage: Stage
    /// Never empty.
    public var diagnostics: [Diagnostic]

    public init(_ stage: Stage, _ diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a SceneError needs at least one diagnostic")
        self.stage = stage
        self.diagnostics = diagnostics
    }

    public init(_ stage: Stage, file: String, keyPath: KeyPath?, _ message: String) {
        self.init(stage, [Diagnostic(file: file, keyPath: keyPath, message: message)])
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
