import Drawing
import Foundation
import Graphics
import LottieEngine
import XCTest

/// The cairo renderer of the engine's pictures: size and scale, transparent background, mattes and masks
/// by the pixels they leave.
final class VectorRendererTests: XCTestCase {
    /// Straight RGBA of `layers` drawn at frame 0 and `scale`.
    private func render(_ layers: String, scale: Double = 2) throws -> (rgba: [UInt8], width: Int, height: Int) {
        let picture = try LottieFixture.animation(LottieFixture.document(layers: layers)).picture(atFrame: 0)
        let surface = try LottieVectorRenderer().render(picture, scale: scale)
        return (surface.straightRGBA(), surface.width, surface.height)
    }

    /// The pixel at canvas point (x, y) as (r, g, b, a).
    private func pixel(_ image: (rgba: [UInt8], width: Int, height: Int), _ x: Double, _ y: Double, scale: Double = 2) -> [UInt8] {
        let px = Int(x * scale), py = Int(y * scale), o = (py * image.width + px) * 4
        return Array(image.rgba[o..<o + 4])
    }

    func testTheCanvasIsDrawnAtTheScaleOnATransparentBackground() throws {
        let image = try render("[\(LottieFixture.shapeLayer(shapes: LottieFixture.square(size: 20)))]", scale: 3)
        XCTAssertEqual(image.width, 300)
        XCTAssertEqual(image.height, 300)
        XCTAssertEqual(pixel(image, 50, 50, scale: 3), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 41, 50, scale: 3), [255, 0, 0, 255], "the square's left edge is at 40")
        XCTAssertEqual(pixel(image, 39, 50, scale: 3), [0, 0, 0, 0])
        XCTAssertEqual(pixel(image, 1, 1, scale: 3), [0, 0, 0, 0])
    }

    func testAlphaMattesShowTheContentWhereTheMatteIsAndInvertedWhereItIsNot() throws {
        // The matte covers x 40…60, the content x 50…70.
        let matte = LottieFixture.shapeLayer(index: 1, shapes: LottieFixture.square(cx: 50, size: 20), extra: #","td":1"#)
        for (mode, inside, outside) in [(1, [UInt8]([255, 0, 0, 255]), [UInt8]([0, 0, 0, 0])), (2, [0, 0, 0, 0], [255, 0, 0, 255])] {
            let content = LottieFixture.shapeLayer(index: 2, shapes: LottieFixture.square(cx: 60, size: 20), extra: #","tt":\#(mode)"#)
            let image = try render("[\(matte),\(content)]")
            XCTAssertEqual(pixel(image, 55, 50), inside, "tt \(mode), inside the matte")
            XCTAssertEqual(pixel(image, 65, 50), outside, "tt \(mode), outside the matte")
            XCTAssertEqual(pixel(image, 45, 50), [0, 0, 0, 0], "the matte itself is never drawn")
        }
    }

    func testLumaMattesUseTheMattesBrightness() throws {
        // A black square on the left half of a white one: luma shows the content under the white part only.
        let shapes = #"[{"ty":"rc","p":{"a":0,"k":[40,50]},"s":{"a":0,"k":[20,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}},"#
            + #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100}}]"#
        let matte = LottieFixture.shapeLayer(index: 1, shapes: shapes, extra: #","td":1"#)
        let content = LottieFixture.shapeLayer(index: 2, shapes: LottieFixture.square(size: 60), extra: #","tt":3"#)
        let image = try render("[\(matte),\(content)]")
        XCTAssertEqual(pixel(image, 60, 50), [255, 0, 0, 255], "under white")
        XCTAssertEqual(pixel(image, 40, 50), [0, 0, 0, 0], "under black")
    }

    func testMasksAddSubtractAndInvert() throws {
        func mask(_ mode: String, inverted: Bool = false) -> String {
            #"{"mode":"\#(mode)","inv":\#(inverted),"o":{"a":0,"k":100},"pt":{"a":0,"k":{"c":true,"v":[[40,40],[60,40],[60,60],[40,60]],"i":[[0,0],[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0],[0,0]]}}}"#
        }
        for (masks, centre, edge) in [(mask("a"), true, false), (mask("s"), false, true), (mask("a", inverted: true), false, true)] {
            let layer = LottieFixture.shapeLayer(shapes: LottieFixture.square(size: 60), extra: #","hasMask":true,"masksProperties":[\#(masks)]"#)
            let image = try render("[\(layer)]")
            XCTAssertEqual(pixel(image, 50, 50)[3], centre ? 255 : 0, masks)
            XCTAssertEqual(pixel(image, 25, 50)[3], edge ? 255 : 0, masks)
        }
    }

    func testEmbeddedPNGImagesAndSolidLayersAreDrawn() throws {
        let png = try ImageSurface(straightRGBA: [0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255], width: 2, height: 2).pngData()
        let asset = #"[{"id":"img","w":20,"h":20,"p":"data:image/png;base64,\#(png.base64EncodedString())"}]"#
        let image = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":20,"ks":{"p":{"a":0,"k":[10,10]}}}"#
        let solid = ##"{"ty":1,"ind":2,"sc":"#0000ff","sw":100,"sh":50,"ip":0,"op":20,"ks":{}}"##
        let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(image),\(solid)]", assets: asset))
        XCTAssertEqual(file.unsupportedFeatures, [])
        let surface = try LottieVectorRenderer().render(try file.picture(atFrame: 0), scale: 2)
        let rendered = (surface.straightRGBA(), surface.width, surface.height)
        XCTAssertEqual(pixel(rendered, 20, 20), [0, 255, 0, 255], "the image, 20 × 20 pt at (10, 10), above the solid")
        XCTAssertEqual(pixel(rendered, 50, 40), [0, 0, 255, 255], "the solid, 100 × 50 pt")
        XCTAssertEqual(pixel(rendered, 50, 60), [0, 0, 0, 0])
    }

    func testMergePathsCombineTheShapesBeforeThem() throws {
        // Squares over x 30…50 and 40…60 (y 40…60), merged, then filled red.
        let first = #"{"ty":"rc","p":{"a":0,"k":[40,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        let second = #"{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        // (mode, first only, both, second only)
        for (mode, left, middle, right) in [(2, 255, 255, 255), (3, 255, 0, 0), (4, 0, 255, 0), (5, 255, 0, 255)] as [(Int, UInt8, UInt8, UInt8)] {
            let layer = LottieFixture.shapeLayer(shapes: "[\(first),\(second),{\"ty\":\"mm\",\"mm\":\(mode)},\(fill)]")
            let file = try LottieFixture.animation(LottieFixture.document(layers: "[\(layer)]"))
            XCTAssertEqual(file.unsupportedFeatures, [], "mm \(mode)")
            let image = try render("[\(layer)]")
            XCTAssertEqual([pixel(image, 35, 50)[3], pixel(image, 45, 50)[3], pixel(image, 55, 50)[3]], [left, middle, right], "mm \(mode)")
        }
    }

    func testAGradientOfNoLengthPaintsItsLastStop() throws {
        // Radial with its end on its centre, linear with its end on its start: red at 0, blue at 1.
        for (type, start, end) in [(2, "[50,50]", "[50,50]"), (1, "[40,50]", "[40,50]")] {
            let shapes = #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"gf","t":\#(type),"s":{"a":0,"k":\#(start)},"e":{"a":0,"k":\#(end)},"h":{"a":0,"k":0},"a":{"a":0,"k":0},"o":{"a":0,"k":100},"#
                + #""g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},"r":1},{"ty":"tr"}]}]"#
            let image = try render("[\(LottieFixture.shapeLayer(shapes: shapes))]")
            XCTAssertEqual(pixel(image, 50, 50), [0, 0, 255, 255], "type \(type)")
            XCTAssertEqual(pixel(image, 35, 40), [0, 0, 255, 255], "type \(type)")
        }
    }
}
