@testable import Drawing
import Foundation
@testable import Graphics
import TestSupport
import XCTest

/// PDFs are converted by poppler in a child process (`tabanim pdf-svg FILE`): the child's SVG is the
/// in-process one, and a child that crashes or hangs becomes a message, not a signal.
final class PDFIsolationTests: CLITestCase {
    private let pdf = packageRoot.appendingPathComponent("Tests/Fixtures/catalog/Assets.xcassets/Tabs/vector.imageset/vector.pdf")

    func testTheChildGivesTheSameSVG() throws {
        let data = try Data(contentsOf: pdf)
        let isolated = try IsolatedPDFConverter(executable: Self.binary).firstPageSVG(ofPDF: data, file: pdf)
        // cairo numbers its surfaces per process ("surface1" in the child, later ones in this test process).
        func numbered(_ svg: Data) -> String {
            String(decoding: svg, as: UTF8.self).replacingOccurrences(of: #"surface\d+"#, with: "surface", options: .regularExpression)
        }
        XCTAssertEqual(numbered(isolated), numbered(try PDFDocument(data: data).firstPageSVG()))
        XCTAssertTrue(String(decoding: isolated, as: UTF8.self).contains("M 4 4 L 20 4"), "make.py's 16 pt square")
    }

    func testAChildThatCrashesIsAMessage() throws {
        let folder = try temporaryFolder()
        let crasher = folder.appendingPathComponent("crash.sh")
        try Data("#!/bin/sh\nkill -SEGV $$\n".utf8).write(to: crasher)
        XCTAssertEqual(chmod(crasher.path, 0o755), 0)
        XCTAssertThrowsError(try IsolatedPDFConverter(executable: crasher).firstPageSVG(ofPDF: Data("%PDF-".utf8), file: pdf)) { error in
            XCTAssertEqual((error as? CLibraryError)?.message, "poppler crashed on this file (signal \(SIGSEGV))")
        }
    }

    func testAChildThatHangsIsKilledAtItsDeadline() throws {
        let folder = try temporaryFolder()
        let sleeper = folder.appendingPathComponent("hang.sh")
        try Data("#!/bin/sh\nexec sleep 30\n".utf8).write(to: sleeper)
        XCTAssertEqual(chmod(sleeper.path, 0o755), 0)
        let started = Date()
        XCTAssertThrowsError(try IsolatedPDFConverter(executable: sleeper, timeout: 1).firstPageSVG(ofPDF: Data("%PDF-".utf8), file: pdf)) { error in
            XCTAssertEqual((error as? CLibraryError)?.message, "poppler did not finish within 1 s (it hangs on this file, or is very slow)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "killed at the deadline, not waited for")
    }

    func testTheChildRefusesWhatPopplerRefuses() throws {
        let (result, exited) = try CLITestCase.run(["pdf-svg", packageRoot.appendingPathComponent("Tests/Fixtures/hostile/catalog-pdf-no-page/App/Assets.xcassets/home.imageset/home.pdf").path])
        XCTAssertTrue(exited)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "the PDF has no page\n")
        XCTAssertEqual(result.stdout, "")
    }
}
