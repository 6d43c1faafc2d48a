import Foundation
import Scene

/// The pixels of each frame's base layers (every draw command no text can change: the contents, the bar,
/// the icons, the Lottie clips, the raised button; `Rasterizer.layers(of:)`), drawn once for all the exports
/// of one run that draw the same ones: the locales of a String Catalog (`export --locale all`) draw the same
/// frames but for their titles, so the second locale onwards draws its titles over the first one's base
/// layers rather than every layer again. Thread-safe; each base is drawn by one worker while the others
/// that want it wait (`pixels(for:commands:draw:)`), and memory is bounded by `budget` bytes: past it,
/// frames are drawn whole as when nothing is shared.
///
/// A base is found by its frame's time, size and a fingerprint of its commands, and used only when its
/// commands draw the same as the frame's (`drawsTheSame`): a locale laid out right to left, or any other
/// difference, draws its own.
package final class SharedBaseLayers: @unchecked Sendable {
    package struct Key: Hashable, Sendable {
        var time: TimeInterval
        var width: Int
        var height: Int
        var scale: Double
        var background: Color
        var fingerprint: Int
    }

    private struct Entry {
        let commands: [DrawCommand]
        /// Premultiplied ARGB32, row by row without padding.
        let pixels: [UInt32]
    }

    private enum Slot {
        case drawing
        case drawn(Entry)
    }

    private let condition = NSCondition()
    private var slots: [Key: Slot] = [:]
    private var bytes = 0
    /// At most this many bytes of pixels are kept.
    package let budget: Int
    /// Bases drawn, and bases found already drawn (for tests and `--verbose`).
    package private(set) var drawnCount = 0
    package private(set) var sharedCount = 0

    /// 1 GiB by default: the demo's 360 frames of its tab bar at 1× take 70 MB, of its whole screen 480 MB.
    package init(budget: Int = 1 << 30) {
        self.budget = budget
    }

    /// The base drawn for `key` with these `commands`, drawing it with `draw` when no worker has (other
    /// workers wanting it meanwhile wait for it); nil when it cannot be shared (the budget is spent, or a
    /// base of the same key draws something else), for the caller to draw the frame whole.
    package func pixels(for key: Key, commands: [DrawCommand], draw: () throws -> [UInt32]) rethrows -> [UInt32]? {
        condition.lock()
        while true {
            switch slots[key] {
            case .drawing?:
                condition.wait()
                continue
            case .drawn(let entry)?:
                defer { condition.unlock() }
                guard entry.commands.drawsTheSame(as: commands) else { return nil }
                sharedCount += 1
                return entry.pixels
            case nil:
                break
            }
            break
        }
        let size = key.width * key.height * MemoryLayout<UInt32>.stride
        guard bytes + size <= budget else {
            condition.unlock()
            return nil
        }
        bytes += size
        slots[key] = .drawing
        condition.unlock()
        let pixels: [UInt32]
        do {
            pixels = try draw()
        } catch {
            condition.lock()
            slots[key] = nil
            bytes -= size
            condition.broadcast()
            condition.unlock()
            throw error
        }
        condition.lock()
        slots[key] = .drawn(Entry(commands: commands, pixels: pixels))
        drawnCount += 1
        condition.broadcast()
        condition.unlock()
        return pixels
    }

    /// A hash of what decides the commands' pixels; equal commands give equal fingerprints (different ones
    /// rarely collide, and a collision only costs drawing the frame whole).
    package static func fingerprint(of commands: [DrawCommand]) -> Int {
        var hasher = Hasher()
        hasher.combine(commands.count)
        for command in commands {
            hasher.combine(command.transform)
            hasher.combine(command.opacity)
            hasher.combine(command.clips.count)
            switch command.primitive {
            case .shape(let shape):
                hasher.combine(0); hasher.combine(shape.fill); hasher.combine(shape.frame.minX); hasher.combine(shape.frame.width)
            case .text(let text):
                hasher.combine(1); hasher.combine(text.string); hasher.combine(text.color)
            case .image(let image):
                hasher.combine(2); hasher.combine(image.frame.minX); hasher.combine(image.frame.minY); hasher.combine(image.tint)
            case .frame(let sequence, let playhead):
                hasher.combine(3); hasher.combine(playhead); hasher.combine(sequence.frame.minX); hasher.combine(sequence.tint)
            case .shadow:
                hasher.combine(4)
            case .backdrop(let backdrop, let source):
                hasher.combine(5); hasher.combine(backdrop.frame.minX); hasher.combine(fingerprint(of: source))
            }
        }
        return hasher.finalize()
    }
}
