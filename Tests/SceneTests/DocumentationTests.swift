import Foundation
import Graph
import Resolving
import Scene
import Spec
import XCTest

/// The scene-format reference must not drift from the code: its examples are real scenes.
final class DocumentationTests: XCTestCase {
    private func jsonBlocks(_ relativePath: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
    }

    func testTheFullExampleIsTheDemoScene() throws {
        let demo = try String(contentsOf: packageRoot.appendingPathComponent("Assets/demo/scene.json"), encoding: .utf8)
        XCTAssertTrue(try jsonBlocks("docs/scene-format.md").contains(demo.trimmingCharacters(in: .newlines)),
                      "docs/scene-format.md's full example must be Assets/demo/scene.json as it is")
    }

    func testEveryCompleteSceneInTheDocsResolves() throws {
        let demoFolder = packageRoot.appendingPathComponent("Assets/demo")
        var checked = 0
        for path in ["docs/scene-format.md", "README.md"] {
            for block in try jsonBlocks(path) where !block.contains("json.schemas") && block.hasPrefix("{") {
                // Every block that is a JSON object is a whole scene and resolves against the demo's assets (a
                // fragment of one key is written without its braces, and is not checked here).
                do {
                    let spec = try SceneSpec.parse(Data(block.utf8), file: path)
                    XCTAssertNoThrow(try SceneResolver(file: path, baseDirectory: demoFolder).resolve(spec), "\(path):\n\(block)")
                } catch {
                    XCTFail("\(path): an example that is not a scene: \(error)\n\(block)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 3)
    }

    /// The reference's key tables (`| Key | Type | Default | Meaning |`) name only keys of the schema's key
    /// table (`SceneSchema`), and the reference names every key of it somewhere: in a key table, or in
    /// backticks or quotes. A key in a table under a heading that names a list (`### \`tabBar.items[]\``) is
    /// relative to it unless it starts with a top-level key.
    func testTheReferenceNamesEveryKeyOfTheSchemaAndNoOther() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        let schemaKeys = Self.keyPaths(of: SceneSchema.root, at: "")
        XCTAssertGreaterThan(schemaKeys.count, 90)
        let topLevel = Set(SceneSchema.root.properties.map(\.key))
        var documented: Set<String> = [], list = "", inKeyTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                inKeyTable = false
                let named = line.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                if let path = named.first(where: { $0.hasSuffix("[]") }) { list = path }
            } else if line.hasPrefix("| Key |") {
                inKeyTable = true
            } else if !line.hasPrefix("|") {
                inKeyTable = false
            } else if inKeyTable, line.hasPrefix("| `"), let key = line.dropFirst(3).split(separator: "`").first.map(String.init) {
                let first = String(key.prefix { $0 != "." && $0 != "[" })
                documented.insert(topLevel.contains(first) || list.isEmpty ? key : list + "." + key)
            }
        }
        XCTAssertGreaterThan(documented.count, 60)
        for key in documented.sorted() where !schemaKeys.contains(key) {
            XCTFail("docs/scene-format.md documents \(key), which the schema (Sources/Spec/SceneSchema*.swift) does not have")
        }
        for key in schemaKeys.sorted() where !documented.contains(key) {
            let name = key.split(separator: ".").last.map { $0.replacingOccurrences(of: "[]", with: "") } ?? key
            XCTAssertTrue(text.contains("`\(key)`") || text.contains("`\(name)`") || text.contains("\"\(name)\""),
                          "docs/scene-format.md does not name \(key), a key of the schema")
        }
    }

    /// Every key path the schema allows below `path` (`tabBar.items[].title.count`: `[]` for any element),
    /// through `$ref`, `oneOf`, `anyOf` and array items.
    private static func keyPaths(of node: SchemaNode, at path: String) -> Set<String> {
        var paths: Set<String> = []
        var alternatives = [node], index = 0
        while index < alternatives.count {
            let next = alternatives[index]
            index += 1
            alternatives += next.oneOf + next.anyOf + (next.ref.flatMap(SceneSchema.definition).map { [$0] } ?? [])
        }
        for alternative in alternatives {
            for (key, property) in alternative.properties where alternative.type.contains(.object) {
                let keyPath = path.isEmpty ? key : path + "." + key
                paths.insert(keyPath)
                paths.formUnion(keyPaths(of: property, at: keyPath))
            }
            if alternative.type.contains(.array), let items = alternative.items?.node {
                paths.formUnion(keyPaths(of: items, at: path + "[]"))
            }
        }
        return paths
    }
}
