import Basics
import Foundation

/// Writes an output file so that it is either complete or untouched: the bytes go to a temporary file in
/// the same folder, which is renamed over the target only when whole (rename is atomic on one volume).
/// Temporaries that a killed run left beside the target are swept first (see `UnfinishedOutputs`).
public struct OutputFile: Sendable {
    public let url: URL
    /// The name as the user gave it, for messages.
    public let displayName: String
    /// When set, the complete file waits in its temporary until the batch puts every output in place.
    public let batch: OutputBatch?

    public init(_ url: URL, displayName: String? = nil, batch: OutputBatch? = nil) {
        self.url = url
        self.displayName = displayName ?? url.path
        self.batch = batch
    }

    /// Throws unless the output can be written: the path names nothing, a regular file this user may write
    /// (or a link to one), a character device or a FIFO (`OutputPlace`), and for a file, its folder exists
    /// and a file can be created in it. For checking every output before any work starts.
    public func checkWritable() throws(SceneError) {
        guard case .file(let target) = try place() else { return }
        try checkFolder(of: target)
        do {
            let probe = try UnfinishedOutputs.shared.create(beside: target, folder: false)
            UnfinishedOutputs.shared.discard(probe)
        } catch {
            throw failure("cannot write in \(target.deletingLastPathComponent().path): \(error.reason)")
        }
    }

    /// Runs `produce` with a temporary path to fill, then puts it in place: renamed over the file (the file a
    /// link points to), or copied into the device or FIFO. On any error the temporary file is removed and
    /// the target left as it was.
    public func write(_ produce: (URL) throws -> Void) throws {
        let failure = failure
        switch try place() {
        case .file(let target):
            try checkFolder(of: target)
            try UnfinishedOutputs.shared.fill(beside: target, folder: false, batch: batch, failure: failure, produce: produce) { temporary in
                // Temporary files are created private; the output gets the permissions of the file it replaces,
                // or the usual rw-r--r--.
                let existing = try? FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions]
                try? FileManager.default.setAttributes([.posixPermissions: existing ?? 0o644], ofItemAtPath: temporary.path)
                guard rename(temporary.path, target.path) == 0 else {
                    throw failure("cannot write the output: \(String(cString: strerror(errno)))")
                }
            }
        case .stream(let device):
            // Made whole in the temporary folder first, so that a failed export writes nothing into the stream.
            let beside = FileManager.default.temporaryDirectory.appendingPathComponent(device.lastPathComponent)
            try UnfinishedOutputs.shared.fill(beside: beside, folder: false, batch: batch, failure: failure, produce: produce) { temporary in
                do throws(OutputPlace.Refusal) { try OutputPlace.copy(temporary, into: device) } catch {
                    throw failure("cannot write the output: \(error.reason)")
                }
                try? FileManager.default.removeItem(at: temporary)
            }
        }
    }

    /// Writes `data` atomically.
    public func write(_ data: Data) throws {
        try write { temporary in
            do {
                let handle = try FileHandle(forWritingTo: temporary)
                defer { try? handle.close() }
                try handle.write(contentsOf: data)
                try handle.synchronize()
            } catch {
                throw failure("cannot write the output: \((error as NSError).localizedDescription)")
            }
        }
    }

    /// Runs `produce` with a temporary path beside the target to fill, and returns what it wrote; the
    /// temporary is removed either way and the target never touched. For an output that is made through a
    /// file (an MP4's index is moved to its front by reading it back) but wanted in memory.
    public func bytes(_ produce: (URL) throws -> Void) throws -> Data {
        let temporary: URL
        do {
            temporary = try UnfinishedOutputs.shared.create(beside: url, folder: false)
        } catch {
            throw failure("cannot write in \(folder.path): \(error.reason)")
        }
        defer { UnfinishedOutputs.shared.discard(temporary) }
        try produce(temporary)
        do {
            return try Data(contentsOf: temporary)
        } catch {
            throw failure("cannot read back the output: \((error as NSError).localizedDescription)")
        }
    }

    private var folder: URL { url.deletingLastPathComponent() }

    /// What the path names now (`OutputPlace`), or why it cannot take the output.
    private func place() throws(SceneError) -> OutputPlace {
        do { return try OutputPlace.of(url) } catch { throw failure("cannot write the output: \(error.reason)") }
    }

    private func checkFolder(of target: URL? = nil) throws(SceneError) {
        let folder = target?.deletingLastPathComponent() ?? folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw failure("folder not found: \(folder.path)")
        }
    }

    private func failure(_ message: String) -> SceneError {
        SceneError(.write, file: displayName, keyPath: nil, message)
    }
}
