import Basics
import Drawing
import Foundation
import Graph
import Graphics
import Scene
import SceneLayout

/// What UIKit will truncate: every item title wider than its label (the button's width less 2 pt a side,
/// as `SceneGraphBuilder` lays it out), measured as the exporters draw it, in the weights it is drawn in
/// (the glass bar's selected title is heavier); and the accessory's title and subtitle, above the bar and
/// inline beside the minimized one. The title of an item apart from the capsule is not drawn.
enum TruncationReport {
    struct Finding {
        /// The item, counting from 0; nil for the accessory.
        var item: Int?
        var keyPath: KeyPath
        var title: String
        var shown: String
        var needs: Double
        var has: Double
    }

    static func findings(_ animation: Animation) -> [Finding] {
        let scene = animation.scene, measurer = PangoText.Measurer()
        _ = Typefaces.register(scene)
        let weights: [FontWeight] = scene.tabBar.style == .glass ? [animation.layout.titleWeight, .semibold] : [animation.layout.titleWeight]
        var found: [Finding] = []
        // The Duo's rail draws no titles at rest: none truncates.
        for (index, item) in scene.tabBar.items.enumerated() where animation.layout.showsTitles && !item.title.isEmpty && index < animation.layout.items.count
            && index != animation.layout.detached {
            let has = max(animation.layout.items[index].frame.width - 4, 1)
            func width(_ string: String, _ weight: FontWeight) -> Double {
                measurer.width(of: string, fontSize: animation.layout.titleFontSize, weight: weight, family: scene.tabBar.titleFamily, language: scene.locale)
            }
            guard let weight = weights.max(by: { width(item.title, $0) < width(item.title, $1) }) else { continue }
            let needs = width(item.title, weight)
            guard needs > has else { continue }
            let shown = TextFitting.fit(item.title, width: has) { width($0, weight) }
            found.append(Finding(item: index, keyPath: KeyPath.root.appending("tabBar").appending("items").appending(index).appending("title"),
                                 title: item.title, shown: shown, needs: needs, has: has))
        }
        return found + accessoryFindings(animation, measurer)
    }

    /// The accessory's texts in its narrower frame (inline beside the minimized bar, where the scene minimizes).
    private static func accessoryFindings(_ animation: Animation, _ measurer: PangoText.Measurer) -> [Finding] {
        let scene = animation.scene, layout = animation.layout
        guard let accessory = scene.tabBar.accessory, let expanded = layout.accessory else { return [] }
        let frame = layout.minimized?.accessory ?? expanded
        let has = Layout.accessoryText(in: frame, hasImage: accessory.image != nil).width
        let path = KeyPath.root.appending("tabBar").appending("accessory")
        return [("title", accessory.title, 15.0, FontWeight.semibold), ("subtitle", accessory.subtitle, 13.0, .regular)].compactMap { key, text, size, weight in
            func width(_ string: String) -> Double { measurer.width(of: string, fontSize: size, weight: weight, family: nil, language: scene.locale) }
            let needs = width(text)
            guard !text.isEmpty, needs > has else { return nil }
            return Finding(item: nil, keyPath: path.appending(key), title: text, shown: TextFitting.fit(text, width: has, measure: width), needs: needs, has: has)
        }
    }

    /// One warning per truncated title: "de: "Verlaufsübersicht" shows as "Verlaufsüber…" on iphone-15:
    /// it needs 86.4 pt, its label has 74.6 pt".
    static func warnings(_ animation: Animation) -> [Diagnostic] {
        let scene = animation.scene
        return findings(animation).map { finding in
            let prefix = scene.locale.map { "\($0): " } ?? ""
            return Diagnostic(file: scene.file, keyPath: finding.keyPath,
                              message: "\(prefix)\"\(finding.title)\" shows as \"\(finding.shown)\" on \(scene.device.name): it needs \(String(format: "%.1f", finding.needs)) pt, its label has \(String(format: "%.1f", finding.has)) pt")
        }
    }
}
