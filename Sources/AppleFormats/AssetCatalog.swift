import Basics
import Foundation

/// An Xcode asset catalog (`Assets.xcassets`) as tabanim reads it: the image sets and symbol sets it holds,
/// by the names Xcode gives them. A folder that is not a set groups sets; when its `Contents.json` says
/// `"provides-namespace": true`, its name prefixes theirs (`Tabs/home`), as in Xcode's "Provides
/// Namespace" check box. Bounded: `maximumDepth` folders deep, `maximumEntries` entries in all, each
/// `Contents.json` at most `contentsSize` bytes; symbolic links are not followed (a catalog is a folder of
/// the app's own files).
package struct AssetCatalog: Sendable {
    /// Catalog folders nest a few levels at most; Xcode itself sets no bound.
    package static let maximumDepth = 16
    /// Files and folders walked in one catalog: larger than any app's (thousands of sets).
    static let maximumEntries = 20_000
    /// A `Contents.json` is a few hundred bytes; Xcode writes one per folder.
    package static let contentsSize = 256 << 10

    package enum Kind: String, Sendable {
        case image = "imageset"
        case symbol = "symbolset"
    }

    package struct AssetSet: Sendable {
        package var name: String
        package var kind: Kind
        package var url: URL

        package init(name: String, kind: Kind, url: URL) {
            self.name = name
            self.kind = kind
            self.url = url
        }
    }

    /// The catalog's folder as the scene writes it, for messages.
    package var path: String
    package var url: URL
    /// Every set, by its full name; a name given twice keeps the first in sorted order.
    package var sets: [String: AssetSet] = [:]

    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// Walks the catalog at `url` (written `path` in the scene).
    package static func index(_ url: URL, path: String) -> Result<AssetCatalog, Failure> {
        var catalog = AssetCatalog(path: path, url: url)
        var entries = 0
        func walk(_ folder: URL, written: String, namespace: [String], depth: Int) throws(Failure) {
            guard depth <= maximumDepth else {
                throw Failure(message: "\(written) is more than \(maximumDepth) folders deep inside \(path)")
            }
            let children: [URL]
            do {
                children = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                    .sorted { $0.lastPathComponent < $1.lastPathComponent }
            } catch {
                throw Failure(message: "cannot read the folder \(written)")
            }
            for child in children {
                entries += 1
                guard entries <= maximumEntries else { throw Failure(message: "\(path) has more than \(maximumEntries) files and folders") }
                let values = try? child.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                guard values?.isDirectory == true, values?.isSymbolicLink != true else { continue }
                let name = child.lastPathComponent, childPath = written + "/" + name
                if let kind = Kind(rawValue: child.pathExtension) {
                    let full = (namespace + [child.deletingPathExtension().lastPathComponent]).joined(separator: "/")
                    if catalog.sets[full] == nil { catalog.sets[full] = AssetSet(name: full, kind: kind, url: child) }
                } else if child.pathExtension.isEmpty {
                    let names = try providesNamespace(child.appendingPathComponent("Contents.json"), written: childPath + "/Contents.json")
                    try walk(child, written: childPath, namespace: names ? namespace + [name] : namespace, depth: depth + 1)
                }
                // Other kinds (.colorset, .appiconset, .dataset, …) hold no tab bar icon.
            }
        }
        do {
            try walk(url, written: path, namespace: [], depth: 1)
        } catch {
            return .failure(error)
        }
        return .success(catalog)
    }

    /// A group folder's `"properties": {"provides-namespace": true}`; false when it has no Contents.json.
    private static func providesNamespace(_ url: URL, written: String) throws(Failure) -> Bool {
        switch FileReader.contents(of: url, limit: contentsSize) {
        case .failure(.notFound): return false
        case .failure(let failure): throw Failure(message: "\(written): \(failure.reason)")
        case .success(let data):
            switch AssetSetContents.json(data) {
            case .failure(let failure): throw Failure(message: "\(written): \(failure.message)")
            case .success(let root):
                guard case .object(let members) = root.value,
                      case .object(let properties)? = members.first(where: { $0.key == "properties" })?.node.value,
                      case .bool(let flag)? = properties.first(where: { $0.key == "provides-namespace" })?.node.value else { return false }
                return flag
            }
        }
    }

    /// The set named `name`, or the closest names the catalog has (for "did you mean").
    package struct NotFound: Error, Sendable {
        /// The closest names, or when none is close, the first few.
        package var close: [String]
    }

    package func lookUp(_ name: String) -> Result<AssetSet, NotFound> {
        if let found = sets[name] { return .success(found) }
        let names = sets.keys.sorted()
        // A name past `Limits.nameLength` is compared with none; others only with names of a similar length.
        let length = name.count, edits = max(2, length / 3)
        guard length <= Limits.nameLength else { return .failure(NotFound(close: Array(names.prefix(5)))) }
        let lower = name.lowercased()
        let close = names.filter { Suggestion.similarLength($0, length, edits: edits) || $0.lowercased().hasSuffix("/" + lower) }
            .map { ($0, Suggestion.distance(lower, $0.lowercased())) }
            .filter { $0.1 <= edits || $0.0.lowercased().hasSuffix("/" + lower) }
            .sorted { $0.1 < $1.1 }.prefix(3).map(\.0)
        return .failure(NotFound(close: close.isEmpty ? Array(names.prefix(5)) : close))
    }
}
