@testable import Drawing
import Foundation
import Graph
import LottieEngine
import Resolving
@testable import SVGExport
import Scene
import TestSupport
import XCTest

/// Lottie clips in the SVG as SMIL on the file's own keyframes (issue 37, item 4): the demo's two icons
/// move between frame times as the engine draws them there, with no sheet stepping them.
final class LottieSMILTests: XCTestCase {
    private func demo() throws -> ResolvedScene {
        let file = packageRoot.appendingPathComponent("Assets/demo/scene.json")
        return try SceneResolver.load(file, displayName: file.lastPathComponent)
    }

    /// The demo's clips: each a `<g id="lottie-N">` of animations, no sheet, smaller than the flip-book
    /// (16,906 bytes of sheets before).
    func testTheDemoClipsAreSMILAndSmallerThanTheFlipBook() throws {
        let svg = String(decoding: try SVGExporter(Animation(try demo()), pdf: InProcessPDFConverter()).document(), as: UTF8.self)
        XCTAssertFalse(svg.contains("sprite-"), "no sheet, no <use> stepping a clip")
        XCTAssertEqual(svg.matches(of: /<g id="lottie-\d+">/).count, 2, "both clips as SMIL")
        XCTAssertTrue(svg.contains("type=\"rotate\""), "the needle's and the house's rotation")
        XCTAssertTrue(svg.contains("attributeName=\"d\""), "the door's opening, a path keyed on the file's curve")
        XCTAssertTrue(svg.contains("keySplines=\"0 0 1 1;0.42 0 0.58 1"), "the file's own easing")
        let size = Self.lottiePart(svg)
        print("Lottie part of the demo's SVG: \(size) bytes")
        XCTAssertLessThanOrEqual(size, 16_906)
    }

    /// Halfway between two frame times, 30, 50 and 70 % into each play, Chromium's picture of the SVG in
    /// each icon's box is within 30 dB of tabanim's own frame at that time, which draws the engine's picture
    /// at that fractional frame (`tabanim lottie --progress p`'s, p = (t − start)·fr / (op − ip)) at the box's
    /// exact place. A flip-book would show the frame before (it is printed for comparison).
    func testTheDemoClipsMoveBetweenFrameTimesInChromium() throws {
        guard let chromium = Browser.chromium else { throw XCTSkip("Chromium not found: browser test skipped") }
        let scene = try demo()
        let animation = Animation(scene)
        let fps = scene.export.fps
        let moments = animation.midFrameMoments
        XCTAssertGreaterThanOrEqual(moments.count, 6, "both clips played")
        let rasterizer = try Rasterizer(scene: scene, graph: animation.graph, pdf: InProcessPDFConverter())
        let first = try rasterizer.render(at: 0)
        let width = first.width, height = first.height
        let folder = try temporaryFolder()
        let page = try SeekPage(animation, at: moments.map(\.time), width: width, height: height)
        let shot = try chromium.screenshot(try page.write(in: folder).absoluteString, width: width, height: height * moments.count, in: folder)
        for (index, moment) in moments.enumerated() {
            func crop(_ p: Picture) -> Picture { animation.crop(moment.box, from: p) }
            let expected = crop(Picture(try rasterizer.render(at: moment.time)))
            let before = crop(Picture(try rasterizer.render(at: moment.time - 0.5 / fps)))
            let inBox = crop(page.copy(index, of: shot))
            print(String(format: "mid-frame %.4f s: SMIL %.1f dB (a flip-book's frame before: %.1f dB)",
                         moment.time, inBox.psnr(expected), before.psnr(expected)))
            assertIconBoxSimilar(inBox, expected, softened: false, minimumPSNR: 30, "mid-frame-\(moment.time)")
        }
    }

    /// The rule the SMIL times follow: at any t the scene track's value is the file's track at the frame
    /// the playhead shows then, ip + clamp(playhead(t)): held before a play, run at the file's rate, held at
    /// the out point after it, cut mid-curve by a replay (which jumps back); an overshooting curve included.
    func testASceneTrackIsTheFileTrackAtThePlayheadsFrame() throws {
        let scene = try demo()
        let sequence = try XCTUnwrap(Animation(scene).graph.sequences.first)
        var cut = sequence
        // Plays at 1 s, replayed at 1.3 s (cutting the curve), then runs past the out point.
        cut.playhead = Track([Graph.Keyframe(0, 0), Graph.Keyframe(1, 0, .linear), Graph.Keyframe(1.3, 9), Graph.Keyframe(1.3, 0, .linear),
                              Graph.Keyframe(3, 51)])
        let file = Track([Graph.Keyframe(0, 0, .cubicBezier(0.3, -0.6, 0.4, 1.8)), Graph.Keyframe(12, 10, .linear), Graph.Keyframe(20, 4)])
        let timeline = try XCTUnwrap(LottieTimeline(cut, inPoint: 0, outPoint: 24, duration: 4))
        let track = timeline.sceneTrack(file)
        XCTAssertTrue(track.keyframes.allSatisfy { $0.easing.isWithinUnitSquare }, "every curve within SMIL's range")
        for k in 0...400 {
            let t = Double(k) / 100
            let frame = min(max(cut.playhead.value(at: t), 0), 24)
            XCTAssertEqual(track.value(at: t), file.value(at: frame), accuracy: 1e-6, "t = \(t)")
        }
    }

    /// The bytes of the SVG's Lottie clips: their SMIL groups and any sheets.
    static func lottiePart(_ svg: String) -> Int {
        var total = 0
        for match in svg.matches(of: /<g id="[\w-]*(lottie|sprite)-\d+">/) {
            var depth = 0, index = match.range.lowerBound
            while index < svg.endIndex {
                let rest = svg[index...]
                if rest.hasPrefix("<g ") || rest.hasPrefix("<g>") { depth += 1 }
                if rest.hasPrefix("</g>") {
                    depth -= 1
                    if depth == 0 { total += svg.distance(from: match.range.lowerBound, to: index) + 4; break }
                }
                index = svg.index(after: index)
            }
        }
        for match in svg.matches(of: /<clipPath id="[\w-]*sprite-\d+-canvas">/) {
            if let end = svg[match.range.lowerBound...].range(of: "</clipPath>") { total += svg.distance(from: match.range.lowerBound, to: end.upperBound) }
        }
        return total
    }
}
