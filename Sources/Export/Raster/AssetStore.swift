import Foundation
import Scene

/// Every image a scene uses, read and decoded once, before any frame is drawn: a broken asset is
/// reported up front with its key path, and never half-way through an export.
final class AssetStore {
    enum Decoded {
        case svg(SVGDocument)
        case png(ImageSurface)
    }

    struct Entry {
        var asset: Asset
        /// The file's bytes (the SVG exporter embeds them).
        var data: Data
        var decoded: Decoded
    }

    private(set) var entries: [Entry] = []

    /// `file`: the scene file's name, for messages.
    init(_ assets: [Asset], file: String) throws(SceneError) {
        var problems: [Diagnostic] = []
        for asset in assets {
            do {
                entries.append(try Self.load(asset))
            } catch {
                problems.append(Diagnostic(file: file, keyPath: asset.keyPath, message: error.message))
            }
        }
        if !problems.isEmpty { throw SceneError(.render, problems) }
    }

    func entry(for asset: Asset) -> Entry? { entries.first { $0.asset == asset } }

    private struct LoadError: Error { var message: String }

    private static func load(_ asset: Asset) throws(LoadError) -> Entry {
        let data: Data
        switch asset.source {
        case .builtIn(_, let bytes): data = bytes
        case .file(let url):
            do { data = try Data(contentsOf: url) } catch {
                throw LoadError(message: "cannot read \(asset.displayName)")
            }
        }
        do {
            switch asset.format {
            case .svg: return Entry(asset: asset, data: data, decoded: .svg(try SVGDocument(data: data)))
            case .png:
                guard data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
                    throw CLibraryError(library: "cairo", function: "PNG", message: "not a PNG file")
                }
                return Entry(asset: asset, data: data, decoded: .png(try ImageSurface(png: data)))
            }
        } catch let error as CLibraryError {
            throw LoadError(message: "unreadable \(asset.format.rawValue.uppercased()) \(asset.displayName): \(error.message)")
        } catch {
            throw LoadError(message: "unreadable \(asset.displayName): \(error)")
        }
    }
}
