import Drawing
import Foundation
import Outputs
import Review

/// `tabanim init [DIR]`: a starter scene with its own icons that exports at once.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Write a starter scene with its own icons and Lottie file, ready to export.",
        discussion: "Writes scene.json, Localizable.xcstrings (its titles in German, Arabic and Japanese), icons/ and lottie/ into the folder (the current one by default), creating it if needed. Paths in the scene are relative to it, so the folder works from anywhere and can be moved. Existing files are left alone unless --force is given.",
        arguments: [.init(name: "dir", help: "The folder to write into (default: the current folder).", optional: true, completion: .directories)],
        options: [.init(name: "force", short: "f", valueName: nil, help: "Replace the starter's files if they exist.")],
        examples: ["tabanim init my-tab-bar", "tabanim init my-tab-bar && tabanim export my-tab-bar/scene.json -o my-tab-bar/demo.gif"])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let dir = arguments.positionals.first ?? "."
        let folder = URL(fileURLWithPath: dir)
        let files = [("scene.json", StarterScene.sceneJSON), ("Localizable.xcstrings", StarterScene.stringsJSON)] + StarterScene.icons.map { ("icons/\($0.name)", $0.svg) }
            + StarterScene.lottie.map { ("lottie/\($0.name)", $0.json) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw CommandFailure("\(dir) is a file, not a folder")
        }
        let existing = files.map(\.0).filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        if !existing.isEmpty, !arguments.flag("force") {
            let more = existing.count > 1 ? " (and \(existing.count - 1) more starter file\(existing.count > 2 ? "s" : ""))" : ""
            throw CommandFailure("\(display(dir, existing[0])) already exists\(more); use --force to replace the starter's files")
        }
        for subfolder in ["icons", "lottie"] {
            do {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create \(display(dir, subfolder)): \(error.localizedDescription)")
            }
        }
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try OutputFile(url, displayName: display(dir, name)).write(Data(text.utf8))
        }
        let scene = shellQuoted(display(dir, "scene.json"))
        console.out("""
            Created \(display(dir, "scene.json")), \(StarterScene.icons.count) icons in \(display(dir, "icons/")) and \(StarterScene.lottie.count) Lottie file in \(display(dir, "lottie/")).

            Next:
              tabanim export \(scene) -o \(shellQuoted(display(dir, "demo.gif")))
              tabanim sheet \(scene) -o \(shellQuoted(display(dir, "sheet.png")))
              tabanim timeline \(scene)

            """)
    }

    /// `name` inside the folder as the user named it: `demo/scene.json`, or `scene.json` for ".".
    private static func display(_ dir: String, _ name: String) -> String {
        if dir == "." || dir == "./" { return name }
        return dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    /// Single-quoted for a POSIX shell when it holds anything but plain path characters.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "._-/+:@%".unicodeScalars.contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
