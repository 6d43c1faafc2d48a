import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Debian's headless Chromium, driven from its command line: a screenshot, or the DOM once the page's
/// scripts have run, optionally with a log of every network request. Nothing is downloaded; tests that
/// need it skip, saying so, where it is not installed (`scripts/install-deps.sh --test`).
struct Chromium {
    let executable: String
    /// A profile of its own, so that runs never share state with a desktop browser.
    let profile: URL

    static func find(profile: URL) throws -> Chromium {
        let candidates = [ProcessInfo.processInfo.environment["TABANIM_CHROMIUM"], "/usr/bin/chromium",
                          "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].compactMap { $0 }
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("Chromium not found (apt-get install chromium, or set TABANIM_CHROMIUM): browser tests skipped")
        }
        return Chromium(executable: path, profile: profile)
    }

    /// The page at `url`, `width` × `height` CSS pixels at one device pixel each.
    func screenshot(_ url: String, width: Int, height: Int, to file: URL) throws -> Picture {
        _ = try run(url, ["--screenshot=\(file.path)", "--window-size=\(width),\(height)"])
        return try Picture(png: file)
    }

    /// The DOM after the page's scripts ran, serialised. `virtualTime`: milliseconds of virtual time to let
    /// pass first (timers and animation frames run). `netLog`: where Chromium writes every request it makes.
    func dom(_ url: String, virtualTime: Int? = nil, netLog: URL? = nil) throws -> String {
        var arguments = ["--dump-dom"]
        if let virtualTime { arguments.append("--virtual-time-budget=\(virtualTime)") }
        if let netLog { arguments += ["--log-net-log=\(netLog.path)", "--net-log-capture-mode=Everything"] }
        return try run(url, arguments)
    }

    private func run(_ url: String, _ arguments: [String], timeout: TimeInterval = 90) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // Background networking off: the browser's own update and sync requests would only add noise to
        // the net log (they are told apart from the page's anyway, by their initiator).
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                             "--no-first-run", "--disable-background-networking", "--disable-component-update",
                             "--user-data-dir=\(profile.path)"] + arguments + [url]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = PipeReader(out)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw CommandFailure("Chromium did not finish within \(Int(timeout)) s on \(url)")
        }
        return reader.waitForEnd()
    }

    struct CommandFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The URLs a page asked for, from a net log: requests whose initiator is an origin (a `file://` page's
    /// is `null`). The browser's own requests have none ("not an origin").
    static func pageRequests(inNetLog url: URL) throws -> [String] {
        struct Log: Decodable {
            struct Constants: Decodable { var logEventTypes: [String: Int] }
            struct Event: Decodable {
                struct Parameters: Decodable { var url: String?; var initiator: String? }
                var type: Int
                var params: Parameters?
            }
            var constants: Constants
            var events: [Event]
        }
        let log = try JSONDecoder().decode(Log.self, from: try Data(contentsOf: url))
        let start = log.constants.logEventTypes["URL_REQUEST_START_JOB"]
        return log.events.filter { $0.type == start && $0.params?.initiator != "not an origin" }.compactMap { $0.params?.url }
    }
}

/// A TCP socket on 127.0.0.1 that counts the connections made to it: proof that nothing asked. Each
/// connection is closed at once (on a thread of its own), so a page that does ask fails fast instead of
/// waiting for an answer.
final class LocalListener: @unchecked Sendable {
    private let descriptor: Int32
    let port: UInt16
    private let lock = NSLock()
    private var count = 0

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress -> Bool in
                bind(descriptor, socketAddress, length) == 0 && listen(descriptor, 64) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw Chromium.CommandFailure("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))") }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }  // the socket was shut down
                close(connection)
                lock.withLock { count += 1 }
            }
        }
    }

    /// Connections made since the last call.
    func connections() -> Int {
        Thread.sleep(forTimeInterval: 0.2)  // one that just arrived is counted
        return lock.withLock {
            defer { count = 0 }
            return count
        }
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
