import Concurrency
import Foundation
import Graph
import Resolving
import Scene
import Spec

/// `export --watch`: exports, then polls the scene file and every image it names, and exports again after
/// each change. Polling (not inotify or FSEvents) works the same everywhere, on network folders too, and
/// sees editors that save by replacing the file. Errors are printed and the last good outputs kept.
struct ExportWatcher {
    let job: ExportJob
    /// Seconds between looks at the files.
    var interval = 0.25

    /// Runs until Ctrl-C, which exits the process.
    func run() {
        let console = job.console
        let interruption = Interruption(status: 0, message: "Stopped watching.\n", console: console)
        withExtendedLifetime(interruption) {
            var (files, stamps) = exportOnce(watching: [])
            if !job.quiet {
                let images = files.count - 1
                console.error("Watching \(job.scenePath) and \(images) image\(images == 1 ? "" : "s") for changes; press Ctrl-C to stop.\n")
            }
            while true {
                pause(seconds: interval)
                var now = files.map(FileStamp.init)
                guard now != stamps else { continue }
                // Editors may write a file in several steps: wait until it holds still.
                while true {
                    pause(seconds: interval)
                    let again = files.map(FileStamp.init)
                    if again == now { break }
                    now = again
                }
                let changed = zip(files, zip(now, stamps)).filter { $1.0 != $1.1 }.map(\.0.lastPathComponent)
                job.narrator.say("changed: \(changed.joined(separator: ", "))")
                (files, stamps) = exportOnce(watching: files)
            }
        }
    }

    /// Runs the export, printing errors instead of throwing them. Returns the files to watch next (the scene
    /// and every image it names, found or not: creating a missing image is a change too) and their stamps
    /// from before the export, so that a save during it is seen next time round.
    private func exportOnce(watching previous: [URL]) -> (files: [URL], stamps: [FileStamp]) {
        let scene = URL(fileURLWithPath: job.scenePath).standardizedFileURL
        let before = Dictionary((previous + [scene]).map { ($0.path, FileStamp($0)) }) { first, _ in first }
        do {
            try job.run()
        } catch {
            job.console.report(error)
            job.console.error("Kept the last good output; waiting for the next change.\n")
        }
        var files = previous.isEmpty ? [scene] : previous
        // The files to watch, read as far as the scene's problems allow (a misspelt key still names its images).
        if let data = try? Data(contentsOf: scene), let spec = (try? SceneSpec.read(data, file: job.scenePath))?.spec {
            let resolver = SceneResolver(file: job.scenePath, baseDirectory: scene.deletingLastPathComponent(),
                                         limits: job.safeguards.limits, allowsOutsideFolder: job.safeguards.allowsOutsideFolder)
            var seen = Set<String>()
            files = ([scene] + spec.imageReferences.map { resolver.assetURL($0.path) }).filter { seen.insert($0.path).inserted }
        }
        return (files, files.map { before[$0.path] ?? FileStamp($0) })
    }
}

/// What changes when a file is saved, replaced, created or deleted.
struct FileStamp: Equatable {
    var exists: Bool
    var size: Int64 = 0
    var seconds: Int = 0
    var nanoseconds: Int = 0
    var inode: UInt64 = 0

    init(_ url: URL) {
        var info = stat()
        exists = stat(url.path, &info) == 0
        guard exists else { return }
        size = Int64(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
