import Basics
import Foundation
import Graph
import Resolving
import SceneLayout

extension SceneGraphBuilder {
    /// The status bar as `layout.statusBar` places it (`StatusBarLayout`: every number and its source), in the
    /// label colour of the scene's style; what it shows is the scene's (`statusBar`, `StatusBarState`).
    func statusBar() -> [Node] {
        guard let bar = layout.statusBar else { return [] }
        let ink = scene.colors.label, status = scene.statusBar
        func text(_ string: String, _ slot: TextSlot) -> Node {
            .text(Text(string: string, fontSize: slot.fontSize, weight: slot.weight, color: ink, baseline: slot.anchor, alignment: slot.alignment))
        }
        var nodes: [Node] = []
        if let island = bar.island { nodes.append(.shape(Shape(frame: island, cornerRadius: island.height / 2, fill: .black))) }
        nodes.append(text(status.time, bar.time))
        if let date = bar.date { nodes.append(text(status.date, date)) }
        if let slot = bar.carrier, let carrier = status.carrier, !carrier.isEmpty { nodes.append(text(carrier, slot)) }
        guard !bar.isStacked else {
            return nodes + [.image(Image(asset: StatusBarGlyphs.wifiGlyph(bar.wifi.size), frame: bar.wifi, tint: ink))]
        }
        nodes.append(.image(Image(asset: StatusBarGlyphs.batteryOutline(bar.batteryBody.size, radius: bar.batteryRadius), frame: bar.batteryBody, tint: ink)))
        // (iOS paints a low battery red and a charging one green: not drawn.)
        if let fill = bar.batteryFill { nodes.append(.shape(Shape(frame: fill, cornerRadius: bar.batteryFillRadius, fill: ink))) }
        nodes.append(.shape(Shape(frame: bar.batteryCap, cornerRadius: bar.batteryCap.width / 2, fill: ink.withAlpha(StatusBarLayout.capOpacity))))
        nodes.append(.image(Image(asset: StatusBarGlyphs.wifiGlyph(bar.wifi.size), frame: bar.wifi, tint: ink)))
        for signal in bar.signal {
            // Bars past the signal (`statusBar.signal`) faded, as iOS draws them.
            let lit = signal.index < status.signal
            nodes.append(.shape(Shape(frame: signal.frame, cornerRadius: signal.cornerRadius,
                                      fill: lit ? ink : ink.withAlpha(StatusBarLayout.unlitOpacity))))
        }
        return nodes
    }
}
