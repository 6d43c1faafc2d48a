import Foundation

/// What tabanim checks of an SVG before librsvg parses it: how many elements it has, counted without
/// parsing (each `<` that opens a tag), so that a file of a million shapes, drawn again on every frame,
/// is refused before librsvg builds its tree. Text that only looks like a tag (in a comment or CDATA)
/// counts too: the count can only be too high, never too low.
package enum SVGHeader {
    package static func elementCount(_ data: Data) -> Int {
        var count = 0
        var previousWasOpen = false
        for byte in data {
            if previousWasOpen, Self.startsName(byte) { count += 1 }
            previousWasOpen = byte == UInt8(ascii: "<")
        }
        return count
    }

    /// XML names start with a letter, `_` or `:` (or a non-ASCII letter, whose UTF-8 lead byte is ≥ 0xC0).
    private static func startsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), 0xC0...0xFF: return true
        default: return false
        }
    }
}
