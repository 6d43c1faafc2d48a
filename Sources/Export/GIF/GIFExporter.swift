import Foundation
import Scene

/// Reports export progress; the CLI shows it, the library never prints.
public protocol ExportProgress {
    func exported(frame: Int, of total: Int)
}

public struct SilentProgress: ExportProgress {
    public init() {}
    public func exported(frame: Int, of total: Int) {}
}

/// Writes the animation as a looping GIF: each frame rendered with cairo, only the rectangle that changed
/// since the previous frame written, with an exact palette when that rectangle has at most 256 colors and
/// a libimagequant palette (no dithering) otherwise.
public struct GIFExporter {
    public var scene: ResolvedScene
    public var graph: SceneGraph
    /// 0 loops forever.
    public var loopCount = 0
    /// Draws Lottie frames; the command line isolates rlottie in a child process.
    public var lottie: LottieRendering = InProcessLottieRenderer()

    public init(scene: ResolvedScene, graph: SceneGraph) {
        self.scene = scene
        self.graph = graph
    }

    public func export(to output: OutputFile, progress: ExportProgress = SilentProgress()) throws {
        let settings = scene.export
        guard settings.fps <= GIFTiming.maximumFPS else {
            throw SceneError(.resolve, file: scene.file, keyPath: KeyPath.root.appending("export").appending("fps"),
                             "\(settings.fps.shortText) fps is too fast for a GIF: browsers play delays under 2 cs as 10 cs, so at most 50 fps")
        }
        let rasterizer = try Rasterizer(scene: scene, graph: graph, lottie: lottie)
        let delays = GIFTiming.delays(frameCount: settings.frameCount, fps: settings.fps)
        try output.write { temporary in
            do {
                let writer = try GIFFileWriter(path: temporary.path)
                try writer.putScreen(width: rasterizer.pixelWidth, height: rasterizer.pixelHeight)
                try writer.putLoop(count: loopCount)
                var encoder = FrameDiffEncoder(width: rasterizer.pixelWidth, height: rasterizer.pixelHeight)
                for index in 0..<settings.frameCount {
                    let frame = try rasterizer.render(at: settings.time(ofFrame: index)).straightRGBA()
                    try encoder.encode(frame, delay: delays[index], into: writer)
                    progress.exported(frame: index + 1, of: settings.frameCount)
                }
                try writer.close()
            } catch let error as CLibraryError {
                throw SceneError(.write, file: output.displayName, keyPath: nil, "writing the GIF failed: \(error)")
            }
        }
    }
}

/// Encodes each frame as the rectangle that differs from the previous one.
struct FrameDiffEncoder {
    let width: Int
    let height: Int
    private var previous: [UInt8]?

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    mutating func encode(_ rgba: [UInt8], delay: Int, into writer: GIFFileWriter) throws {
        defer { previous = rgba }
        guard let box = changedBox(rgba) else {
            // Nothing changed: a 1×1 transparent frame keeps the frame count and timing exact.
            let image = IndexedImage(palette: [(0, 0, 0), (0, 0, 0)], indices: [0])
            try writer.putFrame(x: 0, y: 0, width: 1, height: 1, image: image, delay: delay, disposal: .keep, transparentIndex: 0)
            return
        }
        let crop = Self.crop(rgba, width: width, box)
        let image = try Self.exactPalette(crop) ?? Quantizer.quantize(rgba: crop, width: box.width, height: box.height)
        try writer.putFrame(x: box.x, y: box.y, width: box.width, height: box.height, image: image, delay: delay,
                            disposal: .keep, transparentIndex: nil)
    }

    /// The bounding box of the pixels that differ from the previous frame (all of it for the first frame).
    private func changedBox(_ rgba: [UInt8]) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let previous else { return (0, 0, width, height) }
        var minX = width, minY = height, maxX = -1, maxY = -1
        rgba.withUnsafeBytes { current in
            previous.withUnsafeBytes { old in
                let a = current.bindMemory(to: UInt32.self), b = old.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var x = 0
                    while x < width, a[row + x] == b[row + x] { x += 1 }
                    guard x < width else { continue }
                    var last = width - 1
                    while a[row + last] == b[row + last] { last -= 1 }
                    minX = min(minX, x); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private static func crop(_ rgba: [UInt8], width: Int, _ box: (x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(box.width * box.height * 4)
        for y in box.y..<box.y + box.height {
            let start = (y * width + box.x) * 4
            out.append(contentsOf: rgba[start..<start + box.width * 4])
        }
        return out
    }

    /// The image with its own colors, when it has at most 256 of them: lossless.
    private static func exactPalette(_ rgba: [UInt8]) -> IndexedImage? {
        var lookup: [UInt32: UInt8] = [:]
        var palette: [(red: UInt8, green: UInt8, blue: UInt8)] = []
        var indices = [UInt8](repeating: 0, count: rgba.count / 4)
        for i in 0..<indices.count {
            let o = i * 4
            let key = UInt32(rgba[o]) << 16 | UInt32(rgba[o + 1]) << 8 | UInt32(rgba[o + 2])
            if let index = lookup[key] {
                indices[i] = index
            } else {
                guard palette.count < 256 else { return nil }
                lookup[key] = UInt8(palette.count)
                indices[i] = UInt8(palette.count)
                palette.append((rgba[o], rgba[o + 1], rgba[o + 2]))
            }
        }
        return IndexedImage(palette: palette, indices: indices)
    }
}
