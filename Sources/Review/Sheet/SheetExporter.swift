import Basics
import Drawing
import Exporting
import Foundation
import Graph
import Graphics
import Narrative
import Outputs
import Resolving
import Scene

/// A storyboard of the animation on one PNG: a heading, then frames in a grid, each with a ruler that shows
/// where in the loop it stands (the taps marked), rings where the script touched the screen, and a caption
/// saying what just happened. Made to be read without the GIF, in a review or a pull request.
public struct SheetExporter {
    public let animation: Animation
    var scene: ResolvedScene { animation.scene }
    var graph: SceneGraph { animation.graph }
    public var panels: [SheetPanel]
    public var columns: Int
    public var heading: SheetHeading
    /// Times marked on every panel's ruler (the script's taps).
    public var marks: [TimeInterval]
    /// Converts PDF icons (no default: the command line isolates poppler in a child process).
    public var pdf: PDFConverting

    public init(_ animation: Animation, pdf: PDFConverting, panels: [SheetPanel], columns: Int,
                heading: SheetHeading, marks: [TimeInterval]) {
        _ = Typefaces.register(animation.scene)  // the scene's fonts before any text is measured
        self.animation = animation.fittingText(PangoText.Measurer())  // titles truncated as UIKit does
        self.pdf = pdf
        self.panels = panels
        self.columns = max(1, min(columns, panels.count))
        self.heading = heading
        self.marks = marks
    }

    // MARK: Colors (iOS system colors, light appearance)

    static let paper = Color(rgb: 242, 242, 247)         // systemGroupedBackground
    static let ink = Color(rgb: 28, 28, 30)              // label
    static let secondaryInk = Color(rgb: 60, 60, 67, alpha: 0.75)  // secondaryLabel
    static let accent = Color(rgb: 0, 122, 255)          // systemBlue
    static let alarm = Color(rgb: 255, 59, 48)           // systemRed

    public func export(to output: OutputFile, progress: ExportProgress = SilentProgress()) throws {
        try output.write(png: try render(progress: progress))
    }

    /// The whole sheet.
    public func render(progress: ExportProgress = SilentProgress()) throws -> ImageSurface {
        precondition(!panels.isEmpty, "a sheet needs at least one panel")
        // Measured before the assets are loaded, so that a sheet too large to draw is refused first.
        let frameSize = Rasterizer.pixelSize(of: graph, scale: scene.export.scale)
        let layout = try measure(frameWidth: frameSize.width, frameHeight: frameSize.height)
        try scene.limits.checkImage(width: layout.width, height: layout.height, file: scene.file, what: "the sheet")
        let rasterizer = try Rasterizer(scene: scene, graph: graph, pdf: pdf)
        do {
            let surface = try ImageSurface(width: Int(layout.width.rounded(.up)), height: Int(layout.height.rounded(.up)))
            let context = try CairoContext(surface)
            context.setColor(Self.paper.components)
            context.paint()
            headingText(in: context, width: layout.width - 2 * StoryboardLayout.margin, draw: true)
            for (index, panel) in panels.enumerated() {
                let frame = try rasterizer.render(at: panel.time)
                draw(panel, frame: frame, at: index, layout, in: context)
                progress.exported(frame: index + 1, of: panels.count)
            }
            try context.status()
            return surface
        } catch let error as CLibraryError {
            throw SceneError(.write, file: scene.file, keyPath: nil, "drawing the sheet failed: \(error)")
        }
    }

    // MARK: - Measuring

    private func measure(frameWidth: Int, frameHeight: Int) throws -> StoryboardLayout {
        do {
            let scratch = try CairoContext(try ImageSurface(width: 1, height: 1))
            let textWidth = Double(frameWidth)
            let gridWidth = Double(columns * frameWidth) + Double(columns - 1) * StoryboardLayout.columnGap
            let headingHeight = headingText(in: scratch, width: gridWidth, draw: false) + 24
            let size = StoryboardLayout.captionSize(frameWidth: textWidth)
            let captions = panels.map {
                PangoText.paragraph($0.caption, boldPrefix: $0.emphasized, fontSize: size, weight: .regular, color: nil,
                                    x: 0, y: 0, width: textWidth, in: scratch)
            }
            let layout = StoryboardLayout(frameWidth: frameWidth, frameHeight: frameHeight, columns: columns,
                                          headingHeight: headingHeight, captionHeights: captions)
            guard layout.width <= Double(StoryboardLayout.maximumSide), layout.height <= Double(StoryboardLayout.maximumSide) else {
                throw SceneError(.render, file: scene.file, keyPath: nil,
                                 "the sheet would be \(Int(layout.width))×\(Int(layout.height)) pixels, more than \(StoryboardLayout.maximumSide) a side; use a smaller scale, more columns or fewer frames")
            }
            return layout
        } catch let error as CLibraryError {
            throw SceneError(.render, file: scene.file, keyPath: nil, "measuring the sheet failed: \(error)")
        }
    }

    // MARK: - Drawing

    /// The title and its line of facts; returns their height.
    @discardableResult
    private func headingText(in context: CairoContext, width: Double, draw: Bool) -> Double {
        let x = StoryboardLayout.margin, top = StoryboardLayout.margin
        let title = PangoText.paragraph(heading.title, fontSize: StoryboardLayout.titleSize, weight: .semibold,
                                        color: draw ? Self.ink : nil, x: x, y: top, width: width, in: context)
        let subtitle = PangoText.paragraph(heading.subtitle, fontSize: StoryboardLayout.subtitleSize, weight: .regular,
                                           color: draw ? Self.secondaryInk : nil, x: x, y: top + title + 4, width: width, in: context)
        return title + 4 + subtitle
    }

    private func draw(_ panel: SheetPanel, frame: ImageSurface, at index: Int, _ layout: StoryboardLayout, in context: CairoContext) {
        let origin = layout.frameOrigin(index)
        let w = layout.frameWidth, h = layout.frameHeight
        // The screen's rounded corners (about a tenth of its width on Face ID iPhones), with a hairline around.
        let radius = min(w, h) * 0.1
        context.setColor(Color(rgb: 0, 0, 0, alpha: 0.18).components)
        context.roundedRectangle(x: origin.x - 1, y: origin.y - 1, width: w + 2, height: h + 2, radius: radius + 1)
        context.fill()
        context.save()
        context.roundedRectangle(x: origin.x, y: origin.y, width: w, height: h, radius: radius)
        context.clip()
        context.draw(frame, x: origin.x, y: origin.y, width: w, height: h)
        for touch in panel.touches { draw(touch, frameOrigin: origin, in: context) }
        context.restore()

        drawRuler(at: panel.time, x: origin.x, top: layout.rulerTop(index), width: w, in: context)
        PangoText.paragraph(panel.caption, boldPrefix: panel.emphasized, fontSize: layout.captionSize, weight: .regular,
                            color: Self.ink, x: origin.x, y: layout.captionTop(index), width: w, in: context)
    }

    /// A ring the size of a fingertip (44 pt, UIKit's minimum hit target) where the script tapped.
    private func draw(_ touch: SheetTouch, frameOrigin: Point, in context: CairoContext) {
        let scale = scene.export.scale
        let x = frameOrigin.x + (touch.point.x - graph.viewport.minX) * scale
        let y = frameOrigin.y + (touch.point.y - graph.viewport.minY) * scale
        let radius = max(8, 22 * scale)
        let tone = touch.ignored ? Self.alarm : Color(rgb: 0, 0, 0)
        context.circle(x: x, y: y, radius: radius)
        context.setColor(tone.withAlpha(touch.ignored ? 0.3 : 0.2).components)
        context.fill()
        context.circle(x: x, y: y, radius: radius)
        context.setColor(Color.white.withAlpha(0.95).components)
        context.stroke(width: max(2, 3 * scale))
        context.circle(x: x, y: y, radius: radius + max(1.5, 2 * scale))
        context.setColor(tone.withAlpha(0.55).components)
        context.stroke(width: 1)
    }

    /// The loop as a line: the part already played in blue, the taps as ticks, this moment as a dot.
    private func drawRuler(at t: TimeInterval, x: Double, top: Double, width: Double, in context: CairoContext) {
        let duration = max(graph.duration, 0.001)
        func position(_ time: TimeInterval) -> Double { x + width * min(max(time / duration, 0), 1) }
        let middle = top + StoryboardLayout.rulerHeight / 2
        context.setColor(Color(rgb: 0, 0, 0, alpha: 0.12).components)
        context.roundedRectangle(x: x, y: middle - 2, width: width, height: 4, radius: 2)
        context.fill()
        context.setColor(Self.accent.withAlpha(0.55).components)
        context.roundedRectangle(x: x, y: middle - 2, width: position(t) - x, height: 4, radius: 2)
        context.fill()
        context.setColor(Color(rgb: 0, 0, 0, alpha: 0.4).components)
        for mark in marks {
            context.rectangle(x: position(mark) - 0.75, y: top, width: 1.5, height: StoryboardLayout.rulerHeight)
            context.fill()
        }
        context.setColor(Color.white.components)
        context.circle(x: position(t), y: middle, radius: 6)
        context.fill()
        context.setColor(Self.accent.components)
        context.circle(x: position(t), y: middle, radius: 4.5)
        context.fill()
    }
}
