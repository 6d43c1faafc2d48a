import Foundation

/// Reads a file a scene names, checked at the door: it must be a regular file (a folder, a device such as
/// `/dev/zero` or a named pipe could block or never end) and no larger than a limit, measured before
/// reading and enforced while reading (a file that grows meanwhile is cut off, not read to the end).
public enum FileReader {
    public enum Failure: Error, Equatable, Sendable {
        case notFound
        case folder
        case notRegular
        /// The size in bytes, and the limit.
        case tooLarge(Int, limit: Int)
        case unreadable(String)

        /// What is wrong, for a message that adds the file's name.
        public var reason: String {
            switch self {
            case .notFound: return "file not found"
            case .folder: return "a folder, not a file"
            case .notRegular: return "not a regular file (a device or a pipe)"
            case let .tooLarge(size, limit):
                return "the file is \(Limits.bytes(size)), more than the limit of \(Limits.bytes(limit))"
            case .unreadable(let reason): return "cannot read the file (\(reason))"
            }
        }
    }

    /// The size of the regular file at `url` (symbolic links followed), or why it is not one.
    public static func size(of url: URL) -> Result<Int, Failure> {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(String(cString: strerror(errno))))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success(Int(info.st_size))
        case S_IFDIR: return .failure(.folder)
        default: return .failure(.notRegular)
        }
    }

    /// The bytes of the regular file at `url`, at most `limit` of them.
    public static func contents(of url: URL, limit: Int) -> Result<Data, Failure> {
        let size: Int
        switch self.size(of: url) {
        case .failure(let failure): return .failure(failure)
        case .success(let value): size = value
        }
        guard size <= limit else { return .failure(.tooLarge(size, limit: limit)) }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else { return .failure(.tooLarge(data.count, limit: limit)) }
            return .success(data)
        } catch {
            return .failure(.unreadable((error as NSError).localizedDescription))
        }
    }
}
