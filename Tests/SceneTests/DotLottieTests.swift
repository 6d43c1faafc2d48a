import AppleFormats
import Basics
import Foundation
@testable import Graph
@testable import Resolving
@testable import Scene
@testable import SceneLayout
@testable import SceneTimeline
@testable import Spec
import XCTest

/// dotLottie archives (`.lottie`): the manifest's animation (or `#id`) taken out with bounds, inflated by
/// tabanim's own DEFLATE reader; bad archives refused by name.
final class DotLottieTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures").standardizedFileURL

    private func resolve(_ lottie: String) throws -> ResolvedScene {
        let json = #"{"tabBar": {"items": [{"title": "A", "animation": {"lottie": "\#(lottie)"}}, {"title": "B"}]}, "centerButton": null}"#
        return try SceneResolver(file: "scene.json", baseDirectory: fixtures).resolve(try SceneSpec.parse(Data(json.utf8), file: "scene.json"))
    }

    private func problem(_ lottie: String) -> String? {
        do {
            _ = try resolve(lottie)
            return nil
        } catch {
            return (error as? SceneError)?.diagnostics.first?.description
        }
    }

    func testTheArchivesAnimationIsTheFileItself() throws {
        let original = try Data(contentsOf: fixtures.appendingPathComponent("lottie/square.json"))
        let archive = try Data(contentsOf: fixtures.appendingPathComponent("dotlottie/square.lottie"))
        let (json, ids) = try DotLottie.animation(in: archive, id: nil, limit: 1 << 20)
        XCTAssertEqual(json, original, "inflated byte for byte")
        XCTAssertEqual(ids, ["square"])
        // The clip is the .json file's: the same canvas and timing, its bytes carried in the asset.
        let fromArchive = try resolve("dotlottie/square.lottie"), fromFile = try resolve("lottie/square.json")
        guard case .lottie(let clip)? = fromArchive.tabBar.items[0].animation, case .lottie(let reference)? = fromFile.tabBar.items[0].animation else {
            return XCTFail("both are Lottie clips")
        }
        XCTAssertEqual([clip.canvas.width, clip.canvas.height, clip.frameRate, clip.inPoint, clip.outPoint],
                       [reference.canvas.width, reference.canvas.height, reference.frameRate, reference.inPoint, reference.outPoint])
        guard case .builtIn(_, let data) = clip.asset.source else { return XCTFail("the archive's animation is carried as bytes") }
        XCTAssertEqual(data, original)
    }

    func testAnAnimationIsChosenByItsID() throws {
        let archive = try Data(contentsOf: fixtures.appendingPathComponent("dotlottie/two.lottie"))
        let (spin, ids) = try DotLottie.animation(in: archive, id: "spin", limit: 1 << 20)
        XCTAssertEqual(ids, ["square", "spin"])
        XCTAssertTrue(String(decoding: spin, as: UTF8.self).contains(#""nm": "spin""#), "the deflated one")
        let (square, _) = try DotLottie.animation(in: archive, id: nil, limit: 1 << 20)
        XCTAssertEqual(square, try Data(contentsOf: fixtures.appendingPathComponent("lottie/square.json")), "the first, stored")
        XCTAssertNoThrow(try resolve("dotlottie/two.lottie#spin"))
        XCTAssertEqual(problem("dotlottie/two.lottie#nope"),
                       #"scene.json: tabBar.items[0].animation: dotlottie/two.lottie: no animation "nope" in the archive; it has "square", "spin""#)
    }

    func testBadArchivesAreRefusedByName() {
        XCTAssertEqual(problem("dotlottie/bomb.lottie"),
                       "scene.json: tabBar.items[0].animation: dotlottie/bomb.lottie: animations/bomb.json inflates 1023 times its size, more than 200 (a zip bomb?)")
        XCTAssertEqual(problem("dotlottie/outside.lottie"),
                       #"scene.json: tabBar.items[0].animation: dotlottie/outside.lottie: an entry named "../x.json" points outside the archive"#)
        XCTAssertEqual(problem("dotlottie/truncated.lottie"),
                       "scene.json: tabBar.items[0].animation: dotlottie/truncated.lottie: not a zip archive (no end of central directory)")
        XCTAssertEqual(problem("dotlottie/none.lottie"),
                       "scene.json: tabBar.items[0].animation: dotlottie/none.lottie: the archive holds no animation (no animations/*.json)")
        XCTAssertEqual(problem("dotlottie/missing.lottie"), "scene.json: tabBar.items[0].animation: file not found: dotlottie/missing.lottie")
    }

    func testInflateRefusesDamageAndBounds() {
        // A stored block whose length check fails; data that ends too soon; a limit reached.
        XCTAssertThrowsError(try Inflate.inflate([0x01, 0x05, 0x00, 0x00, 0x00], limit: 100))
        XCTAssertThrowsError(try Inflate.inflate([0x02], limit: 100))
        XCTAssertThrowsError(try Inflate.inflate([0x01, 0x05, 0x00, 0xFA, 0xFF, 1, 2, 3, 4, 5], limit: 4))
        XCTAssertEqual(try Inflate.inflate([0x01, 0x05, 0x00, 0xFA, 0xFF, 1, 2, 3, 4, 5], limit: 5), [1, 2, 3, 4, 5])
        // Bytes of a fixed pseudo-random sequence never crash it.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<2000 {
            let bytes = (0..<64).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 29)
            }
            _ = try? Inflate.inflate(bytes, limit: 1 << 16)
            _ = try? DotLottie.animation(in: Data([0x50, 0x4B, 0x05, 0x06] + bytes), id: nil, limit: 1 << 16)
        }
    }
}
