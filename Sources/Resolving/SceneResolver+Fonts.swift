import Basics
import Foundation
import Graph
import Spec

/// `fonts` and the families `tabBar.titleFont` / `badgeFont` name. The files are checked at the door here
/// (inside the scene's folder, a font's extension, within the size limit); whether each is a font, and
/// whether a named family exists, the drawing module checks with fontconfig (`Typefaces`).
extension SceneResolver {
    /// At most this many font files: a family of static weights is a handful, SF Pro's download one file.
    public static let maximumFontFiles = 16
    /// Font files fontconfig reads.
    public static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    func resolveFonts(_ paths: [String]?, _ problems: inout Problems) -> [FontFile] {
        guard let paths else { return [] }
        let path = KeyPath.root.appending("fonts")
        guard paths.count <= Self.maximumFontFiles else {
            problems.add(path, "\(paths.count) font files, more than \(Self.maximumFontFiles); list the weights the titles use")
            return []
        }
        var files: [FontFile] = []
        for (index, file) in paths.enumerated() {
            let keyPath = path.appending(index)
            guard let url = insideURL(file, at: keyPath, &problems) else { continue }
            let ext = url.pathExtension.lowercased()
            guard Self.fontExtensions.contains(ext) else {
                problems.add(keyPath, "unsupported font file \"\(file)\"; use a .ttf, .otf or .ttc file")
                continue
            }
            switch FileReader.size(of: url) {
            case .failure(.notFound):
                problems.add(keyPath, "file not found: \(file)")
            case .failure(let failure):
                problems.add(keyPath, "\(failure.reason): \(file)")
            case .success(let size) where size > limits.fontSize:
                problems.add(keyPath, "\(file) is \(Limits.bytes(size)), more than the limit of \(Limits.bytes(limits.fontSize)) (\(Limits.raise("font-size", to: Double(size))))")
            case .success:
                files.append(FontFile(url: url, displayName: file, keyPath: keyPath))
            }
        }
        return files
    }

    /// A family name as written (trimmed); empty is a mistake.
    func family(_ name: String?, at keyPath: KeyPath, _ problems: inout Problems) -> String? {
        guard let name else { return nil }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 200, !trimmed.contains(",") else {
            problems.add(keyPath, "a font family's name, such as \"SF Pro Text\" or \"Inter\"; not \"\(name)\"")
            return nil
        }
        return trimmed
    }
}
