import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// iOS 26's glass bar (`tabBar.style: "glass"`): the measured geometry (UIKIT-2026.md), hit testing, the
/// pill's spring, and what a scene may not say of it.
final class GlassBarTests: XCTestCase {
    private func glass(_ extra: String = "", items: Int = 4, device: String = "iphone-16-pro") throws -> Animation {
        let titles = (0..<items).map { "{\"title\": \"T\($0)\"}" }.joined(separator: ", ")
        return Animation(try resolve("""
            { "device": "\(device)", "tabBar": { "style": "glass", "items": [\(titles)] } \(extra) }
            """))
    }

    func testTheCapsuleCellsIconsAndTitlesFollowTheMeasuredBar() throws {
        let layout = try glass(#", "centerButton": null"#).layout
        // 402 × 874 pt: 21 pt in from the left, right and bottom; 62 pt tall, its top 83 pt above the bottom.
        XCTAssertEqual(layout.capsule, Rect(x: 21, y: 874 - 83, width: 360, height: 62))
        XCTAssertEqual(layout.content, layout.screen, "content runs under the glass to the screen's bottom")
        // 4 items: (360 − 8) / 4 + 7 = 95 pt cells from 4 pt to 356 pt at a pitch of 85.67 pt.
        let cells = layout.items.map(\.frame)
        XCTAssertEqual(cells.first?.minX ?? 0, 21 + 4, accuracy: 1e-9)
        XCTAssertEqual(cells.last?.maxX ?? 0, 21 + 356, accuracy: 1e-9)
        for (i, cell) in cells.enumerated() {
            XCTAssertEqual(cell.width, 95, accuracy: 1e-9)
            XCTAssertEqual(cell.height, 54)
            XCTAssertEqual(cell.minY, 791 + 4)
            XCTAssertEqual(cell.minX - cells[0].minX, Double(i) * 257.0 / 3, accuracy: 1e-9)
            XCTAssertEqual(layout.items[i].iconFrame.center.y, 791 + 24, accuracy: 1e-9)
            XCTAssertEqual(layout.items[i].titleBaseline.y, 791 + 48.6, accuracy: 1e-9)
        }
        // 5 items with short titles: content-sized cells of at least 73 pt (the measured 73–78), overlapping
        // equally to span the capsule's inside.
        let five = try glass(items: 5).layout.items.map(\.frame)
        XCTAssertEqual(five.map(\.width), Array(repeating: 73, count: 5))
        XCTAssertEqual(five[0].minX, 21 + 4, accuracy: 1e-9)
        XCTAssertEqual(five[4].maxX, 21 + 356, accuracy: 1e-9)
        // Other presets keep the insets; right to left, item 0 is rightmost.
        let wide = try glass(items: 5, device: "iphone-17-pro-max").layout
        XCTAssertEqual(wide.capsule, Rect(x: 21, y: 956 - 83, width: 398, height: 62))
        let mirrored = try glass(#", "layoutDirection": "rightToLeft""#, items: 5).layout
        XCTAssertEqual(mirrored.items[0].frame.maxX, 402 - 21 - 4, accuracy: 1e-9)
    }

    func testTheCenterButtonSitsOnTheCapsulesTopEdgeAndItsProtrudingPartTakesTaps() throws {
        let animation = try glass(#", "script": [{"at": 1, "tap": {"x": 201, "y": 775}}]"#, items: 5)
        let layout = animation.layout
        let button = try XCTUnwrap(layout.centerButton)
        XCTAssertEqual(button.center.y, try XCTUnwrap(layout.capsule).minY, accuracy: 1e-9, "centred on the capsule's top edge")
        XCTAssertEqual(button.center.x, 201, accuracy: 1e-9)
        XCTAssertEqual(layout.hitTest(Point(x: 201, y: 791 - 20)), .centerButton, "above the capsule: the button")
        XCTAssertEqual(layout.hitTest(Point(x: 201, y: 840)), .item(2), "below the button: its placeholder item's cell")
        XCTAssertEqual(animation.timeline.spins.first?.start, 1, "the tap above the capsule spun the button")
        XCTAssertEqual(animation.timeline.selectedIndex(at: 1.5), 2)
    }

    func testTapsGoToTheNearestCellInsideTheCapsuleAndToTheContentOutside() throws {
        let layout = try glass(#", "centerButton": null"#).layout
        // Cells 0 and 1 overlap at 25 + 85.67 … 120 pt; the nearer centre wins.
        XCTAssertEqual(layout.hitTest(Point(x: 113, y: 820)), .item(0))
        XCTAssertEqual(layout.hitTest(Point(x: 117, y: 820)), .item(1))
        XCTAssertEqual(layout.hitTest(Point(x: 22, y: 822)), .item(0), "the capsule's own edge: the nearest cell")
        XCTAssertEqual(layout.hitTest(Point(x: 23, y: 793)), .content, "outside the round end")
        XCTAssertEqual(layout.hitTest(Point(x: 201, y: 860)), .content, "below the capsule the content shows")
        XCTAssertEqual(layout.hitTest(Point(x: 10, y: 820)), .content, "beside it too")
    }

    func testThePillGlidesOnTheDefaultSpringAndRestsExactlyOnTheNewCell() throws {
        let animation = try glass(#", "centerButton": null, "script": [{"at": 1, "tap": 3}, {"at": 3, "tap": 1}]"#)
        let pill = try XCTUnwrap(pillTrack(animation.graph))
        let cells = animation.layout.items.map(\.frame.center.x)
        let travel = cells[3] - cells[0]
        XCTAssertEqual(pill.value(at: 0.99), 0)
        // Critically damped, ω = 2π / 0.5 s: x = target − travel·(1 + ωτ)·e^(−ωτ).
        let omega = 2 * Double.pi / 0.5
        for tau in [0.05, 0.1, 0.2, 0.3, 0.5] {
            let expected = travel * (1 - (1 + omega * tau) * exp(-omega * tau))
            XCTAssertEqual(pill.value(at: 1 + tau), expected, accuracy: 0.021, "τ = \(tau) s")
        }
        XCTAssertLessThan(pill.value(at: 1.1), travel * 0.5, "between the cells a moment after the tap")
        XCTAssertEqual(pill.value(at: 2.9), travel, "at rest: exactly on the new cell")
        XCTAssertEqual(pill.value(at: 5), cells[1] - cells[0])
        // Unsimplified, two glides of ~1 s at 240 samples a second would be over 480 keyframes.
        XCTAssertLessThan(pill.keyframes.count, 240, "sampled sparingly")
    }

    func testTheGlassBarRefusesTheClassicBarsBackgroundKeys() {
        let messages = problems(##"{"tabBar": {"style": "glass", "backgroundColor": "#FFF", "translucent": true}}"##)
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.allSatisfy { $0.contains("glass") && $0.contains("classic") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("tabBar.backgroundColor") }, "\(messages)")
        XCTAssertTrue(problems(#"{"tabBar": {"style": "frosted"}}"#).first?.contains("tabBar.style") ?? false)
    }

    private func pillTrack(_ graph: SceneGraph) -> Track? {
        var found: Track?
        func walk(_ group: Group) {
            if group.name == "selection-pill", case .translation(let x, _)? = group.motion.first { found = x }
            for case .group(let nested) in group.children { walk(nested) }
        }
        walk(graph.root)
        return found
    }

    /// UIKIT-2026.md, "Vibrancy": on the dark glass pill systemYellow (255,214,10) reads (255,241,27); in
    /// light mode, and on the classic bar, the nominal tint is drawn.
    func testTheSelectedTitleIsVibrantOnTheDarkPill() throws {
        func selectedTitleColor(style: String, bar: String) throws -> [Double] {
            let graph = Animation(try resolve("""
                {"device": "iphone-16-pro", "centerButton": null, "interfaceStyle": "\(style)",
                 "tabBar": {"style": "\(bar)", "tintColor": "systemYellow", "items": [{"title": "A"}, {"title": "B"}, {"title": "C"}]}}
                """)).graph
            func find(_ group: Group) -> Color? {
                if group.name == "item-0-title-selected", case .text(let text)? = group.children.first { return text.color }
                for case .group(let child) in group.children { if let found = find(child) { return found } }
                return nil
            }
            let color = try XCTUnwrap(find(graph.root))
            return [color.red, color.green, color.blue].map { ($0 * 255).rounded() }
        }
        XCTAssertEqual(try selectedTitleColor(style: "dark", bar: "glass"), [255, 241, 27], "vibrant on the dark pill")
        XCTAssertEqual(try selectedTitleColor(style: "light", bar: "glass"), [255, 204, 0], "light: the nominal systemYellow")
        XCTAssertEqual(try selectedTitleColor(style: "dark", bar: "classic"), [255, 214, 10], "the classic bar: the nominal dark systemYellow")
    }
}
