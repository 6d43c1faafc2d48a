import Drawing
import Foundation
import GIFExport
import Outputs
import TestSupport
import XCTest

/// Real-world Lottie icons from `../shared/lottie` (beside the checkout; not part of the project), each put
/// on a tab bar item and exported through the built binary: each either plays (its frames are drawn) or is
/// refused with one clear message naming the file, never a crash.
final class LottieCorpusTests: XCTestCase {

    private func tabanim(_ arguments: [String], in folder: URL) throws -> (status: Int32, signaled: Bool, stderr: String) {
        let process = Process()
        process.executableURL = CLITestCase.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, String(decoding: stderr, as: UTF8.self))
    }

    /// A scene whose item 0 plays `file` on a re-tap at 0.2 s; only the tab bar is exported. Template rendering,
    /// so that whatever the engine draws shows in the tint colour (some icons are white, made for dark buttons).
    private func scene(playing file: String, in folder: URL) throws {
        let json = """
            {"device": "iphone-se", "export": {"fps": 10, "duration": 2.5, "scale": 2, "region": "tabBar", "margin": 0},
             "centerButton": null, "transition": "none",
             "tabBar": {"items": [{"title": "A", "animation": {"lottie": "\(file)"}}, {"title": "B"}]},
             "script": [{"at": 0.2, "tap": 0}]}
            """
        try json.write(to: folder.appendingPathComponent("scene.json"), atomically: true, encoding: .utf8)
    }

    /// Every file lottie-ios draws, tabanim draws: each file of the corpus exports as a GIF and an SVG, and
    /// the GIF shows it playing.
    func testEveryRealWorldFilePlays() throws {
        let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/lottie")
        guard let manifest = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
            throw XCTSkip("../shared/lottie/MANIFEST.tsv not found beside the checkout: the real-world Lottie corpus test is skipped")
        }
        let files = manifest.split(whereSeparator: \.isNewline).dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-corpus-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try scene(playing: corpus.appendingPathComponent(file).path, in: folder)
            // The corpus lies outside the scene's folder.
            let result = try tabanim(["export", "scene.json", "-o", "out.gif", "-o", "out.svg", "--quiet", "--allow-outside"], in: folder)
            XCTAssertFalse(result.signaled, "\(file): tabanim died of a signal")
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            guard result.status == 0 else { continue }
            // Drawn: during playback item 0's icon box is not the empty bar it is before the tap.
            let gif = try DecodedGIF(path: folder.appendingPathComponent("out.gif").path, playedAt: 10)
            let before = gif.frames[1].rgba
            let drawn = (2..<min(gif.frames.count, 25)).contains { gif.frames[$0].rgba != before }  // from the tap on
            XCTAssertTrue(drawn, "\(file): exported, but no frame shows the animation")
        }
        print("Lottie corpus: \(files.count) files, each exported as a GIF and an SVG")
    }

    /// What made whole exports fail in real icons: a pop-in from scale 0 (cairo refused the singular
    /// matrix), a 3D layer turned 90° (edge-on), a radial gradient of no radius. Each exports GIF and SVG.
    func testPopInsEdgeOnLayersAndDegenerateGradientsExport() throws {
        let ks = #""a":{"a":0,"k":[0,0,0]},"p":{"a":0,"k":[24,24,0]},"o":{"a":0,"k":100}"#
        let disc = #"[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[30,30]}},{"ty":"st","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3}},"#
            + #"{"ty":"gf","t":2,"s":{"a":0,"k":[0,0]},"e":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[15,0]}]},"h":{"a":0,"k":0},"a":{"a":0,"k":0},"o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        let pop = #"{"a":1,"k":[{"t":0,"s":[0,0,100],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":10,"s":[100,100,100]}]}"#
        let layers = [#"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{\#(ks),"s":\#(pop)},"shapes":\#(disc)}"#,
                      #"{"ty":4,"ind":2,"ip":0,"op":20,"st":0,"ddd":1,"ks":{\#(ks),"rx":{"a":0,"k":90}},"shapes":\#(disc)}"#]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #"{"v":"5.7.0","fr":30,"ip":0,"op":20,"w":48,"h":48,"layers":[\#(layers.joined(separator: ","))]}"#
            .write(to: folder.appendingPathComponent("pop.json"), atomically: true, encoding: .utf8)
        try scene(playing: "pop.json", in: folder)
        let result = try tabanim(["export", "scene.json", "-o", "out.gif", "-o", "out.svg", "--quiet"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let gif = try DecodedGIF(path: folder.appendingPathComponent("out.gif").path, playedAt: 10)
        XCTAssertTrue((3..<gif.frames.count).contains { gif.frames[$0].rgba != gif.frames[1].rgba }, "the pop-in shows once grown")
    }

    func testAMissingPrecompIsDrawnWithoutItAndACycleIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = #"{"ty":0,"refId":"comp_2","ip":0,"op":30,"ks":{}}"#
        let solid = ##"{"ty":1,"sc":"#ff0000","sw":24,"sh":24,"ip":0,"op":30,"ks":{}}"##
        try Data(#"{"w":24,"h":24,"fr":30,"ip":0,"op":30,"layers":[\#(missing),\#(solid)]}"#.utf8).write(to: folder.appendingPathComponent("icon.json"))
        try scene(playing: "icon.json", in: folder)
        let drawn = try tabanim(["export", "scene.json", "-o", "out.gif"], in: folder)
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        XCTAssertTrue(drawn.stderr.hasPrefix(#"Warning: scene.json: tabBar.items[0].animation: icon.json: layers[0].refId: no asset has id "comp_2": the layer is not drawn"# + "\n"),
                      drawn.stderr)
        XCTAssertEqual(drawn.stderr.components(separatedBy: "Warning:").count, 2, "one warning: \(drawn.stderr)")
        XCTAssertEqual(try tabanim(["export", "scene.json", "-o", "out.gif", "-q"], in: folder).stderr, "", "-q: nothing but errors")

        let precomp = #"{"ty":0,"refId":"a","ip":0,"op":30,"ks":{}}"#
        try Data(#"{"w":24,"h":24,"fr":30,"ip":0,"op":30,"assets":[{"id":"a","layers":[\#(precomp)]}],"layers":[\#(precomp),\#(solid)]}"#.utf8)
            .write(to: folder.appendingPathComponent("icon.json"))
        let cycle = try tabanim(["export", "scene.json", "-o", "cycle.gif"], in: folder)
        XCTAssertEqual(cycle.status, 1)
        XCTAssertEqual(cycle.stderr, #"Error: scene.json: tabBar.items[0].animation: icon.json: assets[0].layers[0].refId: precomp cycle: "a" contains itself (a → a)"# + "\n")
    }

    func testTheBinaryPlaysTheProjectsOwnLottieFixture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/lottie.json").path
        let result = try tabanim(["export", fixture, "-o", "a.gif", "-o", "a.svg", "--quiet"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try DecodedGIF(path: folder.appendingPathComponent("a.gif").path, playedAt: 10).frames.count, 40)
    }
}
