import Basics
import Foundation

/// What an output's path names before anything is written, and so how it is written. An output never
/// turns something that is not a regular file into one:
/// - nothing there, or a regular file: written beside it and renamed over it (`file`); a symbolic link is
///   followed, so the file it points to is replaced and the link keeps pointing there;
/// - a character device or a FIFO (`/dev/stdout`, a terminal, a pipe): written through, opened as it is,
///   once the whole output is made (`stream`);
/// - a folder, a block device, a socket, a link to nothing, or a file this user cannot write: refused,
///   with nothing touched (`cp` refuses a file it cannot write too; root can write any regular file).
enum OutputPlace: Equatable {
    case file(URL)
    case stream(URL)

    /// Why a path cannot take an output.
    struct Refusal: Error {
        var reason: String
    }

    static func of(_ url: URL) throws(Refusal) -> OutputPlace {
        let path = url.path
        var named = stat()
        guard lstat(path, &named) == 0 else {
            guard errno == ENOENT else { throw Refusal(reason: String(cString: strerror(errno))) }
            return .file(url)
        }
        var target = named
        let isLink = named.st_mode & S_IFMT == S_IFLNK
        if isLink, stat(path, &target) != 0 {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw Refusal(reason: "it is a symbolic link to \(destination), which does not exist; write to that path, or remove the link")
        }
        switch target.st_mode & S_IFMT {
        case S_IFREG:
            guard access(path, W_OK) == 0 else {
                throw Refusal(reason: "the file exists and cannot be written (\(String(cString: strerror(errno)))); make it writable or remove it")
            }
            guard isLink else { return .file(url) }
            guard let resolved = realpath(path, nil) else { throw Refusal(reason: String(cString: strerror(errno))) }
            defer { free(resolved) }
            return .file(URL(fileURLWithPath: String(cString: resolved)))
        case S_IFCHR, S_IFIFO:
            return .stream(url)
        case S_IFDIR:
            throw Refusal(reason: "it is a folder; this output is one file")
        case S_IFBLK:
            throw Refusal(reason: "it is a block device (a disk); tabanim writes files, character devices and FIFOs")
        case S_IFSOCK:
            throw Refusal(reason: "it is a socket; tabanim writes files, character devices and FIFOs")
        default:
            throw Refusal(reason: "it is not a regular file")
        }
    }

    /// Writes the whole of `file` into the device or FIFO at `url`, opened without creating or truncating
    /// anything. A FIFO no process reads is refused rather than waited on.
    static func copy(_ file: URL, into url: URL) throws(Refusal) {
        let output = open(url.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard output >= 0 else {
            throw Refusal(reason: errno == ENXIO ? "no process is reading the FIFO" : String(cString: strerror(errno)))
        }
        defer { close(output) }
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) & ~O_NONBLOCK)
        let input = open(file.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw Refusal(reason: String(cString: strerror(errno))) }
        defer { close(input) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0 { throw Refusal(reason: String(cString: strerror(errno))) }
                return
            }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                guard n > 0 else { throw Refusal(reason: String(cString: strerror(errno))) }
                written += n
            }
        }
    }
}
