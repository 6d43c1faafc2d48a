import Basics
import Foundation
import Graph
import Resolving
import SceneLayout
import SceneTimeline
import Spec

/// The status bar as iOS draws it, from `../shared/UIKIT-2026.md`, "Status bar" (12 captures, iOS 11–26,
/// iPhone and iPad, light and dark: the geometry is the same in both, only the ink flips, black or white).
/// It belongs to the window, not to a tab, so it stays put while contents slide; right to left it is
/// mirrored (the time on the right, the battery on the left). `statusBar` may set the bars lit (`signal`,
/// 0–4), the charge (`battery`, %) and whether the Dynamic Island is drawn (`dynamicIsland`).
///
/// - Dynamic Island iPhones (a top safe area of 59 pt or more), measured on 402-pt iPhones (iOS 16–26): the
///   time 17 pt Semibold, its baseline at 38.67 pt, its ink centred at x 74 (the advance is centred there:
///   the Inter stand-in's ink lands at 73.33, bench/chrome.py); four cellular bars 3.33 pt wide
///   at a 5.33-pt pitch, 4.67 / 7 / 9.67 / 12.33 pt tall, their bottom on the time's baseline; Wi-Fi
///   16.67 × 12.3 pt, 7.5 pt after the bars; the battery body 25 × 13 pt 7.5 pt after it, 0.33 pt lower than
///   the baseline, outline radius 4.5 at 40 % ink, a 21 × 9 pt fill (radius 3) 1 pt inside, a 1.33 × 4 pt
///   cap 1 pt after the body at 50 %, which ends 35.33 pt from the screen's right edge; the Dynamic Island,
///   a black 125.5 × 36.83 pt capsule centred at y 32.33. On 393, 430 and 440-pt screens the same sizes are
///   drawn at the same distances from the edges (chosen: only 402-pt screens were measured).
/// - Notch iPhones (44–58 pt): iOS 14's 414-pt capture (time 16 pt, baseline 28.33, centred at x 57.1;
///   dots 3.33 wide at a 5-pt pitch; Wi-Fi 15.8 × 11.8; battery 24 × 12.33; gaps 6.6); the bar heights
///   the 402-pt ones scaled as the Wi-Fi glyph is (11.8 / 12.3), and the cluster ending 27.33 pt from the
///   right edge as on iOS 16's 428-pt capture (both chosen).
/// - Home-button iPhones (20 pt): the time 12 pt, centred; "Carrier" 12 pt Regular at the left; the
///   402-pt cluster at 12/17 of its size, 6 pt from the right edge (chosen).
/// - iPads (iPadOS 26, 1210-pt landscape): the time 14 pt, left-aligned at x 26, then the date; bars 3.5 pt
///   wide at a 5-pt pitch, 4.5–11 pt tall; Wi-Fi 14.3 × 9.9; battery 25 × 13; centre line y 16; the
///   cluster's right end 26 pt from the edge, as the time's left (chosen).
extension SceneGraphBuilder {
    /// One family's measured geometry (see above), in points.
    struct StatusBarMetrics {
        var timeSize: Double
        var timeWeight: FontWeight = .semibold
        /// Where the time's baseline is, and its ink's centre (or, with `timeLeading`, its left end).
        var timeBaseline: Double
        var timeX: Double
        var timeLeading = false
        /// What follows the time on an iPad; what precedes it on a home-button iPhone.
        var date: String? = nil
        var carrier: String? = nil
        var barWidth: Double
        var barPitch: Double
        var barHeights: [Double]
        /// The bars' bottom and the Wi-Fi glyph's bottom.
        var bottom: Double
        var wifi: Size
        var battery: Size
        var batteryRadius: Double
        var gap: Double
        /// From the cap's end to the screen's right edge.
        var rightInset: Double
        var island: Rect? = nil

        static func of(_ device: Device, screenWidth: Double) -> StatusBarMetrics? {
            let top = device.safeAreaTop
            if device.idiom == .pad {
                return StatusBarMetrics(timeSize: 14, timeWeight: .medium, timeBaseline: 21, timeX: 26, timeLeading: true, date: "Mon Jun 9",
                                        barWidth: 3.5, barPitch: 5, barHeights: [4.5, 6.67, 8.83, 11], bottom: 21.5,
                                        wifi: Size(width: 14.3, height: 9.9), battery: Size(width: 25, height: 13), batteryRadius: 4.5,
                                        gap: 6.5, rightInset: 26)
            }
            if top >= 59 {
                return StatusBarMetrics(timeSize: 17, timeBaseline: 38.67, timeX: 74,
                                        barWidth: 3.33, barPitch: 5.33, barHeights: [4.67, 7, 9.67, 12.33], bottom: 38.67,
                                        wifi: Size(width: 16.67, height: 12.3), battery: Size(width: 25, height: 13), batteryRadius: 4.5,
                                        gap: 7.5, rightInset: 35.33,
                                        island: Rect(x: (screenWidth - 125.5) / 2, y: 13.92, width: 125.5, height: 36.83))
            }
            if top >= 44 {
                return StatusBarMetrics(timeSize: 16, timeBaseline: 28.33, timeX: 57.1,
                                        barWidth: 3.33, barPitch: 5, barHeights: [4.67, 7, 9.67, 12.33].map { $0 * 11.8 / 12.3 }, bottom: 28.33,
                                        wifi: Size(width: 15.8, height: 11.8), battery: Size(width: 24, height: 12.33), batteryRadius: 3.8,
                                        gap: 6.6, rightInset: 27.33)
            }
            guard top >= 20 else { return nil }
            let k = 12.0 / 17
            return StatusBarMetrics(timeSize: 12, timeBaseline: 14.5, timeX: screenWidth / 2, carrier: "Carrier",
                                    barWidth: 3.33 * k, barPitch: 5.33 * k, barHeights: [4.67, 7, 9.67, 12.33].map { $0 * k }, bottom: 14.5,
                                    wifi: Size(width: 16.67 * k, height: 12.3 * k), battery: Size(width: 25 * k, height: 13 * k), batteryRadius: 4.5 * k,
                                    gap: 7.5 * k, rightInset: 6)
        }
    }

    func statusBar() -> [Node] {
        guard scene.showsStatusBar, let m = StatusBarMetrics.of(scene.device, screenWidth: layout.screen.width) else { return [] }
        let ink = scene.colors.label, screen = layout.screen, width = screen.width
        var nodes: [Node] = []
        // Right to left, every box is mirrored, and a text's anchor with it.
        func place(_ r: Rect) -> Rect { leading(r, in: screen) }
        func text(_ string: String, size: Double, weight: FontWeight, x: Double, baseline: Double, alignment: Text.Alignment) -> Node {
            let mirrored = scene.isRightToLeft
            let anchor = mirrored ? screen.minX + screen.maxX - x : x
            let aligned: Text.Alignment = !mirrored ? alignment : alignment == .leading ? .trailing : alignment == .trailing ? .leading : .center
            return .text(Text(string: string, fontSize: size, weight: weight, color: ink, baseline: Point(x: anchor, y: baseline), alignment: aligned))
        }
        if let island = m.island, scene.statusBar.dynamicIsland {
            nodes.append(.shape(Shape(frame: island, cornerRadius: island.height / 2, fill: .black)))
        }
        nodes.append(text("9:41", size: m.timeSize, weight: m.timeWeight, x: m.timeX, baseline: m.timeBaseline,
                          alignment: m.timeLeading ? .leading : .center))
        if let date = m.date {
            // The date follows the time, a space's width after its advance (about 0.6 em for "9:41").
            nodes.append(text(date, size: m.timeSize, weight: m.timeWeight, x: m.timeX + 2.6 * m.timeSize, baseline: m.timeBaseline, alignment: .leading))
        }
        if let carrier = m.carrier {
            nodes.append(text(carrier, size: m.timeSize, weight: .regular, x: 6, baseline: m.timeBaseline, alignment: .leading))
        }
        // From the right edge leftwards: the cap, the body, the Wi-Fi glyph, the bars.
        let capEnd = width - m.rightInset
        let cap = Size(width: 1.33 * m.battery.height / 13, height: 4 * m.battery.height / 13)
        let body = Rect(x: capEnd - cap.width - 1 * m.battery.height / 13 - m.battery.width, y: m.bottom + 0.33 - m.battery.height,
                        width: m.battery.width, height: m.battery.height)
        nodes.append(.image(Image(asset: Self.batteryOutline(m.battery, radius: m.batteryRadius), frame: place(body), tint: ink)))
        // The fill: as long as the charge (`statusBar.battery`), from the left, at least its two round ends;
        // none at 0 %. (iOS paints a low battery red and a charging one green: not drawn.)
        let inset = 2 * m.battery.height / 13, full = body.width - 2 * inset, fillHeight = body.height - 2 * inset
        let radius = max(m.batteryRadius - inset, 0.5), charge = scene.statusBar.battery
        if charge > 0 {
            let length = min(full, max(full * charge, 2 * radius))
            nodes.append(.shape(Shape(frame: place(Rect(x: body.minX + inset, y: body.minY + inset, width: length, height: fillHeight)),
                                      cornerRadius: radius, fill: ink)))
        }
        nodes.append(.shape(Shape(frame: place(Rect(x: capEnd - cap.width, y: body.center.y - cap.height / 2, width: cap.width, height: cap.height)),
                                  cornerRadius: cap.width / 2, fill: ink.withAlpha(0.5))))
        let wifi = Rect(x: body.minX - m.gap - m.wifi.width, y: m.bottom - m.wifi.height, width: m.wifi.width, height: m.wifi.height)
        nodes.append(.image(Image(asset: Self.wifiGlyph(m.wifi), frame: place(wifi), tint: ink)))
        let barsEnd = wifi.minX - m.gap
        for (index, height) in m.barHeights.enumerated() {
            let x = barsEnd - Double(m.barHeights.count - index - 1) * m.barPitch - m.barWidth
            // Bars past the signal (`statusBar.signal`) at 20 % of the ink, as iOS draws them.
            nodes.append(.shape(Shape(frame: place(Rect(x: x, y: m.bottom - height, width: m.barWidth, height: height)),
                                      cornerRadius: min(1, m.barWidth / 3), fill: index < scene.statusBar.signal ? ink : ink.withAlpha(0.2))))
        }
        return nodes
    }


    /// The battery's outline: a 1-pt stroke at 40 % of the ink (a template, tinted with the ink).
    static func batteryOutline(_ size: Size, radius: Double) -> Asset {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(SVGNumber.format(size.width))" height="\(SVGNumber.format(size.height))" \
            viewBox="0 0 \(SVGNumber.format(size.width)) \(SVGNumber.format(size.height))"><rect x="0.5" y="0.5" \
            width="\(SVGNumber.format(size.width - 1))" height="\(SVGNumber.format(size.height - 1))" rx="\(SVGNumber.format(radius - 0.5))" \
            fill="none" stroke="#000" stroke-opacity="0.4" stroke-width="1"/></svg>
            """
        return Asset(source: .builtIn(name: "status-battery-\(size.width)x\(size.height)", data: Data(svg.utf8)), format: .svg,
                     displayName: "(built-in battery)", keyPath: KeyPath.root.appending("statusBar"))
    }

    /// The Wi-Fi glyph: three bands of a fan opening 85° upwards from its bottom centre, the innermost a
    /// wedge (a template, tinted with the ink).
    static func wifiGlyph(_ size: Size) -> Asset {
        let w = size.width, h = size.height, cx = w / 2, cy = h
        let half = asin(min(1, (w / 2) / h))
        func point(_ r: Double, _ a: Double) -> String { "\(SVGNumber.format(cx + r * sin(a))) \(SVGNumber.format(cy - r * cos(a)))" }
        func band(_ inner: Double, _ outer: Double) -> String {
            let r = SVGNumber.format(outer), ri = SVGNumber.format(inner)
            guard inner > 0 else { return "M\(point(0, 0))L\(point(outer, -half))A\(r) \(r) 0 0 1 \(point(outer, half))Z" }
            return "M\(point(outer, -half))A\(r) \(r) 0 0 1 \(point(outer, half))L\(point(inner, half))A\(ri) \(ri) 0 0 0 \(point(inner, -half))Z"
        }
        let path = band(0.62 * h, h) + band(0.3 * h, 0.5 * h) + band(0, 0.19 * h)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(SVGNumber.format(w))" height="\(SVGNumber.format(h))" \
            viewBox="0 0 \(SVGNumber.format(w)) \(SVGNumber.format(h))"><path fill="#000" d="\(path)"/></svg>
            """
        return Asset(source: .builtIn(name: "status-wifi-\(w)x\(h)", data: Data(svg.utf8)), format: .svg,
                     displayName: "(built-in Wi-Fi glyph)", keyPath: KeyPath.root.appending("statusBar"))
    }
}
