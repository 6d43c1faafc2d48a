import Basics
import Foundation

/// A dotLottie file (`.lottie`, dotlottie.io): a zip archive holding `manifest.json` and one or more
/// animations (`animations/ID.json` in version 1, `a/ID.json` in version 2). tabanim plays one of them: the
/// one `#ID` names, else the manifest's first. Read with bounds at every step: the archive's entry count,
/// each entry's inflated size and its ratio to the compressed size; a name with `..` or a leading `/` is
/// refused.
public enum DotLottie {
    public struct Failure: Error, Equatable {
        public var message: String
    }

    /// At most this many entries (an archive of a few animations and their images has tens).
    public static let maximumEntries = 1000
    /// An entry may inflate to at most this many times its compressed size (a zip bomb's ratio is in the
    /// thousands; JSON compresses about tenfold).
    public static let maximumRatio = 200

    /// The animation's JSON, and every animation id the archive has.
    public static func animation(in data: Data, id wanted: String?, limit: Int) throws(Failure) -> (json: Data, ids: [String]) {
        let found = try animation(in: data, id: wanted, theme: nil, limit: limit)
        return (found.json, found.ids)
    }

    /// The animation's JSON with the archive's images embedded and `theme` (a theme id of the manifest)
    /// applied (`DotLottie+Assets.swift`), every animation id the archive has, and what of the theme was
    /// read but not applied.
    public static func animation(in data: Data, id wanted: String?, theme: String?, limit: Int) throws(Failure) -> (json: Data, ids: [String], warnings: [String]) {
        let entries = try centralDirectory(Array(data))
        let bytes = Array(data)
        func read(_ name: String) throws(Failure) -> [UInt8]? {
            guard let entry = entries.first(where: { $0.name == name }) else { return nil }
            return try contents(of: entry, in: bytes, limit: limit)
        }
        var ids: [String] = [], themes: [String] = []
        if let manifest = try read("manifest.json") {
            var parser = JSONParser(data: Data(manifest))
            if let root = try? parser.parse(), case .object(let members) = root.value {
                /// The `id` of each object in the manifest's array under `key`.
                func idsOf(_ key: String) -> [String] {
                    guard let list = members.first(where: { $0.key == key })?.node, case .array(let items) = list.value else { return [] }
                    return items.compactMap { node in
                        guard case .object(let fields) = node.value, let idNode = fields.first(where: { $0.key == "id" })?.node,
                              case .string(let id) = idNode.value else { return nil }
                        return id
                    }
                }
                ids = idsOf("animations")
                themes = idsOf("themes")
            }
        }
        if themes.isEmpty {
            themes = entries.filter { ($0.name.hasPrefix("t/") || $0.name.hasPrefix("themes/")) && $0.name.hasSuffix(".json") }
                .map { URL(fileURLWithPath: $0.name).deletingPathExtension().lastPathComponent }
        }
        let jsonEntries = entries.filter { ($0.name.hasPrefix("animations/") || $0.name.hasPrefix("a/")) && $0.name.hasSuffix(".json") }
        if ids.isEmpty { ids = jsonEntries.map { URL(fileURLWithPath: $0.name).deletingPathExtension().lastPathComponent } }
        guard let id = wanted ?? ids.first else { throw Failure(message: "the archive holds no animation (no animations/*.json)") }
        guard ids.contains(id) else {
            throw Failure(message: "no animation \"\(id)\" in the archive; it has \(ids.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        for name in ["animations/\(id).json", "a/\(id).json"] {
            if let json = try read(name) {
                let resolved = try resolveAssets(json, theme: theme, themes: themes, read: read)
                return (Data(resolved.json), ids, resolved.warnings)
            }
        }
        throw Failure(message: "the manifest names \"\(id)\" but the archive has no animations/\(id).json")
    }

    package struct Entry {
        package var name: String
        package var method: Int
        var compressedSize: Int
        package var size: Int
        var localHeader: Int
    }

    /// The archive's entries, from its central directory (found through the end-of-central-directory
    /// record in its last 64 KiB).
    static func centralDirectory(_ bytes: [UInt8]) throws(Failure) -> [Entry] {
        func u16(_ at: Int) -> Int { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : 0 }
        func u32(_ at: Int) -> Int { at + 4 <= bytes.count ? u16(at) | u16(at + 2) << 16 : 0 }
        guard bytes.count >= 22 else { throw Failure(message: "not a zip archive (too short)") }
        var end = -1
        for at in stride(from: bytes.count - 22, through: max(0, bytes.count - 22 - 65_535), by: -1) where u32(at) == 0x0605_4B50 {
            end = at
            break
        }
        guard end >= 0 else { throw Failure(message: "not a zip archive (no end of central directory)") }
        let count = u16(end + 10), directory = u32(end + 16)
        guard count <= maximumEntries else { throw Failure(message: "\(count) entries, more than \(maximumEntries)") }
        var entries: [Entry] = []
        var at = directory
        for _ in 0..<count {
            guard u32(at) == 0x0201_4B50 else { throw Failure(message: "the central directory is damaged") }
            let nameLength = u16(at + 28), extra = u16(at + 30), comment = u16(at + 32)
            guard at + 46 + nameLength <= bytes.count else { throw Failure(message: "the central directory is damaged") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
                throw Failure(message: "an entry named \"\(name)\" points outside the archive")
            }
            entries.append(Entry(name: name, method: u16(at + 10), compressedSize: u32(at + 20), size: u32(at + 24), localHeader: u32(at + 42)))
            at += 46 + nameLength + extra + comment
        }
        return entries
    }

    /// One entry's bytes, stored or deflated, at most `limit` of them.
    package static func contents(of entry: Entry, in bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        func u16(_ at: Int) -> Int { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : 0 }
        let header = entry.localHeader
        guard header + 30 <= bytes.count, bytes[header] == 0x50, bytes[header + 1] == 0x4B, bytes[header + 2] == 3, bytes[header + 3] == 4 else {
            throw Failure(message: "\(entry.name): its local header is damaged")
        }
        let start = header + 30 + u16(header + 26) + u16(header + 28)
        guard start + entry.compressedSize <= bytes.count else { throw Failure(message: "\(entry.name): the archive ends inside it") }
        guard entry.size <= limit else { throw Failure(message: "\(entry.name) is \(Limits.bytes(entry.size)), more than the limit of \(Limits.bytes(limit))") }
        guard entry.size <= max(entry.compressedSize, 1) * maximumRatio else {
            throw Failure(message: "\(entry.name) inflates \(entry.size / max(entry.compressedSize, 1)) times its size, more than \(maximumRatio) (a zip bomb?)")
        }
        let compressed = Array(bytes[start..<(start + entry.compressedSize)])
        switch entry.method {
        case 0: return compressed
        case 8:
            do {
                let inflated = try Inflate.inflate(compressed, limit: min(limit, max(entry.compressedSize, 1) * maximumRatio))
                guard inflated.count == entry.size else { throw Failure(message: "\(entry.name) inflates to another size than the archive says") }
                return inflated
            } catch let failure as Inflate.Failure {
                throw Failure(message: "\(entry.name): \(failure.message)")
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure(message: "\(entry.name): \(error)")
            }
        default:
            throw Failure(message: "\(entry.name) is compressed with method \(entry.method); tabanim reads stored and deflated entries")
        }
    }
}
