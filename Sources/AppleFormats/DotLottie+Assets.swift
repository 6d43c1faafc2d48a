import Basics
import Foundation

/// What a dotLottie archive holds beside the animation's JSON: its images and its themes, folded into the
/// JSON so that every player (tabanim's engine) draws the animation from one self-contained file.
///
/// - Images (`images/…` in version 1, `i/…` in version 2): an image asset whose `u` + `p` names an entry of
///   the archive becomes an embedded one (`"p": "data:image/png;base64,…"`, `"e": 1`), as a `.json` file
///   exported with embedded images has them.
/// - Themes (version 2: the manifest's `themes`, `t/ID.json`; `themes/ID.json` read too): a theme's `rules`
///   override the animation's slots (`slots`, and the properties naming one by `sid`), each rule's `id` a
///   slot; `Color`, `Scalar`, `Position`, `Vector` and `Gradient` rules (a `value`, or `keyframes` of
///   `frame`, `value`, `inTangent`, `outTangent`, `hold`) are applied; `Image` and `Text` rules are named in
///   a warning. The slots' own values apply with no theme (dotLottie players do the same).
///
/// The animation is parsed once (`JSONParser`), changed as a tree, and written once (`JSONWriter`) only
/// when something changed. A key given twice is read as its last value, and written once.
extension DotLottie {
    /// Deeper documents are not changed (the engine refuses them long before: `LottieLimits.maxJSONDepth`).
    static let maxJSONDepth = 512

    /// The animation's JSON with the archive's images embedded and `theme` applied, and what was read but
    /// not applied (one line each). `read` gives an entry's bytes (bounded), nil when there is none.
    static func resolveAssets(_ json: [UInt8], theme: String?, themes: [String],
                              read: (String) throws(Failure) -> [UInt8]?) throws(Failure) -> (json: [UInt8], warnings: [String]) {
        // Not an object, or not JSON: the engine says why, with its line and column.
        guard var root = parsedObject(json) else { return (json, []) }
        var warnings: [String] = [], changed = false
        // Images.
        if let assets = root["assets"]?.objects {
            var embedded: [JSONNode] = []
            for var asset in assets {
                defer { embedded.append(JSONNode(.object(asset))) }
                guard let p = asset["p"]?.string, !p.hasPrefix("data:"), asset["layers"] == nil else { continue }
                var folder = asset["u"]?.string ?? ""
                while folder.hasPrefix("/") { folder.removeFirst() }
                var bytes: [UInt8]?
                for name in [folder + p, "images/" + p, "i/" + p] where bytes == nil { bytes = try read(name) }
                guard let bytes else { continue }
                asset["p"] = .string("data:\(mediaType(bytes));base64," + Data(bytes).base64EncodedString())
                asset["u"] = .string("")
                asset["e"] = .number(1)
                changed = true
            }
            root["assets"] = .array(embedded)
        }
        // Slots and the theme.
        var overrides: [String: Members] = [:]
        for (id, slot) in root["slots"]?.members ?? [] {
            if let p = slot.value.members?["p"]?.members { overrides[id] = p }
        }
        if let theme {
            guard themes.contains(theme) || themes.isEmpty else {
                throw Failure(message: "no theme \"\(theme)\" in the archive; it has \(themes.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            var found = try read("t/\(theme).json")
            if found == nil { found = try read("themes/\(theme).json") }
            guard let bytes = found, let document = parsedObject(bytes) else {
                throw Failure(message: themes.isEmpty ? "the archive has no themes (no theme \"\(theme)\")" : "theme \"\(theme)\" has no readable t/\(theme).json")
            }
            for rule in document["rules"]?.objects ?? [] {
                guard let id = rule["id"]?.string else { continue }
                let type = rule["type"]?.string ?? ""
                guard ["color", "scalar", "position", "vector", "gradient"].contains(type.lowercased()) else {
                    warnings.append("theme \"\(theme)\": rule \"\(id)\" (\(type)) is not applied: tabanim applies colour, scalar, position, vector and gradient rules")
                    continue
                }
                if let keyframes = rule["keyframes"]?.objects {
                    overrides[id] = [("a", JSONNode(.number(1))), ("k", JSONNode(.array(keyframes.map { JSONNode(.object(lottieKeyframe($0))) })))]
                } else if let value = rule["value"] {
                    overrides[id] = [("a", JSONNode(.number(0))), ("k", JSONNode(value))]
                }
            }
        }
        if !overrides.isEmpty {
            root = applying(overrides, to: .object(root)).members ?? root
            changed = true
        }
        guard changed else { return (json, warnings) }
        return (Array(JSONWriter.data(.object(root))), warnings)
    }

    /// An object's members in file order, a key given twice kept once (its last value) at every depth, as
    /// one reading it key by key sees it; nil for a document that is not a JSON object.
    private static func parsedObject(_ bytes: [UInt8]) -> Members? {
        var parser = JSONParser(data: Data(bytes))
        parser.maxDepth = maxJSONDepth
        parser.rejectsDuplicateKeys = false
        guard let root = try? parser.parse() else { return nil }
        return withLastOfEachKey(root.value).members
    }

    private static func withLastOfEachKey(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var seen = Set<String>(), kept: Members = []
            for member in members.reversed() where seen.insert(member.key).inserted {
                kept.append((member.key, JSONNode(withLastOfEachKey(member.node.value))))
            }
            return .object(kept.reversed())
        case .array(let elements):
            return .array(elements.map { JSONNode(withLastOfEachKey($0.value)) })
        default:
            return value
        }
    }

    /// A theme's keyframe (`frame`, `value`, `inTangent`, `outTangent`, `hold`) as Lottie's (`t`, `s`, `i`, `o`, `h`).
    private static func lottieKeyframe(_ key: Members) -> Members {
        var out: Members = [("t", JSONNode(key["frame"] ?? .number(0))), ("s", JSONNode(key["value"] ?? .number(0)))]
        if let i = key["inTangent"] { out["i"] = i }
        if let o = key["outTangent"] { out["o"] = o }
        // `true`, or the number 1, is a hold; any other value is not.
        switch key["hold"] {
        case .bool(true)?, .number(1)?: out["h"] = .number(1)
        default: break
        }
        return out
    }

    /// `value` with every property that names a slot (`sid`) taking the slot's animated value (to depth 128;
    /// not inside `slots` themselves).
    private static func applying(_ overrides: [String: Members], to value: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < 128 else { return value }
        switch value {
        case .object(var object):
            if let sid = object["sid"]?.string, let replacement = overrides[sid] {
                object["a"] = replacement["a"] ?? .number(0)
                object["k"] = replacement["k"]
                return .object(object)
            }
            for k in object.indices where object[k].key != "slots" {
                object[k].node = JSONNode(applying(overrides, to: object[k].node.value, depth: depth + 1))
            }
            return .object(object)
        case .array(let array):
            return .array(array.map { JSONNode(applying(overrides, to: $0.value, depth: depth + 1)) })
        default:
            return value
        }
    }

    /// The media type of an image's bytes, by their signature.
    private static func mediaType(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        if bytes.count > 12, bytes[8..<12].elementsEqual(Array("WEBP".utf8)) { return "image/webp" }
        return "application/octet-stream"
    }
}

/// An object's members, in order.
private typealias Members = [(key: String, node: JSONNode)]

private extension Array where Element == (key: String, node: JSONNode) {
    /// The value of `key` (its last, if given twice); setting it replaces every member of that key, and
    /// nil removes them.
    subscript(key: String) -> JSONValue? {
        get { last { $0.key == key }?.node.value }
        set {
            guard let index = firstIndex(where: { $0.key == key }) else {
                if let newValue { append((key, JSONNode(newValue))) }
                return
            }
            removeAll { $0.key == key }
            if let newValue { insert((key, JSONNode(newValue)), at: index) }
        }
    }
}

private extension JSONValue {
    var members: Members? {
        if case .object(let members) = self { return members }
        return nil
    }

    var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// An array's elements when every one is an object (as `as? [[String: Any]]` reads one); else nil.
    var objects: [Members]? {
        guard case .array(let elements) = self else { return nil }
        var out: [Members] = []
        for element in elements {
            guard case .object(let members) = element.value else { return nil }
            out.append(members)
        }
        return out
    }
}
