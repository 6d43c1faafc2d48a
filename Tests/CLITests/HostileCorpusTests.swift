import Foundation
import TestSupport
import Testing
import XCTest

/// The hostile-input corpus, `Tests/Fixtures/hostile/<case>/`: a scene.json, the broken files it names,
/// optional extra words in args.txt (one per line), and expected.txt, the exact standard error. make.py in
/// the corpus writes the inputs.
enum HostileCorpus {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/hostile")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    /// Every file and folder below `folder`, relative to it, with the bytes of the files (links not followed).
    static func snapshot(_ folder: URL) -> [String: Data] {
        var entries: [String: Data] = [:]
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey]
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) ?? .init() {
            let values = try? url.resourceValues(forKeys: Set(keys))
            let name = String(url.path.dropFirst(folder.path.count + 1))
            entries[name] = values?.isRegularFile == true && values?.isSymbolicLink != true ? (try? Data(contentsOf: url)) ?? Data() : Data()
        }
        return entries
    }
}

/// One test per case, so that a failure names its case: exported through the built binary to a GIF, an SVG
/// and a folder of frames that exist already, it must exit 1 (never die of a signal) with exactly its
/// message, leave the three outputs byte-identical with nothing beside them, and write nothing into the
/// case's folder; `tabanim validate` must exit 1 with the same message. One case at a time: some measure
/// a time limit (`lottie-slow`).
@Suite(.serialized) struct HostileCorpusCases {
    @Test("the corpus is there") func corpusIsThere() {
        #expect(HostileCorpus.cases.count >= 50, "the corpus is in \(HostileCorpus.folder.path)")
    }

    @Test("a hostile case exits 1 with its message and touches no output", arguments: HostileCorpus.cases)
    func hostileCase(_ name: String) throws {
        let folder = HostileCorpus.folder.appendingPathComponent(name)
        let expected = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
        let extra = (try? String(contentsOf: folder.appendingPathComponent("args.txt"), encoding: .utf8))?
            .split(separator: "\n").map(String.init) ?? []
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tabanim-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out.appendingPathComponent("frames"), withIntermediateDirectories: true)
        for (file, text) in [("out.gif", "previous GIF"), ("out.svg", "<svg>previous</svg>"), ("frames/frame-0000.png", "previous frame")] {
            try Data(text.utf8).write(to: out.appendingPathComponent(file))
        }
        let outputs = HostileCorpus.snapshot(out), inputs = HostileCorpus.snapshot(folder)

        let (result, exited) = try CLITestCase.run(["export", "scene.json", "-o", out.appendingPathComponent("out.gif").path,
                                                    "-o", out.appendingPathComponent("out.svg").path,
                                                    "-o", out.appendingPathComponent("frames").path + "/", "--quiet"] + extra, in: folder)
        #expect(exited, "tabanim must exit, never die of a signal")
        #expect(result.status == 1)
        #expect(result.stderr == expected)
        #expect(result.stdout == "")
        #expect(HostileCorpus.snapshot(out) == outputs, "the outputs must stay as they were, with nothing beside them")

        // `validate` finds the same problem before any export is tried.
        let (validated, validateExited) = try CLITestCase.run(["validate", "scene.json"] + extra, in: folder)
        #expect(validateExited)
        #expect(validated.status == 1, "validate")
        #expect(validated.stderr == expected, "validate says what export says")
        #expect(HostileCorpus.snapshot(folder) == inputs, "nothing may be written beside the scene")
    }
}

final class HostileCorpusTests: CLITestCase {
    /// The same files, allowed outside their folder or given room, are fine: the refusals above come from
    /// the checks, not from broken fixtures.
    func testTheRefusedFilesAreFineWhenAllowed() throws {
        let out = try folder()
        for (name, extra) in [("icon-outside-by-dotdot", ["--allow-outside"]), ("icon-symlink-outside", ["--allow-outside"]),
                              ("svg-too-many-elements", ["--limit", "svg-elements=200"]), ("too-many-taps-for-a-lower-limit", [])] {
            let result = try tabanim(["export", "scene.json", "-o", out.appendingPathComponent("\(name).svg").path, "--quiet"] + extra,
                                     in: HostileCorpus.folder.appendingPathComponent(name))
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        }
        let variable = try tabanim(["validate", "scene.json", "--quiet"], in: HostileCorpus.folder.appendingPathComponent("icon-outside-by-dotdot"),
                                   environment: ["TABANIM_ALLOW_OUTSIDE": "1"])
        XCTAssertEqual(variable.status, 0, variable.stderr)
    }
}
