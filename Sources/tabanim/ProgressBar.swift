import Drawing
import Exporting
import Foundation
import Outputs
import Review

/// Frames done, rate and time left, redrawn on one standard-error line. Only on a terminal and without
/// `--quiet`; nothing at all for exports that finish within a moment.
final class ProgressBar: ExportProgress {
    /// Exports quicker than this never show a bar.
    static let delay = 0.3

    private let label: String
    private let enabled: Bool
    private let console: Console
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(label: String, enabled: Bool, console: Console) {
        self.label = label
        self.enabled = enabled
        self.console = console
    }

    func exported(frame: Int, of total: Int) {
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard enabled, elapsed >= Self.delay, frame == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        drawn = true
        console.error("\r" + Self.line(label: label, frame: frame, of: total, elapsed: elapsed) + "\u{1B}[K")
    }

    /// `demo.gif ████████░░░░ 120/270 frames, 85 fps, 2 s left`.
    static func line(label: String, frame: Int, of total: Int, elapsed: TimeInterval) -> String {
        let rate = Double(frame) / max(elapsed, 0.001)
        let left = Double(total - frame) / max(rate, 0.001)
        let width = 24
        let filled = width * frame / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return String(format: "%@ %@ %d/%d frames, %.0f fps, %.0f s left", label, bar, frame, total, rate, left.rounded())
    }

    /// Clears the bar's line, if one was drawn.
    func finish() {
        if drawn { console.error("\r\u{1B}[K") }
        drawn = false
    }
}
