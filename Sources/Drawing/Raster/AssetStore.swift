import Foundation
import Scene

/// Every image a scene uses, read and decoded once, before any frame is drawn: a broken asset is
/// reported up front with its key path, and never half-way through an export.
package final class AssetStore {
    package enum Decoded {
        case svg(SVGDocument)
        case png(ImageSurface)
    }

    package struct Entry {
        package var asset: Asset
        /// The file's bytes (the SVG exporter embeds them).
        package var data: Data
        package var decoded: Decoded
    }

    package private(set) var entries: [Entry] = []
    /// Lottie frames by `sequenceKey`, drawn at the size they are shown at.
    private(set) var sequences: [String: [ImageSurface]] = [:]

    /// Reads every image `graph` draws and renders every Lottie clip at `scale` pixels per point.
    /// `file`: the scene file's name, for messages.
    package convenience init(graph: SceneGraph, scale: Double, file: String, limits: Limits, lottie: LottieRendering) throws(SceneError) {
        try self.init(images: graph.assets, sequences: graph.sequences, scale: scale, file: file, limits: limits, lottie: lottie)
    }

    init(images: [Asset], sequences wanted: [FrameSequence], scale: Double, file: String, limits: Limits,
         lottie: LottieRendering) throws(SceneError) {
        var problems: [Diagnostic] = []
        for asset in images {
            do {
                entries.append(try Self.load(asset, limits: limits))
            } catch {
                problems.append(Diagnostic(file: file, keyPath: asset.keyPath, message: error.message))
            }
        }
        var failed = Set<String>()
        for sequence in wanted {
            let (key, width, height) = Self.sequenceKey(sequence, scale: scale)
            guard sequences[key] == nil, !failed.contains(key) else { continue }
            failed.insert(key)  // until it succeeds: report each broken file once
            do {
                let frames = try lottie.frames(of: sequence.clip, width: width, height: height)
                sequences[key] = try frames.frames.map { pixels throws(CLibraryError) in
                    try ImageSurface(premultipliedARGB: pixels, width: width, height: height)
                }
                failed.remove(key)
            } catch let error as LottieError {
                problems.append(Diagnostic(file: file, keyPath: sequence.clip.asset.keyPath,
                                           message: "\(sequence.clip.asset.displayName): \(error.message)"))
            } catch {
                problems.append(Diagnostic(file: file, keyPath: sequence.clip.asset.keyPath, message: "\(error)"))
            }
        }
        if !problems.isEmpty { throw SceneError(.render, problems) }
    }

    /// Draws the document once, small, so that what librsvg refuses only when drawing (a `<use>` chain past
    /// its limit of referenced elements) or draws too slowly is reported now, not in the middle of an export.
    private static func trialDraw(_ document: SVGDocument, _ asset: Asset) throws {
        let context = try CairoContext(try ImageSurface(width: 32, height: 32))
        let start = Date()
        try document.render(in: context, x: 0, y: 0, width: 32, height: 32)
        let seconds = Date().timeIntervalSince(start)
        guard seconds <= svgDrawingTime else {
            throw LoadError(message: "\(asset.displayName) is too complex: drawing it once took \(String(format: "%.1f", seconds)) s, and it is drawn on every frame")
        }
    }

    /// cairo reports every libpng error as "out of memory", and a file that ends early as a read error: say
    /// what they mean for a PNG whose header was read already.
    private static func decodePNG(_ data: Data) throws(CLibraryError) -> ImageSurface {
        do {
            return try ImageSurface(png: data)
        } catch {
            switch error.message {
            case "out of memory": throw CLibraryError(library: error.library, function: error.function, message: "damaged image data (libpng refused it)")
            case "error while reading from input stream": throw CLibraryError(library: error.library, function: error.function, message: "the file ends before the image does (truncated)")
            default: throw error
            }
        }
    }

    func entry(for asset: Asset) -> Entry? { entries.first { $0.asset == asset } }

    /// The frames of a sequence, as loaded for `scale`.
    package func frames(of sequence: FrameSequence, scale: Double) -> [ImageSurface]? {
        sequences[Self.sequenceKey(sequence, scale: scale).key]
    }

    /// A clip shown at one size: its file and the pixel size (the same file at the same size is drawn once,
    /// whichever items use it).
    package static func sequenceKey(_ sequence: FrameSequence, scale: Double) -> (key: String, width: Int, height: Int) {
        let width = max(1, Int((sequence.frame.width * scale).rounded()))
        let height = max(1, Int((sequence.frame.height * scale).rounded()))
        let file: String
        switch sequence.clip.asset.source {
        case .file(let url): file = url.path
        case .builtIn(let name, _): file = name
        }
        return ("\(file)|\(width)x\(height)", width, height)
    }

    private struct LoadError: Error { var message: String }

    /// An SVG icon is drawn again on every frame: one that takes longer than this to draw once is refused.
    static let svgDrawingTime: TimeInterval = 1

    private static func load(_ asset: Asset, limits: Limits) throws(LoadError) -> Entry {
        let data: Data
        switch asset.source {
        case .builtIn(_, let bytes): data = bytes
        case .file(let url):
            switch FileReader.contents(of: url, limit: limits.assetSize) {
            case .success(let bytes): data = bytes
            case .failure(let failure): throw LoadError(message: "\(asset.displayName): \(failure.reason)")
            }
        }
        do {
            switch asset.format {
            case .lottie:
                throw CLibraryError(library: "tabanim", function: "load", message: "a Lottie file is not an image")
            case .svg:
                let document = try SVGDocument(data: data)
                try trialDraw(document, asset)
                return Entry(asset: asset, data: data, decoded: .svg(document))
            case .png:
                guard data.starts(with: PNGHeader.signature) else {
                    throw CLibraryError(library: "cairo", function: "PNG", message: "not a PNG file")
                }
                // The size from the header, before cairo allocates it; a broken header is cairo's to report.
                if let size = PNGHeader.pixelSize(header: [UInt8](data.prefix(24))), size.width * size.height > Double(limits.imagePixels) {
                    throw LoadError(message: "\(asset.displayName) is \(Int(size.width))×\(Int(size.height)) pixels, more than the limit of \(limits.imagePixels) (\(Limits.raise("image-pixels", to: size.width * size.height)))")
                }
                return Entry(asset: asset, data: data, decoded: .png(try decodePNG(data)))
            }
        } catch let error as LoadError {
            throw error
        } catch let error as CLibraryError {
            throw LoadError(message: "unreadable \(asset.format.rawValue.uppercased()) \(asset.displayName): \(error.message)")
        } catch {
            throw LoadError(message: "unreadable \(asset.displayName): \(error)")
        }
    }
}
