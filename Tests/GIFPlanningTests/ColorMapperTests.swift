import GIFPlanning
import TestSupport
import XCTest

final class ColorMapperTests: XCTestCase {
    /// The nearest entry is the one a scan of the whole table finds: the least `distance`, the lowest index
    /// among equals, never the transparent entry. Palettes with repeated colours, repeated greens (ties),
    /// a few entries or 256, against random colours and the entries' own neighbours.
    func testTheNearestEntryIsTheOneAScanOfTheTableFinds() {
        var random = SplitMix(11)
        func color() -> UInt32 { 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) & 0xFF_FFFF }
        for round in 0..<60 {
            let count = [1, 2, 3, 16, 200, 256][round % 6] + (round % 6 == 0 ? 1 : 0)
            var palette = (0..<count).map { _ in color() }
            // Ties: some entries repeat another's colour, some share its green only.
            for i in stride(from: 2, to: count, by: 7) { palette[i] = palette[i / 2] }
            for i in stride(from: 3, to: count, by: 5) { palette[i] = palette[i] & 0xFFFF_00FF | palette[i - 1] & 0x0000_FF00 }
            let transparent: UInt8? = round % 2 == 0 && count > 1 ? UInt8(round % count) : nil
            var mapper = ColorMapper(palette: palette, transparentIndex: transparent)
            let probes = (0..<300).map { _ in color() } + palette.map { $0 ^ 0x0001_0101 } + palette
            for probe in probes {
                var expected = -1
                for (i, entry) in palette.enumerated() where i != transparent.map(Int.init) {
                    if expected < 0 || ColorMapper.distance(probe, entry) < ColorMapper.distance(probe, palette[expected]) { expected = i }
                }
                XCTAssertEqual(Int(mapper.index(of: probe)), expected, "round \(round): \(String(probe, radix: 16))")
            }
        }
    }
}
