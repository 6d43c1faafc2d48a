import AppleFormats
import Basics
import Foundation
import Graph
import Spec

/// `"lottie": "icons/home.lottie"` or `"icons/home.lottie#animation-id"`: one animation of a dotLottie
/// archive (dotlottie.io), taken out when the scene is resolved and kept as the asset's bytes, so every
/// exporter draws it as it draws a `.json` file.
extension SceneResolver {
    /// Whether `path` names a dotLottie archive (with or without `#id`).
    static func isDotLottie(_ path: String) -> Bool {
        (path.split(separator: "#", maxSplits: 1).first.map(String.init) ?? path).lowercased().hasSuffix(".lottie")
    }

    /// The archive's animation as an asset, and its header; nil when `path` is not a `.lottie` (or, with a
    /// problem reported, when the archive cannot be used).
    /// `theme` names one of the archive's themes (`{"lottie": "icons/x.lottie#anim", "theme": "dark"}`).
    func dotLottie(_ path: String, theme: String? = nil, at keyPath: KeyPath, _ problems: inout Problems) -> (Asset, Result<LottieHeader, LottieHeader.Failure>)? {
        guard Self.isDotLottie(path) else { return nil }
        let parts = path.split(separator: "#", maxSplits: 1).map(String.init)
        let file = parts[0], id = parts.count > 1 ? parts[1] : nil
        guard let url = insideURL(file, at: keyPath, &problems) else { return nil }
        let data: Data
        switch FileReader.contents(of: url, limit: limits.assetSize) {
        case .success(let bytes): data = bytes
        case .failure(.notFound):
            problems.add(keyPath, "file not found: \(file)")
            return nil
        case .failure(.tooLarge(let size, _)):
            problems.add(keyPath, "\(file) is \(Limits.bytes(size)), more than the limit of \(Limits.bytes(limits.assetSize)) (\(Limits.raise("asset-size", to: Double(size))))")
            return nil
        case .failure(let failure):
            problems.add(keyPath, "\(failure.reason): \(file)")
            return nil
        }
        do {
            let (json, _, warnings) = try DotLottie.animation(in: data, id: id, theme: theme, limit: limits.assetSize)
            for warning in warnings { problems.warn(keyPath.appending("theme"), "\(file): \(warning)") }
            // The theme is part of what the asset is: the same archive under two themes is two clips.
            let name = theme.map { "\(path) (theme \($0))" } ?? path
            let asset = Asset(source: .builtIn(name: name, data: json), format: .lottie, displayName: path, keyPath: keyPath)
            return (asset, LottieHeader.read(json))
        } catch {
            problems.add(keyPath, "\(file): \(error.message)")
            return nil
        }
    }
}
