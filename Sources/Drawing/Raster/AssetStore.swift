import AppleFormats
import Basics
import Foundation
import Graph
import Graphics
import LottieEngine
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
        /// The file's bytes (the SVG exporter embeds them); for a PDF, the SVG it was converted to.
        package var data: Data
        package var decoded: Decoded
        /// `asset.source.key`, made once (a URL's path is decoded again each time it is asked for).
        let sourceKey: String

        package init(asset: Asset, data: Data, decoded: Decoded) {
            self.asset = asset
            self.data = data
            self.decoded = decoded
            sourceKey = asset.source.key
        }
    }

    package private(set) var entries: [Entry] = []
    /// Every Lottie clip of the scene, read once by tabanim's engine, by file (`engineKey`).
    private(set) var engineClips: [String: LottieAnimation] = [:]
    /// PNG images resampled to the size they are shown at (`resampled(_:width:height:)`), and their pixels.
    package var resampledImages: [ResampledKey: ImageSurface] = [:]
    var resampledPixels = 0
    /// At most this many pixels are kept resampled (each store belongs to one render worker): beyond it,
    /// images are drawn from their own pixels. 0 turns resampling off (for tests that compare).
    package var resampledPixelBudget = 16 << 20
    /// Files decoded and images resampled once for every rasterizer of an export.
    package let decoded: DecodedAssets

    /// Reads every image `graph` draws and renders every Lottie clip at `scale` pixels per point.
    /// `file`: the scene file's name, for messages.
    /// `decoded`: PNGs and Lottie models decoded already, for every rasterizer of an export.
    package convenience init(graph: SceneGraph, scale: Double, file: String, limits: Limits, pdf: PDFConverting,
                             decoded: DecodedAssets = DecodedAssets()) throws(SceneError) {
        try self.init(images: graph.assets, sequences: graph.sequences, scale: scale, file: file, limits: limits, pdf: pdf, decoded: decoded)
    }

    package init(images: [Asset], sequences wanted: [FrameSequence], scale: Double, file: String, limits: Limits,
         pdf: PDFConverting, decoded: DecodedAssets = DecodedAssets()) throws(SceneError) {
        self.decoded = decoded
        var problems: [Diagnostic] = []
        for asset in images {
            do {
                entries.append(try Self.load(asset, limits: limits, pdf: pdf, decoded: decoded))
            } catch {
                problems.append(Diagnostic(file: file, keyPath: asset.keyPath, message: error.message))
            }
        }
        var refused = Set<String>()  // each file reported once, however many items play it
        for sequence in wanted {
            let clipFile = Self.engineKey(sequence.clip)
            guard engineClips[clipFile] == nil, !refused.contains(clipFile) else { continue }
            switch Self.engineModel(of: sequence.clip, limits: limits, decoded: decoded) {
            case .success(let animation):
                engineClips[clipFile] = animation
            case .failure(let refusal):
                refused.insert(clipFile)
                problems.append(Diagnostic(file: file, keyPath: sequence.clip.asset.keyPath,
                                           message: "\(sequence.clip.asset.displayName): \(refusal.message)"))
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

    package func entry(for asset: Asset) -> Entry? {
        // By index: `first(where:)` copied every entry it passed (its asset, bytes and decoded image
        // retained and released), for every image that changes on every frame.
        for k in entries.indices where entries[k].asset == asset { return entries[k] }
        return nil
    }

    /// What a clip's file is for the engine: its model (drawn but for what it names in
    /// `unsupportedFeatures`, as lottie-ios leaves what it does not support undrawn), or why it cannot be
    /// read at all (a precomp that contains itself, a file past a bound).
    package static func engineModel(of clip: LottieClip, limits: Limits, decoded: DecodedAssets? = nil) -> Result<LottieAnimation, EngineRefusal> {
        let data: Data
        switch clip.asset.source {
        case .builtIn(_, let bytes): data = bytes
        case .file(let url):
            switch FileReader.contents(of: url, limit: limits.assetSize) {
            case .success(let bytes): data = bytes
            case .failure(let failure): return .failure(EngineRefusal(message: failure.reason))
            }
        }
        guard let decoded else { return engineModel(of: data) }
        return decoded.engineModel(engineKey(clip), data: data) { engineModel(of: data) }
    }

    /// `engineModel(of:limits:)` for the clip's bytes.
    private static func engineModel(of data: Data) -> Result<LottieAnimation, EngineRefusal> {
        var animation: LottieAnimation
        do { animation = try LottieAnimation(data: data) } catch {
            return .failure(EngineRefusal(message: error.description))
        }
        if !animation.glyphsWanted.isEmpty { animation = animation.addingGlyphs(from: PangoGlyphSource()) }  // font-based text
        return .success(animation)
    }

    /// Why tabanim's engine cannot read a clip's file.
    package struct EngineRefusal: Error {
        package var message: String
    }

    static func engineKey(_ clip: LottieClip) -> String { clip.asset.source.key }

    /// The picture a sequence shows at `playhead` (frames from its in point), at the pixel size it is shown
    /// at for `scale`: the engine's picture at that exact, fractional frame (the SVG's sheet for pictures its
    /// vector writer cannot write exactly).
    package func image(of sequence: FrameSequence, at playhead: Double, scale: Double) throws -> ImageSurface? {
        let (_, width, height) = Self.sequenceKey(sequence, scale: scale)
        guard let animation = engineClips[Self.engineKey(sequence.clip)] else { return nil }
        let frame = animation.inPoint + playhead
        let picture = try animation.picture(atFrame: frame)
        let surface = try ImageSurface(width: width, height: height)
        let place = LottieEngine.Affine.scale(Double(width) / animation.width, Double(height) / animation.height)
        do { try LottieVectorRenderer().draw(picture, into: CairoContext(surface), transform: place) } catch {
            throw Self.failure(error, drawing: sequence.clip, animation, atFrame: frame, width: width, height: height, transform: place)
        }
        return surface
    }

    /// The engine's picture a sequence shows at `playhead` (frames from its in point), in the Lottie file's
    /// canvas points: what `image(of:at:scale:)` rasterizes, for the SVG to write as vectors. `nil` for a
    /// clip the engine does not draw.
    package func picture(of sequence: FrameSequence, at playhead: Double) throws -> VectorPicture? {
        guard let animation = engineClips[Self.engineKey(sequence.clip)] else { return nil }
        return try animation.picture(atFrame: animation.inPoint + playhead)
    }

    /// Draws the engine's picture a sequence shows at `playhead` straight into `context` as vectors, its
    /// canvas filling the sequence's box (`m`: the box's points → the context's pixels), clipped to the box.
    /// The exports draw so rather than through `image(of:at:scale:)`: a box at a fractional pixel (item
    /// centres rarely fall on whole pixels) would resample the raster frame and soften it, where the SVG's
    /// vectors, drawn by the browser at the exact place, stay sharp. Nothing for a clip the store did not load.
    func drawEngineFrame(of sequence: FrameSequence, at playhead: Double, into context: CairoContext, transform m: Basics.Affine) throws {
        guard let animation = engineClips[Self.engineKey(sequence.clip)] else { return }
        let frame = animation.inPoint + playhead
        let picture = try animation.picture(atFrame: frame)
        let f = sequence.frame
        guard picture.width > 0, picture.height > 0, f.width > 0, f.height > 0 else { return }
        context.save()
        defer { context.restore() }
        context.setMatrix(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty)
        context.rectangle(x: f.minX, y: f.minY, width: f.width, height: f.height)
        context.clip()
        let sx = f.width / picture.width, sy = f.height / picture.height
        let place = LottieEngine.Affine(a: m.a * sx, b: m.b * sx, c: m.c * sy, d: m.d * sy,
                                        tx: m.a * f.minX + m.c * f.minY + m.tx, ty: m.b * f.minX + m.d * f.minY + m.ty)
        do { try LottieVectorRenderer().draw(picture, into: context, transform: place) } catch {
            throw Self.failure(error, drawing: sequence.clip, animation, atFrame: frame,
                               width: context.surface.width, height: context.surface.height, transform: place)
        }
    }

    /// A C library's failure drawing `clip` at `frame`, with the root layer that fails alone (each drawn on
    /// a scratch surface of the same size through the same transform: cairo's errors stick to a context).
    private static func failure(_ error: CLibraryError, drawing clip: LottieClip, _ animation: LottieAnimation, atFrame frame: Double,
                                width: Int, height: Int, transform place: LottieEngine.Affine) -> LottieDrawingError {
        let layer = LottieDrawingError.failingLayer(of: animation, atFrame: frame) { alone in
            guard let scratch = try? ImageSurface(width: width, height: height), let context = try? CairoContext(scratch) else { return true }
            return (try? LottieVectorRenderer().draw(alone, into: context, transform: place)) != nil
        }
        return LottieDrawingError(file: clip.asset.displayName, keyPath: clip.asset.keyPath, layer: layer, frame: frame, cause: error)
    }

    /// The engine's model of the clip, for the SVG to animate as SMIL; `nil` for a clip the engine does not draw.
    package func engineAnimation(of clip: LottieClip) -> LottieAnimation? { engineClips[Self.engineKey(clip)] }

    /// A clip shown at one size: its file and the pixel size (the same file at the same size is drawn once,
    /// whichever items use it).
    package static func sequenceKey(_ sequence: FrameSequence, scale: Double) -> (key: String, width: Int, height: Int) {
        let width = max(1, Int((sequence.frame.width * scale).rounded()))
        let height = max(1, Int((sequence.frame.height * scale).rounded()))
        return ("\(sequence.clip.asset.source.key)|\(width)x\(height)", width, height)
    }

    private struct LoadError: Error { var message: String }

    /// An SVG icon is drawn again on every frame: one that takes longer than this to draw once is refused.
    static let svgDrawingTime: TimeInterval = 1

    /// `pdf`: who turns a PDF into an SVG (poppler in this process, or isolated in a child).
    private static func load(_ asset: Asset, limits: Limits, pdf: PDFConverting, decoded: DecodedAssets) throws(LoadError) -> Entry {
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
            case .pdf:
                // Converted once to an SVG (its bytes are what the SVG exporter embeds), then drawn as one.
                let file: URL? = if case .file(let url) = asset.source { url } else { nil }
                let svg = try pdf.firstPageSVG(ofPDF: data, file: file)
                let document = try SVGDocument(data: svg)
                try trialDraw(document, asset)
                return Entry(asset: asset, data: svg, decoded: .svg(document))
            case .png:
                guard data.starts(with: PNGHeader.signature) else {
                    throw CLibraryError(library: "cairo", function: "PNG", message: "not a PNG file")
                }
                // The size from the header, before cairo allocates it; a broken header is cairo's to report.
                if let size = PNGHeader.pixelSize(header: [UInt8](data.prefix(24))), size.width * size.height > Double(limits.imagePixels) {
                    throw LoadError(message: "\(asset.displayName) is \(Int(size.width))×\(Int(size.height)) pixels, more than the limit of \(limits.imagePixels) (\(Limits.raise("image-pixels", to: size.width * size.height)))")
                }
                return Entry(asset: asset, data: data, decoded: .png(try decoded.image(asset.source.key, data: data) { () throws(CLibraryError) in try decodePNG(data) }))
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

extension Asset.Source {
    /// What tells one asset's file from another's within a run: its path, or a built-in's name.
    package var key: String {
        switch self {
        case .file(let url): return url.path
        case .builtIn(let name, _): return name
        }
    }
}
