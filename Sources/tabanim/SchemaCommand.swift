import Foundation
import Spec

/// `tabanim schema`: the scene format as a JSON Schema, from the key table the reader checks scenes with
/// (`SceneSchema`); `Assets/scene.schema.json` is its output.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the scene format as a JSON Schema.",
        discussion: "The schema (draft 2020-12) lists every key a scene may hold, with its type, values, default and meaning, from the same table tabanim reads scenes with. Map it to your scene files in your editor's settings for completion, hover help and checking (do not add a \"$schema\" key to a scene: unknown keys are errors). Assets/scene.schema.json is this output.",
        examples: ["tabanim schema > scene.schema.json"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        try console.out(Data(SceneSchema.jsonText.utf8))
    }
}
