import Basics
import CPoppler
import Foundation
import Graph
import Graphics
import Scene

/// Who runs poppler for a PDF icon (an asset catalog's vector image set): its first page as an SVG. In the
/// caller's process for tests and trusted files (`InProcessPDFConverter`); the command line runs it in a
/// child process (`IsolatedPDFConverter`): poppler has crashed on damaged PDFs before (its fuzzing on
/// OSS-Fuzz keeps finding such files), and a crash or a hang must end as one message naming the file,
/// with nothing written, never as a signal.
public protocol PDFConverting: Sendable {
    /// The first page of the PDF `data`, read from `file`, as an SVG document.
    func firstPageSVG(ofPDF data: Data, file: URL?) throws(CLibraryError) -> Data
}

/// poppler in this process: a file that crashes poppler crashes the caller. For tests and trusted files.
public struct InProcessPDFConverter: PDFConverting {
    public init() {}

    public func firstPageSVG(ofPDF data: Data, file: URL?) throws(CLibraryError) -> Data {
        try PDFDocument(data: data).firstPageSVG()
    }
}

/// poppler in a child process: `executable` (tabanim itself) with the hidden subcommand `pdf-svg FILE`
/// (`PDFPageServer`), which writes the SVG on its standard output. The child reads `file` again (a PDF given
/// as bytes only, a built-in, is converted here): a file, not a pipe to its input, since a child that dies
/// before reading would end tabanim by SIGPIPE.
public struct IsolatedPDFConverter: PDFConverting {
    /// tabanim's own executable.
    public var executable: URL
    /// A child that takes longer is killed: poppler hung. An icon's page takes milliseconds.
    public var timeout: TimeInterval

    public init(executable: URL, timeout: TimeInterval = 10) {
        self.executable = executable
        self.timeout = timeout
    }

    public func firstPageSVG(ofPDF data: Data, file: URL?) throws(CLibraryError) -> Data {
        guard let file else { return try PDFDocument(data: data).firstPageSVG() }
        func failure(_ message: String) -> CLibraryError {
            CLibraryError(library: "poppler", function: "tabanim \(PDFPageServer.subcommand)", message: message)
        }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(executable, [PDFPageServer.subcommand, file.path], timeout: timeout)
        } catch {
            throw failure("cannot start the PDF reader (\(executable.path)): \(error)")
        }
        switch outcome {
        case .timedOut:
            throw failure("poppler did not finish within \(timeout.shortText) s (it hangs on this file, or is very slow)")
        case .crashed(let signal):
            throw failure("poppler crashed on this file (signal \(signal))")
        case .finished(let status, _, let stderr) where status != 0:
            throw failure(ChildProcess.message(stderr) ?? "the PDF reader failed (exit \(status))")
        case .finished(_, let output, _):
            return output
        }
    }
}

/// The child's side: `pdf-svg FILE`, the file read (at most `PDFDocument.maximumSize` bytes), its first page
/// as SVG on standard output, or one line of error on standard error and exit 1.
public enum PDFPageServer {
    public static let subcommand = "pdf-svg"

    public static func serve(_ arguments: [String]) -> Int32 {
        _ = tabanim_die_with_parent()
        if let parent = ProcessInfo.processInfo.environment[ChildProcess.parentVariable].flatMap(Int32.init), parent != getppid() {
            return 1  // the parent is gone already: no one reads the page
        }
        guard arguments.count == 1 else {
            FileHandle.standardError.write(Data("usage: tabanim \(subcommand) FILE.pdf\n".utf8))
            return 64
        }
        let data: Data
        switch FileReader.contents(of: URL(fileURLWithPath: arguments[0]), limit: PDFDocument.maximumSize) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            FileHandle.standardError.write(Data("\(failure.reason)\n".utf8))
            return 1
        }
        do {
            FileHandle.standardOutput.write(try PDFDocument(data: data).firstPageSVG())
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error.message)\n".utf8))
            return 1
        }
    }
}
