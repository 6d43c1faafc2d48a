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
extension DotLottie {
    /// The animation's JSON with the archive's images embedded and `theme` applied, and what was read but
    /// not applied (one line each). `read` gives an entry's bytes (bounded), nil when there is none.
    static func resolveAssets(_ json: [UInt8], theme: String?, themes: [String],
                              read: (String) throws(Failure) -> [UInt8]?) throws(Failure) -> (json: [UInt8], warnings: [String]) {
        guard var root = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any] else { return (json, []) }
        var warnings: [String] = [], changed = false
        // Images.
        if var assets = root["assets"] as? [[String: Any]] {
            for (n, asset) in assets.enumerated() {
                guard let p = asset["p"] as? String, !p.hasPrefix("data:"), asset["layers"] == nil else { continue }
                var folder = (asset["u"] as? String) ?? ""
                while folder.hasPrefix("/") { folder.removeFirst() }
                let candidates = [folder + p, "images/" + p, "i/" + p]
                var bytes: [UInt8]?
                for name in candidates where bytes == nil { bytes = try read(name) }
                guard let bytes else { continue }
                var embedded = asset
                embedded["p"] = "data:\(mediaType(bytes));base64," + Data(bytes).base64EncodedString()
                embedded["u"] = ""
                embedded["e"] = 1
                assets[n] = embedded
                changed = true
            }
            root["assets"] = assets
        }
        // Slots and the theme.
        var overrides: [String: [String: Any]] = [:]
        if let slots = root["slots"] as? [String: Any] {
            for (id, slot) in slots { if let p = (slot as? [String: Any])?["p"] as? [String: Any] { overrides[id] = p } }
        }
        if let theme {
            guard themes.contains(theme) || themes.isEmpty else {
                throw Failure(message: "no theme \"\(theme)\" in the archive; it has \(themes.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            var found = try read("t/\(theme).json")
            if found == nil { found = try read("themes/\(theme).json") }
            guard let bytes = found,
                  let document = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
                throw Failure(message: themes.isEmpty ? "the archive has no themes (no theme \"\(theme)\")" : "theme \"\(theme)\" has no readable t/\(theme).json")
            }
            for rule in document["rules"] as? [[String: Any]] ?? [] {
                guard let id = rule["id"] as? String else { continue }
                let type = (rule["type"] as? String) ?? ""
                guard ["color", "scalar", "position", "vector", "gradient"].contains(type.lowercased()) else {
                    warnings.append("theme \"\(theme)\": rule \"\(id)\" (\(type)) is not applied: tabanim applies colour, scalar, position, vector and gradient rules")
                    continue
                }
                if let keyframes = rule["keyframes"] as? [[String: Any]] {
                    overrides[id] = ["a": 1, "k": keyframes.map(Self.lottieKeyframe)]
                } else if let value = rule["value"] {
                    overrides[id] = ["a": 0, "k": value]
                }
            }
        }
        if !overrides.isEmpty {
            root = Self.applying(overrides, to: root) as? [String: Any] ?? root
            changed = true
        }
        guard changed, let out = try? JSONSerialization.data(withJSONObject: root) else { return (json, warnings) }
        return (Array(out), warnings)
    }

    /// A theme's keyframe (`frame`, `value`, `inTangent`, `outTangent`, `hold`) as Lottie's (`t`, `s`, `i`, `o`, `h`).
    private static func lottieKeyframe(_ key: [String: Any]) -> [String: Any] {
        var out: [String: Any] = ["t": key["frame"] ?? 0, "s": key["value"] ?? 0]
        if let i = key["inTangent"] { out["i"] = i }
        if let o = key["outTangent"] { out["o"] = o }
        if let h = key["hold"] as? Bool, h { out["h"] = 1 }
        return out
    }

    /// `value` with every property that names a slot (`sid`) taking the slot's animated value.
    private static func applying(_ overrides: [String: [String: Any]], to value: Any, depth: Int = 0) -> Any {
        guard depth < 128 else { return value }
        if var object = value as? [String: Any] {
            if let sid = object["sid"] as? String, let replacement = overrides[sid] {
                object["a"] = replacement["a"] ?? 0
                object["k"] = replacement["k"]
                return object
            }
            for (key, child) in object where key != "slots" { object[key] = applying(overrides, to: child, depth: depth + 1) }
            return object
        }
        if let array = value as? [Any] { return array.map { applying(overrides, to: $0, depth: depth + 1) } }
        return value
    }

    /// The media type of an image's bytes, by their signature.
    private static func mediaType(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        if bytes.count > 12, bytes[8..<12].elementsEqual(Array("WEBP".utf8)) { return "image/webp" }
        return "application/octet-stream"
    }
}
