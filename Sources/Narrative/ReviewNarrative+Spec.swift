import Basics
import Foundation
import Graph
import Scene

/// The spec table: every value written from `TimelineReport` (so from what `tabanim timeline --json` prints),
/// each row naming the keys it comes from.
extension ReviewNarrative {
    typealias Row = SpecRow

    package var spec: [SpecSection] {
        let spec = report.spec
        var sections = [
            SpecSection(title: "Loop", rows: [
                Row(label: "Loop", value: "\(seconds(report.duration)) at \(report.fps.shortText) fps: \(report.frames) frames, frame i at i / \(report.fps.shortText) s",
                    keys: ["duration", "fps", "frames"]),
                Row(label: "Output", value: "\(spec.output.scale.shortText) px per pt, \(spec.output.region) region \(frame(spec.output.frame)) → \(spec.output.pixelWidth) × \(spec.output.pixelHeight) px",
                    keys: ["spec.output"]),
            ]),
            SpecSection(title: "Device", rows: [
                Row(label: "Screen", value: "\(spec.device.name): \(spec.device.width.shortText) × \(spec.device.height.shortText) pt @\(spec.device.scale.shortText)x",
                    keys: ["spec.device.name", "spec.device.width", "spec.device.height", "spec.device.scale"]),
                Row(label: "Safe area", value: "top \(points(spec.device.safeAreaTop)), bottom \(points(spec.device.safeAreaBottom))",
                    keys: ["spec.device.safeAreaTop", "spec.device.safeAreaBottom"]),
            ]),
            SpecSection(title: "Tab bar", rows: tabBarRows(spec.tabBar)),
            SpecSection(title: "Items", rows: spec.items.flatMap(itemRows)),
        ]
        if let button = spec.centerButton {
            let key = "spec.centerButton"
            sections.append(SpecSection(title: "Center button", rows: [
                Row(label: "Frame", value: "\(frame(button.frame)), centre (\(button.center.x.shortText), \(button.center.y.shortText))",
                    keys: ["\(key).frame", "\(key).center"]),
                Row(label: "Size and offset", value: "\(button.width.shortText) × \(button.height.shortText) pt, offsetY \(points(button.offsetY)) from the bar's top edge",
                    keys: ["\(key).width", "\(key).height", "\(key).offsetY"]),
                Row(label: "Image", value: button.image, keys: ["\(key).image"]),
                Row(label: "Selects", value: "item \(button.selects) (programmatically)", keys: ["\(key).selects"]),
                Row(label: "Spin", value: "transform.rotation.z 0 → 2π every \(seconds(button.spinPeriod)), repeating, \(curve(button.spinCurve))",
                    keys: ["\(key).spinPeriod", "\(key).spinCurve"]),
            ]))
        }
        let transition = spec.transition.map {
            Row(label: "Between tabs", value: "\($0.style), \(seconds($0.duration)), \(curve($0.curve))" + ($0.curveName.map { " (\($0))" } ?? ""),
                keys: ["spec.transition.duration", "spec.transition.style", "spec.transition.curve", "spec.transition.curveName"])
        } ?? Row(label: "Between tabs", value: "none: tab changes are instant", keys: ["spec.transition"])
        sections.append(SpecSection(title: "Transition", rows: [transition]))
        return sections
    }

    private func tabBarRows(_ bar: TimelineReport.Spec.TabBar) -> [Row] {
        let key = "spec.tabBar"
        var rows = [
            Row(label: "Frame", value: frame(bar.frame), keys: ["\(key).frame"]),
            Row(label: "Items height", value: "\(points(bar.itemsHeight)), then the bottom safe area", keys: ["\(key).itemsHeight"]),
        ]
        // The glass bar draws no hairline, no background colour and is never opaque: those rows do not apply.
        let glass = scene.tabBar.style == .glass
        if !glass, let hairline = bar.hairline, let color = bar.hairlineColor {
            rows.append(Row(label: "Hairline", value: "\(frame(hairline)), \(colorText(color))", keys: ["\(key).hairline", "\(key).hairlineColor"],
                            swatch: Color(parsing: color)))
        }
        rows += [
            Row(label: "Icon centre", value: "\(points(bar.iconCenterY)) below the bar's top", keys: ["\(key).iconCenterY"]),
            Row(label: "Title baseline", value: "\(points(bar.titleBaselineY)) below the bar's top", keys: ["\(key).titleBaselineY"]),
            Row(label: "Title font", value: "system \(points(bar.titleFontSize)), \(bar.titleFontWeight)", keys: ["\(key).titleFontSize", "\(key).titleFontWeight"]),
            Row(label: "tintColor", value: colorText(bar.tintColor), keys: ["\(key).tintColor"], swatch: Color(parsing: bar.tintColor)),
            Row(label: "unselectedItemTintColor", value: colorText(bar.unselectedItemTintColor), keys: ["\(key).unselectedItemTintColor"],
                swatch: Color(parsing: bar.unselectedItemTintColor)),
        ]
        if !glass {
            rows += [
                Row(label: "Background", value: bar.backgroundColor.map(colorText) ?? "none (scroll-edge appearance)",
                    keys: ["\(key).backgroundColor"], swatch: bar.backgroundColor.flatMap(Color.init(parsing:))),
                Row(label: "Appearance", value: "\(bar.appearance), \(bar.translucent ? "translucent: content runs under the bar" : "opaque: content ends at the bar's top") (translucent = \(bar.translucent))",
                    keys: ["\(key).appearance", "\(key).translucent"]),
            ]
        }
        rows.append(Row(label: "Selected at start", value: "item \(bar.selectedIndex)", keys: ["\(key).selectedIndex"]))
        return rows
    }

    private func itemRows(_ item: TimelineReport.Spec.Item) -> [Row] {
        let key = "spec.items.\(item.index)"
        var rows = [
            Row(label: "Item \(item.index)", value: (item.title.isEmpty ? "no title" : "“\(item.title)”") + ", " + frame(item.frame),
                keys: ["\(key).frame", "\(key).title", "\(key).index"]),
            Row(label: "Icon", value: "\(frame(item.iconFrame))" + files(item.icon, item.selectedIcon) + ", \(item.rendering)",
                keys: ["\(key).iconFrame", "\(key).icon", "\(key).selectedIcon", "\(key).rendering"]),
            Row(label: "Title baseline", value: "centre (\(item.titleBaseline.x.shortText), \(item.titleBaseline.y.shortText))",
                keys: ["\(key).titleBaseline"]),
        ]
        if let animation = item.animation {
            rows.append(Row(label: "On didSelect", value: describe(animation), keys: ["\(key).animation"]))
        }
        return rows
    }

    private func describe(_ animation: TimelineReport.Spec.Animation) -> String {
        guard animation.kind == "lottie", let file = animation.file else {
            return "\(animation.kind) effect, \(seconds(animation.duration))" + (animation.curve.map { ", \(curve($0))" } ?? "")
        }
        var parts = ["Lottie \(file), \(seconds(animation.duration)) once"]
        if let frames = animation.frames, let rate = animation.frameRate, let inPoint = animation.inPoint, let outPoint = animation.outPoint {
            parts.append("\(frames) frames at \(rate.shortText) fps (ip \(inPoint.shortText), op \(outPoint.shortText))")
        }
        if let width = animation.canvasWidth, let height = animation.canvasHeight {
            parts.append("canvas \(width.shortText) × \(height.shortText), aspect fill in the icon's frame")
        }
        return parts.joined(separator: ", ")
    }

    // MARK: - Formatting

    private func points(_ value: Double) -> String { "\(value.shortText) pt" }
    private func seconds(_ value: Double) -> String { "\(value.shortText) s" }

    private func frame(_ frame: TimelineReport.Spec.Frame) -> String {
        "x \(frame.x.shortText), y \(frame.y.shortText), \(frame.width.shortText) × \(frame.height.shortText) pt"
    }

    private func curve(_ points: [Double]) -> String {
        "cubic-bezier(\(points.map(\.shortText).joined(separator: ", ")))"
    }

    private func files(_ icon: String?, _ selected: String?) -> String {
        guard let icon else { return ", no icon" }
        return selected.map { $0 == icon ? ", \(icon)" : ", \(icon), selected \($0)" } ?? ", \(icon)"
    }

    /// "#1B76D0, rgb(27, 118, 208)", with the alpha when not opaque.
    private func colorText(_ hex: String) -> String {
        guard let color = Color(parsing: hex) else { return hex }
        func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
        let channels = "\(byte(color.red)), \(byte(color.green)), \(byte(color.blue))"
        let alpha = (color.alpha * 100).rounded() / 100
        return hex + (color.alpha < 1 ? ", rgba(\(channels), \(alpha.shortText))" : ", rgb(\(channels))")
    }
}
