import Basics
import Concurrency
import Foundation

/// The temporary files and folders this process is filling beside its outputs (`.name.tabanim-XXXXXXXX.tmp`),
/// each held open under an exclusive `flock` until it is renamed into place.
///
/// - An interrupted process (SIGINT, SIGTERM) removes its own with `removeAll()`, and nobody else's.
/// - A killed process (SIGKILL, a crash, a power cut) cannot: the kernel drops its locks, and the next
///   export to the same output sweeps every temporary it can lock (`sweep(beside:)`): a lock it cannot take
///   belongs to a run still going on, whose file it leaves alone.
/// - Renaming into place and `removeAll()` exclude each other, so an interruption never lands between the
///   two renames that replace a folder.
public final class UnfinishedOutputs: Sendable {
    public static let shared = UnfinishedOutputs()

    /// Path → the open descriptor that holds its `flock`; whether an interruption stopped every commit.
    /// Creating, renaming and removing happen under the lock, so that an interruption and a rename
    /// exclude each other.
    private struct State {
        var held: [String: Int32] = [:]
        var stopped = false
    }
    private let state = Locked(State())

    /// The temporary name beside `output`: `.name.tabanim-<random>.tmp`.
    static func temporaryURL(beside output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tabanim-\(UUID().uuidString.prefix(8)).tmp")
    }

    /// Creates a new locked temporary file (or folder) beside `output`; throws a reason on failure.
    /// Created and registered under the lock, so that an interruption (`removeAll()`) either comes first, and
    /// nothing is created, or finds it and removes it.
    func create(beside output: URL, folder: Bool) throws(Failure) -> URL {
        for _ in 0..<8 {
            let url = Self.temporaryURL(beside: output)
            let created: Result<Bool, Failure> = state.withLock { state in
                guard !state.stopped else { return .failure(Failure(EINTR)) }
                if folder, mkdir(url.path, 0o700) != 0 { return .failure(Failure(errno)) }
                let descriptor = folder ? open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                                        : open(url.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else { return .failure(Failure(errno)) }
                flock(descriptor, LOCK_EX)
                // Another run's sweep could have taken the new name between creating and locking it: try again.
                var opened = stat(), named = stat()
                guard fstat(descriptor, &opened) == 0, stat(url.path, &named) == 0, opened.st_ino == named.st_ino else {
                    close(descriptor)
                    return .success(false)
                }
                state.held[url.path] = descriptor
                return .success(true)
            }
            if try created.get() { return url }
        }
        throw Failure(EEXIST)
    }

    /// The whole life of one output: sweeps what killed runs left beside `output`, creates a locked temporary
    /// file (or folder), lets `produce` fill it and `move` put it in place (unless the process is being
    /// interrupted). On any error the temporary is removed; when the disk filled up, the error says so.
    /// `failure` turns a reason into the output's error.
    /// With a `batch`, the complete temporary is handed to it instead, to be put in place with the others.
    func fill(beside output: URL, folder: Bool, batch: OutputBatch? = nil, failure: (String) -> SceneError,
              produce: (URL) throws -> Void, move: @escaping (URL) throws -> Void) throws {
        let parent = output.deletingLastPathComponent()
        Self.sweep(beside: output)
        let temporary: URL
        do {
            temporary = try create(beside: output, folder: folder)
        } catch {
            throw failure("cannot write in \(parent.path): \(error.reason)")
        }
        do {
            try produce(temporary)
            if let batch {
                batch.stage(temporary) { try move(temporary) }
            } else {
                try commit(temporary) { try move(temporary) }
            }
        } catch {
            // A full disk makes libraries say "write error"; the user needs to hear that the disk is full.
            let full = DiskSpace.fullness(of: parent)
            discard(temporary)
            if let full { throw failure("cannot write the output: \(full)") }
            throw error
        }
    }

    /// Renames `temporary` over `output` (through `move`, which may do more than one rename), unless the process
    /// is being interrupted; then forgets it.
    func commit(_ temporary: URL, _ move: () throws -> Void) throws {
        try state.withLock { state in
            guard !state.stopped else { throw Failure(EINTR) }
            try move()
            if let descriptor = state.held.removeValue(forKey: temporary.path) { close(descriptor) }
        }
    }

    /// Removes `temporary` after a failure.
    func discard(_ temporary: URL) {
        state.withLock { state in
            try? FileManager.default.removeItem(at: temporary)
            if let descriptor = state.held.removeValue(forKey: temporary.path) { close(descriptor) }
        }
    }

    /// Removes every temporary this process is filling, and commits no more: for
    /// a signal handler, which then ends the process.
    public func removeAll() {
        state.withLock { state in
            state.stopped = true
            for path in state.held.keys { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// Removes the temporaries beside `output` that no running process holds: those a killed run left behind.
    static func sweep(beside output: URL) {
        let folder = output.deletingLastPathComponent()
        let prefix = ".\(output.lastPathComponent).tabanim-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let path = folder.appendingPathComponent(name).path
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // a live run's
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// An `errno` from creating or committing a temporary.
    struct Failure: Error {
        var code: Int32
        init(_ code: Int32) { self.code = code }
        var reason: String { code == EINTR ? "interrupted" : String(cString: strerror(code)) }
    }
}

/// Why writing failed when the disk filled up: whatever the library that wrote said, the user needs to know
/// that the disk is full.
enum DiskSpace {
    /// Less than this free on the output's volume after a failed write means it filled up.
    static let nearlyFull = 1 << 20

    /// "the disk is full (12 KiB free in /out)" when the volume holding `folder` is (nearly) full.
    static func fullness(of folder: URL) -> String? {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { return nil }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        guard free < nearlyFull else { return nil }
        return "the disk is full (\(Limits.bytes(free)) free in \(folder.path))"
    }
}
