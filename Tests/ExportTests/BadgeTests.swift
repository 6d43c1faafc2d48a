import Basics
@testable import Drawing
import Foundation
import Graph
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// UIKit's badges, read back from drawn frames: an 18 pt systemRed disc, a capsule for longer values, shown
/// from their event until cleared.
final class BadgeTests: XCTestCase {
    private let scale = 3.0

    private func animation(_ json: String) throws -> Animation {
        let scene = try SceneResolver(file: "badges.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "badges.json"))
        return Animation(scene)
    }

    /// The red run through `center` (screen points): its width and height in points, 0 when nothing is red there.
    private func redExtent(_ picture: Picture, at center: Point, region: Rect) -> (width: Double, height: Double) {
        func isRed(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < picture.width, y < picture.height else { return false }
            let p = picture.pixel(x, y)
            return p.r > 200 && p.g < 140 && p.b < 140
        }
        let cx = Int(((center.x - region.minX) * scale).rounded()), cy = Int(((center.y - region.minY) * scale).rounded())
        // Along the row and the column through the centre, skipping the white glyphs: the outermost red pixels.
        let span = Int(40 * scale)
        let row = (cx - span...cx + span).filter { isRed($0, cy + Int(4 * scale)) }
        let column = (cy - span...cy + span).filter { isRed(cx, $0) }
        guard let left = row.first, let right = row.last, let top = column.first, let bottom = column.last else { return (0, 0) }
        // The row 4 pt below the centre is a chord of a disc: the capsule's straight part shows its full width
        // only for capsules, so the width is read at the centre row for discs and capsules alike.
        let centreRow = (cx - span...cx + span).filter { isRed($0, cy) }
        let width = Double((centreRow.last ?? right) - (centreRow.first ?? left) + 1) / scale
        return (width, Double(bottom - top + 1) / scale)
    }

    private func frame(_ animation: Animation, at t: Double) throws -> Picture {
        let surface = try PNGExporter(animation.scaled(to: scale), pdf: InProcessPDFConverter()).frame(at: t)
        return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    func testDiscsCapsulesAndTheirEvents() throws {
        let animation = try self.animation(#"""
            {"centerButton": null, "export": {"duration": 3}, "tabBar": {"items": [
              {"title": "A", "badge": "3"}, {"title": "B", "badge": "99+"}, {"title": "C"}, {"title": "D", "icon": "icons/home.svg", "badge": ""}]},
             "script": [{"at": 1, "badge": {"item": 2, "value": "7"}}, {"at": 2, "badge": {"item": 0, "value": null}}]}
            """#)
        let layout = animation.layout, region = layout.exportRegion
        // Title-only items: the centre 12 pt below the bar's top, 20 pt right of the item's centre (UIKIT-2026.md).
        func titleOnlyBadge(_ item: Int) -> Point { Point(x: layout.items[item].frame.center.x + 20, y: layout.bar.minY + 12) }
        let early = try frame(animation, at: 0.5), late = try frame(animation, at: 2.5)

        let disc = redExtent(early, at: titleOnlyBadge(0), region: region)
        XCTAssertEqual(disc.width, 18, accuracy: 1, "a one-character badge is an 18 pt disc")
        XCTAssertEqual(disc.height, 18, accuracy: 1)
        let capsule = redExtent(early, at: titleOnlyBadge(1), region: region)
        XCTAssertEqual(capsule.height, 18, accuracy: 1)
        XCTAssertGreaterThan(capsule.width, 24, "\"99+\" widens to a capsule")
        let icon = layout.items[3].iconFrame
        let empty = redExtent(early, at: Point(x: icon.maxX + 8, y: icon.minY + 5.4), region: region)
        XCTAssertEqual(empty.width, 18, accuracy: 1, "\"\" is UIKit's empty full-size disc")

        XCTAssertEqual(redExtent(early, at: titleOnlyBadge(2), region: region).width, 0, "no badge before its event")
        XCTAssertEqual(redExtent(late, at: titleOnlyBadge(2), region: region).width, 18, accuracy: 1, "shown from its event on")
        XCTAssertEqual(redExtent(late, at: titleOnlyBadge(0), region: region).width, 0, "none after it is cleared")
        XCTAssertEqual(animation.timeline.events.filter { $0.kind == .badge }.map(\.badge), ["7", nil])
    }

    /// `badgeAnimation: "pop"`: the badge scales in with an overshoot, then rests at its size.
    func testAPopScalesTheBadgeIn() throws {
        let animation = try self.animation(#"""
            {"centerButton": null, "export": {"duration": 2}, "tabBar": {"badgeAnimation": "pop", "items": [{"title": "A"}, {"title": "B"}]},
             "script": [{"at": 1, "badge": {"item": 1, "value": "5"}}]}
            """#)
        let layout = animation.layout
        let center = Point(x: layout.items[1].frame.center.x + 20, y: layout.bar.minY + 12)
        let sizes = try [1.05, 1.15, 1.5].map { redExtent(try frame(animation, at: $0), at: center, region: layout.exportRegion).height }
        XCTAssertLessThan(sizes[0], 16, "still growing")
        XCTAssertGreaterThan(sizes[1], 19.5, "overshoots")
        XCTAssertEqual(sizes[2], 18, accuracy: 1, "rests at 18 pt")
    }

    /// UIKIT-2026.md, "Badges": a wide single character ("A") keeps the disc at 18 pt; the glyphs are 9.33 pt
    /// tall on iOS 17/18's classic bar, their bottom 4.67 pt above the disc's; 8.67 pt on iOS 26's glass bar.
    func testOneWideCharacterKeepsTheDiscAndTheGlyphsAreTheMeasuredSize() throws {
        for (style, glyph) in [("classic", 9.33), ("glass", 8.67)] {
            let animation = try self.animation("""
                {"centerButton": null, "device": "iphone-16-pro", "tabBar": {"style": "\(style)", "items": [
                  {"title": "A", "badge": "A"}, {"title": "B", "badge": "8"}]}}
                """)
            let layout = animation.layout, region = layout.exportRegion
            let picture = try frame(animation, at: 0)
            for item in [0, 1] {
                let center = layout.badgeCenter(of: layout.items[item], glass: style == "glass", rightToLeft: false)
                XCTAssertEqual(redExtent(picture, at: center, region: region).width, 18, accuracy: 0.7, "\(style) item \(item): an 18 pt disc")
                // The white glyph inside the disc: its rows, in points.
                var rows: [Int] = []
                let cx = Int(((center.x - region.minX) * scale).rounded()), cy = Int(((center.y - region.minY) * scale).rounded())
                for y in (cy - Int(7 * scale))...(cy + Int(7 * scale)) {  // inside the disc: no background
                    if (cx - Int(3 * scale)...cx + Int(3 * scale)).contains(where: { x in let p = picture.pixel(x, y); return p.r > 200 && p.g > 200 && p.b > 200 }) { rows.append(y) }
                }
                let height = Double((rows.last ?? 0) - (rows.first ?? 0) + 1) / scale
                XCTAssertEqual(height, glyph, accuracy: 0.5, "\(style) item \(item): the glyph's height")
            }
        }
    }
}
