import Basics
@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// Badges on inline items (the iPad's classic bar, the iPhone's compact-height bar), drawn: the disc centred on
/// the icon's top trailing corner, a longer value growing over the icon, and nothing red over the title.
final class InlineBadgeTests: XCTestCase {
    private func picture(_ device: String, orientation: String, rightToLeft: Bool = false) throws -> (Animation, Picture) {
        let json = """
            { "device": "\(device)", "orientation": "\(orientation)", "centerButton": null, "export": { "scale": 2 },
              \(rightToLeft ? #""layoutDirection": "rightToLeft","# : "")
              "tabBar": { "style": "classic", "items": [
                {"title": "HOME", "icon": "square.svg", "badge": "3"}, {"title": "MAIL", "icon": "square.svg", "badge": "99+"},
                {"title": "LINE", "badge": ""}, {"title": "TIME", "icon": "square.svg"}] } }
            """
        let folder = try temporaryFolder()
        try #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect x="2" y="2" width="20" height="20"/></svg>"#
            .write(to: folder.appendingPathComponent("square.svg"), atomically: true, encoding: .utf8)
        let scene = try SceneResolver(file: "badges.json", baseDirectory: folder).resolve(try SceneSpec.parse(Data(json.utf8), file: "badges.json"))
        let animation = Animation(scene, measuring: PangoText.Measurer())
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        return (animation, Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height))
    }

    /// systemRed (255,59,48), give or take antialiasing.
    private func isRed(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.r > 200 && p.g < 110 && p.b < 110 }

    /// The red pixels inside `rect` (points), as a bounding box in points.
    private func redBox(_ picture: Picture, in rect: Rect, scale: Double = 2) -> Rect? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for y in max(0, Int(rect.minY * scale))..<min(picture.height, Int(rect.maxY * scale)) {
            for x in max(0, Int(rect.minX * scale))..<min(picture.width, Int(rect.maxX * scale)) where isRed(picture.pixel(x, y)) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return Rect(x: Double(minX) / scale, y: Double(minY) / scale, width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
    }

    func testTheBadgeSitsOnTheIconsTopTrailingCornerClearOfTheTitle() throws {
        for (device, orientation) in [("ipad-pro-11", "portrait"), ("iphone-16-pro", "landscape")] {
            for rightToLeft in [false, true] {
                let name = "\(device) \(orientation)\(rightToLeft ? " right to left" : "")"
                let (animation, picture) = try picture(device, orientation: orientation, rightToLeft: rightToLeft)
                XCTAssertEqual(animation.layout.kind, .inline, name)
                let items = animation.layout.items
                let measurer = PangoText.Measurer()
                for index in 0..<2 {
                    let item = items[index], iconFrame = item.iconFrame
                    // Only this item's badge: the item's slot, from above the bar to its bottom.
                    let slot = Rect(x: item.frame.minX, y: item.frame.minY - 20, width: item.frame.width, height: item.frame.height + 20)
                    let badge = try XCTUnwrap(redBox(picture, in: slot), name)
                    XCTAssertEqual(badge.height, 18, accuracy: 1, "\(name) item \(index): an 18 pt disc")
                    XCTAssertEqual(badge.center.y, iconFrame.minY, accuracy: 0.75, "\(name) item \(index): centred on the icon's top")
                    let corner = rightToLeft ? iconFrame.minX : iconFrame.maxX
                    if index == 0 {
                        XCTAssertEqual(badge.width, 18, accuracy: 1, "\(name): one character, a disc")
                        XCTAssertEqual(badge.center.x, corner, accuracy: 0.75, "\(name): centred on the icon's top trailing corner")
                    } else {
                        // "99+": wider, its edge on the title's side where a disc's would be, grown over the icon.
                        XCTAssertGreaterThan(badge.width, 25, name)
                        let titleSideEdge = rightToLeft ? badge.minX : badge.maxX
                        XCTAssertEqual(titleSideEdge, rightToLeft ? corner - 9 : corner + 9, accuracy: 0.75, "\(name): grows away from the title")
                    }
                    // Nothing red over the title.
                    let width = measurer.width(of: animation.scene.tabBar.items[index].title, fontSize: animation.layout.titleFontSize,
                                               weight: .medium, family: nil, language: nil)
                    let title = Rect(x: item.titleBaseline.x - width / 2, y: item.titleBaseline.y - 12, width: width, height: 14)
                    XCTAssertNil(redBox(picture, in: title), "\(name) item \(index): the title is clear")
                }
                // A title-only item: the disc past the title's end, on its cap line.
                let item = items[2]
                let slot = Rect(x: item.frame.minX, y: item.frame.minY - 20, width: item.frame.width, height: item.frame.height + 20)
                let badge = try XCTUnwrap(redBox(picture, in: slot), name)
                let past = item.titleWidth / 2 + 2
                if rightToLeft {
                    XCTAssertEqual(badge.maxX, item.titleBaseline.x - past, accuracy: 0.75, "\(name): left of the title's end")
                } else {
                    XCTAssertEqual(badge.minX, item.titleBaseline.x + past, accuracy: 0.75, "\(name): right of the title's end")
                }
                XCTAssertEqual(badge.center.y, item.titleBaseline.y - 0.705 * animation.layout.titleFontSize, accuracy: 0.75, "\(name): on the cap line")
            }
        }
    }
}
