import Basics
@testable import Drawing
@testable import Exporting
import Foundation
import FoundationXML
@testable import GIFExport
import Graph
@testable import Graphics
import Outputs
import Resolving
@testable import Review
@testable import SVGExport
import Scene
import TestSupport
import XCTest

final class SVGExportTests: XCTestCase {
    func testSpinBecomesOneLinearSegmentPerSpinWithJumpsBack() throws {
        let track = Track([Keyframe(0, 0), Keyframe(1, 0, .linear), Keyframe(4, 360), Keyframe(4, 0)])
        let smil = try XCTUnwrap(SMILAnimation([track], duration: 8, frameRate: 30))
        XCTAssertEqual(smil.calcMode, .spline)
        XCTAssertEqual(smil.keyTimes, [0, 0.125, 0.5, 0.5, 1])
        XCTAssertEqual(smil.values, [[0], [0], [360], [0], [0]])
        XCTAssertEqual(smil.keySplines, [Easing.linear, .linear, .linear, .linear])
    }

    func testHoldOnlyTracksAreDiscrete() throws {
        let smil = try XCTUnwrap(SMILAnimation([Track([Keyframe(0, 1), Keyframe(2, 0), Keyframe(3, 1)])], duration: 4, frameRate: 30))
        XCTAssertEqual(smil.calcMode, .discrete)
        XCTAssertEqual(smil.keyTimes, [0, 0.5, 0.75])
        XCTAssertEqual(smil.values, [[1], [0], [1]])
        XCTAssertNil(SMILAnimation([Track.constant(1)], duration: 4, frameRate: 30))
    }

    func testASegmentCutByTheLoopEndKeepsItsShape() throws {
        // A slide from 3 s to 5 s in a 4 s loop: SMIL gets the first half of the curve, exactly.
        let track = Track([Keyframe(0, 0), Keyframe(3, 100, .easeInEaseOut), Keyframe(5, 0)])
        let smil = try XCTUnwrap(SMILAnimation([track], duration: 4, frameRate: 30))
        XCTAssertEqual(smil.keyTimes, [0, 0.75, 0.75, 1])
        XCTAssertEqual(smil.values[3][0], track.value(at: 4 - 1e-12), accuracy: 1e-6)
        guard case .cubicBezier = smil.keySplines[2] else { return XCTFail("the cut segment keeps a Bézier") }
    }

    /// SMIL plays each segment on its spline: the value at a time is found by solving the spline's x for
    /// the segment's progress, then reading its y, as `Easing` does.
    private func play(_ smil: SMILAnimation, at fraction: Double) -> [Double] {
        guard let segment = smil.keyTimes.indices.dropLast().last(where: { smil.keyTimes[$0] <= fraction }),
              smil.keyTimes[segment + 1] > smil.keyTimes[segment] else {
            return smil.values[smil.keyTimes.lastIndex { $0 <= fraction } ?? 0]
        }
        let p = (fraction - smil.keyTimes[segment]) / (smil.keyTimes[segment + 1] - smil.keyTimes[segment])
        let eased = smil.keySplines[segment](p)
        return zip(smil.values[segment], smil.values[segment + 1]).map { $0 + ($1 - $0) * eased }
    }

    /// An overshooting curve is written as in-range pieces that play the very same values (SMIL forbids
    /// control values outside 0…1), for slides, rotations and scales alike.
    func testOvershootingCurvesBecomeInRangePiecesThatPlayTheSameValues() throws {
        for curve in [Easing.cubicBezier(0.3, -0.5, 0.7, 1.5), .cubicBezier(0.34, 1.56, 0.64, 1), .cubicBezier(0.5, -10, 0.5, 10),
                      .cubicBezier(0.68, -0.6, 0.32, 1.6), .easeInEaseOut] {
            let x = Track([Keyframe(0, 0), Keyframe(1, 0, curve), Keyframe(2, 393)])
            let y = Track([Keyframe(0, 1), Keyframe(1, 1, curve), Keyframe(2, -1)])
            let smil = try XCTUnwrap(SMILAnimation([x, y], duration: 3, frameRate: 30))
            XCTAssertEqual(smil.calcMode, .spline)
            for spline in smil.keySplines {
                XCTAssertTrue(spline.isWithinUnitSquare, "\(curve): \(spline.controlPoints) leaves 0…1")
            }
            XCTAssertEqual(smil.keyTimes, smil.keyTimes.sorted(), "key times only grow")
            for k in 0...300 {
                let t = Double(k) / 100
                let played = play(smil, at: t / 3)
                XCTAssertEqual(played[0], x.value(at: t), accuracy: 1e-6, "\(curve) x at \(t) s")
                XCTAssertEqual(played[1], y.value(at: t), accuracy: 1e-8, "\(curve) y at \(t) s")
            }
            if !curve.isWithinUnitSquare { XCTAssertGreaterThan(smil.keySplines.count, 3, "\(curve) is split") }
        }
    }

    /// Tracks of one property keyed at different times cannot share one spline: sampled at each frame.
    func testTracksKeyedApartAreSampledAtTheFrameRate() throws {
        let x = Track([Keyframe(0, 0, .easeInEaseOut), Keyframe(1, 100)])
        let y = Track([Keyframe(0, 0, .linear), Keyframe(0.5, 50)])
        let smil = try XCTUnwrap(SMILAnimation([x, y], duration: 1, frameRate: 10))
        for k in 0..<10 {
            let t = Double(k) / 10
            let played = play(smil, at: t)
            XCTAssertEqual(played[0], x.value(at: t), accuracy: 1e-9, "x at frame \(k)")
            XCTAssertEqual(played[1], y.value(at: t), accuracy: 1e-9, "y at frame \(k)")
        }
    }

    private func document(_ name: String) throws -> String {
        let scene = try loadFixture(name)
        return String(decoding: try SVGExporter(Animation(scene), pdf: InProcessPDFConverter()).document(), as: UTF8.self)
    }

    func testOnlyWhatEveryViewerRuns() throws {
        let svg = try document("spin.json")
        XCTAssertFalse(svg.contains("<style"))
        XCTAssertFalse(svg.contains("style=\""))
        XCTAssertFalse(svg.contains("<script"))
        let references = svg.components(separatedBy: "http").count - 1
        XCTAssertEqual(references, 1, "only the SVG namespace")
        XCTAssertTrue(svg.contains(#"<animateTransform attributeName="transform" type="rotate""#))
        XCTAssertTrue(svg.contains(#"dur="4s" repeatCount="indefinite""#))
        XCTAssertEqual(svg.components(separatedBy: "data:image/svg+xml;base64,").count - 1, 3,
                       "the button image, the status bar's battery outline and Wi-Fi glyph, each stored once")
        XCTAssertNoThrow(try XMLDocumentCheck.wellFormed(svg))
    }

    /// Golden file: re-record on purpose with `TABANIM_RECORD_GOLDEN=1 swift test --filter SVGExportTests`;
    /// a recording run fails, so it cannot be left on by accident. Independent of the machine's fonts: the
    /// titles are written as text in the viewer's fonts (`--text fonts`), in the fixture's own font's family,
    /// so no outline of a system font is embedded.
    func testSpinSVGMatchesTheGoldenFile() throws {
        var options = EncodingOptions()
        options[SVGExporter.Settings.self].titles = .fonts
        let scene = try loadFixture("golden-spin.json")
        let svg = String(decoding: try SVGExporter(PreparedAnimation(Animation(scene), pdf: InProcessPDFConverter()), options: options).document(),
                         as: UTF8.self)
        XCTAssertFalse(svg.contains("glyphs-"), "no glyph outlines: they would come from the machine's fonts")
        XCTAssertTrue(svg.contains("Tabanim Blocks"), "the titles name the fixture's own font")
        let golden = packageRoot.appendingPathComponent("Tests/ExportTests/Golden/spin.svg")
        if ProcessInfo.processInfo.environment["TABANIM_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try svg.write(to: golden, atomically: true, encoding: .utf8)
            XCTFail("recorded \(golden.path); run again without TABANIM_RECORD_GOLDEN")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if svg != expected {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("spin.actual.svg")
            try svg.write(to: actual, atomically: true, encoding: .utf8)
            XCTFail("the SVG differs from \(golden.path); compare with \(actual.path) (diff -u), re-record if intended")
        }
    }

    /// A transform that never changes is drawn, as the rasterizer draws it: a static `transform` (the close
    /// button's × of the search field is two bars turned ±45° for good; the SVG drew them upright), and
    /// none for the identity.
    func testATransformThatNeverChangesIsDrawn() throws {
        let square = Node.shape(Shape(frame: Rect(x: 0, y: 0, width: 4, height: 4), fill: .black))
        let groups = [
            Group(name: "moved", children: [square], motion: [.translation(x: .constant(5), y: .constant(6))]),
            Group(name: "turned", children: [square], motion: [.rotation(degrees: .constant(45), center: Point(x: 2, y: 2))]),
            Group(name: "mirrored", children: [square], motion: [.scale(x: .constant(-1), y: .constant(1), center: Point(x: 2, y: 2))]),
            Group(name: "still", children: [square], motion: [.translation(x: .constant(0), y: .constant(0)), .rotation(degrees: .constant(0), center: .zero)]),
        ]
        let graph = SceneGraph(root: Group(name: "root", children: groups.map(Node.group)), viewport: Rect(x: 0, y: 0, width: 20, height: 20),
                               duration: 1, matte: .full(.white))
        let animation = Animation(try loadFixture("seed000.json")).showing(graph, fps: 10)
        let svg = String(decoding: try SVGExporter(animation, pdf: InProcessPDFConverter()).document(), as: UTF8.self)
        for transform in [#"transform="translate(5,6)""#, #"transform="rotate(45 2 2)""#, #"transform="scale(-1,1)""#] {
            XCTAssertTrue(svg.contains(transform), transform)
        }
        XCTAssertEqual(svg.components(separatedBy: "transform=").count - 1, 5, "one each, the scale's two moves, none for the identity")
    }

    /// Two SVGs inline in one page share its ids: with a prefix, every id and every reference carries it, and
    /// the document is otherwise the same.
    func testAnIDPrefixReachesEveryIDAndEveryReference() throws {
        let scene = try loadFixture("lottie.json")
        var exporter = SVGExporter(Animation(scene), pdf: InProcessPDFConverter())
        let plain = String(decoding: try exporter.document(), as: UTF8.self)
        exporter.idPrefix = "b-"
        let prefixed = String(decoding: try exporter.document(), as: UTF8.self)
        func matches(_ pattern: String, in text: String) -> [String] {
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range(at: 1), in: text)!]) }
        }
        let ids = matches(#" id="([^"]*)""#, in: prefixed)
        let references = matches(#"url\(#([^)]*)\)"#, in: prefixed) + matches(##"href="#([^"]*)""##, in: prefixed)
        XCTAssertGreaterThan(ids.count, 5)
        XCTAssertTrue(references.contains { $0.hasPrefix("b-clip-") } && references.contains { $0.hasPrefix("b-tint-") }
                      && references.contains { $0.hasPrefix("b-lottie-") }, "\(references)")
        XCTAssertEqual(ids.filter { !$0.hasPrefix("b-") }, [])
        XCTAssertEqual(Set(references).subtracting(ids), [], "every reference finds its id")
        XCTAssertEqual(matches(#" id="([^"]*)""#, in: plain).map { "b-" + $0 }, ids)
        XCTAssertEqual(prefixed.replacingOccurrences(of: "\"b-", with: "\"").replacingOccurrences(of: "#b-", with: "#"), plain)
    }
}

/// Well-formedness through Foundation's XML parser.
enum XMLDocumentCheck {
    struct Malformed: Error {}
    static func wellFormed(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        guard parser.parse() else { throw Malformed() }
    }
}

final class TextOutlineTests: XCTestCase {
    func testTitlesBecomeTheGIFFontsGlyphOutlines() throws {
        // Far from the origin too: pango skips glyphs outside the clip, so a bounded surface loses them.
        for (string, y) in [("首页", 40.0), ("9:41", 813.9), ("我", 813.9), ("发现", 1500)] {
            let text = Text(string: string, fontSize: 10, weight: .medium, color: .black, baseline: Point(x: 50, y: y), alignment: .center)
            let d = try PangoText.outline(text)
            XCTAssertGreaterThan(d.filter { $0 == "c" || $0 == "l" }.count, 8, "\(string): \(d.prefix(80))")
            XCTAssertEqual(d.filter { $0 == "z" }.count, d.filter { $0 == "m" }.count - 1, "\(string): every contour closed")
        }
    }
}

/// The bundled demo's SVG, as a README would embed it.
final class DemoSVGTests: XCTestCase {
    func testTheDemoSVGIsSelfContainedAndAFifthOfTheGIF() throws {
        let scene = try SceneResolver.load(packageRoot.appendingPathComponent("Assets/demo/scene.json"), displayName: "scene.json")
        let animation = Animation(scene)
        let folder = try temporaryFolder()
        let svgURL = folder.appendingPathComponent("demo.svg"), gifURL = folder.appendingPathComponent("demo.gif")
        try SVGExporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(svgURL))
        try GIFExporter(animation, pdf: InProcessPDFConverter()).export(to: OutputFile(gifURL))
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        XCTAssertNoThrow(try XMLDocumentCheck.wellFormed(svg))
        XCTAssertFalse(svg.contains("<script"))
        XCTAssertFalse(svg.contains("<style") || svg.contains("style=\""))
        let hrefs = svg.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertFalse(hrefs.isEmpty)
        XCTAssertTrue(hrefs.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("data:") }, "no outside file")
        XCTAssertEqual(svg.components(separatedBy: "http").count - 1, 1, "only the SVG namespace")
        let svgSize = try svgURL.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
        let gifSize = try gifURL.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
        print("demo at the same pixel size: SVG \(svgSize) bytes, GIF \(gifSize) bytes (\(String(format: "%.1f", Double(gifSize) / Double(svgSize)))×)")
        XCTAssertLessThanOrEqual(svgSize * 5, gifSize, "the SVG is at most a fifth of the GIF")
    }
}
