import Basics
import Foundation
import Graph

/// The status bar's glyphs as built-in template images (tinted with the status bar's ink), each made at the
/// size the status bar's layout gives it (`StatusBarLayout`).
public enum StatusBarGlyphs {
    /// The battery's outline: a 1-pt stroke at 40 % of the ink (a template, tinted with the ink).
    public static func batteryOutline(_ size: Size, radius: Double) -> Asset {
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
    public static func wifiGlyph(_ size: Size) -> Asset {
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
