import Foundation

/// A Lottie frame as a small resolved drawing list: what a renderer (cairo, SVG) draws, with every
/// property evaluated, every reference followed and no Lottie syntax left.
public struct VectorPicture: Sendable, Equatable {
    /// The canvas (`w`, `h`) in points; nothing is drawn outside it.
    public var width: Double
    public var height: Double
    /// Bottom to top.
    public var nodes: [VectorNode]

    public init(width: Double, height: Double, nodes: [VectorNode]) {
        self.width = width
        self.height = height
        self.nodes = nodes
    }
}
