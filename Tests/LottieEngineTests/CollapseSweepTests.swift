import Drawing
import Foundation
import Graphics
import LottieEngine
import TestSupport
import XCTest

/// Issue 57: a layer whose scale passes through 0 or a hair from it never fails a frame, and draws what
/// lottie-ios draws then: nothing (the same sweep is exported as GIF and SVG by `LottieCollapseExportTests`).
final class CollapseSweepTests: XCTestCase {
    /// Every kind, plain and precomposed, at each held scale, drawn by cairo at 1, 2 and 3 pixels per point,
    /// upright and turned (so a collapsed layer is a slanted line over pixels), at whole and fractional
    /// pixel offsets: no frame fails, and while every layer is within a millionth of 0 nothing shows.
    func testAScaleThroughZeroDrawsEveryFrameAndNothingWhileCollapsed() throws {
        for precomposed in [false, true] {
            let animation = try LottieAnimation(data: Data(CollapseSweep.document(precomposed: precomposed).utf8))
            XCTAssertEqual(animation.warnings, [], "every kind is read")
            for (frame, scale) in CollapseSweep.scales.enumerated() {
                let picture = try animation.picture(atFrame: Double(frame))
                for pixelsPerPoint in [1.0, 2, 3] {
                    for (turn, offset) in [(0.0, 0.0), (17, 0.37), (-61, 0.5)] {
                        let size = Int(48 * pixelsPerPoint * 1.5)
                        let surface = try ImageSurface(width: size, height: size)
                        let r = turn * .pi / 180, s = pixelsPerPoint
                        let place = Affine(a: cos(r) * s, b: sin(r) * s, c: -sin(r) * s, d: cos(r) * s,
                                           tx: Double(size) / 2 + offset - 24 * s * (cos(r) - sin(r)),
                                           ty: Double(size) / 2 + offset - 24 * s * (sin(r) + cos(r)))
                        let label = "\(precomposed ? "precomposed" : "plain"), x-scale \(scale) %, @\(Int(s))x, turned \(turn)°"
                        XCTAssertNoThrow(try LottieVectorRenderer().draw(picture, into: CairoContext(surface), transform: place), label)
                        let shows = surface.premultipliedARGB().contains { $0 >> 24 != 0 }
                        XCTAssertEqual(shows, abs(scale) > 1, label)
                    }
                }
            }
        }
    }

    /// Every kind is in the sweep: the frame at 74 % draws each of them (a fill, stroke, gradient each).
    func testTheSweepHoldsEveryKind() throws {
        let picture = try LottieAnimation(data: Data(CollapseSweep.document(precomposed: false).utf8)).picture(atFrame: 0)
        var fills = 0, strokes = 0, linear = 0, radial = 0, masked = 0, matted = 0, merged = 0
        func walk(_ nodes: [VectorNode]) {
            for node in nodes {
                switch node {
                case .group(_, _, let children): walk(children)
                case .fill(_, let paint, _), .stroke(_, let paint, _), .merged(_, _, let paint, _):
                    if case .fill = node { fills += 1 } else if case .stroke = node { strokes += 1 } else { merged += 1 }
                    if case .linear = paint { linear += 1 } else if case .radial = paint { radial += 1 }
                case .masked(let content, let masks): masked += masks.count > 1 ? 1 : 0; walk(content)
                case .matted(let content, let matte, _): matted += 1; walk(content); walk(matte)
                case .blended(let content, _), .shadowed(let content, _): walk(content)
                case .image: break
                }
            }
        }
        walk(picture.nodes)
        XCTAssertGreaterThan(fills, 10); XCTAssertGreaterThan(strokes, 2); XCTAssertGreaterThan(linear, 3)
        XCTAssertGreaterThan(radial, 5); XCTAssertEqual(masked, 1); XCTAssertEqual(matted, 2); XCTAssertEqual(merged, 1)
    }

    /// A failure while drawing an icon names the root layer that fails alone.
    func testAFailureNamesTheLayerThatFailsAlone() throws {
        let animation = try LottieAnimation(data: Data(CollapseSweep.document(precomposed: false).utf8))
        // A renderer that fails whenever the picture holds a merge: only the "merged paths" layer (layers[9]).
        let layer = LottieDrawingError.failingLayer(of: animation, atFrame: 0) { picture in
            !"\(picture.nodes)".contains("merged(")
        }
        XCTAssertEqual(layer?.index, 9)
        XCTAssertNil(LottieDrawingError.failingLayer(of: animation, atFrame: 0) { _ in true })
    }
}
