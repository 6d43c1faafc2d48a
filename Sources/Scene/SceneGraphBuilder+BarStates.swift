import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import SceneTimeline
import Spec

/// The states of the glass bar of an iPhone (`BarState`: expanded, minimized, searching) and the parts that
/// only it has: the item apart from the capsule (`Layout+SearchTab`), the bottom accessory
/// (`Layout+Accessory`), the minimized bar (`Layout+Minimize`) and the search field. Each state's parts are
/// their own groups, and the bar passes from one state to the next by crossfading them over
/// `Layout.MinimizeMetrics.morphDuration` (chosen: SMIL
/// plays an opacity crossfade in every browser, where a morph of the capsule's outline would need a path
/// animation; the measured end states are exact).
extension SceneGraphBuilder {
    /// Whether the bar has any part but the capsule and its items.
    var hasBarStates: Bool {
        layout.detached != nil || layout.accessory != nil || layout.minimized != nil
    }

    /// The bar's groups: `full` (the capsule and its items) and the rest, each shown in its states.
    func barStates(full: [Node], contents: Group) -> [Node] {
        guard let material = scene.tabBar.glass else { return full }
        let states = timeline.barStates.map(\.state)
        func shown(_ name: String, _ children: [Node], in visible: @escaping (BarState) -> Bool) -> Node {
            let track = visibility(visible)
            return .group(Group(name: name, children: children, motion: track.isConstant && track.value(at: 0) == 1 ? [] : [.opacity(track)],
                                composited: true))
        }
        var nodes: [Node] = [shown("tab-bar-full", full) { $0 == .expanded }]
        if let accessory = scene.tabBar.accessory, let frame = layout.accessory {
            nodes.append(shown("accessory", platter(material, frame, contents) + accessoryContent(accessory, in: frame)) { $0 == .expanded })
            if let inline = layout.minimized?.accessory, states.contains(.minimized) {
                nodes.append(shown("accessory-inline", platter(material, inline, contents) + accessoryContent(accessory, in: inline)) { $0 == .minimized })
            }
        }
        if let index = layout.detached {
            let circle = layout.items[index].frame
            nodes.append(shown("item-\(index)-apart", detachedItem(index, in: circle, material, contents)) { $0 == .expanded })
            if let small = layout.minimized?.detached, states.contains(.minimized) {
                nodes.append(shown("item-\(index)-apart-minimized", detachedItem(index, in: small, material, contents)) { $0 == .minimized })
            }
        }
        if let small = layout.minimized, states.contains(.minimized) {
            nodes.append(shown("tab-bar-minimized", platter(material, small.capsule, contents) + minimizedIcons(in: small.capsule)) { $0 == .minimized })
        }
        if let search = layout.searchField, let index = layout.detached, states.contains(.searching) {
            nodes.append(shown("search-field", searchField(search, of: scene.tabBar.items[index], material, contents)) { $0 == .searching })
        }
        return nodes
    }

    /// 0…1: how much of a part shows, crossfading at each change of the bar's state; a change that comes
    /// during a crossfade starts from where that one is.
    func visibility(_ visible: (BarState) -> Bool) -> Track {
        Track.crossfading(initial: visible(timeline.barStates[0].state) ? 1 : 0,
                          changes: timeline.barStates.dropFirst().map { (time: $0.time, target: visible($0.state) ? 1 : 0) },
                          duration: Layout.MinimizeMetrics.morphDuration, end: timeline.duration)
    }

    /// A piece of glass of the bar's material: its shadow, rim and the content behind it (as the capsule's).
    func platter(_ material: GlassMaterial, _ frame: Rect, _ contents: Group) -> [Node] {
        let radius = min(frame.width, frame.height) / 2
        var nodes: [Node] = []
        if let shadow = material.shadow {
            nodes.append(.shadow(Shadow(frame: frame, cornerRadius: radius, style: shadow)))
        }
        nodes.append(.shape(Shape(frame: frame, cornerRadius: radius, fill: material.rim)))
        let inside = Layout.glassInterior(of: frame)
        nodes.append(.backdrop(Backdrop(source: contents, frame: inside.frame, cornerRadius: inside.cornerRadius, blur: GlassMaterial.backdropBlur,
                                        tone: material.backdrop)))
        return nodes
    }

    /// The item apart: a search tab's glass circle with its icon in the bar's unselected colour; iOS 27's
    /// prominent tab a circle filled with the tint, its icon white (chosen: no capture shows it; Apple calls
    /// it the tab that stands out, as the seeds' raised button does). No title, as measured for search.
    private func detachedItem(_ index: Int, in circle: Rect, _ material: GlassMaterial, _ contents: Group) -> [Node] {
        let item = scene.tabBar.items[index]
        let prominent = item.role == .prominent
        var nodes = platter(material, circle, contents)
        if prominent { nodes.append(.shape(Shape(frame: circle, cornerRadius: circle.height / 2, fill: scene.tabBar.tintColor))) }
        let color = prominent ? Color.white : material.unselectedItem
        if let icon = item.icon {
            nodes.append(.image(Image(asset: icon, frame: layout.items[index].imageFrame(of: icon, centeredAt: circle.center),
                                      tint: item.rendering == .template ? color : nil)))
        }
        return nodes
    }

    /// The minimized bar's content: the selected item's selected icon, in the tint, centred.
    private func minimizedIcons(in capsule: Rect) -> [Node] {
        let bar = scene.tabBar
        return bar.items.indices.filter { $0 != layout.detached }.compactMap { index -> Node? in
            let item = bar.items[index]
            guard let icon = item.selectedIcon else { return nil }
            let selected = Track.steps(timeline.selection.map(\.time)) { timeline.selectedIndex(at: $0) == index }
            let group = Group(name: "minimized-item-\(index)", children: [
                .image(Image(asset: icon, frame: layout.items[index].imageFrame(of: icon, centeredAt: capsule.center),
                             tint: item.rendering == .template ? selectedTint : nil)),
            ], motion: [.opacity(selected)])
            return group.isNeverShown ? nil : .group(group)
        }
    }

    /// The accessory's content as `Layout.accessoryContent` places it in `frame`.
    private func accessoryContent(_ accessory: Accessory, in frame: Rect) -> [Node] {
        let placed = Layout.accessoryContent(in: frame, hasImage: accessory.image != nil, hasTitle: !accessory.title.isEmpty,
                                             hasSubtitle: !accessory.subtitle.isEmpty, rightToLeft: scene.isRightToLeft)
        var nodes: [Node] = []
        if let image = accessory.image, let box = placed.image { nodes.append(.image(Image(asset: image, frame: box, tint: nil))) }
        if let slot = placed.title { nodes.append(text(accessory.title, slot, color: scene.colors.label)) }
        if let slot = placed.subtitle { nodes.append(text(accessory.subtitle, slot, color: Layout.SearchTabMetrics.secondaryText)) }
        return nodes
    }

    /// A line of text where layout set it, in the scene's language.
    private func text(_ string: String, _ slot: TextSlot, color: Color) -> Node {
        .text(Text(string: string, fontSize: slot.fontSize, weight: slot.weight, color: color, baseline: slot.anchor, alignment: slot.alignment,
                   maximumWidth: slot.maximumWidth, language: scene.locale))
    }

    /// The search field (UIKIT-2026.md, "Activated") as layout places it: the field with its magnifier (the
    /// search tab's icon) and its prompt (`TabBarItem.searchPrompt`); the close circle with its ✕; no keyboard.
    private func searchField(_ search: Layout.SearchField, of tab: TabBarItem, _ material: GlassMaterial, _ contents: Group) -> [Node] {
        let gray = Layout.SearchTabMetrics.secondaryText
        var nodes = platter(material, search.field, contents)
        if let icon = tab.icon { nodes.append(.image(Image(asset: icon, frame: search.magnifier, tint: gray))) }
        if !tab.searchPrompt.isEmpty {
            nodes.append(.text(Text(string: tab.searchPrompt, fontSize: search.prompt.fontSize, weight: search.prompt.weight, color: gray,
                                    baseline: search.prompt.anchor, alignment: search.prompt.alignment, language: scene.locale)))
        }
        nodes += platter(material, search.close, contents)
        for angle in Layout.SearchField.closeBarAngles {
            nodes.append(.group(Group(name: "search-close-bar", children: [
                .shape(Shape(frame: search.closeBar, cornerRadius: search.closeBar.width / 2, fill: scene.colors.label)),
            ], motion: [.rotation(degrees: .constant(angle), center: search.close.center)])))
        }
        return nodes
    }
}
