import Foundation
import TestSupport
import XCTest

/// `tabanim lottie FILE --progress P -o OUT.png`: the frame drawn at ip + P·(op − ip), its messages, and
/// outputs untouched on bad input.
final class LottieCommandTests: CLITestCase {
    static let square = packageRoot.appendingPathComponent("Tests/Fixtures/lottie/square.json").path

    func testWritesTheFrameAtTheExactProgressAtTheScale() throws {
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("quarter.png")
        // square.json: 24 × 24 pt, frames 0…10 — 25 % is frame 2.5, not a whole frame.
        let run = try tabanim(["lottie", Self.square, "--progress", "0.25", "-o", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "Wrote \(out.path) (frame 2.5, 48×48 px)\n")
        let picture = try Picture(png: out)
        XCTAssertEqual([picture.width, picture.height], [48, 48], "default scale 2")
        XCTAssertEqual(picture.rgba[3], 0, "transparent background")
        XCTAssertEqual(picture.pixel(24, 24).r, 255, "the red square at the centre")

        let large = try tabanim(["lottie", Self.square, "--progress", "1", "-o", out.path, "--scale", "3", "-q"])
        XCTAssertEqual(large.status, 0, large.stderr)
        XCTAssertEqual(large.stderr, "")
        XCTAssertEqual(try Picture(png: out).width, 72)
    }

    /// Each issue-37 effects fixture is drawn, what lottie-ios leaves undrawn named as a warning (none under -q).
    func testDrawsBlendModesShadowsAndWarnsOfWhatLottieIOSLeaves() throws {
        let folder = try temporaryFolder()
        func run(_ name: String, _ quiet: Bool = false) throws -> (stderr: String, picture: Picture) {
            let out = folder.appendingPathComponent("\(name).png")
            let result = try tabanim(["lottie", packageRoot.appendingPathComponent("Tests/Fixtures/lottie/\(name).json").path,
                                      "--progress", "0", "-o", out.path] + (quiet ? ["-q"] : []))
            XCTAssertEqual(result.status, 0, result.stderr)
            return (result.stderr, try Picture(png: out))
        }
        let shadow = try run("drop_shadow").picture  // 48 pt at scale 2; the square 10…30, the shadow 8 pt down-right
        // At (31.25, 25.25) pt, 1.25 pt right of the square, the shadow (offset (5.66, 5.66), σ 2) is 4.4 pt
        // inside its own right edge: 75 % · Φ(2.2) ≈ 74 % (191 of 255).
        XCTAssertEqual(Double(shadow.rgba[(50 * shadow.width + 62) * 4 + 3]), 189, accuracy: 6, "the shadow, outside the square")
        XCTAssertEqual(shadow.rgba[(16 * shadow.width + 62) * 4 + 3], 0, "nothing above it")
        let blend = try run("blend_modes").picture
        XCTAssertEqual(blend.pixel(12, 24).r, 46, "multiply: (0.9, 0.2, 0.4) × (0.2, 0.6, 1) → (46, 31, 102)")
        let mask = try run("mask_expansion")
        XCTAssertTrue(mask.stderr.hasPrefix("Warning: \(packageRoot.path)/Tests/Fixtures/lottie/mask_expansion.json: layers[0].masksProperties[0].x: mask expansion (x) is not applied: lottie-ios does not apply it either\n"), mask.stderr)
        XCTAssertEqual(try run("mask_expansion", true).stderr, "")
    }

    /// Text layers: the file's `chars` glyphs drawn as they are; a font no machine has drawn by a stand-in,
    /// named on standard error (Tabanim Blocks is not installed: the command registers no scene fonts).
    func testTextLayersAreDrawnAndStandInFontsNamed() throws {
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("text.png")
        let glyphs = packageRoot.appendingPathComponent("Tests/Fixtures/lottie/text_glyphs.json").path
        let run = try tabanim(["lottie", glyphs, "--progress", "0.75", "-o", out.path])
        XCTAssertEqual(run.stderr, "Warning: \(glyphs): layers[0].t.d.k: only the first of its 2 text documents is shown, as lottie-ios's Core Animation engine shows it\n"
                           + "Wrote \(out.path) (frame 15, 200×200 px)\n", "chars glyphs need no font")
        let picture = try Picture(png: out)
        XCTAssertEqual(picture.rgba[(60 * 200 + 70) * 4 ..< (60 * 200 + 70) * 4 + 4], [255, 0, 0, 255], "the I of the first document (canvas point 35, 30)")
        XCTAssertEqual(picture.rgba[(80 * 200 + 50) * 4 + 3], 0, "not the L of the second: lottie-ios's Core Animation engine keeps the first")
        let font = packageRoot.appendingPathComponent("Tests/Fixtures/lottie/text_font.json").path
        let fonts = try tabanim(["lottie", font, "--progress", "0", "-o", out.path])
        XCTAssertEqual(fonts.status, 0, fonts.stderr)
        XCTAssertEqual(fonts.stderr.components(separatedBy: "a stand-in\n").count - 1, 2, fonts.stderr)
        XCTAssertTrue(fonts.stderr.contains(#"layers[0].t.d.k[0].s.f: font "TabanimBlocks-Regular" (Tabanim Blocks Regular) is not available: its text is drawn in "#), fonts.stderr)
        let drawn = try Picture(png: out)
        XCTAssertTrue((50..<80).contains { y in (40..<90).contains { x in drawn.rgba[(y * 200 + x) * 4 ..< (y * 200 + x) * 4 + 4] == [0, 0, 255, 255] } }, "the blue AB")
    }

    /// A dotLottie archive (`x.lottie`, `x.lottie#id`): its animation, the image it holds drawn.
    func testADotLottieArchiveIsDrawnWithItsImages() throws {
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("badge.png")
        let archive = packageRoot.appendingPathComponent("Tests/Fixtures/dotlottie/image.lottie").path
        let run = try tabanim(["lottie", archive + "#badge", "--progress", "0.5", "-o", out.path])
        XCTAssertEqual(run.stderr, "Wrote \(out.path) (frame 10, 48×48 px)\n")
        let picture = try Picture(png: out)
        XCTAssertEqual(picture.rgba[(10 * 48 + 10) * 4 ..< (10 * 48 + 10) * 4 + 4], [0, 200, 0, 255], "the archive's image (i/img_0.png)")
        XCTAssertEqual(picture.rgba[(36 * 48 + 36) * 4 ..< (36 * 48 + 36) * 4 + 4], [255, 0, 0, 255], "the slot's own red")
        let missing = try tabanim(["lottie", archive + "#nope", "--progress", "0.5", "-o", out.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains(#"no animation "nope" in the archive; it has "badge""#), missing.stderr)
    }

    func testFrameTimesInBetweenFramesDifferFromBothNeighbours() throws {
        let folder = try temporaryFolder()
        var pictures: [Picture] = []
        for p in ["0.2", "0.25", "0.3"] {  // frames 2, 2.5, 3
            let out = folder.appendingPathComponent("\(p).png")
            XCTAssertEqual(try tabanim(["lottie", Self.square, "--progress", p, "-o", out.path, "-q"]).status, 0)
            pictures.append(try Picture(png: out))
        }
        XCTAssertLessThan(pictures[1].psnr(pictures[0]), 60, "frame 2.5 is not frame 2")
        XCTAssertLessThan(pictures[1].psnr(pictures[2]), 60, "frame 2.5 is not frame 3")
    }

    func testBadFilesNameTheKeyPathAndLeaveTheOutputAlone() throws {
        let folder = try temporaryFolder()
        let out = folder.appendingPathComponent("keep.png")
        try Data("not touched".utf8).write(to: out)
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"w":10,"h":10,"fr":30,"ip":0,"op":10,"layers":[{"ty":4,"ks":{"p":{"k":[1e308,0]}},"shapes":[]}]}"#.utf8).write(to: bad)
        let run = try tabanim(["lottie", bad.path, "--progress", "0.5", "-o", out.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "Error: \(bad.path): layers[0].ks.p.k[0]: 1e+308 is out of range (at most ±10000000.0)\n")
        let cycle = folder.appendingPathComponent("cycle.json")
        let precomp = #"{"ty":0,"refId":"a","ip":0,"op":10,"ks":{}}"#
        try Data(#"{"w":10,"h":10,"fr":30,"ip":0,"op":10,"assets":[{"id":"a","layers":[\#(precomp)]}],"layers":[\#(precomp)]}"#.utf8).write(to: cycle)
        let cyclic = try tabanim(["lottie", cycle.path, "--progress", "0", "-o", out.path])
        XCTAssertEqual(cyclic.status, 1)
        XCTAssertEqual(cyclic.stderr, "Error: \(cycle.path): assets[0].layers[0].refId: precomp cycle: \"a\" contains itself (a → a)\n")
        let missing = try tabanim(["lottie", folder.appendingPathComponent("none.json").path, "--progress", "0", "-o", out.path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.hasSuffix("none.json: file not found\n"), missing.stderr)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "not touched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["bad.json", "cycle.json", "keep.png"],
                       "no temporary file left")
        assertUsageError(try tabanim(["lottie", Self.square, "--progress", "1.5", "-o", out.path]),
                         "--progress 1.5 is out of range; expected 0 to 1", see: "tabanim lottie --help")
    }

    func testWhatTheEngineDoesNotDrawIsNamed() throws {
        let folder = try temporaryFolder()
        // Text, effects, expressions and 3D are drawn now (as lottie-ios draws them): a layer type the format
        // does not have is what is left.
        let text = folder.appendingPathComponent("unknown.json")
        try Data(##"{"w":10,"h":10,"fr":30,"ip":0,"op":10,"layers":[{"ty":99,"ip":0,"op":10,"ks":{}},{"ty":1,"sc":"#ff0000","sw":10,"sh":10,"ip":0,"op":10,"ks":{}}]}"##.utf8).write(to: text)
        let out = folder.appendingPathComponent("t.png")
        let run = try tabanim(["lottie", text.path, "--progress", "0", "-o", out.path])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stderr, "Warning: \(text.path): drawn without what tabanim's Lottie engine does not support: layer type 99\n"
                       + "Wrote \(out.path) (frame 0, 20×20 px)\n")
        let quiet = try tabanim(["lottie", text.path, "--progress", "0", "-o", out.path, "-q"])
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stderr, "", "-q: nothing but errors")
    }

    func testAMissingPrecompIsSkippedWithOneWarning() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("missing.json")
        let missing = #"{"ty":0,"refId":"comp_2","ip":0,"op":10,"ks":{}}"#
        let square = ##"{"ty":1,"sc":"#ff0000","sw":10,"sh":10,"ip":0,"op":10,"ks":{}}"##
        try Data(#"{"w":10,"h":10,"fr":30,"ip":0,"op":10,"fonts":{"list":[]},"layers":[\#(missing),\#(missing),\#(square)]}"#.utf8).write(to: file)
        let out = folder.appendingPathComponent("m.png")
        let run = try tabanim(["lottie", file.path, "--progress", "0", "-o", out.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "Warning: \(file.path): layers[0].refId: no asset has id \"comp_2\": the layer is not drawn\n"
                       + "Wrote \(out.path) (frame 0, 20×20 px)\n")
        XCTAssertEqual(try Picture(png: out).pixel(10, 10).r, 255, "the solid is drawn")
        XCTAssertEqual(try tabanim(["lottie", file.path, "--progress", "0", "-o", out.path, "-q"]).stderr, "")
    }
}
