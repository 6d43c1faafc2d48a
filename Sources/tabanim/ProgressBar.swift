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
    /// The first frame reported and when: the rate is measured from there, not from the start, whose
    /// setup (decoding images, a GIF's palette) would make the first estimate absurd ("2941 s left").
    private var first: (frame: Int, elapsed: TimeInterval)?

    init(label: String, enabled: Bool, console: Console) {
        self.label = label
        self.enabled = enabled
        self.console = console
    }

    func exported(frame: Int, of total: Int) {
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        if first == nil { first = (frame, elapsed) }
        guard enabled, elapsed >= Self.delay, frame == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        drawn = true
        console.error("\r" + Self.line(label: label, frame: frame, of: total, elapsed: elapsed, since: first) + "\u{1B}[K")
    }

    /// `demo.gif ████████░░░░ 120/270 frames, 85 fps, 2 s left`; the rate and time left only once a
    /// second and a tenth of the frames have passed since the first frame (`since`), before which they
    /// would mean nothing.
    static func line(label: String, frame: Int, of total: Int, elapsed: TimeInterval, since first: (frame: Int, elapsed: TimeInterval)?) -> String {
        let width = 24
        let filled = width * frame / max(total, 1)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let start = first ?? (0, 0)
        let seconds = elapsed - start.elapsed, done = frame - start.frame
        guard seconds >= 1, done * 10 >= total, done > 0 else {
            return String(format: "%@ %@ %d/%d frames", label, bar, frame, total)
        }
        let rate = Double(done) / seconds
        let left = Double(total - frame) / rate
        return String(format: "%@ %@ %d/%d frames, %.0f fps, %.0f s left", label, bar, frame, total, rate, left.rounded())
    }

    /// Clears the bar's line, if one was drawn.
    func finish() {
        if drawn { console.error("\r\u{1B}[K") }
        drawn = false
    }
}
