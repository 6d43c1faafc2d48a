import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import Outputs
import Resolving
import Scene

/// Writes single frames as PNG, drawn exactly as the GIF's frames are.
public struct PNGExporter {
    public let input: PreparedAnimation
    public var animation: Animation { input.animation }
    package var scene: ResolvedScene { animation.scene }
    package var graph: SceneGraph { animation.graph }
    package var pdf: PDFConverting { input.pdf }

    public init(_ input: PreparedAnimation) {
        self.input = input
    }

    public init(_ animation: Animation, pdf: PDFConverting) {
        self.init(PreparedAnimation(animation, pdf: pdf))
    }

    /// The frame at `t` seconds.
    public func export(at t: TimeInterval, to output: OutputFile) throws {
        try output.write(png: try frame(at: t))
    }

    /// The frame at `t` seconds, drawn.
    public func frame(at t: TimeInterval) throws(SceneError) -> ImageSurface {
        try Rasterizer(scene: scene, graph: graph, pdf: pdf, decoded: input.decoded).render(at: t)
    }
}
