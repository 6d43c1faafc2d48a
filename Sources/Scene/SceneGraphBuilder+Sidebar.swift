import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import SceneTimeline

/// The iPad's sidebar (`tabBar.sidebar`) as `SidebarLayout` places it: the panel or column, a selection on the
/// selected tab's row, each row's icon and title, the sections' headers; it slides in from the leading edge
/// as `timeline.sidebar` says, while the top bar fades (`topBarFade`).
extension SceneGraphBuilder {
    func sidebar() -> Group? {
        guard let frames = layout.sidebar, let setup = scene.sidebar, let shown = timeline.sidebar else { return nil }
        let colors = SidebarColors.of(floating: setup.floating, style: scene.interfaceStyle)
        var nodes: [Node] = []
        if setup.floating {
            // The rim, then the panel one device pixel inside it.
            let pixel = 1 / scene.device.scale, panel = frames.panel
            nodes.append(.shape(Shape(frame: panel, cornerRadius: frames.cornerRadius, fill: colors.edge)))
            nodes.append(.shape(Shape(frame: Rect(x: panel.minX + pixel, y: panel.minY + pixel, width: panel.width - 2 * pixel, height: panel.height - 2 * pixel),
                                      cornerRadius: frames.cornerRadius - pixel, fill: colors.panel)))
        } else {
            nodes.append(.shape(Shape(frame: frames.panel, fill: colors.panel)))
            if let hairline = frames.hairline { nodes.append(.shape(Shape(frame: hairline, fill: colors.edge))) }
        }
        for header in frames.headers {
            nodes.append(.text(Text(string: header.title, fontSize: header.slot.fontSize, weight: header.slot.weight, color: colors.header,
                                    baseline: header.slot.anchor, alignment: header.slot.alignment, language: scene.locale)))
        }
        for row in frames.rows {
            let item = scene.tabBar.items[row.item]
            let selected = Track.steps(timeline.selection.map(\.time)) { timeline.selectedIndex(at: $0) == row.item }
            let unselected = Track(selected.keyframes.map { Keyframe($0.time, 1 - $0.value) })
            func look(_ color: Color, _ icon: Asset?) -> [Node] {
                let image = icon.map { Node.image(Image(asset: $0, frame: row.icon, tint: item.rendering == .template ? color : nil)) }
                return (image.map { [$0] } ?? []) + [.text(Text(string: item.title, fontSize: row.title.fontSize, weight: row.title.weight, color: color,
                                                                baseline: row.title.anchor, alignment: row.title.alignment,
                                                                maximumWidth: row.title.maximumWidth, language: scene.locale))]
            }
            nodes.append(.group(Group(name: "sidebar-row-\(row.item)-selection", children: [
                .shape(Shape(frame: row.selection, cornerRadius: row.selectionRadius, fill: colors.selection)),
            ] + look(selectedTint, item.selectedIcon), motion: [.opacity(selected)])))
            nodes.append(.group(Group(name: "sidebar-row-\(row.item)", children: look(scene.colors.label, item.icon), motion: [.opacity(unselected)])))
        }
        let offset = frames.hiddenOffset(in: layout.screen, rightToLeft: scene.isRightToLeft)
        let slide = Track(shown.keyframes.map { Keyframe($0.time, (1 - $0.value) * offset, $0.easing) })
        return Group(name: "sidebar", children: nodes, motion: slide.isConstant && slide.value(at: 0) == 0 ? [] : [.translation(x: slide)])
    }

    /// The top bar's opacity while a sidebar comes and goes: 1 − the sidebar's share (the tabs are in the
    /// sidebar while it shows); nil without a sidebar.
    var topBarFade: Track? {
        guard layout.sidebar != nil else { return nil }
        return timeline.sidebar.map { shown in Track(shown.keyframes.map { Keyframe($0.time, 1 - $0.value, $0.easing) }) }
    }
}
