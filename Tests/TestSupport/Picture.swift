import Drawing
import Foundation
import Graphics

/// An RGBA picture for comparisons.
public struct Picture {
    public var rgba: [UInt8]
    public var width: Int
    public var height: Int

    public init(rgba: [UInt8], width: Int, height: Int) {
        self.rgba = rgba
        self.width = width
        self.height = height
    }

    public init(png url: URL) throws {
        self.init(try ImageSurface(png: try Data(contentsOf: url)))
    }

    /// A cairo surface's pixels, straight RGBA.
    public init(_ surface: ImageSurface) {
        self.init(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    /// The part from (x, y), `width` × `height` pixels, clamped to the picture.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Picture {
        let x0 = max(0, min(x, width)), y0 = max(0, min(y, height))
        let x1 = max(x0, min(x + w, width)), y1 = max(y0, min(y + h, height))
        var part: [UInt8] = []
        part.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for row in y0..<y1 { part += rgba[(row * width + x0) * 4 ..< (row * width + x1) * 4] }
        return Picture(rgba: part, width: x1 - x0, height: y1 - y0)
    }

    /// Each pixel the mean of its 3 × 3 neighbourhood (clamped at the edges): what is left when two
    /// renderers' sub-pixel edges are set aside, while a shape a few pixels off still shows.
    public func boxBlurred() -> Picture {
        var out = rgba
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<4 {
                    var sum = 0, n = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let xx = x + dx, yy = y + dy
                            guard xx >= 0, xx < width, yy >= 0, yy < height else { continue }
                            sum += Int(rgba[(yy * width + xx) * 4 + c]); n += 1
                        }
                    }
                    out[(y * width + x) * 4 + c] = UInt8(sum / n)
                }
            }
        }
        return Picture(rgba: out, width: width, height: height)
    }

    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 4
        return (Int(rgba[o]), Int(rgba[o + 1]), Int(rgba[o + 2]))
    }

    /// How many pixels differ by more than `threshold` in some channel: a local defect (a misplaced
    /// button) shows here even when it barely moves the PSNR of a large picture.
    public func differingPixels(_ other: Picture, threshold: Int = 96) -> Int {
        precondition(width == other.width && height == other.height, "sizes differ")
        var count = 0
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let d = max(abs(Int(rgba[i]) - Int(other.rgba[i])), abs(Int(rgba[i + 1]) - Int(other.rgba[i + 1])),
                        abs(Int(rgba[i + 2]) - Int(other.rgba[i + 2])))
            if d > threshold { count += 1 }
        }
        return count
    }

    /// Peak signal-to-noise ratio over RGB, in dB (infinity when identical).
    public func psnr(_ other: Picture) -> Double {
        precondition(width == other.width && height == other.height, "sizes differ")
        var sum = 0.0
        for i in 0..<rgba.count where i % 4 != 3 {
            let d = Double(rgba[i]) - Double(other.rgba[i])
            sum += d * d
        }
        let mse = sum / Double(width * height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Writes `self | other | |difference|×4` side by side and returns the path, for failure messages.
    public func writeDiff(against other: Picture, named name: String) -> String {
        var out = [UInt8](repeating: 255, count: width * 3 * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                for c in 0..<3 {
                    out[(y * width * 3 + x) * 4 + c] = rgba[i + c]
                    out[(y * width * 3 + width + x) * 4 + c] = other.rgba[i + c]
                    out[(y * width * 3 + 2 * width + x) * 4 + c] = UInt8(min(255, abs(Int(rgba[i + c]) - Int(other.rgba[i + c])) * 4))
                }
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-diff-\(name).png").path
        if let png = try? ImageSurface(straightRGBA: out, width: width * 3, height: height).pngData() {
            _ = FileManager.default.createFile(atPath: path, contents: png)
        }
        return path
    }

    /// How far `other` strays from this picture on its flat areas: pixels whose 9 × 9 neighbourhood here is
    /// one colour, where a colour error shows and no edge excuses it. The differences (largest channel, in
    /// levels) at the 99.9th percentile, and their mean; nil when nothing is flat.
    public func flatAreaDifference(_ other: Picture) -> (percentile999: Int, mean: Double)? {
        precondition(width == other.width && height == other.height, "pictures of different sizes")
        let radius = 4
        func same(_ a: Int, _ b: Int) -> Bool {
            rgba[a] == rgba[b] && rgba[a + 1] == rgba[b + 1] && rgba[a + 2] == rgba[b + 2]
        }
        var differences: [Int] = []
        for y in radius..<max(radius, height - radius) {
            for x in radius..<max(radius, width - radius) {
                let center = (y * width + x) * 4
                var flat = true
                outer: for dy in -radius...radius {
                    for dx in -radius...radius where !same(center, ((y + dy) * width + x + dx) * 4) {
                        flat = false
                        break outer
                    }
                }
                guard flat else { continue }
                differences.append((0..<3).map { abs(Int(rgba[center + $0]) - Int(other.rgba[center + $0])) }.max()!)
            }
        }
        guard !differences.isEmpty else { return nil }
        differences.sort()
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        return (differences[min(differences.count - 1, differences.count * 999 / 1000)], mean)
    }
}
