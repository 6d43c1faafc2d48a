import Drawing
import Foundation
import LottieEngine
import TestSupport
import XCTest

/// Blend modes, layer effects, mask expansion and expressions as lottie-ios plays them (issue 37), each on a
/// fixture of the project's own (`Tests/Fixtures/lottie`), against a reference player where one draws what
/// lottie-ios draws: ThorVG (`thorvg-python`) for blend modes and the Drop Shadow effect, test-only through
/// `Tests/Support/lottie_reference.py`; skipped with a message where they are not installed.
final class LottieEffectsTests: XCTestCase {
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/lottie")
    static let scale = 4.0

    private func animation(_ name: String) throws -> LottieAnimation {
        try LottieAnimation(data: Data(contentsOf: Self.fixtures.appendingPathComponent("\(name).json")))
    }

    /// Ours at `progress`, composited on white.
    private func ours(_ name: String, _ progress: Double) throws -> Picture {
        let file = try animation(name)
        let surface = try LottieVectorRenderer().render(try file.picture(atFrame: file.frame(atProgress: progress)), scale: Self.scale)
        return Self.onWhite(Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height))
    }

    /// The reference player's frame at `progress`, the same size, composited on white.
    /// The engine's picture of fixture `name` with `strip` applied to its first layer's JSON: the file as
    /// it would draw had it never held what `strip` removes.
    private func ours(_ name: String, _ progress: Double, strippingFirstLayer strip: (inout [String: Any]) -> Void) throws -> Picture {
        var json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appendingPathComponent("\(name).json"))) as? [String: Any])
        var layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        strip(&layers[0])
        json["layers"] = layers
        let file = try LottieAnimation(data: try JSONSerialization.data(withJSONObject: json))
        let surface = try LottieVectorRenderer().render(try file.picture(atFrame: file.frame(atProgress: progress)), scale: Self.scale)
        return Self.onWhite(Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height))
    }

    private func reference(_ player: String, _ name: String, _ progress: Double, size: Int) throws -> Picture {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ref-\(player)-\(name)-\(progress)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Tests/Support/lottie_reference.py").path, player,
                             Self.fixtures.appendingPathComponent("\(name).json").path, "\(progress)", "\(size)", "\(size)", out.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 { throw XCTSkip("\(player) is not installed (\(message.trimmingCharacters(in: .whitespacesAndNewlines)))") }
        guard process.terminationStatus == 0 else { throw XCTSkip("python3 could not run \(player): \(message)") }
        return Self.onWhite(try Picture(png: out))
    }

    static func onWhite(_ p: Picture) -> Picture {
        var rgba = p.rgba
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = Double(rgba[i + 3]) / 255
            for c in 0..<3 { rgba[i + c] = UInt8((Double(rgba[i + c]) * a + 255 * (1 - a)).rounded()) }
            rgba[i + 3] = 255
        }
        return Picture(rgba: rgba, width: p.width, height: p.height)
    }

    /// The box (x, y, w, h in the canvas's points) of `picture`, at `scale`.
    private func crop(_ p: Picture, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Picture {
        p.cropped(x: Int(x * Self.scale), y: Int(y * Self.scale), width: Int(w * Self.scale), height: Int(h * Self.scale))
    }

    private func warnings(_ name: String) throws -> [String] { try animation(name).warnings.map(\.description) }

    /// Prints the measured PSNR (on white, in dB) and asserts it is above `minimum`; a diff image on failure.
    private func assertSimilar(_ a: Picture, _ b: Picture, above minimum: Double, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let psnr = a.psnr(b)
        print("\(name): \(String(format: "%.1f", psnr)) dB")
        if psnr <= minimum { XCTFail("\(name): \(psnr) dB ≤ \(minimum): \(a.writeDiff(against: b, named: name))", file: file, line: line) }
    }

    // MARK: - Blend modes

    /// blend_modes.json: five bands (multiply, screen, overlay, difference, luminosity) over a blue and a
    /// yellow half. ThorVG draws the first four as cairo does (measured 47.5–55.9 dB per band); its luminosity
    /// keeps the backdrop, so that band is checked against the W3C formula (SetLum(Cb, Lum(Cs))), which
    /// Core Image's `luminosityBlendMode` and cairo's `HSL_LUMINOSITY` share.
    func testBlendModesAreDrawnAsThorVGAndTheW3CFormulaDrawThem() throws {
        let file = try animation("blend_modes")
        XCTAssertEqual(file.unsupportedFeatures, [])
        XCTAssertEqual(file.warnings, [])
        let mine = try ours("blend_modes", 0.5)
        let theirs = try reference("thorvg", "blend_modes", 0.5, size: mine.width)
        for (band, mode) in ["multiply", "screen", "overlay", "difference"].enumerated() {
            let x = 4 + Double(band) * 9  // the band is 3…9 (+ 9 each), the backdrop 1…47
            let a = crop(mine, x, 3, 4, 42), b = crop(theirs, x, 3, 4, 42)
            assertSimilar(a, b, above: 42, "blend-\(mode)-vs-thorvg")
        }
        // Without the blend, the band would be its own pink (230, 51, 102): a test that can fail.
        let top = mine.pixel(Int(42 * Self.scale), Int(12 * Self.scale)), bottom = mine.pixel(Int(42 * Self.scale), Int(36 * Self.scale))
        for (got, want) in [(top, (28, 130, 232)), (bottom, (148, 111, 0))] {
            XCTAssertEqual(Double(got.r), Double(want.0), accuracy: 2, "luminosity")
            XCTAssertEqual(Double(got.g), Double(want.1), accuracy: 2, "luminosity")
            XCTAssertEqual(Double(got.b), Double(want.2), accuracy: 2, "luminosity")
        }
    }

    func testAddAndShapeBlendModesAreDrawnNormalWithAWarningAsLottieIOSHasNeither() throws {
        let shapes = #"[{"ty":"gr","bm":3,"it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]"#
        let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: shapes, extra: #","bm":16"#))]"))
        XCTAssertEqual(file.unsupportedFeatures, [], "drawn by the engine")
        XCTAssertEqual(file.warnings.map(\.description), [
            "layers[0].shapes[0].bm: a shape's blend mode (bm) is not drawn: lottie-ios does not draw it either",
            "layers[0].bm: blend mode 16 (add) is drawn as normal: lottie-ios has no add mode (its BlendMode ends at 15, luminosity)",
        ])
        let nodes = try file.picture(atFrame: 0).flattened
        XCTAssertFalse(nodes.contains { if case .blended = $0 { return true } else { return false } })
    }

    // MARK: - Drop shadow

    /// drop_shadow.json: a Drop Shadow effect whose distance moves 8 → 12 (a moving dot under it). ThorVG draws it as After Effects
    /// does and lottie-ios's mapping (direction − 90, softness / 5 as `shadowRadius`) lands within: measured
    /// 33.9–35.4 dB over the square, its shadow and the dot (on white); without the shadow it reads 13.5 dB.
    func testTheDropShadowEffectIsDrawnAsThorVGDrawsIt() throws {
        XCTAssertEqual(try warnings("drop_shadow"), [])
        for progress in [0, 0.5, 1] {
            let mine = try ours("drop_shadow", progress)
            let theirs = try reference("thorvg", "drop_shadow", progress, size: mine.width)
            let a = crop(mine, 8, 8, 34, 34), b = crop(theirs, 8, 8, 34, 34)
            assertSimilar(a, b, above: 30, "drop-shadow-\(progress)-vs-thorvg")
        }
    }

    /// drop_shadow_style.json: a layer style (ThorVG and rlottie draw none): black at 60 %, angle 90 (lottie-ios
    /// reads it as (d·cos a, d·sin a): straight down), distance 6, size 4 (σ 2). Under the square's centre,
    /// 3 pt below its edge (3 pt = 1.5σ inside the shadow's own edge), the shadow is 60 % black times
    /// Φ(1.5) = 0.933; above it and 3σ beside it, nothing.
    func testTheDropShadowStyleFallsWhereLottieIOSPlacesIt() throws {
        let mine = try ours("drop_shadow_style", 0)
        func grey(_ x: Double, _ y: Double) -> Int { mine.pixel(Int(x * Self.scale), Int(y * Self.scale)).r }
        XCTAssertEqual(Double(grey(24, 33)), 255 * (1 - 0.6 * 0.933), accuracy: 4, "the shadow, 3 pt below the square (whose edge is at 30)")
        XCTAssertEqual(grey(24, 8), 255, "nothing above")
        XCTAssertEqual(grey(41, 20), 255, "nothing beside (7 pt right of its edge)")
        let unstyled = try LottieAnimation(data: Data(String(decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent("drop_shadow_style.json")), as: UTF8.self)
            .replacingOccurrences(of: #""sy":"#, with: #""sy_":"#).utf8))
        XCTAssertNil(unstyled.layers[0].dropShadow)
    }

    /// lottie-ios's mapping of the effect's values, and a softness past any canvas bounded (4096 pt).
    func testTheEffectsValuesMapAsLottieIOSMapsThem() throws {
        let effect = #"{"ty":25,"ef":[{"ty":2,"nm":"Shadow Color","v":{"a":0,"k":[0,0,1,1]}},{"ty":0,"nm":"Opacity","v":{"a":0,"k":51}},"#
            + #"{"ty":1,"nm":"Direction","v":{"a":0,"k":180}},{"ty":0,"nm":"Distance","v":{"a":0,"k":4}},{"ty":0,"nm":"Softness","v":{"a":0,"k":1e7}}]}"#
        let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(LottieFixture.shapeLayer(shapes: LottieFixture.square(), extra: #","ef":[\#(effect)]"#))]"))
        let shadows = try file.picture(atFrame: 0).flattened.compactMap { node -> DropShadow? in
            if case .shadowed(_, let shadow) = node { return shadow } else { return nil }
        }
        XCTAssertEqual(shadows.count, 1)
        let shadow = try XCTUnwrap(shadows.first)
        XCTAssertEqual(shadow.color.alpha, 0.2, accuracy: 1e-9, "opacity 51 of 255")
        XCTAssertEqual(shadow.offset.x, 0, accuracy: 1e-9, "direction 180: straight down")
        XCTAssertEqual(shadow.offset.y, 4, accuracy: 1e-9)
        XCTAssertEqual(shadow.radius, 4096, "softness / 5, bounded")
    }

    // MARK: - Undrawn as in lottie-ios

    /// effects_not_drawn.json: Fill, Tint, Stroke and Gaussian Blur, which lottie-ios does not draw (its
    /// `LayerEffectType` knows only drop shadow): the square as it stands, the picture of the same file
    /// without its effects. (ThorVG blurs it away.)
    func testEffectsLottieIOSDoesNotDrawAreLeftWithAWarning() throws {
        XCTAssertEqual(try animation("effects_not_drawn").unsupportedFeatures, [])
        XCTAssertEqual(try warnings("effects_not_drawn"), [
            "layers[0].ef[0]: the Fill effect (ty 21) is not drawn: lottie-ios does not draw it either",
            "layers[0].ef[1]: the Tint effect (ty 20) is not drawn: lottie-ios does not draw it either",
            "layers[0].ef[2]: the Stroke effect (ty 22) is not drawn: lottie-ios does not draw it either",
            "layers[0].ef[3]: the Gaussian Blur effect (ty 29) is not drawn: lottie-ios does not draw it either",
        ])
        let mine = try ours("effects_not_drawn", 0.5)
        let bare = try ours("effects_not_drawn", 0.5) { $0["ef"] = nil }
        XCTAssertEqual(mine.differingPixels(bare, threshold: 0), 0, "drawn as if the layer had no effects")
    }

    /// mask_expansion.json: a 20 pt mask expanded by 6. lottie-ios reads `x` and never applies it (ThorVG
    /// grows the mask to 32 pt with round corners): the 20 pt square shows, as without `x`.
    func testMaskExpansionIsNotAppliedAsLottieIOSDoesNotApplyIt() throws {
        XCTAssertEqual(try warnings("mask_expansion"), ["layers[0].masksProperties[0].x: mask expansion (x) is not applied: lottie-ios does not apply it either"])
        let mine = try ours("mask_expansion", 0.5)
        XCTAssertEqual(mine.pixel(Int(12 * Self.scale), Int(24 * Self.scale)).r, 255, "outside the unexpanded mask (14…34)")
        let unexpanded = try ours("mask_expansion", 0.5) { layer in
            guard var masks = layer["masksProperties"] as? [[String: Any]], !masks.isEmpty else { return XCTFail("no mask") }
            masks[0]["x"] = nil
            layer["masksProperties"] = masks
        }
        XCTAssertEqual(mine.differingPixels(unexpanded, threshold: 0), 0, "drawn as the mask without its expansion")
    }

    /// expression_value.json: rotation keys 0 → 90 with `value + 45`. lottie-ios plays the keys (its
    /// `KeyframeGroup` has no key for `x`); so do the engine and ThorVG's Python build: at 30 % the square is
    /// turned 27°, not 72°.
    func testExpressionsAreNotRunTheKeyframesPlay() throws {
        let file = try animation("expression_value")
        XCTAssertEqual(file.unsupportedFeatures, [])
        XCTAssertEqual(file.warnings.map(\.description), ["layers[0].ks: expressions are not run: lottie-ios does not run them either; their properties play their keyframes"])
        let mine = try ours("expression_value", 0.3)
        let theirs = try reference("thorvg", "expression_value", 0.3, size: mine.width)
        assertSimilar(mine, theirs, above: 35, "expression-vs-thorvg")
    }
}
