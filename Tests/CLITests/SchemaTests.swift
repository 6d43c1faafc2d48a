import Foundation
import TestSupport
import XCTest

/// `Assets/scene.schema.json` (what editors check scene files with) says what the reader accepts:
/// `scripts/check-schema.py` validates every shipped scene, fixture, docs example and the starter with a
/// real JSON Schema validator, compares the schema's keys with the reader's, object by object, and runs
/// probe scenes through both the schema and `tabanim validate`.
final class SchemaTests: CLITestCase {
    func testTheSchemaCoversEveryKeyAndEveryShippedScene() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("scripts/check-schema.py").path, "--tabanim", Self.binary.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 2, "the check could not run (python3 with jsonschema 4: scripts/install-deps.sh --test):\n\(text)")
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("check-schema: OK"), text)
    }
}
