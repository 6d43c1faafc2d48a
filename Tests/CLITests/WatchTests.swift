import Foundation
import XCTest

/// `export --watch`, run for a bounded time: it sees edits of the scene and of its images, survives a broken
/// edit with the last good output kept, and stops cleanly on Ctrl-C.
final class WatchTests: CLITestCase {
    static let timeout = 20.0

    func testWatchExportsAgainOnChangesAndKeepsTheLastGoodOutput() throws {
        let out = try folder()
        let scene = out.appendingPathComponent("scene.json"), icon = out.appendingPathComponent("icon.svg")
        let output = out.appendingPathComponent("out.svg")
        func sceneText(title: String) -> String {
            #"{"export": {"fps": 2, "duration": 1, "scale": 0.25}, "centerButton": null, "tabBar": {"items": [{"title": "\#(title)", "icon": "icon.svg"}, {"title": "B"}]}}"#
        }
        try write(#"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24"/></svg>"#, to: icon)
        try write(sceneText(title: "A"), to: scene)

        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["export", "scene.json", "-o", "out.svg", "--watch"]
        process.currentDirectoryURL = out
        let err = Pipe()
        process.standardError = err
        let stderr = PipeReader(err)
        try process.run()
        addTeardownBlock { if process.isRunning { process.terminate() } }
        func wrote(_ count: Int) -> Bool {
            stderr.wait(timeout: Self.timeout) { $0.components(separatedBy: "Wrote out.svg").count - 1 >= count }
        }

        XCTAssertTrue(stderr.wait(timeout: Self.timeout) { $0.contains("Watching scene.json and 1 image for changes; press Ctrl-C to stop.\n") }, stderr.text)
        XCTAssertTrue(wrote(1), stderr.text)
        let first = try Data(contentsOf: output)

        // A broken edit: its error, and the output as it was.
        try write(#"{"export": "#, to: scene)
        XCTAssertTrue(stderr.wait(timeout: Self.timeout) { $0.contains("Kept the last good output; waiting for the next change.\n") }, stderr.text)
        XCTAssertTrue(stderr.text.contains("Error: scene.json:1:12: invalid JSON"), stderr.text)
        XCTAssertEqual(try Data(contentsOf: output), first)

        // Fixed, with another title.
        try write(sceneText(title: "Z"), to: scene)
        XCTAssertTrue(wrote(2), stderr.text)
        let second = try String(contentsOf: output, encoding: .utf8)
        XCTAssertNotEqual(second, String(decoding: first, as: UTF8.self), "the new title's outlines")

        // The image changes.
        try write(#"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><circle cx="12" cy="12" r="9"/></svg>"#, to: icon)
        XCTAssertTrue(wrote(3), stderr.text)
        XCTAssertNotEqual(try String(contentsOf: output, encoding: .utf8), second)

        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0, "Ctrl-C is how watching ends")
        XCTAssertTrue(stderr.waitForEnd().hasSuffix("Stopped watching.\n"), stderr.text)
        XCTAssertEqual(try leftovers(in: out), [])
    }
}
