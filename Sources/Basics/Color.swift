import Foundation

/// A straight (not premultiplied) sRGB color, each channel 0…1.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 0…255 channels, as UIKit colors are usually quoted.
    public init(rgb r: Int, _ g: Int, _ b: Int, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    public static let white = Color(rgb: 255, 255, 255)
    public static let black = Color(rgb: 0, 0, 0)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func byte(_ v: Double) -> String { String(format: "%02X", Int((min(max(v, 0), 1) * 255).rounded())) }
        let rgb = "#" + byte(red) + byte(green) + byte(blue)
        return alpha >= 1 ? rgb : rgb + byte(alpha)
    }

    public var description: String { hex }

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `rgb(27, 118, 208)` and `rgba(27, 118, 208, 0.5)`.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#") {
            var digits = String(text.dropFirst())
            if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
            guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
                  let value = UInt64(digits, radix: 16) else { return nil }
            let full = digits.count == 6 ? value << 8 | 0xFF : value
            self.init(rgb: Int(full >> 24 & 0xFF), Int(full >> 16 & 0xFF), Int(full >> 8 & 0xFF),
                      alpha: Double(full & 0xFF) / 255)
            return
        }
        let lower = text.lowercased()
        for prefix in ["rgba(", "rgb("] where lower.hasPrefix(prefix) && lower.hasSuffix(")") {
            let inner = lower.dropFirst(prefix.count).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == (prefix == "rgb(" ? 3 : 4) else { return nil }
            let channels = parts.prefix(3).compactMap { Int($0) }.filter { (0...255).contains($0) }
            guard channels.count == 3 else { return nil }
            var alpha = 1.0
            if parts.count == 4 {
                guard let a = Double(parts[3]), (0...1).contains(a) else { return nil }
                alpha = a
            }
            self.init(rgb: channels[0], channels[1], channels[2], alpha: alpha)
            return
        }
        return nil
    }
}
