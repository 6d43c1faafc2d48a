import Export
import Foundation
import Scene
import XCTest

/// The package's root folder, found from this file's path (tests run from anywhere).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixtureURL(_ name: String) -> URL { packageRoot.appendingPathComponent("Tests/Fixtures/\(name)") }

func loadFixture(_ name: String, adjust: (inout SceneSpec) -> Void = { _ in }) throws -> ResolvedScene {
    try SceneResolver.load(fixtureURL(name), displayName: name, adjust: adjust)
}

/// A fresh folder for one test's outputs.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An RGBA picture for comparisons.
struct Picture {
    var rgba: [UInt8]
    var width: Int
    var height: Int

    init(rgba: [UInt8], width: Int, height: Int) {
        self.rgba = rgba
        self.width = width
        self.height = height
    }

    init(png url: URL) throws {
        let surface = try ImageSurface(png: try Data(contentsOf: url))
        self.init(rgba: surface.straightRGBA(), width: surface.width, height: surface.height)
    }

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 4
        return (Int(rgba[o]), Int(rgba[o + 1]), Int(rgba[o + 2]))
    }

    /// Peak signal-to-noise ratio over RGB, in dB (infinity when identical).
    func psnr(_ other: Picture) -> Double {
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
    func writeDiff(against other: Picture, named name: String) -> String {
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
            FileManager.default.createFile(atPath: path, contents: png)
        }
        return path
    }
}

extension DecodedGIF {
    func picture(_ index: Int) -> Picture { Picture(rgba: frames[index].rgba, width: width, height: height) }
}

/// Asserts that two pictures agree within `minimumPSNR`, writing a diff image when they do not.
func assertSimilar(_ a: Picture, _ b: Picture, minimumPSNR: Double, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    let psnr = a.psnr(b)
    if psnr < minimumPSNR {
        XCTFail("\(name): PSNR \(String(format: "%.1f", psnr)) dB < \(minimumPSNR) dB; diff: \(a.writeDiff(against: b, named: name))",
                file: file, line: line)
    }
}
