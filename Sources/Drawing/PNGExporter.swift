import Foundation
import Outputs
import Scene

/// Writes single frames as PNG, drawn exactly as the GIF's frames are.
public struct PNGExporter {
    public let animation: Animation
    var scene: ResolvedScene { animation.scene }
    var graph: SceneGraph { animation.graph }
    /// Draws Lottie frames (no default: the command line isolates rlottie in a child process).
    public var lottie: LottieRendering

    public init(_ animation: Animation, lottie: LottieRendering) {
        self.animation = animation.fittingText(PangoText.Measurer())  // titles truncated as UIKit does
        self.lottie = lottie
    }

    /// The frame at `t` seconds.
    public func export(at t: TimeInterval, to output: OutputFile) throws {
        try output.write(png: try frame(at: t))
    }

    /// The frame at `t` seconds, drawn.
    public func frame(at t: TimeInterval) throws(SceneError) -> ImageSurface {
        try Rasterizer(scene: scene, graph: graph, lottie: lottie).render(at: t)
    }
}
