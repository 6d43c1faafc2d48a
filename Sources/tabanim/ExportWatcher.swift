import Foundation
import Scene

/// `export --watch`: exports, then polls the scene file and every image it names, and exports again after
/// each change. Polling (not inotify or FSEvents) works the same everywhere, on network folders too, and
/// sees editors that save by replacing the file. Errors are printed and the last good outputs kept.
struct ExportWatcher {
    let job: ExportJob
    /// Seconds between looks at the files.
    var interval = 0.25

    func run() throws {
        let console = job.console
        let interruption = Interruption(outputs: job.outputs.map(\.url), status: 0, message: "Stopped watching.\n", console: console)
        try withExtendedLifetime(interruption) {
            var files = exportOnce()
            if !job.quiet {
                let images = files.count - 1
                console.error("Watching \(job.scenePath) and \(images) image\(images == 1 ? "" : "s") for changes; press Ctrl-C to stop.\n")
            }
            var stamps = files.map(FileStamp.init)
            while true {
                Thread.sleep(forTimeInterval: interval)
                guard files.map(FileStamp.init) != stamps else { continue }
                // Editors may write a file in several steps: wait until it holds still.
                repeat {
                    stamps = files.map(FileStamp.init)
                    Thread.sleep(forTimeInterval: interval)
                } while files.map(FileStamp.init) != stamps
                let changed = files.map(\.path).joined(separator: ", ")
                job.narrator.say("change seen in \(changed)")
                files = exportOnce(previous: files)
                stamps = files.map(FileStamp.init)
            }
        }
    }

    /// Runs the export, printing errors instead of throwing them; returns the files to watch next: the scene
    /// and every image it names, found ones or not (creating a missing image is a change too).
    private func exportOnce(previous: [URL] = []) -> [URL] {
        let scene = URL(fileURLWithPath: job.scenePath).standardizedFileURL
        do {
            try job.run()
        } catch let error as SceneError {
            error.diagnostics.forEach { job.console.failure($0.description) }
            job.console.error("Kept the last good output; waiting for the next change.\n")
        } catch let error as UsageError {
            job.console.failure(error.message)
            job.console.error("Kept the last good output; waiting for the next change.\n")
        } catch {
            job.console.failure("\(error)")
        }
        guard let data = try? Data(contentsOf: scene), let spec = try? SceneSpec.parse(data, file: job.scenePath) else {
            return previous.isEmpty ? [scene] : previous
        }
        let resolver = SceneResolver(file: job.scenePath, baseDirectory: scene.deletingLastPathComponent())
        var seen = Set<String>()
        return ([scene] + spec.imageReferences.map { resolver.assetURL($0.path) }).filter { seen.insert($0.path).inserted }
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
