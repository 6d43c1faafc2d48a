import CRlottie
import Foundation
import Scene

/// rlottie in a child process, so that a file that crashes or hangs the player becomes an error message:
/// the child is `command` plus `lottie-frames FILE WIDTH HEIGHT COUNT` (tabanim's hidden subcommand, which
/// calls `LottieFrameServer.run`), and sends the frames back on its standard output.
public struct IsolatedLottieRenderer: LottieRendering {
    /// The executable and any leading arguments, e.g. tabanim's own path.
    public var executable: URL
    /// A child that takes longer is killed: the player hung.
    public var timeout: TimeInterval

    public init(executable: URL, timeout: TimeInterval = 20) {
        self.executable = executable
        self.timeout = timeout
    }

    public func frames(of clip: LottieClip, width: Int, height: Int) throws(LottieError) -> LottieFrames {
        guard case .file(let url) = clip.asset.source else { throw LottieError("not a file") }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(executable, [LottieFrameServer.subcommand, url.path, String(width), String(height), String(clip.frameCount)],
                                           timeout: timeout)
        } catch {
            throw LottieError("cannot start the Lottie player (\(executable.path)): \(error)")
        }
        let stdout: Data
        switch outcome {
        case .timedOut:
            throw LottieError("the Lottie player did not finish within \(timeout.shortText) s (it hangs on this file, or is very slow: \(Limits.raise("lottie-seconds", to: timeout * 3)))")
        case .crashed(let signal):
            throw LottieError("the Lottie player (rlottie) crashed on this file (signal \(signal))")
        case .finished(let status, _, let stderr) where status != 0:
            throw LottieError(ChildProcess.message(stderr) ?? "the Lottie player failed (exit \(status))")
        case .finished(_, let output, _):
            stdout = output
        }
        return try LottieFrameServer.decode(stdout, width: width, height: height)
    }
}


/// The child's side: renders and writes frames in a small binary form
/// (`TBLF`, then width, height and count as little-endian UInt32, then the pixels).
public enum LottieFrameServer {
    public static let subcommand = "lottie-frames"
    static let magic = Array("TBLF".utf8)
    /// An icon never needs more.
    static let maxPixels = 1024 * 1024
    /// The parent's process id, which the child checks: if tabanim died before the child could ask to die
    /// with it, the child must not run on.
    static let parentVariable = "TABANIM_LOTTIE_PARENT"

    /// The child's entry point: ties the child's life to its parent's, then `run`.
    public static func serve(_ arguments: [String]) -> Int32 {
        _ = tabanim_die_with_parent()
        if let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap(Int32.init), parent != getppid() {
            return 1  // the parent is gone already: no one reads the frames
        }
        return run(arguments)
    }

    /// Runs the child: `arguments` are FILE WIDTH HEIGHT COUNT. Returns the exit status; writes the frames
    /// to standard output, or one line of error to standard error.
    public static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 4, let width = Int(arguments[1]), let height = Int(arguments[2]), let count = Int(arguments[3]),
              width > 0, height > 0, width * height <= maxPixels, count > 0, count <= 10_000 else {
            FileHandle.standardError.write(Data("usage: tabanim \(subcommand) FILE WIDTH HEIGHT COUNT\n".utf8))
            return 64
        }
        guard let data = FileManager.default.contents(atPath: arguments[0]) else {
            FileHandle.standardError.write(Data("cannot read the file\n".utf8))
            return 1
        }
        do {
            let frames = try InProcessLottieRenderer.render(data: data, key: arguments[0], count: count, width: width, height: height)
            var out = Data(magic)
            for value in [width, height, frames.frames.count] { withUnsafeBytes(of: UInt32(value).littleEndian) { out.append(contentsOf: $0) } }
            for frame in frames.frames {
                frame.withUnsafeBufferPointer { out.append(UnsafeBufferPointer(start: UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: UInt8.self), count: $0.count * 4)) }
            }
            FileHandle.standardOutput.write(out)
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error.message)\n".utf8))
            return 1
        }
    }

    static func decode(_ data: Data, width: Int, height: Int) throws(LottieError) -> LottieFrames {
        let bytes = [UInt8](data)
        func word(_ offset: Int) -> Int { Int(bytes[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        guard bytes.count >= 16, Array(bytes[0..<4]) == magic, word(4) == width, word(8) == height else {
            throw LottieError("the Lottie player sent no frames")
        }
        let count = word(12), frameBytes = width * height * 4
        guard count > 0, bytes.count == 16 + count * frameBytes else { throw LottieError("the Lottie player sent incomplete frames") }
        let frames = (0..<count).map { k -> [UInt32] in
            bytes[(16 + k * frameBytes)..<(16 + (k + 1) * frameBytes)].withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        }
        return LottieFrames(width: width, height: height, frames: frames)
    }
}
