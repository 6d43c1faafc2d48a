@testable import Drawing
@testable import SVGExport
import Foundation
import Scene
import TestSupport
import XCTest

/// An icon from a dotLottie archive is drawn exactly as the same animation from its `.json` file, in the
/// PNG frames and in the SVG.
final class DotLottieExportTests: XCTestCase {
    private func animation(_ lottie: String) throws -> Animation {
        let json = #"{"export": {"scale": 2, "fps": 10, "duration": 2}, "centerButton": null, "tabBar": {"items": [{"title": "A"}, {"title": "B", "animation": {"lottie": "\#(lottie)"}}]}, "script": [{"at": 0.2, "tap": 1}]}"#
        return Animation(try SceneResolver(file: "d.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "d.json")))
    }

    func testTheArchivesIconIsTheFilesIcon() throws {
        let archive = try animation("dotlottie/square.lottie"), file = try animation("lottie/square.json")
        for t in [0.0, 0.3, 0.5, 0.9] {
            let a = try PNGExporter(archive, lottie: InProcessLottieRenderer()).frame(at: t)
            let b = try PNGExporter(file, lottie: InProcessLottieRenderer()).frame(at: t)
            XCTAssertEqual(a.straightRGBA(), b.straightRGBA(), "the same pixels at \(t) s")
        }
        let svgA = try String(decoding: SVGExporter(archive, lottie: InProcessLottieRenderer()).document(), as: UTF8.self)
        let svgB = try String(decoding: SVGExporter(file, lottie: InProcessLottieRenderer()).document(), as: UTF8.self)
        XCTAssertEqual(svgA, svgB, "the same SVG")
    }
}
