@testable import Drawing
import Foundation
import Graph
@testable import Graphics
@testable import PNGExport
import Resolving
import Scene
import SceneLayout
import Spec
import TestSupport
import XCTest

/// Titles wider than their label are truncated at the tail with "…", as UIKit truncates them, so that
/// neighbours never overlap.
final class TitleTruncationTests: XCTestCase {
    private func resolve(_ json: String) throws -> ResolvedScene {
        try SceneResolver(file: "titles.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "titles.json"))
    }

    /// Five 12-character titles (each about 120 pt at 10 pt, in 78.6 pt columns): in the drawn frame, every
    /// pixel of the title band on each column boundary is the bar's own background. Without truncation the
    /// titles ran across every boundary.
    func testNoTitleInkCrossesAColumnBoundary() throws {
        let title = "设置和隐私中心的通知管理"
        let items = Array(repeating: "{ \"title\": \"\(title)\" }", count: 5).joined(separator: ", ")
        let scene = try resolve(#"{"centerButton": null, "export": {"scale": 2}, "tabBar": {"items": [\#(items)]}}"#)
        let animation = Animation(scene)
        let surface = try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: 0)
        let picture = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        let layout = animation.layout, scale = scene.export.scale
        let bar = layout.bar
        for k in 1..<5 {
            let x = Int((Double(k) * layout.screen.width / 5 * scale).rounded(.down))
            let reference = picture.pixel(x, Int((bar.minY + 10) * scale))
            for y in Int((bar.minY + 30) * scale)..<Int((bar.minY + 49) * scale) {
                for column in [x - 1, x] {
                    let p = picture.pixel(column, y)
                    let difference = max(abs(p.r - reference.r), abs(p.g - reference.g), abs(p.b - reference.b))
                    XCTAssertLessThan(difference, 8, "title ink at (\(column), \(y)) on the boundary between items \(k - 1) and \(k)")
                }
            }
        }
        // What every exporter draws: the start of the title and "…".
        let fitted = animation.fittingText(PangoText.Measurer()).graph
        var titles: [String] = []
        fitted.visit { if case .text(let text) = $0, text.fontSize == Layout.titleFontSize { titles.append(text.string) } }
        XCTAssertEqual(titles.count, 10, "normal and selected title of each item")
        for shown in titles {
            XCTAssertTrue(shown.hasSuffix("…") && shown.count > 2 && title.hasPrefix(String(shown.dropLast())), shown)
        }
    }

    /// A title that fits is left alone, and the navigation title truncates within the bar's margins.
    func testTitlesThatFitAreKept() throws {
        let scene = try resolve(#"{"tabBar": {"items": [{"title": "首页"}, {"title": "我"}]}, "contents": [{"title": "\#(String(repeating: "Settings ", count: 20))"}]}"#)
        let fitted = Animation(scene).fittingText(PangoText.Measurer()).graph
        var strings: [String] = []
        fitted.visit { if case .text(let text) = $0 { strings.append(text.string) } }
        XCTAssertTrue(strings.contains("首页") && strings.contains("我"), "\(strings)")
        let navigation = try XCTUnwrap(strings.first { $0.hasPrefix("Settings") })
        XCTAssertTrue(navigation.hasSuffix("…"), navigation)
        XCTAssertLessThanOrEqual(PangoText.Measurer().width(of: navigation, fontSize: Layout.navigationTitleFontSize, weight: .semibold),
                                 scene.device.size.width - 32)
    }
}
