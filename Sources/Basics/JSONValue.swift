import Foundation

/// A parsed JSON document that remembers where each value stood in the file, so that errors can
/// name a line and column as well as a key path.
///
/// Why not `JSONDecoder`: on Linux it reports syntax errors without a position, accepts duplicate
/// keys (the last one wins silently) and trailing commas, and cannot list unknown keys.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order.
    case object([(key: String, node: JSONNode)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node == $1.node }
        default: return false
        }
    }

    /// The JSON type's name, as used in error messages ("expected a number, found a string").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON value and its position in the source (1-based line and column).
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    public var line: Int
    public var column: Int

    /// A value made rather than read has no position: line and column 0.
    public init(_ value: JSONValue, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }
}
