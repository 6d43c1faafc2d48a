import Basics
import Drawing
import Foundation
import Graph
import Narrative
import Scene

extension Storyboard {
    /// The sheet of `panels` (up to 6 columns unless `columns` says), under a heading that names the scene,
    /// its summary and how the moments were chosen; PDF icons converted by `pdf`.
    package func sheet(_ panels: [SheetPanel], columns: Int?, title: String, every: TimeInterval?, background: Color?,
               pdf: PDFConverting) -> SheetExporter {
        let matted = background.map(animation.withBackground) ?? animation
        let moments = every.map { "a frame every \($0.shortText) s" } ?? "a frame at each event"
        let heading = SheetHeading(title: title, subtitle: SceneSummary.describe(animation) + " · " + moments)
        return SheetExporter(matted, pdf: pdf, panels: panels,
                             columns: columns ?? min(6, panels.count), heading: heading, marks: animation.scene.script.map(\.time))
    }
}
