import Foundation
import Scene

/// Writes single frames as PNG, drawn exactly as the GIF's frames are.
public struct PNGExporter {
    public var scene: ResolvedScene
    public var graph: SceneGraph
    /// Draws Lottie frames; the command line isolates rlottie in a child process.
    public var lottie: LottieRendering = InProcessLottieRenderer()

    public init(scene: ResolvedScene, graph: SceneGraph) {
        self.scene = scene
        self.graph = graph
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
