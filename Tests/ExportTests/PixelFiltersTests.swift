import Foundation
import Graph
@testable import PixelKernels
import Resolving
import Scene
import XCTest

/// The blur and tone the glass bar is drawn with, against SVG's definitions (Filter Effects 1).
final class PixelFiltersTests: XCTestCase {
    func testTheBoxSizesAreSVGs() {
        // d = ⌊σ · 3√(2π) / 4 + 0.5⌋: 45 for σ = 24 (odd: three centred boxes), 16 for σ = 8.5 (even).
        XCTAssertEqual(GaussianBlur.boxes(sigma: 24).map(\.size), [45, 45, 45])
        XCTAssertEqual(GaussianBlur.boxes(sigma: 24).map(\.start), [-22, -22, -22])
        XCTAssertEqual(GaussianBlur.boxes(sigma: 8.5).map(\.size), [16, 16, 17])
        XCTAssertEqual(GaussianBlur.boxes(sigma: 8.5).map(\.start), [-8, -7, -8])
    }

    /// An opaque half-plane blurred: across its edge the alpha follows the Gaussian's integral
    /// 255 · Φ(x / σ) (the three boxes approximate it to a few levels), and nothing is gained or lost.
    func testAnEdgeBlursAlongTheGaussiansIntegral() {
        for sigma in [1.5, 6.0, 24.0] {
            // Tall enough that the rows above and below (transparent beyond the buffer) do not reach the middle.
            let width = 400, height = 2 * Int(4 * sigma) + 1, middle = height / 2
            var pixels = (0..<(width * height)).map { $0 % width < 200 ? UInt32(0xFFFF_FFFF) : 0 }
            GaussianBlur.blur(&pixels, width: width, height: height, sigma: sigma)
            for x in stride(from: 200 - Int(3 * sigma), through: 200 + Int(3 * sigma), by: max(1, Int(sigma / 2))) {
                let alpha = Double(pixels[middle * width + x] >> 24)
                // The pixel centre x + ½ is (x + ½ − 200) from the edge; left of the edge is opaque.
                let expected = 255 * 0.5 * erfc((Double(x) + 0.5 - 200) / (sigma * 2.0.squareRoot()))
                XCTAssertEqual(alpha, expected, accuracy: 4, "σ = \(sigma), x = \(x)")
                XCTAssertEqual(pixels[middle * width + x] & 0xFF, pixels[middle * width + x] >> 24, "white stays white, premultiplied")
            }
        }
    }

    func testABlurKeepsWhatItSpreads() {
        let side = 200
        var pixels = [UInt32](repeating: 0, count: side * side)
        for y in 80..<120 { for x in 80..<120 { pixels[y * side + x] = 0xFF20_4060 } }
        GaussianBlur.blur(&pixels, width: side, height: side, sigma: 10)
        let mass = pixels.reduce(0) { $0 + Int($1 >> 24) }
        XCTAssertEqual(Double(mass), 255 * 1600, accuracy: 255 * 1600 * 0.01)
        XCTAssertEqual(pixels[100 * side + 60], pixels[100 * side + 139], "symmetric")
        XCTAssertEqual(pixels[60 * side + 100], pixels[100 * side + 60], "the same both ways")
    }

    /// The glass bar keeps only the capsule of the region it blurs: those pixels are the very ones the
    /// whole region blurred has there, for the sampled Gaussian and for odd and even boxes alike.
    func testAPartBlurredIsThatPartOfTheWholeBlurred() {
        let width = 97, height = 41
        // Opaque noise over a transparent left band and a half-transparent corner: edges, alpha and colour.
        var state: UInt32 = 12345
        let pixels = (0..<(width * height)).map { index -> UInt32 in
            state = state &* 1_103_515_245 &+ 12345
            let x = index % width, y = index / width, level = state >> 16 & 0xFF
            if x < 9 { return 0 }
            if x > 80 && y > 30 { return 0x8000_0000 | (level / 2) << 16 | (level / 3) }
            return 0xFF00_0000 | level << 16 | (255 - level) << 8 | (level ^ 0x5A)
        }
        for sigma in [1.5, 3.0, 8.0, 8.5] {
            var whole = pixels
            GaussianBlur.blur(&whole, width: width, height: height, sigma: sigma)
            XCTAssertNotEqual(whole, pixels)
            for (columns, rows) in [(20..<70, 10..<30), (0..<width, 0..<1), (90..<97, 35..<41), (5..<6, 0..<height)] {
                let part = GaussianBlur.blurred(pixels, width: width, height: height, sigma: sigma, columns: columns, rows: rows)
                XCTAssertEqual(part, rows.flatMap { y in columns.map { x in whole[y * width + x] } }, "σ = \(sigma), \(columns) × \(rows)")
            }
        }
    }

    func testTheLightToneMapsTheMeasuredContentOntoTheMeasuredInterior() {
        let tone = GlassMaterial.light.backdrop
        var pixels: [UInt32] = [0xFFF2_F2F7, 0x8000_0000, 0]
        ColorTone.apply(&pixels, gain: tone.gain, offset: (tone.offset.red, tone.offset.green, tone.offset.blue))
        XCTAssertEqual(pixels[0], 0xFFFB_FBFF, "(242,242,247) → (251,251,255)")
        XCTAssertEqual(pixels[1] >> 24, 0x80, "alpha kept")
        XCTAssertEqual(pixels[1] & 0xFF, UInt32((180.9 / 255 * 128).rounded()), "straight black maps to the offset, premultiplied")
        XCTAssertEqual(pixels[2], 0, "transparent stays transparent")
    }
}
