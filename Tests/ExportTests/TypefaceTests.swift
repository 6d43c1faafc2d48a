import Basics
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

/// Type as iOS draws it: SF Pro where installed or listed in `fonts`, else Inter standing in for it with SF
/// Pro's tracking; widths measured as UIKIT-2026.md measured real iOS titles (first to last inked column at
/// 3×), and the scene's own fonts drawn in their own glyphs.
final class TypefaceTests: XCTestCase {
    private func animation(_ items: [String], extra: String = "", style: String = "classic") throws -> Animation {
        let titles = items.map { "{\"title\": \"\($0)\"}" }.joined(separator: ", ")
        let json = """
            {"device": "iphone-16-pro", "export": {"scale": 3}, "centerButton": null\(extra),
             "tabBar": {"style": "\(style)", "selectedIndex": 0, "items": [\(titles)]}}
            """
        let spec = try SceneSpec.parse(Data(json.utf8), file: "type.json")
        return Animation(try SceneResolver(file: "type.json", baseDirectory: fixtureURL("fonts")).resolve(spec))
    }

    /// A title drawn from its kept layout (`PangoLayoutCache`) has the pixels of the title laid out afresh:
    /// drawn again at the same scale (the layout is not laid out again), at another scale, at a turn, and
    /// back, in Latin, Thai and Arabic. (A kept layout that missed a change of the matrix would draw
    /// the glyphs of another size.)
    func testATitleFromItsKeptLayoutIsTheTitleLaidOutAfresh() throws {
        let texts = ["Settings", "ตั้งค่า", "الإعدادات"].map {
            Text(string: $0, fontSize: 10, weight: .medium, color: Color(red: 0, green: 0.48, blue: 1, alpha: 1),
                 baseline: Point(x: 40, y: 20), alignment: .center, language: nil)
        }
        let matrices: [(Double, Double, Double, Double)] = [(1, 0, 0, 1), (1, 0, 0, 1), (3, 0, 0, 3), (2, 0.5, -0.5, 2), (1, 0, 0, 1)]
        func draw(_ text: Text, _ m: (Double, Double, Double, Double), fresh: Bool) throws -> [UInt32] {
            if fresh { PangoText.lock.withLock { PangoLayoutCache.shared.empty() } }
            let surface = try ImageSurface(width: 260, height: 90)
            let context = try CairoContext(surface)
            context.setMatrix(a: m.0, b: m.1, c: m.2, d: m.3, tx: 5, ty: 3)
            PangoText.draw(text, in: context)
            return surface.premultipliedARGB()
        }
        for text in texts {
            var kept: [[UInt32]] = []
            PangoText.lock.withLock { PangoLayoutCache.shared.empty() }
            for m in matrices { kept.append(try draw(text, m, fresh: false)) }
            for (k, m) in matrices.enumerated() {
                let fresh = try draw(text, m, fresh: true)
                XCTAssertTrue(fresh.contains { $0 != 0 }, "\(text.string) is drawn")
                let wrong = zip(kept[k], fresh).filter { $0 != $1 }.count
                XCTAssertEqual(wrong, 0, "\(text.string), drawing \(k) (matrix \(m)) from the kept layout: pixels that differ")
            }
        }
    }

    /// Each item's title ink in points: the columns and rows that differ from the same frame drawn with no
    /// titles (so that the glass bar's capsule and pill are not counted), as real titles were measured.
    private func titleInk(_ animation: Animation) throws -> [Rect] {
        func picture(_ animation: Animation) throws -> Picture {
            let surface = try PNGExporter(PreparedAnimation(animation, pdf: InProcessPDFConverter())).frame(at: 0)
            return Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
        }
        var untitled = animation.scene
        for index in untitled.tabBar.items.indices { untitled.tabBar.items[index].title = "" }
        let with = try picture(animation), without = try picture(Animation(untitled))
        let s = animation.scene.export.scale
        return animation.layout.items.map { item in
            let band = Rect(x: item.frame.minX, y: item.titleBaseline.y - 11, width: item.frame.width, height: 14)
            var xs: [Int] = [], ys: [Int] = []
            for y in Int(band.minY * s)..<Int(band.maxY * s) {
                for x in Int(band.minX * s)..<Int(band.maxX * s) {
                    let p = with.pixel(x, y), q = without.pixel(x, y)
                    if max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b)) > 5 { xs.append(x); ys.append(y) }
                }
            }
            guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            return Rect(x: Double(x0) / s, y: Double(y0) / s, width: Double(x1 - x0 + 1) / s, height: Double(y1 - y0 + 1) / s)
        }
    }

    func testTheStandInsTitlesAreWithinAPointOfIOS() throws {
        let face = Typefaces.face(for: "Feeds", family: nil, weight: .medium)
        guard face.kind == .standIn else { throw XCTSkip("SF Pro is installed here (\(face.name)): the stand-in is not drawn") }
        XCTAssertEqual(face.name, "Inter Medium")
        XCTAssertEqual(face.tracking(at: 10), 0.12, accuracy: 1e-9, "SF Pro's +12/1000 em at 10 pt")
        // UIKIT-2026.md, "Type": iOS 18's classic bar and iOS 26's glass bar, the first item selected in each
        // (the glass bar's selected title is heavier: semibold here).
        for (titles, widths, style) in [(["Feeds", "Favorites", "Explore", "Debug"], [28.33, 43.67, 35.67, 30.67], "classic"),
                                        (["Learn", "Compare", "Lab", "Checklist"], [26.67, 43.33, 16.67, 44.67], "glass")] {
            let inks = try titleInk(try animation(titles, style: style))
            for (title, (ink, width)) in zip(titles, zip(inks, widths)) {
                print("\(title): \(String(format: "%.2f", ink.width)) pt, iOS \(width) pt")
                XCTAssertEqual(ink.width, width, accuracy: 1, title)
            }
        }
    }

    func testASceneFontDrawsItsOwnGlyphs() throws {
        let animation = try animation(["Home", "Mail"], extra: #", "fonts": ["TabanimBlocks.ttf"]"#)
        var scene = animation.scene
        XCTAssertEqual(scene.fontFiles.map(\.displayName), ["TabanimBlocks.ttf"])
        scene.tabBar.titleFamily = "Tabanim Blocks"
        let blocks = Animation(scene)
        XCTAssertEqual(Typefaces.register(scene), [])
        XCTAssertEqual(Typefaces.face(for: "Home", family: "Tabanim Blocks", weight: .medium).name, "Tabanim Blocks Regular")
        // Each letter a 5 × 7 pt block on a 6 pt advance, untracked (UIKit tracks only the system font):
        // four letters are 23 pt wide and 7 pt tall, standing on the baseline.
        let inks = try titleInk(blocks)
        for (ink, item) in zip(inks, blocks.layout.items) {
            XCTAssertEqual(ink.width, 23, accuracy: 0.4)
            XCTAssertEqual(ink.height, 7, accuracy: 0.4)
            XCTAssertEqual(ink.maxY, item.titleBaseline.y, accuracy: 0.4, "on the baseline")
        }
        // The system font's titles in the same scene are not blocks.
        let plain = try titleInk(animation)
        XCTAssertGreaterThan(abs(plain[0].width - 23), 1)
    }

    func testAFileThatIsNotAFontAndAnUnknownFamilyAreNamed() throws {
        let animation = try animation(["Home"], extra: #", "fonts": ["NotAFont.ttf", "Truncated.ttf"]"#)
        var scene = animation.scene
        scene.tabBar.titleFamily = "Helvetica Neue Ultra"
        XCTAssertEqual(Typefaces.register(scene).map(\.description), [
            "type.json: fonts[0]: NotAFont.ttf is not a font (fontconfig reads no face from it); use a .ttf, .otf or .ttc font file",
            "type.json: fonts[1]: Truncated.ttf is not a font (fontconfig reads no face from it); use a .ttf, .otf or .ttc font file",
            #"type.json: tabBar.titleFont: no font family "Helvetica Neue Ultra" is installed or listed in "fonts" (none of the scene's fonts could be read)"#,
        ])
    }

    func testSFProsTrackingTable() {
        XCTAssertEqual(SFTracking.thousandths(at: 10), 12)
        XCTAssertEqual(SFTracking.thousandths(at: 13), -6)
        XCTAssertEqual(SFTracking.thousandths(at: 17), -26)
        XCTAssertEqual(SFTracking.thousandths(at: 12.5), -3, "interpolated")
        XCTAssertEqual(SFTracking.thousandths(at: 2), 41, "the table's ends hold outside it")
        XCTAssertEqual(SFTracking.points(at: 17), -0.442, accuracy: 1e-9)
    }
}
