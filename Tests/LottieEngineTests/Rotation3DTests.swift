import Drawing
import Foundation
import LottieEngine
import TestSupport
import XCTest

/// 3D layers (`ddd`, `rx`, `ry`, `rz`), as lottie-ios draws them: Rx · Ry · Rz flattened without perspective
/// (`LottieTransform.flattenedRotation`); `or` is not read (lottie-ios does not).
final class Rotation3DTests: XCTestCase {
    private func layerTransform(_ ks: String) throws -> Affine {
        let layer = LottieFixture.shapeLayer(ks: ks, shapes: LottieFixture.square())
        return try XCTUnwrap(LottieFixture.animation(LottieFixture.document(layers: "[\(layer)]")).picture(atFrame: 0).layerTransforms.first)
    }

    private func assertLinear(_ m: Affine, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for (name, (value, want)) in zip(["a", "b", "c", "d"], zip([m.a, m.b, m.c, m.d], expected)) {
            XCTAssertEqual(value, want, accuracy: 1e-9, name, file: file, line: line)
        }
    }

    /// The rules, by corners: rx 60° halves heights (cos 60°), ry 60° halves widths, each about the layer's
    /// origin and without perspective; rx, ry then rz compose as lottie-ios's `rotated(x)`, `rotated(y)`,
    /// `rotated(z)`, so a 90° rz after ry 60° halves what is then vertical.
    func testRotationsAboutXAndYFlattenWithoutPerspective() throws {
        let x = try layerTransform(#"{"rx":{"a":0,"k":60}}"#)
        assertLinear(x, [1, 0, 0, 0.5])
        let y = try layerTransform(#"{"ry":{"a":0,"k":60}}"#)
        assertLinear(y, [0.5, 0, 0, 1])
        // Ry(60°) · Rz(90°): Rz takes x to y and y to −x; then Ry halves the x it lands on.
        let yz = try layerTransform(#"{"ry":{"a":0,"k":60},"rz":{"a":0,"k":90}}"#)
        assertLinear(yz, [0, 1, -0.5, 0])
        // Rx(60°) · Ry(60°): x keeps cos 60° in x and gains sin 60° · sin 60° in y.
        let xy = try layerTransform(#"{"rx":{"a":0,"k":60},"ry":{"a":0,"k":60}}"#)
        assertLinear(xy, [0.5, 0.75, 0, 0.5])
        XCTAssertEqual(try layerTransform(#"{"or":{"a":0,"k":[30,40,0]}}"#), .identity, "orientation is not read, as lottie-ios")
    }

    /// Nothing left undrawn: `ddd` draws, and `or` is read past as lottie-ios reads past it.
    func testA3DLayerIsDrawnByTheEngine() throws {
        let layer = LottieFixture.shapeLayer(ks: #"{"rx":{"a":0,"k":30},"or":{"a":0,"k":[0,0,0]}}"#, shapes: LottieFixture.square(), extra: #","ddd":1"#)
        let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(layer)]").replacingOccurrences(of: "\"fr\"", with: "\"ddd\":1,\"fr\""))
        XCTAssertEqual(file.unsupportedFeatures, [])
    }

    /// The fixture (a card turning about x, y and z on three keyframe ranges) against ThorVG, which
    /// flattens the same way, at 0, 25, 50, 75 and 100 %: at least 30 dB on white. Its stroke is taken out
    /// first: ThorVG widens a stroke by one number under a squashing transform, where Core Animation (which
    /// draws the layer flat, then turns it) and cairo squash the pen with the shape (2–3 dB lower with it).
    func testTheCardMatchesThorVG() throws {
        let original = packageRoot.appendingPathComponent("Tests/Fixtures/lottie/rotate3d_card.json")
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("card-fills.json")
        try Data(String(decoding: try Data(contentsOf: original), as: UTF8.self)
            .replacingOccurrences(of: #""ty":"st""#, with: #""ty":"xx""#).utf8).write(to: file)
        let animation = try LottieAnimation(data: Data(contentsOf: file))
        let size = 192, scale = Double(size) / animation.width
        for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let out = folder.appendingPathComponent("thorvg-\(p).png")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [packageRoot.appendingPathComponent("Tests/Support/lottie_reference.py").path, "thorvg", file.path,
                                 String(p), String(size), String(size), out.path]
            process.standardError = FileHandle.nullDevice
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 not found: ThorVG test skipped") }
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 3 { throw XCTSkip("thorvg-python not installed (pip install thorvg-python): ThorVG test skipped") }
            XCTAssertEqual(process.terminationStatus, 0, "ThorVG drew p = \(p)")
            let frame = animation.inPoint + p * (animation.outPoint - animation.inPoint)
            let surface = try LottieVectorRenderer().render(try animation.picture(atFrame: frame), scale: scale)
            let ours = Picture(rgba: surface.straightRGBA(), width: surface.width, height: surface.height).onWhite()
            let reference = try Picture(png: out).onWhite()
            let score = ours.psnr(reference)
            print(String(format: "3D card at %.2f: %.1f dB against ThorVG", p, score))
            XCTAssertGreaterThanOrEqual(score, 30, "p = \(p)")
        }
    }
}

private extension Picture {
    /// Straight RGBA over white, opaque.
    func onWhite() -> Picture {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Double(rgba[i + 3]) / 255
            for c in 0..<3 { out[i + c] = UInt8((Double(rgba[i + c]) * a + 255 * (1 - a)).rounded()) }
            out[i + 3] = 255
        }
        return Picture(rgba: out, width: width, height: height)
    }
}
