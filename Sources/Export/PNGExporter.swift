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
        let rasterizer = try Rasterizer(scene: scene, graph: graph, lottie: lottie)
        let data: Data
        do {
            data = try rasterizer.render(at: t).pngData()
        } catch let error as CLibraryError {
            throw SceneError(.write, file: output.displayName, keyPath: nil, "encoding the PNG failed: \(error)")
        }
        try output.write(data)
    }
}
