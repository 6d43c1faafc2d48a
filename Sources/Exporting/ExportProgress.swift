import Foundation

/// Reports export progress; the CLI shows it, the library never prints.
public protocol ExportProgress {
    func exported(frame: Int, of total: Int)
}

public struct SilentProgress: ExportProgress {
    public init() {}
    public func exported(frame: Int, of total: Int) {}
}
