import Basics
import Foundation
import Graph
import Scene

/// `--from`, `--to` and `--speed`: a part of the loop, played faster or slower.
struct PlaybackRange {
    var from: TimeInterval?
    var to: TimeInterval?
    /// 1 plays in real time, 0.5 at half speed (slow motion).
    var speed: Double

    static let speedRange = 0.05...20.0
    static let options: [CommandSpec.Option] = [
        .init(name: "from", valueName: "seconds", help: "Start the output at this moment of the loop (default 0)."),
        .init(name: "to", valueName: "seconds", help: "End the output at this moment of the loop (default: the loop's end)."),
        .init(name: "speed", valueName: "factor",
              help: "Play faster or slower: 0.5 is half speed (slow motion), 2 double; 0.05 to 20. The frame rate stays."),
    ]

    /// Frames the output may have (`--limit frames`).
    var maxFrames: Int

    init(_ arguments: ParsedArguments, limits: Limits) throws(UsageError) {
        from = try arguments.number("from", in: 0...limits.duration, unit: " s")
        to = try arguments.number("to", in: 0...limits.duration, unit: " s")
        maxFrames = limits.frames
        speed = try arguments.number("speed", in: Self.speedRange) ?? 1
        if let from, let to, from >= to {
            throw UsageError("--from \(from.shortText) must be before --to \(to.shortText)")
        }
    }

    var isWholeLoop: Bool { from == nil && to == nil && speed == 1 }

    /// The range's bounds in a loop of `duration` seconds: a usage error when they fall outside it.
    func bounds(within duration: TimeInterval) throws(UsageError) -> (start: TimeInterval, end: TimeInterval) {
        let start = from ?? 0, end = min(to ?? duration, duration)
        if start >= duration { throw UsageError("--from \(start.shortText) is not before the loop's end (\(duration.shortText) s)") }
        if let to, to > duration + 1e-9 { throw UsageError("--to \(to.shortText) is after the loop's end (\(duration.shortText) s)") }
        return (start, end)
    }

    /// The scene's settings and graph for this range: the output lasts (end − start) / speed, rounded to whole
    /// frames at the same rate; output frame i shows the loop at start + speed · i / fps.
    func apply(to animation: Animation) throws(UsageError) -> Animation {
        guard !isWholeLoop else { return animation }
        let scene = animation.scene
        let (start, end) = try bounds(within: scene.export.duration)
        let frames = max(1, Int(((end - start) / speed * scene.export.fps).rounded()))
        guard frames <= maxFrames else {
            throw UsageError("that is \(frames) frames, more than the limit of \(maxFrames); cut a shorter range, raise --speed, lower --fps, or \(Limits.raise("frames", to: Double(frames)))")
        }
        return animation.retimed(start: start, speed: speed, frameCount: frames)
    }
}
