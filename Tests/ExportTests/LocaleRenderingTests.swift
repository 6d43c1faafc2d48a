@testable import Drawing
@testable import Exporting
import Foundation
import Graph
@testable import Graphics
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
import XCTest

/// Every locale of a String Catalog drawn in a font that covers its script: no character without a glyph
/// (pango would draw a box), ink where each title is, the face of the script's Noto font; Arabic and Hebrew
/// mirrored.
final class LocaleRenderingTests: XCTestCase {
    private func animation(locale: String) throws -> Animation {
        let url = fixtureURL("strings/scene.json")
        let resolver = SceneResolver(file: "scene.json", baseDirectory: url.deletingLastPathComponent())
        return Animation(try resolver.resolve(try SceneSpec.read(url, file: "scene.json")) { $0.locale = locale })
    }

    func testEveryScriptHasItsGlyphs() throws {
        let expected: [String: String] = ["en": "Inter", "de": "Inter", "fi": "Inter", "ar": "Noto Sans Arabic", "he": "Noto Sans Hebrew",
                                          "ja": "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC", "th": "Noto Sans Thai", "hi": "Noto Sans Devanagari"]
        for (locale, family) in expected.sorted(by: { $0.key < $1.key }) {
            let animation = try animation(locale: locale)
            let prepared = PreparedAnimation(animation, pdf: InProcessPDFConverter())
            let faces = Typefaces.faces(of: prepared.graph.tabBarTexts)
            XCTAssertFalse(faces.isEmpty, locale)
            for (text, face) in faces where text.string != "History" {  // hi has no "History": English
                XCTAssertEqual(PangoText.missingGlyphs(in: text), 0, "\(locale): \"\(text.string)\" has characters no font draws")
                XCTAssertTrue(face.name.hasPrefix(family), "\(locale): \"\(text.string)\" in \(face.name), expected \(family)")
            }
            // Ink in every title's place, in the frame an export draws.
            let surface = try PNGExporter(prepared).frame(at: 0)
            let picture = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
            let s = animation.scene.export.scale, region = animation.layout.exportRegion
            for item in animation.layout.items {
                let y = Int((item.titleBaseline.y - 4 - region.minY) * s)
                var inked = 0
                for dy in -Int(4 * s)...Int(3 * s) {
                    for x in Int((item.frame.minX - region.minX) * s)..<Int((item.frame.maxX - region.minX) * s) {
                        let p = picture.pixel(x, y + dy)
                        if min(p.r, p.g, p.b) < 200 { inked += 1 }
                    }
                }
                XCTAssertGreaterThan(inked, Int(10 * s * s), "\(locale): a title at x \(item.frame.minX)")
            }
        }
    }

    func testArabicAndHebrewAreMirrored() throws {
        for locale in ["ar", "he"] {
            let layout = try animation(locale: locale).layout
            XCTAssertGreaterThan(layout.items[0].frame.minX, layout.items[4].frame.minX, "\(locale): item 0 rightmost")
        }
        let layout = try animation(locale: "de").layout
        XCTAssertLessThan(layout.items[0].frame.minX, layout.items[4].frame.minX)
    }
}
