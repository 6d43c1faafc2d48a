@testable import Export
import Foundation
import XCTest

/// The LZW encoder against giflib's decoder: every code size, past the 4096-code table reset, and with
/// latitude (transparent or nearby entries written instead of a pixel's own index).
final class GIFLZWTests: XCTestCase {
    /// Writes one frame of `indices` over a `table` and decodes it with giflib.
    private func roundTrip(_ indices: [UInt8], width: Int, table: [UInt32], transparent: UInt8? = nil,
                           latitude: LZWEncoder.Latitude? = nil) throws -> (decoded: DecodedGIF, written: [UInt8], bytes: Int) {
        var lzw = LZWEncoder()
        let codeSize = LZWEncoder.minimumCodeSize(colorCount: table.count)
        let output = lzw.encode(indices, latitude: latitude, minimumCodeSize: codeSize)
        let url = try temporaryFolder().appendingPathComponent("lzw.gif")
        let writer = try GIFStreamWriter(path: url.path)
        writer.putHeader(width: width, height: indices.count / width, globalPalette: table, loopCount: 0)
        try writer.put(.init(x: 0, y: 0, width: width, height: indices.count / width, localPalette: nil, transparentIndex: transparent,
                             disposal: .keep, delay: 10, minimumCodeSize: codeSize, lzw: output.bytes))
        try writer.finish()
        return (try DecodedGIF(path: url.path), output.symbols, output.bytes.count)
    }

    private func randomIndices(_ count: Int, below limit: Int, runs: Bool, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var out: [UInt8] = []
        while out.count < count {
            let value = UInt8(next() % limit)
            out += Array(repeating: value, count: runs ? 1 + next() % 12 : 1)
        }
        return Array(out.prefix(count))
    }

    func testEveryCodeSizeRoundTripsThroughGiflib() throws {
        for colors in [2, 3, 4, 16, 100, 256] {
            let table = (0..<colors).map { UInt32(0xFF00_0000) | UInt32($0 * 0x010203 & 0xFFFFFF) }
            for runs in [false, true] {
                // 300 × 200 noise overflows the 4096-entry table many times.
                let indices = randomIndices(300 * 200, below: colors, runs: runs, seed: UInt64(colors))
                let (gif, _, _) = try roundTrip(indices, width: 300, table: table)
                let rgba = gif.frames[0].rgba
                for (i, index) in indices.enumerated() {
                    let color = table[Int(index)]
                    guard rgba[i * 4] == UInt8(color >> 16 & 0xFF), rgba[i * 4 + 1] == UInt8(color >> 8 & 0xFF),
                          rgba[i * 4 + 2] == UInt8(color & 0xFF) else {
                        return XCTFail("\(colors) colours, runs \(runs): pixel \(i) decodes wrong")
                    }
                }
            }
        }
    }

    func testLatitudeWritesOnlyAllowedSymbolsAndTheDecoderAgrees() throws {
        // Entry 0 transparent; 1…15 greys 16 levels apart.
        let table: [UInt32] = [0] + (1..<16).map { UInt32(0xFF00_0000) | UInt32($0 * 16) * 0x010101 }
        let width = 120, count = width * 90
        let own = randomIndices(count, below: 15, runs: true, seed: 7).map { $0 + 1 }
        let unchanged = randomIndices(count, below: 3, runs: true, seed: 8).map { $0 == 0 }
        // True colours a little off their entries; the limit lets a pixel take a neighbouring grey.
        let truth = own.map { table[Int($0)] &+ 0x030303 }
        let limit = zip(own, truth).map { Int32(ColorMapper.distance(table[Int($0)], $1) + 9 * 16 * 16) }
        let latitude = LZWEncoder.Latitude(transparent: 0, unchanged: unchanged, truth: truth,
                                           shown: [UInt32](repeating: 0xFF00_0000, count: count), table: table, limit: limit)
        let (gif, written, bytes) = try roundTrip(own, width: width, table: table, transparent: 0, latitude: latitude)
        let strict = try roundTrip(own, width: width, table: table).bytes
        XCTAssertLessThan(bytes, strict, "latitude shortens the stream")
        var substituted = 0
        for i in 0..<count {
            let symbol = Int(written[i])
            let decoded = gif.frames[0].rgba[i * 4 + 3] == 0 ? nil : UInt32(0xFF00_0000) | UInt32(gif.frames[0].rgba[i * 4]) << 16
                | UInt32(gif.frames[0].rgba[i * 4 + 1]) << 8 | UInt32(gif.frames[0].rgba[i * 4 + 2])
            if symbol == 0 {
                XCTAssertTrue(unchanged[i], "pixel \(i): transparent only where unchanged (the shown black is far off)")
                XCTAssertNil(decoded)
            } else {
                XCTAssertLessThanOrEqual(ColorMapper.distance(table[symbol], truth[i]), Int(limit[i]), "pixel \(i)")
                XCTAssertEqual(decoded, table[symbol], "pixel \(i): the decoder shows what the encoder says it wrote")
                if symbol != Int(own[i]) { substituted += 1 }
            }
        }
        XCTAssertGreaterThan(substituted, 0, "some pixels took a neighbouring entry")
    }
}
