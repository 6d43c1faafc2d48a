import Basics
@testable import Drawing
import Foundation
import Graph
import Graphics
@testable import PNGExport
import Resolving
import Scene
import Spec
import TestSupport
@testable import WebPExport
import XCTest

/// A scene given as JSON text, resolved against `folder` (where its files are) and built as a command builds it.
func animation(json: String, file: String = "scene.json", in folder: URL) throws -> Animation {
    let spec = try SceneSpec.parse(Data(json.utf8), file: file)
    return Animation(try SceneResolver(file: file, baseDirectory: folder).resolve(spec))
}

/// The frame at `t` as the PNG exporter draws it.
func pngFrame(_ animation: Animation, at t: Double = 0) throws -> Picture {
    Picture(try PNGExporter(animation, pdf: InProcessPDFConverter()).frame(at: t))
}

/// The box, in points, of every pixel brighter than black (a channel above 12) in `region` (points), on a
/// picture drawn at `scale` pixels per point; nil when there is none.
func inkBox(_ p: Picture, scale: Double = 1, in region: Rect) -> Rect? {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    for y in Int(region.minY * scale)..<min(Int(region.maxY * scale), p.height) {
        for x in Int(region.minX * scale)..<min(Int(region.maxX * scale), p.width) {
            let c = p.pixel(x, y)
            guard max(c.r, c.g, c.b) > 12 else { continue }
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
    }
    guard minX <= maxX else { return nil }
    return Rect(x: Double(minX) / scale, y: Double(minY) / scale, width: Double(maxX + 1 - minX) / scale, height: Double(maxY + 1 - minY) / scale)
}

/// The raster formats draw one picture at each of `frames`: the lossless WebP's frame is the PNG frame pixel
/// for pixel, and the GIF's is that frame through its palette (above 38 dB).
func assertRasterFormatsAgree(_ animation: Animation, frames: [Int], in folder: URL, _ name: String = "",
                              file: StaticString = #filePath, line: UInt = #line) throws {
    let decoded = try decodedGIF(of: animation, in: folder)
    let webp = try DecodedWebP(data: try WebPExporter(animation, pdf: InProcessPDFConverter()).data())
    let rasterizer = try Rasterizer(scene: animation.scene, graph: animation.fittingText(PangoText.Measurer()).graph,
                                    pdf: InProcessPDFConverter())
    let settings = animation.scene.export
    for k in frames {
        let png = try rasterizer.render(at: settings.time(ofFrame: k))
        let shown = try XCTUnwrap(webp.frame(at: Double(WebPExporter.millisecond(ofFrame: k, fps: settings.fps)) + 0.5), file: file, line: line)
        XCTAssertTrue(shown == png.straightRGBA(), "\(name)WebP frame \(k) differs from its PNG", file: file, line: line)
        let psnr = Picture(png).psnr(decoded.picture(k))
        print("\(name)frame \(k): GIF against PNG \(String(format: "%.1f", psnr)) dB")
        XCTAssertGreaterThan(psnr, 38, "\(name)GIF frame \(k)", file: file, line: line)
    }
}
