import Concurrency
import Foundation
import TestSupport
import XCTest

/// An export writes what it was asked to write and nothing else: no device, FIFO or link is turned into a
/// regular file, no input of the run is overwritten, and a name that contradicts `--format` is refused.
/// CI runs as root, as containers do, where nothing is refused for want of permission: these run there.
final class OutputSafetyTests: CLITestCase {
    /// A starter scene (its icons, Lottie file and strings) in a fresh folder.
    private func starter() throws -> URL {
        let out = try folder()
        let result = try tabanim(["init", "s"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        return out
    }

    private func mode(_ url: URL) throws -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(url.path, &info), 0, url.path)
        return info.st_mode
    }

    func testInputsAreNeverOverwritten() throws {
        let out = try starter()
        let scene = out.appendingPathComponent("s/scene.json"), icon = out.appendingPathComponent("s/icons/button.svg")
        let (sceneBytes, iconBytes) = (try Data(contentsOf: scene), try Data(contentsOf: icon))
        let onScene = try tabanim(["export", "s/scene.json", "-o", "s/scene.json", "--format", "svg"], in: out)
        XCTAssertEqual(onScene.status, 64)
        XCTAssertTrue(onScene.stderr.hasPrefix("Error: 's/scene.json' is the scene file itself"), onScene.stderr)
        let onIcon = try tabanim(["export", "s/scene.json", "-o", "s/icons/button.svg"], in: out)
        XCTAssertEqual(onIcon.status, 64)
        XCTAssertTrue(onIcon.stderr.hasPrefix("Error: 's/icons/button.svg' is a file the scene reads (centerButton.image)"), onIcon.stderr)
        // Another name for the scene (a link) is the same file.
        XCTAssertEqual(symlink("s/scene.json", out.appendingPathComponent("other.svg").path), 0)
        let onLink = try tabanim(["export", "s/scene.json", "-o", "other.svg"], in: out)
        XCTAssertEqual(onLink.status, 64, onLink.stderr)
        XCTAssertEqual(try Data(contentsOf: scene), sceneBytes)
        XCTAssertEqual(try Data(contentsOf: icon), iconBytes)
        let frame = try tabanim(["frame", "s/scene.json", "--at", "0", "-o", "s/icons/button.svg"], in: out)
        XCTAssertEqual(frame.status, 64, frame.stderr)
        XCTAssertEqual(try Data(contentsOf: icon), iconBytes)
    }

    func testANameThatContradictsFormatIsRefused() throws {
        let out = try starter()
        let result = try tabanim(["export", "s/scene.json", "-o", "x.gif", "--format", "svg"], in: out)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.hasPrefix("Error: 'x.gif' is named as a GIF but --format svg writes an SVG: name it 'x.svg', or leave out --format"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("x.gif").path))
        // A name that says no format takes --format's.
        XCTAssertEqual(try tabanim(["export", "s/scene.json", "-o", "x.out", "--format", "svg", "--fps", "5"], in: out).status, 0)
    }

    func testDevicesAndFIFOsAreWrittenThroughNeverReplaced() throws {
        let out = try starter()
        // A character device (as root, a copy of /dev/null's): written through, still a device.
        let device = out.appendingPathComponent("null")
        guard mknod(device.path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else {  // major 1, minor 3: what /dev/null is
            throw XCTSkip("mknod needs root (CI runs as root): \(String(cString: strerror(errno)))")
        }
        let toDevice = try tabanim(["export", "s/scene.json", "-o", "null", "--format", "gif", "--fps", "5"], in: out)
        XCTAssertEqual(toDevice.status, 0, toDevice.stderr)
        XCTAssertEqual(try mode(device) & S_IFMT, S_IFCHR)
        // /dev/full: the write fails, said so; the device is untouched.
        let full = try tabanim(["export", "s/scene.json", "-o", "/dev/full", "--format", "gif", "--fps", "5"], in: out)
        XCTAssertEqual(full.status, 1)
        XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)
        XCTAssertEqual(try mode(URL(fileURLWithPath: "/dev/full")) & S_IFMT, S_IFCHR)

        // A FIFO with a reader gets the whole file; one without is refused, not waited on.
        let fifo = out.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let unread = try tabanim(["export", "s/scene.json", "-o", "pipe", "--format", "gif", "--fps", "5"], in: out)
        XCTAssertEqual(unread.status, 1)
        XCTAssertTrue(unread.stderr.contains("no process is reading the FIFO"), unread.stderr)
        let received = Locked(Data())
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo.path) { let data = handle.readDataToEndOfFile(); received.withLock { $0 = data } }
        }
        reader.start()
        Thread.sleep(forTimeInterval: 0.2)  // the reader opens the FIFO first
        let toFIFO = try tabanim(["export", "s/scene.json", "-o", "pipe", "--format", "gif", "--fps", "5"], in: out)
        XCTAssertEqual(toFIFO.status, 0, toFIFO.stderr)
        for _ in 0..<100 where received.withLock({ $0 }).isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(received.withLock({ $0 }).starts(with: Array("GIF89a".utf8)), "\(received.withLock({ $0 }).count) bytes")
        XCTAssertEqual(try mode(fifo) & S_IFMT, S_IFIFO)

        // /dev/stdout (a pipe here) is written through as well.
        let stdout = try tabanim(["export", "s/scene.json", "-o", "/dev/stdout", "--format", "gif", "--fps", "5", "-q"], in: out)
        XCTAssertEqual(stdout.status, 0, stdout.stderr)
        XCTAssertTrue(stdout.stdoutData.starts(with: Array("GIF89a".utf8)))
    }

    func testALinkKeepsPointingWhereItDidAndTheFileItsMode() throws {
        let out = try starter()
        let target = out.appendingPathComponent("real.gif"), link = out.appendingPathComponent("link.gif")
        try Data("old".utf8).write(to: target)
        XCTAssertEqual(chmod(target.path, 0o640), 0)
        XCTAssertEqual(symlink("real.gif", link.path), 0)
        let result = try tabanim(["export", "s/scene.json", "-o", "link.gif", "--fps", "5"], in: out)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.gif")
        XCTAssertTrue(try Data(contentsOf: target).starts(with: Array("GIF89a".utf8)))
        XCTAssertEqual(try mode(target) & 0o777, 0o640)
        // A link to nothing is refused, and left as it is.
        XCTAssertEqual(symlink("missing/x.gif", out.appendingPathComponent("dangling.gif").path), 0)
        let dangling = try tabanim(["export", "s/scene.json", "-o", "dangling.gif", "--fps", "5"], in: out)
        XCTAssertEqual(dangling.status, 1)
        XCTAssertTrue(dangling.stderr.contains("is a symbolic link to missing/x.gif, which does not exist"), dangling.stderr)
        XCTAssertEqual(try mode(out.appendingPathComponent("dangling.gif")) & S_IFMT, S_IFLNK)
    }
}
