import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import SceneTimeline
import Spec

/// Everything one run shows, built once from a resolved scene: its layout (UIKit's metrics), its timeline
/// (the script run through one tab bar controller) and its picture (the scene graph), with the export
/// settings it plays at. Every command and exporter reads this one value; nothing else builds a layout, a
/// timeline or a graph (their initialisers are internal to this module).
///
/// Changing how it plays returns a new value: `retimed(start:speed:frameCount:)` for `--from`, `--to` and
/// `--speed`, `withBackground(_:)` for `--background`.
public struct Animation: Sendable {
    /// The scene as resolved; `scene.export` is how this animation plays (after a cut: the cut's frames
    /// and duration).
    public private(set) var scene: ResolvedScene
    public let layout: Layout
    /// The whole loop's timeline, in the loop's time (a cut plays part of it).
    public let timeline: Timeline
    /// The picture over this animation's own time (after `retimed`, output time u shows the loop at
    /// `start + u · speed`).
    public private(set) var graph: SceneGraph

    /// `measurer` measures the titles for the bars sized to them (the iPad's, five glass items): the exporters pass pango's,
    /// so the layout matches the text they draw; without one, the widths are estimated.
    public init(_ scene: ResolvedScene, measuring measurer: TextMeasuring? = nil) {
        self.scene = scene
        func layOut(_ scene: ResolvedScene) -> Layout {
            let fontSize = Layout.titleFontSize(of: scene), weight = Layout.titleWeight(of: scene)
            let extents = measurer.map { measurer in
                scene.tabBar.items.map { item in
                    item.title.isEmpty ? .empty : measurer.extent(of: item.title, fontSize: fontSize, weight: weight, family: scene.tabBar.titleFamily,
                                                                  language: scene.locale)
                }
            }
            return Layout(scene, titleExtents: extents)
        }
        layout = layOut(scene)
        guard !scene.postures.isEmpty else {
            timeline = Timeline(scene, layout: layout)
            graph = SceneGraph(scene: scene, layout: layout, timeline: timeline)
            return
        }
        // The Duo folded, unfolded or turned: one layout per posture, one timeline through them all.
        let screens = [(time: 0.0, scene: scene, layout: layout)] + scene.postures.map { posture in
            let moved = scene.inPosture(posture)
            return (time: posture.time, scene: moved, layout: layOut(moved))
        }
        timeline = Timeline(scene, layout: layout, postureLayouts: screens.dropFirst().map { (time: $0.time, layout: $0.layout) })
        graph = SceneGraph(postures: screens, timeline: timeline)
    }

    /// The part of the loop from `start`, played at `speed`, as a new loop of `frameCount` frames at the
    /// same rate. A pure function: the result's `graph.sample(at: u)` is this one's at `start + u · speed`.
    public func retimed(start: TimeInterval, speed: Double, frameCount: Int) -> Animation {
        precondition(speed > 0 && frameCount > 0, "a cut plays forwards, at least one frame")
        var cut = self
        cut.scene.export.frameCount = frameCount
        cut.scene.export.duration = Double(frameCount) / scene.export.fps
        cut.graph = graph.retimed(start: start, speed: speed, duration: cut.scene.export.duration)
        return cut
    }

    /// The same animation with every title truncated to its label's width as `measurer` measures it (the
    /// exporters do this with pango, so all of them draw the same characters).
    public func fittingText(_ measurer: TextMeasuring) -> Animation {
        var fitted = self
        fitted.graph = graph.fittingText(measurer)
        return fitted
    }

    /// The same animation over another matte (`--background`).
    public func withBackground(_ color: Color) -> Animation {
        var matted = self
        matted.graph.matte = graph.matte.behind(color)
        return matted
    }

    /// The same animation for a format without alpha (GIF, MP4): the screen's corners, when
    /// `export.screenCorners` rounds them, in the colour behind the content rather than transparent.
    public func withOpaqueCorners() -> Animation {
        var opaque = self
        opaque.graph.matte = graph.matte.opaqueCorners
        return opaque
    }

    /// The same loop at another frame rate (`--max-size` lowers it): as many whole frames as fit its length.
    public func atFrameRate(_ fps: Double) -> Animation {
        precondition(fps > 0, "a frame rate is positive")
        var changed = self
        changed.scene.export.fps = fps
        changed.scene.export.frameCount = max(1, Int((graph.duration * fps).rounded()))
        changed.scene.export.duration = Double(changed.scene.export.frameCount) / fps
        return changed
    }

    /// Another picture played at this animation's scale (`tabanim diff`: two scenes side by side, one
    /// graph): `graph`'s viewport and loop, as many whole frames at `fps` as fit it.
    public func showing(_ graph: SceneGraph, fps: Double) -> Animation {
        precondition(fps > 0, "a frame rate is positive")
        var shown = self
        shown.graph = graph
        shown.scene.export.fps = fps
        shown.scene.export.frameCount = max(1, Int((graph.duration * fps).rounded()))
        shown.scene.export.duration = Double(shown.scene.export.frameCount) / fps
        return shown
    }

    /// The same animation drawn at `scale` pixels per point (the layout and timeline are in points).
    public func scaled(to scale: Double) -> Animation {
        var scaled = self
        scaled.scene.export.scale = scale
        return scaled
    }

    /// The limits of drawn outputs (a GIF, PNG frames): the graph's frames at the export's scale, as many
    /// as the export has.
    public func checkRasterLimits() throws(SceneError) {
        let export = scene.export
        try scene.limits.checkRaster(width: graph.viewport.width * export.scale, height: graph.viewport.height * export.scale,
                                     frames: export.frameCount, file: scene.file)
    }
}
