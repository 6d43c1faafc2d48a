import AppleFormats
@testable import Drawing
import Foundation
import Graph
@testable import Graphics
import LottieEngine
@testable import PNGExport
import Resolving
@testable import SVGExport
import Scene
import Spec
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
            let a = try PNGExporter(archive, pdf: InProcessPDFConverter()).frame(at: t)
            let b = try PNGExporter(file, pdf: InProcessPDFConverter()).frame(at: t)
            XCTAssertEqual(a.straightRGBA(), b.straightRGBA(), "the same pixels at \(t) s")
        }
        let svgA = try String(decoding: SVGExporter(archive, pdf: InProcessPDFConverter()).document(), as: UTF8.self)
        let svgB = try String(decoding: SVGExporter(file, pdf: InProcessPDFConverter()).document(), as: UTF8.self)
        XCTAssertEqual(svgA, svgB, "the same SVG")
    }

    /// An archive's image (`i/img_0.png`) is drawn as the same image embedded in a `.json` file is, and as
    /// ThorVG draws that file (`image_embedded@thorvg-0.5.png`, `bench/lottie/reference.py`).
    func testTheArchivesImagesAreDrawnAsEmbeddedImages() throws {
        let archive = try animation("dotlottie/image.lottie#badge"), file = try animation("lottie/image_embedded.json")
        for t in [0.0, 0.3, 0.5, 0.9] {
            let a = try PNGExporter(archive, pdf: InProcessPDFConverter()).frame(at: t)
            let b = try PNGExporter(file, pdf: InProcessPDFConverter()).frame(at: t)
            XCTAssertEqual(a.straightRGBA(), b.straightRGBA(), "the same pixels at \(t) s")
        }
        let bytes = try Data(contentsOf: fixtureURL("dotlottie/image.lottie"))
        let (json, ids, warnings) = try DotLottie.animation(in: bytes, id: nil, theme: nil, limit: 1 << 20)
        XCTAssertEqual(ids, ["badge"]); XCTAssertEqual(warnings, [])
        let model = try LottieAnimation(data: json)
        XCTAssertEqual(model.unsupportedFeatures, [], "the engine draws it")
        XCTAssertEqual(model.images["img_0"]?.width, 12)
        let ours = try LottieVectorRenderer().render(model.picture(atFrame: 10), scale: 4).straightRGBA()
        let reference = try ImageSurface(png: Data(contentsOf: fixtureURL("lottie/image_embedded@thorvg-0.5.png"))).straightRGBA()
        XCTAssertEqual(ours.count, reference.count)
        // The image's 12 × 12 pt at (2, 2) (canvas px 8…56, its seam at 32) and the slot's red square: every
        // pixel within 8 of ThorVG's but in a 4 px band along the image's edges and seam, where cairo scales
        // the image bilinearly (as Core Animation's default `magnificationFilter` does) and ThorVG does not.
        func nearSeam(_ v: Int) -> Bool { [8, 32, 56].contains { abs(v - $0) <= 4 } }
        var differing: [String] = []
        for y in 0..<96 { for x in 0..<96 where !(nearSeam(y) && x < 60) && !(nearSeam(x) && y < 60) {
            let o = (y * 96 + x) * 4
            if (0..<4).contains(where: { abs(Int(ours[o + $0]) - Int(reference[o + $0])) > 8 }) { differing.append("(\(x), \(y))") }
        } }
        XCTAssertEqual(differing.count, 0, "pixels unlike ThorVG's: \(differing.prefix(8))")
        XCTAssertEqual(Array(ours[(20 * 96 + 20) * 4 ..< (20 * 96 + 20) * 4 + 4]), [0, 200, 0, 255], "the image's green half")
    }

    /// `"theme": "dark"` applies the archive's theme: its Color rule tints the slot "tint" blue; its Text
    /// rule is named in a warning; a theme the archive lacks is refused with the ones it has.
    func testAThemeOverridesTheSlots() throws {
        func themed(_ theme: String) throws -> ResolvedScene {
            let json = #"{"export": {"scale": 2, "fps": 10, "duration": 2}, "centerButton": null, "tabBar": {"items": [{"title": "A"}, {"title": "B", "animation": {"lottie": "dotlottie/image.lottie", "theme": "\#(theme)", "rendering": "original"}}]}, "script": [{"at": 0.2, "tap": 1}]}"#
            return try SceneResolver(file: "d.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(json.utf8), file: "d.json"))
        }
        let scene = try themed("dark")
        XCTAssertEqual(scene.warnings.map(\.description), [#"d.json: tabBar.items[1].animation.theme: dotlottie/image.lottie: theme "dark": rule "label" (Text) is not applied: tabanim applies colour, scalar, position, vector and gradient rules"#])
        let bytes = try Data(contentsOf: fixtureURL("dotlottie/image.lottie"))
        let dark = try LottieAnimation(data: DotLottie.animation(in: bytes, id: nil, theme: "dark", limit: 1 << 20).json)
        let plain = try LottieAnimation(data: DotLottie.animation(in: bytes, id: nil, theme: nil, limit: 1 << 20).json)
        func squareColor(_ model: LottieAnimation) throws -> [UInt8] {
            let rgba = try LottieVectorRenderer().render(model.picture(atFrame: 0), scale: 2).straightRGBA()
            return Array(rgba[(36 * 48 + 36) * 4 ..< (36 * 48 + 36) * 4 + 4])
        }
        XCTAssertEqual(try squareColor(plain), [255, 0, 0, 255], "the slot's own value without a theme")
        XCTAssertEqual(try squareColor(dark), [0, 0, 255, 255], "the theme's")
        let onFile = #"{"tabBar": {"items": [{"title": "A"}, {"title": "B", "animation": {"lottie": "lottie/square.json", "theme": "dark"}}]}}"#
        XCTAssertThrowsError(try SceneResolver(file: "d.json", baseDirectory: fixtureURL("")).resolve(try SceneSpec.parse(Data(onFile.utf8), file: "d.json"))) { error in
            XCTAssertTrue("\(error)".contains("tabBar.items[1].animation.theme: a theme is a dotLottie archive's (.lottie); lottie/square.json is a Lottie file"), "\(error)")
        }
        XCTAssertThrowsError(try themed("nope")) { error in
            XCTAssertTrue("\(error)".contains(#"no theme "nope" in the archive; it has "dark""#), "\(error)")
        }
    }
}
