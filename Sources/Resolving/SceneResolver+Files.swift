import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// Files a scene names, checked at the door: inside the scene's folder (unless the user allows otherwise),
/// regular files of a known kind within the size limit, PNG sizes read from their headers and SVG elements
/// counted, all before any image is decoded.
extension SceneResolver {
    /// An image or Lottie file the scene names at `keyPath`; nil (and a problem) when it cannot be used.
    func asset(_ path: String, at keyPath: KeyPath, allowed: Set<Asset.Format>, _ problems: inout Problems) -> Asset? {
        guard let url = insideURL(path, at: keyPath, &problems) else { return nil }
        let size: Int
        switch FileReader.size(of: url) {
        case .failure(.notFound):
            problems.add(keyPath, "file not found: \(path)")
            return nil
        case .failure(let failure):
            problems.add(keyPath, "\(failure.reason): \(path)")
            return nil
        case .success(let value):
            size = value
        }
        let ext = url.pathExtension.lowercased()
        guard let format = ext == "json" ? .lottie : Asset.Format(rawValue: ext), allowed.contains(format) else {
            let kinds = allowed.map { $0 == .lottie ? "a Lottie .json file" : $0.rawValue.uppercased() }.sorted().joined(separator: " or ")
            problems.add(keyPath, "unsupported file type \".\(url.pathExtension)\" (\(path)); use \(kinds)")
            return nil
        }
        guard size <= limits.assetSize else {
            problems.add(keyPath, "\(path) is \(Limits.bytes(size)), more than the limit of \(Limits.bytes(limits.assetSize)) (\(Limits.raise("asset-size", to: Double(size))))")
            return nil
        }
        let asset = Asset(source: .file(url), format: format, displayName: path, keyPath: keyPath)
        switch format {
        case .png:
            // Unreadable headers are left to the decoder, which reports them with every other broken image.
            if let size = PNGHeader.pixelSize(of: url), !checkImagePixels(size, path, at: keyPath, &problems) { return nil }
        case .svg:
            if case .success(let data) = FileReader.contents(of: url, limit: limits.assetSize) {
                let count = SVGHeader.elementCount(data)
                guard count <= limits.svgElements else {
                    problems.add(keyPath, "\(path) has \(count) elements, more than the limit of \(limits.svgElements) (\(Limits.raise("svg-elements", to: Double(count))))")
                    return nil
                }
            }
        case .pdf:
            // The header at the door; pages are poppler's to count when the icon is loaded.
            if case .success(let data) = FileReader.contents(of: url, limit: limits.assetSize), !data.starts(with: Array("%PDF-".utf8)) {
                problems.add(keyPath, "\(path) is not a PDF (it does not start with %PDF-)")
                return nil
            }
        case .lottie:
            break
        }
        return asset
    }

    /// Whether a PNG of `size` pixels is within `image-pixels`; reports it when not.
    func checkImagePixels(_ size: Size, _ path: String, at keyPath: KeyPath, _ problems: inout Problems) -> Bool {
        let pixels = size.width * size.height
        guard pixels > Double(limits.imagePixels) else { return true }
        problems.add(keyPath, "\(path) is \(Int(size.width))×\(Int(size.height)) pixels, more than the limit of \(limits.imagePixels) (\(Limits.raise("image-pixels", to: pixels)))")
        return false
    }

    /// A folder the scene names, relative to the scene file.
    func folder(_ path: String, at keyPath: KeyPath, _ problems: inout Problems) -> (path: String, url: URL)? {
        guard let url = insideURL(path, at: keyPath, &problems) else { return nil }
        guard case .failure(.folder) = FileReader.size(of: url) else {
            problems.add(keyPath, "folder not found: \(path)")
            return nil
        }
        return (path.hasSuffix("/") ? String(path.dropLast()) : path, url)
    }

    /// Where `path` points, or nil (and a problem) when it leaves the scene's folder, by `..`, by an
    /// absolute path or through a symbolic link, and the user has not allowed that.
    func insideURL(_ path: String, at keyPath: KeyPath, _ problems: inout Problems) -> URL? {
        let url = assetURL(path)
        guard !allowsOutsideFolder, !Self.isInside(url, baseDirectory) else {
            problems.inputs.append(SceneInput(url: url, keyPath: keyPath))
            return url
        }
        problems.add(keyPath, "\(path) is outside the scene's folder; tabanim reads only files in the scene's folder and below (allow others with --allow-outside)")
        return nil
    }

    /// Whether `url` lies in `folder` or below, both as written and with symbolic links resolved.
    static func isInside(_ url: URL, _ folder: URL) -> Bool {
        func contains(_ folder: [String], _ path: [String]) -> Bool {
            path.count > folder.count && Array(path.prefix(folder.count)) == folder
        }
        let written = url.standardizedFileURL.pathComponents, base = folder.standardizedFileURL.pathComponents
        guard contains(base, written) else { return false }
        // A link inside the folder may point anywhere: compare the real paths of whatever exists.
        guard let real = realPath(url) else { return true }  // nothing there to read
        return contains(realPath(folder) ?? base, real)
    }

    private static func realPath(_ url: URL) -> [String]? {
        guard let resolved = realpath(url.path, nil) else { return nil }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved)).pathComponents
    }
}
