import Foundation
import Graph
import Resolving
import Scene

/// No output is written over what the run reads: the scene file, or any file the scene names (icons,
/// Lottie files, screenshots, fonts, its strings), or into a folder it reads (an asset catalog). Files are
/// compared as the system sees them (device and inode, links followed), so another name for the same
/// file is caught too. Checked before any work starts, with nothing touched.
enum InputGuard {
    static func check(output path: String, scenePath: String, scene: ResolvedScene) throws(UsageError) {
        guard path != "-" else { return }
        let output = URL(fileURLWithPath: path)
        if same(output, URL(fileURLWithPath: scenePath)) {
            throw UsageError("'\(path)' is the scene file itself: writing it would replace the scene; choose another output name")
        }
        let real = realPath(output)
        for input in scene.inputs {
            if same(output, input.url) {
                throw UsageError("'\(path)' is a file the scene reads (\(input.keyPath)); writing it would replace it: choose another output name")
            }
            if let folder = realPath(input.url), isFolder(input.url), let real, real.hasPrefix(folder + "/") {
                throw UsageError("'\(path)' is inside \(input.url.lastPathComponent), a folder the scene reads (\(input.keyPath)): choose another output name")
            }
        }
    }

    /// Whether both paths name one existing file.
    private static func same(_ a: URL, _ b: URL) -> Bool {
        var x = stat(), y = stat()
        guard stat(a.path, &x) == 0, stat(b.path, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    private static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The path with every link resolved; for a path that does not exist yet, its folder's resolved.
    private static func realPath(_ url: URL) -> String? {
        if let resolved = realpath(url.path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard let folder = realpath(url.deletingLastPathComponent().path, nil) else { return nil }
        defer { free(folder) }
        return String(cString: folder) + "/" + url.lastPathComponent
    }
}
