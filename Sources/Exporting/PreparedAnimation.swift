import Drawing
import Graph
import Graphics
import Resolving
import Scene

/// What every exporter reads, built once per run and output style: the animation with its titles fitted
/// (truncated as UIKit truncates them, measured by pango, so every format draws the same characters), who
/// converts its PDF icons, and the files decoded for it.
public struct PreparedAnimation: Sendable {
    public let animation: Animation
    /// Converts PDF icons: no default, so that no caller runs poppler in its own process by accident (the
    /// command line isolates it in a child process).
    public let pdf: PDFConverting
    /// Its PNGs' pixels and its Lottie clips' models, decoded once for every exporter (and, given one for
    /// every locale and style of a run, once per run): each format's rasterizers and the SVG's assets read
    /// them from here.
    package let decoded: DecodedAssets

    public init(_ animation: Animation, pdf: PDFConverting) {
        self.init(animation, pdf: pdf, decoded: DecodedAssets())
    }

    package init(_ animation: Animation, pdf: PDFConverting, decoded: DecodedAssets) {
        // The scene's fonts before any text is measured (the command line reports a file that is not one;
        // here it is left out).
        _ = Typefaces.register(animation.scene)
        self.animation = animation.fittingText(PangoText.Measurer())
        self.pdf = pdf
        self.decoded = decoded
    }

    private init(fitted animation: Animation, pdf: PDFConverting, decoded: DecodedAssets) {
        self.animation = animation
        self.pdf = pdf
        self.decoded = decoded
    }

    public var scene: ResolvedScene { animation.scene }
    public var graph: SceneGraph { animation.graph }

    /// The same loop at another frame rate (titles are fitted in points: they stay as they are).
    public func atFrameRate(_ fps: Double) -> PreparedAnimation {
        PreparedAnimation(fitted: animation.atFrameRate(fps), pdf: pdf, decoded: decoded)
    }

    /// The same animation drawn at `scale` pixels per point.
    public func scaled(to scale: Double) -> PreparedAnimation {
        PreparedAnimation(fitted: animation.scaled(to: scale), pdf: pdf, decoded: decoded)
    }

    /// For a format without alpha (GIF, MP4): the screen's rounded corners, if drawn, in the colour behind
    /// the content rather than transparent (`Animation.withOpaqueCorners`).
    public func withOpaqueCorners() -> PreparedAnimation {
        PreparedAnimation(fitted: animation.withOpaqueCorners(), pdf: pdf, decoded: decoded)
    }

    /// The frame size in pixels, as the rasterizer draws it.
    public var pixelSize: (width: Int, height: Int) { Rasterizer.pixelSize(of: graph, scale: scene.export.scale) }
}
