import Basics
import Drawing
import Foundation
import Graph
import Graphics
import Scene

/// Every locale's tab bar on one PNG: a row per locale with its bar at rest and at one moment of the
/// animation, the titles UIKit truncates underlined in red and named beside the row. For reviewing a
/// String Catalog's languages side by side (`tabanim sheet --locale all`).
public struct LocaleSheet {
    /// One locale: its animation (titles fitted as every export fits them) and the items whose titles
    /// UIKit truncates.
    public struct Row {
        public var locale: String
        public var animation: Animation
        public var truncated: [Int]

        public init(locale: String, animation: Animation, truncated: [Int]) {
            _ = Typefaces.register(animation.scene)  // the scene's fonts before any text is measured
            self.locale = locale
            self.animation = animation.fittingText(PangoText.Measurer())
            self.truncated = truncated
        }
    }

    public var rows: [Row]
    public var title: String
    /// The moments shown, in seconds: the bar at rest, then one moment of the animation.
    public var moments: [TimeInterval]
    public var pdf: PDFConverting

    public init(rows: [Row], title: String, moments: [TimeInterval], pdf: PDFConverting) {
        self.rows = rows
        self.title = title
        self.moments = moments
        self.pdf = pdf
    }

    static let margin = 24.0, gap = 16.0, labelWidth = 190.0

    /// The part of the screen each panel shows, in points: the bar, the raised button above it, and the
    /// screen's bottom edge.
    private func crop(_ animation: Animation) -> Rect {
        let layout = animation.layout, viewport = animation.graph.viewport
        let top = max(viewport.minY, min(layout.capsule?.minY ?? layout.bar.minY, layout.centerButton?.minY ?? .infinity) - 8)
        return Rect(x: viewport.minX, y: top, width: viewport.width, height: viewport.maxY - top)
    }

    public func render() throws -> ImageSurface {
        guard let first = rows.first else { throw SceneError(.render, file: "", keyPath: nil, "a locale sheet needs at least one locale") }
        let scene = first.animation.scene, s = scene.export.scale
        let panel = crop(first.animation)
        let panelWidth = panel.width * s, panelHeight = panel.height * s
        let width = 2 * Self.margin + Self.labelWidth + Double(moments.count) * (panelWidth + Self.gap)
        let height = 2 * Self.margin + 40 + Double(rows.count) * (panelHeight + Self.gap)
        try scene.limits.checkImage(width: width, height: height, file: scene.file, what: "the locale sheet")
        do {
            let surface = try ImageSurface(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
            let context = try CairoContext(surface)
            context.setColor(SheetExporter.paper.components)
            context.paint()
            PangoText.paragraph(title, fontSize: StoryboardLayout.titleSize, weight: .semibold, color: SheetExporter.ink,
                                x: Self.margin, y: Self.margin, width: width - 2 * Self.margin, in: context)
            for (column, time) in moments.enumerated() {
                PangoText.paragraph(time == 0 ? "at rest" : "\(time.shortText) s", fontSize: 12, weight: .regular, color: SheetExporter.secondaryInk,
                                    x: Self.margin + Self.labelWidth + Double(column) * (panelWidth + Self.gap), y: Self.margin + 22,
                                    width: panelWidth, in: context)
            }
            for (index, row) in rows.enumerated() {
                let top = Self.margin + 40 + Double(index) * (panelHeight + Self.gap)
                try draw(row, top: top, panelWidth: panelWidth, panelHeight: panelHeight, in: context)
            }
            try context.status()
            return surface
        } catch let error as CLibraryError {
            throw SceneError(.write, file: scene.file, keyPath: nil, "drawing the locale sheet failed: \(error)")
        }
    }

    private func draw(_ row: Row, top: Double, panelWidth: Double, panelHeight: Double, in context: CairoContext) throws {
        let animation = row.animation, scene = animation.scene, s = scene.export.scale
        let region = crop(animation), viewport = animation.graph.viewport
        let names = row.truncated.map { "\u{201C}\(scene.tabBar.items[$0].title)\u{201D}" }
        let label = row.locale + (scene.isRightToLeft ? " · right to left" : "")
        let height = PangoText.paragraph(label, fontSize: 15, weight: .semibold, color: SheetExporter.ink,
                                         x: Self.margin, y: top, width: Self.labelWidth - 12, in: context)
        if !names.isEmpty {
            PangoText.paragraph("truncated: " + names.joined(separator: ", "), fontSize: 12, weight: .regular, color: SheetExporter.alarm,
                                x: Self.margin, y: top + height + 4, width: Self.labelWidth - 12, in: context)
        }
        let rasterizer = try Rasterizer(scene: scene, graph: animation.graph, pdf: pdf)
        for (column, time) in moments.enumerated() {
            let x = Self.margin + Self.labelWidth + Double(column) * (panelWidth + Self.gap)
            let frame = try rasterizer.render(at: time)
            context.save()
            context.rectangle(x: x, y: top, width: panelWidth, height: panelHeight)
            context.clip()
            // The frame placed so that the cropped part lands in the panel.
            context.draw(frame, x: x - (region.minX - viewport.minX) * s, y: top - (region.minY - viewport.minY) * s,
                         width: Double(frame.width), height: Double(frame.height))
            // A red line under each truncated title.
            context.setColor(SheetExporter.alarm.components)
            for item in row.truncated where item < animation.layout.items.count {
                let frames = animation.layout.items[item]
                context.rectangle(x: x + (frames.frame.minX + 4 - region.minX) * s, y: top + (frames.titleBaseline.y + 2.5 - region.minY) * s,
                                  width: (frames.frame.width - 8) * s, height: max(1.5 * s, 1))
                context.fill()
            }
            context.restore()
        }
    }
}
