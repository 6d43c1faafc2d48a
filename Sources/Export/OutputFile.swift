import Foundation
import Scene

/// Writes an output file so that it is either complete or untouched: the bytes go to a temporary file in
/// the same folder, which is renamed over the target only when whole (rename is atomic on one volume).
public struct OutputFile {
    public let url: URL
    /// The name as the user gave it, for messages.
    public let displayName: String

    public init(_ url: URL, displayName: String? = nil) {
        self.url = url
        self.displayName = displayName ?? url.path
    }

    /// A hidden temporary path beside the target: `.name.tabanim-<random>.tmp`.
    public func temporaryURL() -> URL {
        url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).tabanim-\(UUID().uuidString.prefix(8)).tmp")
    }

    /// Runs `produce` with a temporary path to fill, then moves it into place; on any error the temporary
    /// file is removed and the target left as it was.
    public func write(_ produce: (URL) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SceneError(.write, file: displayName, keyPath: nil, "folder not found: \(folder.path)")
        }
        let temporary = temporaryURL()
        do {
            try produce(temporary)
            // Temporary files are created private; the output gets the permissions of the file it replaces,
            // or the usual rw-r--r--.
            let existing = try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
            try? FileManager.default.setAttributes([.posixPermissions: existing ?? 0o644], ofItemAtPath: temporary.path)
            guard rename(temporary.path, url.path) == 0 else {
                throw SceneError(.write, file: displayName, keyPath: nil,
                                 "cannot write the output: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes `data` atomically.
    public func write(_ data: Data) throws {
        try write { temporary in
            guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
                throw SceneError(.write, file: displayName, keyPath: nil,
                                 "cannot write the output (is the folder writable, the disk full?)")
            }
        }
    }
}
