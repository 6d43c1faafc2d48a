import Basics
import Foundation
import Graph
import Resolving
import Spec

/// How far each tab's content scrolls (`script[i].scroll`).
extension Layout {
    /// How far tab `index`'s content scrolls down: its bottom brought to the bar's top (UIKit insets a scroll
    /// view under a bar by the bar's height, `adjustedContentInset`, and under the accessory too). Rows run
    /// from the navigation bar's bottom; a screenshot from the screen's top, at the screen's width.
    func scrollLimit(of index: Int, _ scene: ResolvedScene) -> Double {
        let tab = scene.contents[index]
        if let screenshot = tab.screenshot {
            return max(0, screenshotFrame(pixelSize: screenshot.pixelSize).height - screen.height)
        }
        let visibleBottom = kind == .topBar ? screen.maxY : (accessory?.minY ?? bar.minY)
        return max(0, rowsTop(of: tab) + Double(tab.rows) * Self.rowHeight - visibleBottom)
    }

    /// Where a tab's first row starts: below the navigation bar, and its large title when it has one.
    public func rowsTop(of tab: TabContent) -> Double {
        navigationBar.maxY + (tab.largeTitle ? Self.largeTitleHeight : 0)
    }
}
