import Basics
import Foundation

/// A folder of output files that is either complete or untouched, like `OutputFile`: it is filled under a
/// temporary name beside the target, then renamed into place. An existing folder is replaced only when it
/// holds nothing but files that the same exporter writes (a previous run), so that pointing `-o` at a folder
/// of other things fails before any work instead of deleting them.
public struct OutputFolder {
    public let url: URL
    /// The name as the user gave it, for messages.
    public let displayName: String
    /// Whether a file name is one this folder's exporter writes.
    public let owns: @Sendable (String) -> Bool
    /// When set, the complete folder waits in its temporary until the batch puts every output in place.
    public let batch: OutputBatch?

    public init(_ url: URL, displayName: String? = nil, batch: OutputBatch? = nil, owns: @escaping @Sendable (String) -> Bool) {
        self.url = url
        self.displayName = displayName ?? url.path
        self.batch = batch
        self.owns = owns
    }

    /// Throws when the folder could not be written: its parent is missing, or it exists and holds other things.
    public func checkReplaceable() throws(SceneError) {
        let parent = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw failure("folder not found: \(parent.path)")
        }
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else { throw failure("a file is in the way; frames go into a folder") }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let foreign = names.filter { !owns($0) }.sorted()
        if !foreign.isEmpty {
            let shown = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
            throw failure("the folder holds files tabanim did not write (\(shown)); choose a new or empty folder")
        }
    }

    /// Throws unless a folder can be made beside the target (its temporary). For checking every output
    /// before any work starts, after `checkReplaceable()`.
    public func checkWritable() throws(SceneError) {
        do {
            let probe = try UnfinishedOutputs.shared.create(beside: url, folder: true)
            UnfinishedOutputs.shared.discard(probe)
        } catch {
            throw failure("cannot write in \(url.deletingLastPathComponent().path): \(error.reason)")
        }
    }

    /// Runs `produce` with an empty temporary folder to fill, then puts it in place of the target; on any
    /// error the temporary folder is removed and the target left as it was.
    public func write(_ produce: (URL) throws -> Void) throws {
        try checkReplaceable()
        let folder = self
        try UnfinishedOutputs.shared.fill(beside: url, folder: true, batch: batch, failure: failure, produce: produce) { temporary in
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary.path)
            if let old = try folder.swapIntoPlace(temporary) { try? FileManager.default.removeItem(at: old) }
        }
    }

    /// A folder cannot be renamed over a non-empty one: the old folder steps aside first, and comes back
    /// if the new one cannot take its place. Returns where the old folder went, for the caller to remove.
    private func swapIntoPlace(_ temporary: URL) throws(SceneError) -> URL? {
        // `.old`, not `.tmp`: whatever sweeps up temporary files after an interruption must never take it.
        let old = FileManager.default.fileExists(atPath: url.path)
            ? url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tabanim-\(UUID().uuidString.prefix(8)).old")
            : nil
        if let old, rename(url.path, old.path) != 0 { throw failure("cannot replace the folder: \(String(cString: strerror(errno)))") }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if let old { _ = rename(old.path, url.path) }
            throw failure("cannot write the folder: \(reason)")
        }
        return old
    }

    private func failure(_ message: String) -> SceneError {
        SceneError(.write, file: displayName, keyPath: nil, message)
    }
}
