import Basics
import Foundation

/// Measures a line of text as the exporters will draw it (the drawing module's pango measures it); the
/// scene module itself measures nothing.
public protocol TextMeasuring: Sendable {
    /// The advance width of `string` on one line, in points, in `family` (nil: the system font), for a
    /// text in `language`.
    func width(of string: String, fontSize: Double, weight: FontWeight, family: String?, language: String?) -> Double
    /// The advance and the ink of `string` on one line, as `width` lays it out: the bars sized to their
    /// content space titles by their ink (UIKIT-2026.md, "iPad"), not by their advance boxes.
    func extent(of string: String, fontSize: Double, weight: FontWeight, family: String?, language: String?) -> TextExtent
}

extension TextMeasuring {
    /// A measurer that knows only advances: the ink taken to fill the advance box.
    public func extent(of string: String, fontSize: Double, weight: FontWeight, family: String?, language: String?) -> TextExtent {
        let advance = width(of: string, fontSize: fontSize, weight: weight, family: family, language: language)
        return TextExtent(advance: advance, inkMinX: 0, inkWidth: advance)
    }
}

/// A line of text's advance and where its ink lies along it, in points.
public struct TextExtent: Sendable, Equatable {
    /// The advance width: what a label centres (`Text.Alignment.center` centres this box).
    public var advance: Double
    /// The ink's left edge, from the advance box's left edge (negative when a glyph overhangs it).
    public var inkMinX: Double
    public var inkWidth: Double

    public init(advance: Double, inkMinX: Double, inkWidth: Double) {
        self.advance = advance; self.inkMinX = inkMinX; self.inkWidth = inkWidth
    }

    /// Where a centre-aligned label's anchor goes so that its ink starts at `x`.
    public func anchor(inkStartingAt x: Double) -> Double { x - inkMinX + advance / 2 }
    /// An empty title: no advance, no ink.
    public static let empty = TextExtent(advance: 0, inkMinX: 0, inkWidth: 0)
}

/// UIKit's tail truncation (`NSLineBreakByTruncatingTail`): the longest start of the string that fits with
/// "…" after it, whole characters only, trailing spaces dropped before the ellipsis.
public enum TextFitting {
    public static let ellipsis = "…"

    /// `string` as it shows in `width` points: itself when it fits, else its longest start that fits with
    /// "…" (just "…" when nothing else fits). A binary search: about log₂(n) measurements.
    public static func fit(_ string: String, width: Double, measure: (String) -> Double) -> String {
        guard measure(string) > width else { return string }
        let characters = Array(string)
        func candidate(_ count: Int) -> String {
            var start = String(characters[..<count])
            while start.last?.isWhitespace == true { start.removeLast() }
            return start + ellipsis
        }
        var low = 0, high = characters.count - 1  // the longest start that fits is in low...high
        guard measure(candidate(0)) <= width else { return ellipsis }
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(candidate(middle)) <= width { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }
}

extension SceneGraph {
    /// The graph with every text that has a `maximumWidth` truncated to fit it, each distinct text measured
    /// once, and every shape with a `widthFit` as wide as its text: every exporter draws the same.
    public func fittingText(_ measurer: TextMeasuring) -> SceneGraph {
        var fitted: [String: String] = [:]
        func fit(_ text: Text) -> Text {
            guard let width = text.maximumWidth else { return text }
            let key = "\(width) \(text.fontSize) \(text.weight.rawValue) \(text.family ?? "") \(text.language ?? "") \(text.string)"
            var text = text
            if let known = fitted[key] {
                text.string = known
            } else {
                text.string = TextFitting.fit(text.string, width: width) {
                    measurer.width(of: $0, fontSize: text.fontSize, weight: text.weight, family: text.family, language: text.language)
                }
                fitted[key] = text.string
            }
            return text
        }
        func size(_ shape: Shape) -> Shape {
            guard let fit = shape.widthFit else { return shape }
            var shape = shape
            let width = max(fit.minimum, measurer.width(of: fit.text, fontSize: fit.fontSize, weight: fit.weight, family: fit.family, language: nil) + 2 * fit.padding)
            let grown = width - shape.frame.width
            let shift: Double
            switch fit.growth {
            case .both: shift = 0
            case .left: shift = -grown / 2
            case .right: shift = grown / 2
            }
            shape.frame = Rect(center: Point(x: shape.frame.center.x + shift, y: shape.frame.center.y), size: Size(width: width, height: shape.frame.height))
            shape.widthFit = nil
            return shape
        }
        func walk(_ group: Group) -> Group {
            var group = group
            // A shape that grows one way moves its centre, and the texts beside it in its group with it
            // (a badge's value stays centred in its capsule).
            var shift = 0.0
            for case .shape(let shape) in group.children {
                if let fit = shape.widthFit, fit.growth != .both { shift += size(shape).frame.center.x - shape.frame.center.x }
            }
            group.children = group.children.map { child in
                switch child {
                case .group(let nested): return .group(walk(nested))
                case .text(var text):
                    text.baseline.x += shift
                    return .text(fit(text))
                case .shape(let shape): return .shape(size(shape))
                case .backdrop(var backdrop):
                    backdrop.source = walk(backdrop.source)
                    return .backdrop(backdrop)
                case .image, .sequence, .shadow: return child
                }
            }
            return group
        }
        var graph = self
        graph.root = walk(root)
        return graph
    }
}
