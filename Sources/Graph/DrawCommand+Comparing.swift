import Basics
import Foundation

extension Array where Element == DrawCommand {
    /// Whether two samples draw the same picture: the same primitives, transforms, opacities (a layer's too) and clips.
    public func drawsTheSame(as other: [DrawCommand]) -> Bool {
        guard count == other.count else { return false }
        return zip(self, other).allSatisfy { $0.drawsTheSame(as: $1) }
    }
}

extension DrawCommand {
    public func drawsTheSame(as other: DrawCommand) -> Bool {
        guard transform == other.transform, opacity == other.opacity, layer?.opacity == other.layer?.opacity, clips.count == other.clips.count,
              zip(clips, other.clips).allSatisfy({ $0.rect == $1.rect && $0.transform == $1.transform }) else { return false }
        switch (primitive, other.primitive) {
        case (.shape(let a), .shape(let b)):
            return a.frame == b.frame && a.cornerRadius == b.cornerRadius && a.fill == b.fill
        case (.text(let a), .text(let b)):
            return a.string == b.string && a.fontSize == b.fontSize && a.weight == b.weight && a.color == b.color
                && a.baseline == b.baseline && a.alignment == b.alignment && a.family == b.family && a.language == b.language
        case (.image(let a), .image(let b)):
            return a.asset == b.asset && a.frame == b.frame && a.tint == b.tint
        case (.frame(let a, let aPlayhead), .frame(let b, let bPlayhead)):
            // A clip's picture is a function of its playhead: at rest (before it plays, after it ends) it
            // draws the same frame after frame.
            return a.clip == b.clip && a.frame == b.frame && a.tint == b.tint && aPlayhead == bPlayhead
        case (.shadow(let a), .shadow(let b)):
            return a == b
        case (.backdrop(let a, let aSource), .backdrop(let b, let bSource)):
            return a.frame == b.frame && a.cornerRadius == b.cornerRadius && a.blur == b.blur && a.tone == b.tone
                && aSource.drawsTheSame(as: bSource)
        default:
            return false
        }
    }
}
