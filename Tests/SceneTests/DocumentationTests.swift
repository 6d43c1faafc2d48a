import Foundation
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
}
