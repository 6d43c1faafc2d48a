import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// One page in headless Chromium, driven through the DevTools protocol on `--remote-debugging-pipe`
/// (messages are JSON, each ended by a NUL, Chromium reading file descriptor 3 and writing 4): real key
/// presses and mouse clicks, and JavaScript to read the page's state.
final class DevToolsPipe {
    private var pid: pid_t = 0
    private let toBrowser: Int32
    private let fromBrowser: Int32
    private var buffer = Data()
    private var nextID = 0
    private var session: String?
    /// The events Chromium sent while a call waited for its answer (after `Runtime.enable`: console
    /// messages and exceptions, those before it too), in order.
    private(set) var events: [(method: String, params: [String: Any])] = []
    /// Seconds to wait for any one answer.
    private let timeout: Int32 = 60

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(chromium: Chromium, url: String, width: Int = 1440, height: Int = 1000) throws {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        // Above 4 and closed on exec, so that only the two copies on 3 and 4 reach Chromium.
        let ends = (toChild + fromChild).map { fd -> Int32 in
            let high = fcntl(fd, F_DUPFD_CLOEXEC, 10)
            Glibc.close(fd)
            return high
        }
        toBrowser = ends[1]
        fromBrowser = ends[2]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 3)
        posix_spawn_file_actions_adddup2(&actions, ends[3], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [chromium.executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                         "--disable-background-networking", "--user-data-dir=\(chromium.profile.path)",
                         "--window-size=\(width),\(height)", "--remote-debugging-pipe", "about:blank"]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let status = posix_spawn(&pid, chromium.executable, &actions, nil, argv, envp)
        Glibc.close(ends[0])
        Glibc.close(ends[3])
        guard status == 0 else { throw Failure(description: "posix_spawn: \(String(cString: strerror(status)))") }
        let target = try call("Target.createTarget", ["url": url])["targetId"] as? String
        session = try call("Target.attachToTarget", ["targetId": target ?? "", "flatten": true])["sessionId"] as? String
        guard session != nil else { throw Failure(description: "no session for \(url)") }
        // The new tab is about:blank until the navigation commits.
        try waitUntil("location.href !== 'about:blank' && document.readyState === 'complete'")
    }

    deinit { close() }

    func close() {
        guard pid != 0 else { return }
        _ = try? call("Browser.close", [:], inPage: false)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        var status: Int32 = 0
        for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { Thread.sleep(forTimeInterval: 0.05) }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        pid = 0
    }

    // MARK: - The page

    /// Turns on a domain's events ("Runtime", "Log"): Chromium then reports the console messages,
    /// exceptions and log entries (a refused script, a failed load) so far, and those after.
    func enable(_ domain: String) throws { try call("\(domain).enable", [:]) }

    /// The viewport, in CSS pixels at 1 pixel per pixel, whatever the window's frame takes.
    func setViewport(width: Int, height: Int) throws {
        try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// The page's accessibility tree as Chromium computes it: each node's role, name and whether it is ignored.
    func accessibilityTree() throws -> [(role: String, name: String, ignored: Bool)] {
        let nodes = try call("Accessibility.getFullAXTree", [:])["nodes"] as? [[String: Any]] ?? []
        return nodes.map { node in
            ((node["role"] as? [String: Any])?["value"] as? String ?? "", (node["name"] as? [String: Any])?["value"] as? String ?? "",
             node["ignored"] as? Bool ?? false)
        }
    }

    /// The value of a JavaScript expression in the page (JSON types).
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw Failure(description: "\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    func waitUntil(_ condition: String, seconds: TimeInterval = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try evaluate("!!(\(condition))") as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "timed out waiting for \(condition)")
    }

    /// A key pressed and released, as a keyboard sends it (`key` as in `KeyboardEvent.key`).
    func press(_ key: String, code: String, keyCode: Int, shift: Bool = false) throws {
        var event: [String: Any] = ["key": key, "code": code, "windowsVirtualKeyCode": keyCode, "modifiers": shift ? 8 : 0]
        if key == " " { event["text"] = " " }
        try call("Input.dispatchKeyEvent", event.merging(["type": "keyDown"]) { $1 })
        event["text"] = nil
        try call("Input.dispatchKeyEvent", event.merging(["type": "keyUp"]) { $1 })
    }

    /// A left click at a point of the viewport, in CSS pixels.
    func click(x: Double, y: Double) throws {
        for type in ["mousePressed", "mouseReleased"] {
            try call("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": 1])
        }
    }

    /// A PNG of the element `selector` finds, as the page shows it now (CSS pixels at device scale 1).
    func screenshot(of selector: String) throws -> Data {
        let answer = try evaluate("""
            (() => { const r = document.querySelector(\(Self.quoted(selector))).getBoundingClientRect();
                     return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()
            """)
        // JSON numbers arrive as NSNumber (whole ones do not cast to Double on Linux).
        let box = (answer as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        guard box.count == 4, box[2] > 0, box[3] > 0 else { throw Failure(description: "\(selector): nothing shown (\(String(describing: answer)))") }
        let result = try call("Page.captureScreenshot", ["format": "png", "captureBeyondViewport": true,
                                                         "clip": ["x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1]])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else { throw Failure(description: "no screenshot") }
        return data
    }

    /// `text` as a JavaScript string literal.
    private static func quoted(_ text: String) -> String {
        let array = (try? JSONSerialization.data(withJSONObject: [text])).map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }

    // MARK: - Protocol

    @discardableResult
    private func call(_ method: String, _ parameters: [String: Any], inPage: Bool = true) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if inPage, let session { message["sessionId"] = session }
        var bytes = try JSONSerialization.data(withJSONObject: message)
        bytes.append(0)
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(toBrowser, raw.baseAddress! + offset, raw.count - offset)
                guard written > 0 else { throw Failure(description: "writing to Chromium: \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
        while true {
            let reply = try readMessage()
            guard reply["id"] as? Int == nextID else {  // events, and answers to nothing we wait for
                if let method = reply["method"] as? String { events.append((method, reply["params"] as? [String: Any] ?? [:])) }
                continue
            }
            if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer = Data(buffer[(end + 1)...])
                return try JSONSerialization.jsonObject(with: message) as? [String: Any] ?? [:]
            }
            var poll = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard Glibc.poll(&poll, 1, timeout * 1000) > 0 else { throw Failure(description: "Chromium did not answer within \(timeout) s") }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(fromBrowser, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "Chromium closed the pipe") }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }
}
