import Basics
import Foundation
import Spec
import TestSupport

/// The scenes the scene schema is checked against (`SchemaTests`): what the project ships, the docs'
/// examples, the hostile fixtures, and the probes of `Tests/Fixtures/schema/probes.json`.
enum SchemaCorpus {
    /// A scene as JSON text, named for messages (its path from the package's folder, `README.md:120`, …).
    struct Scene {
        var name: String
        var text: String
    }

    /// The keys a scene may hold at its top level.
    static let topLevelKeys = Set(SceneSchema.root.properties.map(\.key))

    /// Every shipped scene file: the JSON scenes in `Assets/**`, `bench/scenes` and `Tests/Fixtures/**` but
    /// the hostile and fuzz fixtures (which tabanim must refuse: `hostileScenes`) and the probes. A JSON
    /// file is a scene when it is an object holding a top-level key of the schema and is not a Lottie file,
    /// an asset catalog's `Contents.json`, a dotLottie `manifest.json` or a String Catalog (as
    /// `Tests/Fixtures/spin.json`, a scene without a `tabBar`, shows, no one key marks a scene).
    static func shippedScenes() throws -> [Scene] {
        try files(under: ["Assets", "bench/scenes", "Tests/Fixtures"]).filter { path in
            !path.hasPrefix("Tests/Fixtures/hostile/") && !path.hasPrefix("Tests/Fixtures/fuzz/")
                && !path.hasPrefix("Tests/Fixtures/schema/")
        }.compactMap { path in
            let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            return isScene(text, fileName: (path as NSString).lastPathComponent) ? Scene(name: path, text: text) : nil
        }
    }

    /// The hostile and fuzz fixtures that are JSON as tabanim reads it (the others are refused before any
    /// schema applies): tabanim refuses each, for its shape (`refusedForTheirShape`) or for what a schema
    /// cannot see (files, images, Lottie contents, limits of the run).
    static func hostileScenes() throws -> [Scene] {
        try files(under: ["Tests/Fixtures/hostile", "Tests/Fixtures/fuzz"]).filter { path in
            path.hasPrefix("Tests/Fixtures/fuzz/") || path.hasSuffix("/scene.json")
        }.compactMap { path in
            let data = try Data(contentsOf: packageRoot.appendingPathComponent(path))
            var parser = JSONParser(data: data)
            guard (try? parser.parse()) != nil else { return nil }
            return Scene(name: path, text: String(decoding: data, as: UTF8.self))
        }
    }

    /// The hostile and fuzz fixtures tabanim refuses for their shape (types, unknown keys, ranges), which the
    /// schema must refuse too; every other one in `hostileScenes` it must accept.
    static let refusedForTheirShape: [String: String] = [
        "Tests/Fixtures/hostile/absurd-numbers/scene.json": "device.width 1e9 and other values out of range",
        "Tests/Fixtures/hostile/bad-indices/scene.json": "selectedIndex 9, selects 7: no such item (the schema allows 0 to 4)",
        "Tests/Fixtures/hostile/curve-1e308/scene.json": "a Bézier control point out of -10…10",
        "Tests/Fixtures/hostile/duration-over-limit/scene.json": "export.duration 500 s is over the 120 s limit",
        "Tests/Fixtures/hostile/six-items/scene.json": "six items; a bar has 1 to 5",
        "Tests/Fixtures/hostile/tap-at-1e300/scene.json": "a tap at 1e300 s, after the longest loop (120 s)",
        "Tests/Fixtures/hostile/too-many-scrolls/scene.json": "9000 scrolls, over the 3000 entries of the three script limits",
        "Tests/Fixtures/hostile/names-too-long/scene.json": "a locale of 303 characters, not a BCP 47 tag (and names past 256 characters)",
        "Tests/Fixtures/hostile/words-too-long/scene.json": "an unknown key and an unknown appearance, each tens of thousands of characters long",
        "Tests/Fixtures/hostile/top-level-array/scene.json": "the scene is an array, not an object",
        "Tests/Fixtures/hostile/unknown-keys/scene.json": "misspelt keys (exprot, itmes, apperance) and an unknown curve name",
        "Tests/Fixtures/hostile/wrong-types/scene.json": "values of the wrong JSON type",
        "Tests/Fixtures/fuzz/tap-at-1e300.json": "a tap at 1e300 s, after the longest loop (120 s)",
    ]

    /// Every ```json block of `README.md` and `docs/**/*.md` that is a scene, and every one that is a
    /// fragment of one (`"tabBar": {…}`, the members of a scene without its braces), braced; not the editor
    /// settings block.
    static func docsExamples() throws -> [Scene] {
        let documents = try ["README.md"] + files(under: ["docs"], extension: "md")
        var scenes: [Scene] = []
        for document in documents {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            var rest = text[...]
            while let open = rest.range(of: "```json\n"), let close = rest.range(of: "\n```", range: open.upperBound..<rest.endIndex) {
                let block = String(rest[open.upperBound..<close.lowerBound])
                let line = text[..<open.lowerBound].filter { $0 == "\n" }.count + 1
                rest = rest[close.upperBound...]
                if isScene(block) {
                    scenes.append(Scene(name: "\(document):\(line)", text: block))
                } else if let members = object("{" + block + "}"), !members.isEmpty, members.allSatisfy({ topLevelKeys.contains($0.key) }) {
                    scenes.append(Scene(name: "\(document):\(line) (fragment)", text: "{" + block + "}"))
                }
            }
        }
        return scenes
    }

    /// `Tests/Fixtures/schema/probes.json`: small scenes tabanim and the schema must both accept or both
    /// refuse, and the reader's quirks (accepted by the reader, refused by the schema), each as JSON text.
    static func probes() throws -> (accepted: [Scene], refused: [Scene], readerQuirks: [Scene]) {
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/schema/probes.json")
        guard let root = object(try String(contentsOf: url, encoding: .utf8)) else { throw CocoaError(.fileReadCorruptFile) }
        func scenes(_ key: String, _ scene: (JSONNode) -> JSONNode? = { $0 }) -> [Scene] {
            guard case .array(let entries)? = root.first(where: { $0.key == key })?.node.value else { return [] }
            return entries.enumerated().compactMap { index, entry in
                scene(entry).map { Scene(name: "probes.json \(key)[\(index)]", text: text($0.value)) }
            }
        }
        let quirks = scenes("readerQuirks") { entry in
            guard case .object(let members) = entry.value else { return nil }
            return members.first { $0.key == "scene" }?.node
        }
        return (scenes("accepted"), scenes("refused"), quirks)
    }

    /// A JSON value as compact JSON text, numbers as they were written (whole ones without a fraction).
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
        case .string(let string):
            return "\"" + string.unicodeScalars.map { scalar in
                scalar == "\"" || scalar == "\\" ? "\\\(scalar)" : scalar.value < 0x20 ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }.joined() + "\""
        case .array(let elements): return "[" + elements.map { text($0.value) }.joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { text(.string($0.key)) + ": " + text($0.node.value) }.joined(separator: ", ") + "}"
        }
    }

    // MARK: Helpers

    /// The members of `text` when it is a JSON object as tabanim reads JSON.
    static func object(_ text: String) -> [(key: String, node: JSONNode)]? {
        var parser = JSONParser(data: Data(text.utf8))
        guard let root = try? parser.parse(), case .object(let members) = root.value else { return nil }
        return members
    }

    /// Whether `text` is a scene: see `shippedScenes`.
    static func isScene(_ text: String, fileName: String = "") -> Bool {
        guard !["Contents.json", "manifest.json", "scene.schema.json"].contains(fileName), !fileName.hasSuffix(".xcstrings"),
              let members = object(text) else { return false }
        let keys = Set(members.map(\.key))
        let isLottie = keys.contains("layers") || keys.intersection(["v", "fr", "ip", "op", "w", "h"]).count >= 3
        return !isLottie && !keys.isDisjoint(with: topLevelKeys)
    }

    /// The files below these folders of the package, by path from its folder, sorted.
    static func files(under folders: [String], extension pathExtension: String = "json") throws -> [String] {
        var paths: [String] = []
        for folder in folders {
            let base = packageRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: base.path])
            }
            for case let url as URL in walk where url.pathExtension == pathExtension
                && (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                paths.append(folder + "/" + String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1)))
            }
        }
        return paths.sorted()
    }
}
