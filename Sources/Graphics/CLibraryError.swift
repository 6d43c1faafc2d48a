/// A C library call that failed: which function, and what the library said.
public struct CLibraryError: Error, Sendable, CustomStringConvertible {
    public var library: String
    public var function: String
    public var message: String

    public init(library: String, function: String, message: String) {
        self.library = library
        self.function = function
        self.message = message
    }

    public var description: String { "\(library): \(function) failed: \(message)" }
}
