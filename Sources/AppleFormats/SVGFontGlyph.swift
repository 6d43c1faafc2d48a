import Basics
import Foundation

/// An SVG font (SVG 1.1, "Fonts"), read once: its `<font-face>` metrics, and its glyphs indexed by name in one
/// pass. Only the `<font-face>` and each `<glyph>` element asked for are scanned as XML (`XMLScanner` on their
/// bytes), so a font of thousands of glyphs costs one pass and one small scan per glyph asked for.
public struct SVGFont: Sendable {
    private let bytes: [UInt8]
    /// Where each glyph's `<glyph` starts, by its `glyph-name` (the first of two equal names).
    private let glyphStarts: [String: Int]
    public let unitsPerEm: Double
    public let ascent: Double
    public let descent: Double

    public init(_ data: Data) throws(SVGFontGlyph.Failure) {
        bytes = [UInt8](data)
        guard let faceStart = Self.firstIndex(of: Array("<font-face".utf8), in: bytes), let face = Self.element(at: faceStart, in: bytes) else {
            throw SVGFontGlyph.Failure(message: "no <font-face> (an SVG font declares its units-per-em and ascent there)")
        }
        let units = Double(face.attributes["units-per-em"] ?? "1000") ?? 1000
        let ascent = Double(face.attributes["ascent"] ?? "") ?? units * 0.8
        let descent = abs(Double(face.attributes["descent"] ?? "") ?? units * 0.2)
        guard units > 0, units.isFinite, ascent.isFinite, descent.isFinite else {
            throw SVGFontGlyph.Failure(message: "its <font-face> has units-per-em \(units), ascent \(ascent), descent \(descent)")
        }
        unitsPerEm = units; self.ascent = ascent; self.descent = descent
        glyphStarts = Self.indexGlyphs(bytes)
    }

    /// One pass over the font: each `<glyph`'s start by the `glyph-name` its tag carries.
    private static func indexGlyphs(_ bytes: [UInt8]) -> [String: Int] {
        let open = Array("<glyph".utf8), key = Array("glyph-name=\"".utf8)
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), g = UInt8(ascii: "g"), quote = UInt8(ascii: "\"")
        func matches(_ word: [UInt8], at i: Int) -> Bool {
            guard i + word.count <= bytes.count else { return false }
            for k in 0..<word.count where bytes[i + k] != word[k] { return false }
            return true
        }
        var starts: [String: Int] = [:]
        var tagStart: Int? = nil
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == lt {
                tagStart = matches(open, at: i) && i + open.count < bytes.count && [32, 9, 10, 13].contains(bytes[i + open.count]) ? i : nil
            } else if b == gt {
                tagStart = nil
            } else if b == g, let start = tagStart, matches(key, at: i) {
                var end = i + key.count
                while end < bytes.count, bytes[end] != quote { end += 1 }
                let name = String(decoding: bytes[(i + key.count)..<end], as: UTF8.self)
                if starts[name] == nil { starts[name] = start }
                i = end
            }
            i += 1
        }
        return starts
    }

    /// The glyph called `name`; nil when the font has none.
    public func glyph(named name: String) -> SVGFontGlyph? {
        guard let start = glyphStarts[XMLScanner.escaped(name)], let glyph = Self.element(at: start, in: bytes) else { return nil }
        let path = glyph.attributes["d"] ?? ""
        return SVGFontGlyph(pathData: path, unitsPerEm: unitsPerEm, ascent: ascent, descent: descent, bounds: SVGPathBounds.bounds(of: path))
    }

    /// The element whose start tag begins at `begin`, scanned on its own (its content left out).
    private static func element(at begin: Int, in bytes: [UInt8]) -> XMLScanner.Element? {
        guard let close = bytes[begin...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        var tag = Array(bytes[begin...close])
        // A start tag of an element with content: close it so that it scans on its own.
        if tag.count >= 2, tag[tag.count - 2] != UInt8(ascii: "/") { tag.insert(UInt8(ascii: "/"), at: tag.count - 1) }
        var scanner = XMLScanner(maximumElements: 1)
        return (try? scanner.scan(Data(tag)))?.first
    }

    /// Where `needle` first occurs in `haystack`.
    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = 0
        while index <= haystack.count - needle.count {
            guard let next = haystack[index...(haystack.count - needle.count)].firstIndex(of: first) else { return nil }
            if haystack[next..<(next + needle.count)].elementsEqual(needle) { return next }
            index = next + 1
        }
        return nil
    }
}

/// One glyph of an SVG font (SVG 1.1, "Fonts": `<font>`, `<font-face>`, `<glyph glyph-name d>`), as icon
/// fonts ship them beside their TTF (Material Design Icons' `materialdesignicons-webfont.svg`), taken out as a
/// standalone SVG picture. Font units run upwards from the baseline (SVG 1.1 §20.3: "the glyph's coordinate
/// system ... has its origin at the baseline, with the positive y-axis pointing up"); the picture flips them.
public struct SVGFontGlyph: Sendable, Equatable {
    /// The glyph's path data, in font units (y up from the baseline).
    public var pathData: String
    /// `<font-face units-per-em ascent descent>`: the em square the font is designed on.
    public var unitsPerEm: Double
    public var ascent: Double
    public var descent: Double
    /// The path's bounds (its points and control points), in font units, y up; nil for an empty path.
    public var bounds: Rect?

    public struct Failure: Error, Equatable, Sendable {
        public var message: String
    }

    /// The glyph as an SVG `size` points square: the font's em square (ascent at its top), the path flipped
    /// to SVG's downward y. `viewBox` is in font units, so the picture is exact at any size.
    public func picture(size: Double) -> Data {
        let em = unitsPerEm
        let number = SymbolTemplate.number
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(number(size))\" height=\"\(number(size))\" viewBox=\"0 0 \(number(em)) \(number(em))\">"
            + "<path transform=\"matrix(1 0 0 -1 0 \(number(ascent)))\" d=\"\(XMLScanner.escaped(pathData))\"/></svg>\n"
        return Data(svg.utf8)
    }
}

/// The bounds of SVG path data (SVG 1.1 §8.3: M L H V C S Q T A Z, absolute and relative): every end point and
/// control point, so a curve's bounds may be a little larger than its ink; an arc counts its end points and
/// its radii around them (a generous box). Malformed data ends the scan where it stops reading.
public enum SVGPathBounds {
    public static func bounds(of path: String) -> Rect? {
        var numbers = PathNumbers(Array(path.utf8))
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ x: Double, _ y: Double) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        var command: UInt8 = 0
        while let next = numbers.nextCommandOrNumber() {
            if case .command(let c) = next { command = c; if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") { x = startX; y = startY }; continue }
            numbers.pushBack()
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            let ox = relative ? x : 0, oy = relative ? y : 0
            func read(_ count: Int) -> [Double]? {
                var values: [Double] = []
                for _ in 0..<count { guard let v = numbers.number() else { return nil }; values.append(v) }
                return values
            }
            switch upper {
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "T"):
                guard let v = read(2) else { return finish() }
                x = ox + v[0]; y = oy + v[1]; add(x, y)
                if upper == UInt8(ascii: "M") { startX = x; startY = y; command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L") }
            case UInt8(ascii: "H"):
                guard let v = read(1) else { return finish() }
                x = ox + v[0]; add(x, y)
            case UInt8(ascii: "V"):
                guard let v = read(1) else { return finish() }
                y = oy + v[0]; add(x, y)
            case UInt8(ascii: "C"):
                guard let v = read(6) else { return finish() }
                add(ox + v[0], oy + v[1]); add(ox + v[2], oy + v[3]); x = ox + v[4]; y = oy + v[5]; add(x, y)
            case UInt8(ascii: "S"), UInt8(ascii: "Q"):
                guard let v = read(4) else { return finish() }
                add(ox + v[0], oy + v[1]); x = ox + v[2]; y = oy + v[3]; add(x, y)
            case UInt8(ascii: "A"):
                guard let v = read(7) else { return finish() }
                let (rx, ry) = (abs(v[0]), abs(v[1]))
                let ex = ox + v[5], ey = oy + v[6]
                for (px, py) in [(x, y), (ex, ey)] { add(px - rx, py - ry); add(px + rx, py + ry) }
                x = ex; y = ey
            default:
                return finish()
            }
        }
        return finish()

        func finish() -> Rect? {
            guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// Path data read as commands and numbers (`1.5e2`, `-.5`, `.5.5` as two numbers).
    private struct PathNumbers {
        enum Token { case command(UInt8), number(Double) }
        let bytes: [UInt8]
        var index = 0
        var last = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func pushBack() { index = last }

        mutating func nextCommandOrNumber() -> Token? {
            skipSeparators()
            last = index
            guard index < bytes.count else { return nil }
            let b = bytes[index]
            if (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") && b != UInt8(ascii: "E")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") && b != UInt8(ascii: "e")) {
                index += 1
                return .command(b)
            }
            guard let value = number() else { index = bytes.count; return nil }
            return .number(value)
        }

        mutating func number() -> Double? {
            skipSeparators()
            let start = index
            var seenDot = false, seenExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            while index < bytes.count {
                let b = bytes[index]
                if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { index += 1; continue }
                if b == UInt8(ascii: "."), !seenDot, !seenExponent { seenDot = true; index += 1; continue }
                if b == UInt8(ascii: "e") || b == UInt8(ascii: "E"), !seenExponent {
                    seenExponent = true; index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
                    continue
                }
                break
            }
            guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else { return nil }
            return value
        }

        mutating func skipSeparators() {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[index]) { index += 1 }
        }
    }
}
