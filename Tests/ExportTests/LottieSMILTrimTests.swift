@testable import Drawing
import Foundation
import Graph
import LottieEngine
@testable import SVGExport
import Scene
import TestSupport
import XCTest

/// Trim paths in the SVG as SMIL (issue 37): a moving trim is a dash on the whole path (`TrimWindow`,
/// `pathLength`), moving on the trim's own keyframes, not a flip-book. `lottie-trims.json` plays a
/// spinner (`s`, `e` and `o` moving on three curves, the offset past a full turn, round caps), a
/// translucent check mark of two paths trimmed as one (`m` 2, square caps) and a ring drawn by its trim's end.
final class LottieSMILTrimTests: XCTestCase {
    private func animation(_ name: String) throws -> LottieAnimation {
        try LottieAnimation(data: Data(contentsOf: fixtureURL("lottie/\(name)")))
    }

    func testEveryTrimmedLayerMovesAsSMIL() throws {
        for name in ["trim_spinner.json", "trim_ring.json"] {
            let file = try animation(name)
            for n in file.layers.indices {
                XCTAssertNotNil(try LottieContentMotion(file, layer: n), "\(name) layer \(n)")
            }
        }
        let scene = try loadFixture("lottie-trims.json")
        let svg = String(decoding: try SVGExporter(Animation(scene), pdf: InProcessPDFConverter()).document(), as: UTF8.self)
        XCTAssertFalse(svg.contains("sprite-"), "no sheet, no <use> stepping a clip")
        XCTAssertEqual(svg.matches(of: /<g id="lottie-\d+">/).count, 2, "both clips as SMIL")
        XCTAssertEqual(svg.matches(of: /pathLength="/).count, 4, "the spinner, the check mark's two strokes, the ring")
        XCTAssertEqual(svg.matches(of: /attributeName="stroke-dasharray"/).count, 4)
        XCTAssertTrue(svg.contains("attributeName=\"visibility\" values=\"hidden;visible"), "a round-capped trim keeping nothing is hidden")
        XCTAssertTrue(svg.contains("0.4 0 0.2 1"), "the ring's trim on its own curve")
        XCTAssertTrue(svg.contains("<g fill=\"none\" stroke=\"#e6334d\" opacity=\"0.7\""),
                      "the translucent check mark's two paths laid as one by their group's opacity, not each by stroke-opacity")
        print("Lottie part of the trims' SVG: \(LottieSMILTests.lottiePart(svg)) bytes")
    }

    /// Where a dash cannot say what the cut does, the trim is cut as before, so the vertex count moves and
    /// the layer keeps the flip-book: a trimmed path that is filled (lottie-ios's clock_trim trims its face
    /// so), and a stroke with dashes of its own.
    func testWhatADashCannotDrawKeepsTheFlipBook() throws {
        let trim = #"{"ty":"tm","s":{"a":0,"k":0},"e":{"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":20,"s":[90]}]},"o":{"a":0,"k":0},"m":1}"#
        let circle = #"{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]}}"#
        let stroke = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1}"#
        let dashed = #"{"ty":"st","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":4},"lc":1,"lj":1,"d":[{"n":"d","v":{"a":0,"k":6}},{"n":"g","v":{"a":0,"k":3}}]}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"#
        func file(_ items: String) throws -> LottieAnimation {
            let layer = #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[\#(items)]}"#
            return try LottieAnimation(data: Data(#"{"v":"5.7.0","fr":30,"ip":0,"op":20,"w":100,"h":100,"layers":[\#(layer)]}"#.utf8))
        }
        XCTAssertNotNil(try LottieContentMotion(try file([circle, trim, stroke].joined(separator: ",")), layer: 0), "a stroke alone: dashes")
        XCTAssertNil(try LottieContentMotion(try file([circle, trim, stroke, fill].joined(separator: ",")), layer: 0), "a filled trimmed path")
        XCTAssertNil(try LottieContentMotion(try file([circle, trim, dashed].joined(separator: ",")), layer: 0), "a dashed stroke")
    }

    /// The rule a window follows: at every frame, the length each dash keeps of the whole path is the
    /// length of the path as the engine cuts it (each trimmed stroke, summed over its contours).
    func testTheDashesKeepWhatTheCutKeeps() throws {
        for name in ["trim_spinner.json", "trim_ring.json"] {
            let file = try animation(name)
            for n in file.layers.indices {
                for k in 0...60 {
                    let frame = file.inPoint + (file.outPoint - file.inPoint) * Double(k) / 60
                    let cut = (try file.rootLayerContent(n, atFrame: frame) ?? []).map(Self.keptLength).reduce(0, +)
                    let dashed = try XCTUnwrap(file.rootLayerContent(n, atFrame: frame, options: EvaluationOptions(trimsAsDashes: true)))
                    XCTAssertTrue(dashed.contains(where: Self.hasTrim), "\(name) layer \(n): a trim left to dashes")
                    XCTAssertEqual(dashed.map(Self.keptLength).reduce(0, +), cut, accuracy: 1e-3 * max(cut, 1), "\(name) layer \(n) frame \(frame)")
                }
            }
        }
    }

    private static func hasTrim(_ node: VectorNode) -> Bool {
        switch node {
        case .group(_, _, let children): return children.contains(where: hasTrim)
        case .stroke(_, _, let style): return !style.trim.isEmpty
        default: return false
        }
    }

    /// The length a node's strokes draw: each contour's, or the part its window keeps.
    private static func keptLength(_ node: VectorNode) -> Double {
        switch node {
        case .group(_, _, let children): return children.map(keptLength).reduce(0, +)
        case .stroke(let path, _, let style):
            return path.contours.enumerated().map { k, contour in
                guard k < style.trim.count else { return contour.length }
                let w = style.trim[k]
                // ∫ over x in 0 ..< pathLength of [frac(x + dashOffset) < length], through F(y) = ⌊y⌋·length + min(frac y, length).
                func covered(_ y: Double) -> Double { y.rounded(.down) * w.length + min(y - y.rounded(.down), w.length) }
                return contour.length * (covered(w.pathLength + w.dashOffset) - covered(w.dashOffset)) / w.pathLength
            }.reduce(0, +)
        default: return 0
        }
    }

    /// Halfway between frame times, 30, 50 and 70 % into each play (and at rest before the first tap, where
    /// the trims keep nothing), each browser's picture of the SVG in each icon's box is within 30 dB of
    /// tabanim's own frame at that time (`tabanim lottie --progress`'s picture at the box's place).
    func testTrimsMoveBetweenFrameTimesInEveryBrowser() throws {
        let browsers = try Browser.installed()
        let scene = try loadFixture("lottie-trims.json")
        let animation = Animation(scene)
        let fps = scene.export.fps
        let moments = animation.graph.sequences.map { (box: $0.frame, time: 0.1) } + animation.midFrameMoments
        XCTAssertGreaterThanOrEqual(moments.count, 8, "both clips played")
        let rasterizer = try Rasterizer(scene: scene, graph: animation.graph, pdf: InProcessPDFConverter())
        let first = try rasterizer.render(at: 0)
        let width = first.width, height = first.height
        let folder = try temporaryFolder()
        let seek = try SeekPage(animation, at: moments.map(\.time), width: width, height: height)
        let page = try seek.write(in: folder)
        for browser in browsers {
            let shot = try browser.screenshot(page.absoluteString, width: width, height: height * moments.count, in: folder)
            for (index, moment) in moments.enumerated() {
                func crop(_ p: Picture) -> Picture { animation.crop(moment.box, from: p) }
                let expected = crop(Picture(try rasterizer.render(at: moment.time)))
                let before = crop(Picture(try rasterizer.render(at: moment.time - 0.5 / fps)))
                let inBox = crop(seek.copy(index, of: shot))
                print(String(format: "%@ mid-frame %.4f s: SMIL %.1f dB (a flip-book's frame before: %.1f dB)",
                             browser.name, moment.time, inBox.psnr(expected), before.psnr(expected)))
                assertIconBoxSimilar(inBox, expected, softened: false, minimumPSNR: 30, "\(browser.name)-trims-\(moment.time)")
            }
        }
    }
}
