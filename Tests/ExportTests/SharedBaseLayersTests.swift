@testable import Drawing
import Foundation
import GIFPlanning
@testable import GIFExport
import Scene
import TestSupport
import XCTest

/// The locales of one run draw each frame's base layers once (`SharedBaseLayers`): the files they write are
/// the very bytes each locale writes alone, and the layers are really shared (a locale after the first
/// draws none of its own where its base is the first's).
final class SharedBaseLayersTests: XCTestCase {
    private func prepared(locale: String) throws -> PreparedAnimation {
        let url = fixtureURL("strings/scene.json")
        let resolver = SceneResolver(file: "scene.json", baseDirectory: url.deletingLastPathComponent())
        let animation = Animation(try resolver.resolve(try SceneSpec.read(url, file: "scene.json")) { $0.locale = locale })
        return PreparedAnimation(animation, lottie: InProcessLottieRenderer())
    }

    private func gif(_ input: PreparedAnimation) throws -> Data {
        try GIFExporter(input, options: EncodingOptions()).encoded(named: "test.gif").data
    }

    func testSharingLocalesWriteTheBytesEachWritesAlone() throws {
        let layers = SharedBaseLayers()
        for locale in ["de", "fi", "ar", "he"] {
            let alone = try gif(try prepared(locale: locale))
            let shared = try gif(try prepared(locale: locale).sharing(layers))
            XCTAssertEqual(alone, shared, "\(locale): the shared layers changed the GIF")
        }
        // de draws every base; fi's are the same (left to right, the same bar): none drawn again. ar draws the
        // mirrored ones, and he shares those.
        let frames = try prepared(locale: "de").scene.export.frameCount
        XCTAssertGreaterThan(layers.drawnCount, 0)
        XCTAssertLessThanOrEqual(layers.drawnCount, 2 * frames, "a base drawn twice: nothing was shared")
        XCTAssertGreaterThanOrEqual(layers.sharedCount, frames, "fi and he found no base drawn")
    }

    /// Base then top draws the frame exactly: every text is on top, and whatever is moved from after a text
    /// into the base touches no pixel of the top.
    func testLayersMoveOnlyWhatTouchesNoText() throws {
        let input = try prepared(locale: "de")
        let rasterizer = try Rasterizer(scene: input.scene, graph: input.graph, lottie: input.lottie)
        for t in stride(from: 0.0, to: input.scene.export.duration, by: 0.25) {
            let commands = input.graph.sample(at: t)
            let (base, top) = try XCTUnwrap(rasterizer.layers(of: commands), "a frame with titles has a top layer")
            XCTAssertEqual(base.count + top.count, commands.count)
            XCTAssertTrue(base.allSatisfy { if case .text = $0.primitive { false } else { true } }, "a text in the base at \(t) s")
            XCTAssertTrue(top.contains { if case .text = $0.primitive { true } else { false } })
            // Each command after the first text that went to the base touches no pixel of a top command
            // drawn before it (one drawn after it still covers it, as in the frame).
            var topBefore: [PixelBox] = []
            var topIndex = 0
            let firstText = try XCTUnwrap(commands.firstIndex { if case .text = $0.primitive { true } else { false } })
            var moved = 0
            for command in commands[firstText...] {
                if topIndex < top.count, top[topIndex].drawsTheSame(as: command) {
                    topBefore.append(try XCTUnwrap(rasterizer.pixels(touchedBy: command)))
                    topIndex += 1
                    continue
                }
                moved += 1
                let box = try XCTUnwrap(rasterizer.pixels(touchedBy: command))
                XCTAssertTrue(topBefore.allSatisfy { $0.intersection(box).isEmpty }, "a command moved under a text it touches at \(t) s")
            }
            XCTAssertEqual(topIndex, top.count, "the top keeps the frame's order")
            XCTAssertGreaterThan(moved, 0, "nothing after a title joined the base at \(t) s")
        }
        // A budget of nothing shares nothing: the frames are drawn whole.
        let none = SharedBaseLayers(budget: 0)
        XCTAssertEqual(try gif(input), try gif(input.sharing(none)))
        XCTAssertEqual(none.drawnCount, 0)
    }
}
