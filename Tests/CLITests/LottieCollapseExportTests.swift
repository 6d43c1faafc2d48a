import Foundation
import GIFExport
import TestSupport
import XCTest

/// Issue 57: an icon whose layers flip through 0 (a coin turning over, radial gradients with a highlight,
/// in a precomposition) exports in every format, region and rendering; so does the sweep of every shape
/// and paint kind held at 0 and a hair either side of it (`CollapseSweep`).
final class LottieCollapseExportTests: CLITestCase {
    private func folder(with lottie: [String: String], rendering: String, region: String) throws -> URL {
        let folder = try temporaryFolder()
        for (name, text) in lottie { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let items = lottie.keys.sorted().map { #"{"title": "\#($0)", "animation": {"lottie": "\#($0)", "rendering": "\#(rendering)"}}"# }
        let taps = (0..<lottie.count).map { #"{"at": \#(0.2 + Double($0) * 1.2), "tap": \#($0)}"# }
        let scene = """
            {"device": "iphone-se", "export": {"fps": 10, "duration": \(0.4 + Double(lottie.count) * 1.2), "scale": 2, "region": "\(region)"},
             "centerButton": null, "transition": "none",
             "tabBar": {"items": [\(items.joined(separator: ", ")), {"title": "Other"}]},
             "script": [\(taps.joined(separator: ", "))]}
            """
        try scene.write(to: folder.appendingPathComponent("scene.json"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The sweep in a plain layer and in a precomposition, each frame of it shown in turn (10 fps, the
    /// file's own rate), as GIF and SVG in both regions and renderings; the GIF shows the icon at 74 %.
    func testEveryKindHeldAtAndNearZeroExports() throws {
        let files = ["plain.json": CollapseSweep.document(precomposed: false), "precomposed.json": CollapseSweep.document(precomposed: true)]
        for rendering in ["original", "template"] {
            for region in ["tabBar", "screen"] {
                let folder = try folder(with: files, rendering: rendering, region: region)
                defer { try? FileManager.default.removeItem(at: folder) }
                let result = try tabanim(["export", "scene.json", "-o", "out.gif", "-o", "out.svg", "--quiet"], in: folder)
                XCTAssertEqual(result.status, 0, "\(rendering), \(region): \(result.stderr)")
                XCTAssertEqual(result.stderr, "")
                let gif = try DecodedGIF(path: folder.appendingPathComponent("out.gif").path, playedAt: 10)
                // Frame 2 (0.2 s) plays the sweep's frame 0 (74 %); frame 1 is the bar before the tap.
                XCTAssertNotEqual(gif.frames[2].rgba, gif.frames[1].rgba, "\(rendering), \(region): the icon at 74 % shows")
                let svg = try String(contentsOf: folder.appendingPathComponent("out.svg"), encoding: .utf8)
                XCTAssertTrue(svg.hasSuffix("</svg>\n"), "\(rendering), \(region): a whole SVG")
            }
        }
    }

    /// The project's coin (`Tests/Fixtures/lottie/flip_radial.json`): its turns cross 0 a ten-millionth of a
    /// frame from where a 30 fps export samples them (main failed the whole export there, "cairo: cairo
    /// drawing failed: out of memory"). GIF, SVG, WebP and MP4, the bar region and the whole screen, each
    /// rendering.
    func testTheFlippingCoinExportsInEveryFormatRegionAndRendering() throws {
        let coin = try String(contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/lottie/flip_radial.json"), encoding: .utf8)
        for rendering in ["original", "template"] {
            for region in ["tabBar", "screen"] {
                let folder = try folder(with: ["coin.json": coin], rendering: rendering, region: region)
                defer { try? FileManager.default.removeItem(at: folder) }
                let result = try tabanim(["export", "scene.json", "--fps", "30", "-o", "out.gif", "-o", "out.svg", "-o", "out.webp",
                                          "-o", "out.mp4", "--quiet"], in: folder)
                XCTAssertEqual(result.status, 0, "\(rendering), \(region): \(result.stderr)")
                for name in ["out.gif", "out.svg", "out.webp", "out.mp4"] {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(rendering), \(region): \(name)")
                }
            }
        }
    }
}
