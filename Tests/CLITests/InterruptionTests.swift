import Basics
import Foundation
import TestSupport
import XCTest

/// Exports cut short by SIGTERM or SIGKILL, folders that cannot be written, a disk that fills up, files
/// that are not files: the previous output always stays byte-identical, and no temporary file outlives
/// the next run.
final class InterruptionTests: CLITestCase {
    /// The bytes of `big.gif` before a long export.
    static let previous = Data("previous GIF".utf8)

    /// Starts a long export of the demo over `big.gif` (holding `previous`) in a new folder, and returns once
    /// its temporary file exists.
    private func startLongExport() throws -> (folder: URL, process: Process, stderr: PipeReader) {
        let folder = try self.folder()
        try Self.previous.write(to: folder.appendingPathComponent("big.gif"))
        // Once the GIF's own temporary has bytes (a SIGKILL once found none, under AddressSanitizer).
        let (process, stderr) = try startWriting(["export", Self.bundledDemo, "-o", "big.gif", "--scale", "2", "--fps", "50"], in: folder,
                                                 holdingBytes: true)
        return (folder, process, stderr)
    }

    /// Ctrl-C (SIGINT) or SIGTERM in the middle of an export: exit 128 + the signal, the old output as it
    /// was, no temporary file left.
    func testSIGINTAndSIGTERMStopCleanly() throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143)] {
            let (out, process, stderr) = try startLongExport()
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit)
            XCTAssertEqual(process.terminationStatus, status, "128 + signal \(signal)")
            XCTAssertEqual(stderr.waitForEnd(), "Interrupted; no output was changed.\n")
            XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("big.gif")), Self.previous, "byte-identical")
            XCTAssertEqual(try leftovers(in: out), [])
        }
    }

    /// SIGKILL cannot be caught: the temporary file stays, but it is unlocked, and the next export to the
    /// same output sweeps it.
    func testSIGKILLLeavesATemporaryThatTheNextExportSweeps() throws {
        let (out, process, _) = try startLongExport()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("big.gif")), Self.previous, "byte-identical")
        let stale = try leftovers(in: out)
        XCTAssertEqual(stale.count, 1)
        XCTAssertTrue(stale.first?.hasPrefix(".big.gif.tabanim-") ?? false, "\(stale)")

        let next = try tabanim(["export", Self.seed, "-o", "big.gif", "--scale", "0.25", "--fps", "2", "--quiet"], in: out)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertEqual(try leftovers(in: out), [], "swept by the next export")
        XCTAssertNotEqual(try Data(contentsOf: out.appendingPathComponent("big.gif")), Self.previous)
    }

    /// A temporary that another run holds (locked) is never swept; once released, it is.
    func testAnotherRunsTemporaryIsLeftAlone() throws {
        let out = try folder()
        let busy = out.appendingPathComponent(".a.svg.tabanim-0BUSY000.tmp")
        try Data("another run is writing this".utf8).write(to: busy)
        let descriptor = open(busy.path, O_RDONLY)
        XCTAssertEqual(flock(descriptor, LOCK_EX), 0)
        XCTAssertEqual(try tabanim(["export", Self.seed, "-o", "a.svg", "--quiet"], in: out).status, 0)
        XCTAssertEqual(try leftovers(in: out), [busy.lastPathComponent], "locked: a live run's")
        close(descriptor)
        XCTAssertEqual(try tabanim(["export", Self.seed, "-o", "a.svg", "--quiet"], in: out).status, 0)
        XCTAssertEqual(try leftovers(in: out), [], "unlocked: a dead run's")
    }

    /// The PDF reader (poppler) is a child process; when its parent is killed, the kernel kills it too. Here
    /// the child blocks writing a large SVG to a pipe no one reads, under a shell killed with SIGKILL.
    func testTheChildProcessDiesWithItsParent() throws {
        #if os(Linux)
        let out = try folder()
        let fifo = out.appendingPathComponent("lines.pdf")
        try Self.pdf(lines: 20_000).write(to: fifo)
        let parent = Process()
        parent.executableURL = URL(fileURLWithPath: "/bin/sh")
        // As `ChildProcess` does, the child is told its parent's pid: killed before the child asked the kernel
        // to end it with its parent, it finds itself orphaned and ends (a slow start, under a sanitizer).
        parent.arguments = ["-c", #"TABANIM_CHILD_PARENT=$$ "$0" pdf-svg "$1" & wait"#, Self.binary.path, fifo.path]
        let unread = Pipe()
        parent.standardOutput = unread
        parent.standardError = FileHandle.nullDevice  // nothing of the test runner's is held by the child
        try parent.run()
        func children() -> [Int32] {
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
            return pids.filter { pid in
                let words = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")))?.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } ?? []
                return words.contains("pdf-svg") && words.contains(fifo.path)
            }
        }
        let deadline = Date().addingTimeInterval(20)
        while children().isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(children().count, 1, "the child should be waiting for its file")
        kill(parent.processIdentifier, SIGKILL)
        parent.waitUntilExit()
        let gone = Date().addingTimeInterval(5)
        while !children().isEmpty, Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        let left = children()
        XCTAssertEqual(left, [], "no child outlives its parent")
        for pid in left { kill(pid, SIGKILL) }
        #else
        throw XCTSkip("PR_SET_PDEATHSIG is Linux's")
        #endif
    }

    /// A one-page PDF drawing `lines` strokes: its SVG is far larger than a pipe holds.
    static func pdf(lines: Int) -> Data {
        let content = (0..<lines).map { "\($0 % 100) \($0 % 97) m \($0 % 89) \($0 % 83) l S" }.joined(separator: "\n")
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
        var pdf = "%PDF-1.4\n", offsets: [Int] = []
        for (k, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(k + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n" + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(pdf.utf8)
    }

    // MARK: - Folders that cannot be written, a full disk

    /// A small tmpfs mounted for one test (root only, Linux); nil when that is not possible here.
    private func mount(_ options: String) throws -> URL? {
        #if os(Linux)
        guard getuid() == 0 else { return nil }
        let point = try folder().appendingPathComponent("volume")
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", options, "tabanim-test", point.path]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { return nil }
        addTeardownBlock {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = ["-l", point.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        return point
        #else
        return nil
        #endif
    }

    func testAnUnwritableFolderFailsBeforeAnyWork() throws {
        let folder: URL
        let reason: String
        if let readOnly = try mount("ro,size=64k") {
            (folder, reason) = (readOnly, "Read-only file system")
        } else {
            guard getuid() != 0 else { throw XCTSkip("root writes anywhere, and no read-only tmpfs could be mounted") }
            folder = try self.folder()
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
            reason = "Permission denied"
        }
        for output in ["a.gif", "a.svg", "frames/"] {
            let path = folder.appendingPathComponent(output).path + (output.hasSuffix("/") ? "/" : "")
            let result = try tabanim(["export", Self.seed, "-o", path], in: try self.folder())
            XCTAssertEqual(result.status, 1, output)
            XCTAssertEqual(result.stderr, "Error: \(path): cannot write in \(folder.path): \(reason)\n")
        }
        let frame = try tabanim(["frame", Self.seed, "--at", "1", "-o", folder.appendingPathComponent("f.png").path])
        XCTAssertEqual(frame.stderr, "Error: \(folder.appendingPathComponent("f.png").path): cannot write in \(folder.path): \(reason)\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testAFullDiskSaysSoAndKeepsThePreviousOutput() throws {
        guard let disk = try mount("size=192k") else { throw XCTSkip("a small tmpfs can be mounted only by root on Linux") }
        let previous = Data("previous".utf8)
        for name in ["demo.gif", "demo.svg"] { try previous.write(to: disk.appendingPathComponent(name)) }
        let gif = try tabanim(["export", Self.bundledDemo, "-o", "demo.gif", "--scale", "1", "--fps", "10", "--quiet"], in: disk)
        XCTAssertEqual(gif.status, 1)
        XCTAssertTrue(gif.stderr.hasPrefix("Error: demo.gif: cannot write the output: the disk is full ("), gif.stderr)
        XCTAssertTrue(gif.stderr.hasSuffix(" free in \(disk.path))\n"), gif.stderr)
        // The SVG embeds a 45 KiB screenshot and more: it does not fit in what is left.
        try Data(count: 150 << 10).write(to: disk.appendingPathComponent("ballast"))
        let svg = try tabanim(["export", Self.bundledDemo, "-o", "demo.svg", "--quiet"], in: disk)
        XCTAssertEqual(svg.status, 1)
        XCTAssertTrue(svg.stderr.hasPrefix("Error: demo.svg: cannot write the output: the disk is full ("), svg.stderr)
        for name in ["demo.gif", "demo.svg"] {
            XCTAssertEqual(try Data(contentsOf: disk.appendingPathComponent(name)), previous, name)
        }
        XCTAssertEqual(try leftovers(in: disk), [])
    }

    // MARK: - Files that are not files

    func testPipesAndDevicesAreRefusedUnread() throws {
        let out = try folder()
        XCTAssertEqual(mkfifo(out.appendingPathComponent("scene.json").path, 0o644), 0)
        let pipe = try tabanim(["validate", "scene.json"], in: out)
        XCTAssertEqual(pipe.status, 1)
        XCTAssertEqual(pipe.stderr, "Error: scene.json: not a regular file (a device or a pipe)\n")
        let device = try tabanim(["timeline", "/dev/zero"], in: out)
        XCTAssertEqual(device.stderr, "Error: /dev/zero: not a regular file (a device or a pipe)\n")

        try FileManager.default.createDirectory(at: out.appendingPathComponent("icons"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(out.appendingPathComponent("icons/home.svg").path, 0o644), 0)
        try write(#"{"tabBar": {"items": [{"icon": "icons/home.svg"}]}}"#, to: out.appendingPathComponent("icon.json"))
        let icon = try tabanim(["export", "icon.json", "-o", "a.gif"], in: out)
        XCTAssertEqual(icon.status, 1)
        XCTAssertEqual(icon.stderr, "Error: icon.json: tabBar.items[0].icon: not a regular file (a device or a pipe): icons/home.svg\n")
    }

    /// A sheet is one image: one too large for `frame-pixels` is refused before any frame is drawn.
    func testASheetTooLargeIsRefused() throws {
        let out = try folder()
        let result = try tabanim(["sheet", Self.seed, "-o", "s.png", "--scale", "2", "--every", "0.1"], in: out)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("Error: \(Self.seed): export.scale: the sheet of "), result.stderr)
        XCTAssertTrue(result.stderr.contains(" pixels is more than the limit of 16777216 pixels (lower the scale, or raise it with --limit frame-pixels="), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [])
    }

    func testLimitsOnTheCommandLineAreCheckedAsUsage() throws {
        let seed = Self.seed
        assertUsageError(try tabanim(["export", seed, "-o", "a.gif", "--limit", "frames"]),
                         "--limit takes name=value, such as frames=6000, not 'frames'", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "a.gif", "--limit", "frame=10"]),
                         "--limit: unknown limit 'frame'; known: frames, duration, pixels, frame-pixels, taps, scrolls, badge-changes, scene-size, asset-size, font-size, image-pixels, svg-elements (did you mean 'frames'?)",
                         see: "tabanim export --help")
        assertUsageError(try tabanim(["validate", seed, "--limit", "asset-size=lots"]),
                         "--limit: limit asset-size takes a number above 0 (k, M, G allowed), not 'lots'", see: "tabanim validate --help")
        assertUsageError(try tabanim(["export", seed, "-o", "a.gif", "--duration", "200"]),
                         "--duration 200 is out of range; expected 0.1 to 120 s", see: "tabanim export --help")
        // Raised, the same values pass: 200 s at 30 fps is 6000 frames.
        let out = try folder()
        let raised = try tabanim(["export", seed, "-o", "a.svg", "--duration", "200", "--limit", "duration=200", "--limit", "frames=6k", "--quiet"], in: out)
        XCTAssertEqual(raised.status, 0, raised.stderr)
        let lowered = try tabanim(["timeline", seed, "--limit", "taps=2"])
        XCTAssertEqual(lowered.stderr, "Error: \(seed): script: 5 taps is more than the limit of 2 (raise it with --limit taps=5)\n")
    }
}
