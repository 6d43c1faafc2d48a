import Basics
import Foundation
import Graph
import Resolving
import Scene
import Spec
import XCTest

/// The package's root folder, found from this file's path (tests run from anywhere).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fixtureURL(_ name: String) -> URL { packageRoot.appendingPathComponent("Tests/Fixtures/\(name)") }

/// Reads and resolves a scene given as JSON text as the commands do, the problems of both in one error;
/// assets resolve against the fixtures folder.
func resolve(_ json: String, file: String = "scene.json") throws -> ResolvedScene {
    let reading = try SceneSpec.read(Data(json.utf8), file: file)
    return try SceneResolver(file: file, baseDirectory: packageRoot.appendingPathComponent("Tests/Fixtures")).resolve(reading)
}

/// The diagnostics a broken scene produces, as printed.
func problems(_ json: String, file: String = "scene.json") -> [String] {
    do {
        _ = try resolve(json, file: file)
        return []
    } catch let error as SceneError {
        return error.diagnostics.map(\.description)
    } catch {
        return ["unexpected error: \(error)"]
    }
}
