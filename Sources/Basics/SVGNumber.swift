import Foundation

/// Numbers written as short as a pixel needs.
package enum SVGNumber {
    /// Coordinates and values: 2 decimals, no trailing zeros.
    package static func format(_ value: Double) -> String { trimmed(String(format: "%.2f", value)) }
    /// Key times and spline points: 6 decimals, so that timing stays exact to the microsecond.
    package static func time(_ value: Double) -> String { trimmed(String(format: "%.6f", value)) }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
