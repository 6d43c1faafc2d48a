import Basics
import Foundation
import Resolving
@testable import Spec
import TestSupport
import XCTest

/// The scene format has one source, the key table `SceneSchema` (`Sources/Spec/SceneSchema*.swift`):
/// `Assets/scene.schema.json`, which editors check scene files with, is `tabanim schema`'s output, and the
/// reader refuses the keys the table does not list. These tests hold the three together: the file is the
/// table; every scene the project ships, the docs show or `tabanim init` writes is valid for a real JSON
/// Schema validator (python3's jsonschema, `Tests/Support/validate_scenes.py`); the fixtures tabanim refuses
/// for their shape, and the probes it refuses, the schema refuses too; and the reader asks of each object
/// exactly the keys the table lists there.
final class SchemaTests: CLITestCase {
    static let schemaFile = packageRoot.appendingPathComponent("Assets/scene.schema.json")

    func testTheSchemaFileIsTabanimSchemasOutput() throws {
        let result = try tabanim(["schema"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"), result.stdout)
        let committed = try String(contentsOf: Self.schemaFile, encoding: .utf8)
        XCTAssertTrue(committed == result.stdout,
                      "Assets/scene.schema.json is not the key table (Sources/Spec/SceneSchema*.swift): re-record it with `swift run tabanim schema > Assets/scene.schema.json`")
    }

    func testEveryShippedSceneAndDocsExampleFollowsTheSchema() throws {
        let shipped = try SchemaCorpus.shippedScenes(), docs = try SchemaCorpus.docsExamples(), hostile = try SchemaCorpus.hostileScenes()
        // Counts the corpus had when these tests were written, so that a scan that finds nothing fails.
        XCTAssertGreaterThanOrEqual(shipped.count, 32, shipped.map(\.name).joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(docs.count, 7, docs.map(\.name).joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(hostile.count, 55)
        let starter = try starterScene()
        let verdicts = try validate(shipped + docs + [starter] + hostile)
        for scene in shipped + docs + [starter] {
            XCTAssertNil(verdicts[scene.name] ?? "not judged", "\(scene.name): the schema refuses it")
        }
        for scene in hostile {
            let error = verdicts[scene.name] ?? "not judged"
            if let reason = SchemaCorpus.refusedForTheirShape[scene.name] {
                XCTAssertNotNil(error, "\(scene.name): tabanim refuses it for its shape (\(reason)); the schema accepts it")
            } else {
                XCTAssertNil(error, "\(scene.name): the schema refuses it (\(error ?? "")); if tabanim refuses it for its shape too, list it in SchemaCorpus.refusedForTheirShape")
            }
        }
        for name in SchemaCorpus.refusedForTheirShape.keys {
            XCTAssertTrue(hostile.contains { $0.name == name }, "SchemaCorpus.refusedForTheirShape names \(name), which is not a hostile scene")
        }
    }

    func testProbesAreJudgedAlikeByTheSchemaAndTabanimValidate() throws {
        let probes = try SchemaCorpus.probes()
        XCTAssertGreaterThanOrEqual(probes.accepted.count, 29)
        XCTAssertGreaterThanOrEqual(probes.refused.count, 53)
        XCTAssertGreaterThanOrEqual(probes.readerQuirks.count, 3)
        let all = probes.accepted + probes.refused + probes.readerQuirks
        let schema = try validate(all)
        let folder = try starterFolder()
        let tabanim = try validateWithTabanim(all, in: folder)
        for probe in probes.accepted {
            XCTAssertNil(schema[probe.name] ?? "not judged", "\(probe.text): the schema refuses it")
            XCTAssertEqual(tabanim[probe.name], true, "\(probe.text): tabanim validate refuses it")
        }
        for probe in probes.refused {
            XCTAssertNotNil(schema[probe.name] ?? "not judged", "\(probe.text): the schema accepts it")
            XCTAssertEqual(tabanim[probe.name], false, "\(probe.text): tabanim validate accepts it")
        }
        for probe in probes.readerQuirks {
            XCTAssertNotNil(schema[probe.name] ?? "not judged", "\(probe.text): the schema accepts a reader quirk")
            XCTAssertNotNil(tabanim[probe.name], "\(probe.text): tabanim validate did not judge it")
        }
    }

    /// The reader asks of each object only keys the table lists there (`SpecReader.schemaMismatches`), and
    /// every key of every object form of the table is asked by some scene of the corpus: a key the table
    /// lists and the reader never reads would be accepted and ignored.
    func testTheReaderReadsExactlyTheKeysOfTheTable() throws {
        let probes = try SchemaCorpus.probes()
        let corpus = try SchemaCorpus.shippedScenes() + SchemaCorpus.docsExamples() + [starterScene()] + SchemaCorpus.hostileScenes()
            + probes.accepted + probes.refused
        var asked = Set<SceneSchema.KeyUse>()
        var read = 0
        for scene in corpus + probes.readerQuirks {
            guard let reading = try? SceneSpec.read(Data(scene.text.utf8), file: scene.name) else { continue }  // not JSON for tabanim
            read += 1
            asked.formUnion(reading.askedKeys)
            if !probes.readerQuirks.contains(where: { $0.name == scene.name }) {
                XCTAssertEqual(reading.schemaMismatches, [], "\(scene.name): the reader and the key table disagree")
            }
        }
        XCTAssertGreaterThan(read, 150)
        let forms = SceneSchema.objectForms
        XCTAssertGreaterThanOrEqual(forms.count, 19)
        for form in forms {
            XCTAssertEqual(form.node.additionalProperties, false, "\(form.pointer): the reader refuses unknown keys; the schema must say so")
            for (key, _) in form.node.properties where !asked.contains(SceneSchema.KeyUse(form: form.pointer, key: key)) {
                XCTFail("\(form.pointer)/properties/\(key): no scene made the reader ask this key: the reader ignores it (read it), or no scene uses this form (add one to Tests/Fixtures/schema/probes.json)")
            }
        }
    }

    /// Control cases, so that the check above can fail: the reader records a key its code asks that the
    /// table lacks, a form no alternative requires, and an object where the table has none.
    func testTheReaderRecordsWhereItsCodeAndTheTableDisagree() throws {
        func node(_ json: String) throws -> JSONNode {
            var parser = JSONParser(data: Data(json.utf8))
            return try parser.parse()
        }
        let reader = SpecReader(file: "scene.json")
        _ = reader.object(try node(#"{"export": {}}"#), at: .root) { o in
            _ = (o.node("export"), o.node("exprot"))  // the table has "export" only
        }
        _ = reader.object(try node(#"{"lihgt": "red"}"#), at: KeyPath([.key("tabBar"), .key("tintColor"), .key("light")])) { o in
            _ = o.node("light")
        }
        _ = reader.object(try node(#"{"efect": "flip"}"#), at: KeyPath([.key("tabBar"), .key("items"), .index(0), .key("animation")])) { o in
            o.readsForm(requiring: "theme")
            _ = o.node("items")
        }
        XCTAssertEqual(reader.schemaMismatches, [
            #"(top level): the code asks "exprot", which the key table does not list (#)"#,
            "tabBar.tintColor.light: the code reads an object where the key table has none",
            #"tabBar.items[0].animation: the code reads the form that requires "theme"; no form of the key table here requires it"#,
            #"tabBar.items[0].animation: the code asks "items", which the key table does not list (#/$defs/animation/oneOf/1, #/$defs/animation/oneOf/2)"#,
        ])
        // Where the table has no object, the keys the code asked are the known ones, as before the table;
        // elsewhere the table's keys, whether asked or not.
        XCTAssertEqual(reader.diagnostics.map(\.description), [
            #"scene.json: tabBar.tintColor.light.lihgt: unknown key "lihgt" (did you mean "light"?)"#,
            #"scene.json: tabBar.items[0].animation.efect: unknown key "efect" (did you mean "effect"?)"#,
        ])
    }

    /// `os` as text: the pattern accepts exactly the releases the reader knows (`OSVersion.known`).
    func testTheOSPatternAcceptsTheReleasesTheReaderKnows() throws {
        let pattern = try XCTUnwrap(SceneSchema.os.anyOf.compactMap(\.pattern).first)
        let expression = try NSRegularExpression(pattern: pattern)
        for major in 1..<40 {
            for text in ["\(major)", "iOS \(major)", "iPadOS \(major)", " ipados\(major) "] {
                let matches = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                XCTAssertEqual(matches, OSVersion.known.contains(major), "the os pattern and OSVersion.known disagree on \"\(text)\"")
                XCTAssertEqual(OSVersion(parsing: text) != nil, OSVersion.known.contains(major), text)
            }
        }
    }

    /// The device presets, which the table writes out (`Spec` lies below `Resolving`), are `tabanim presets`'.
    func testTheTablesPresetsAreTabanimPresets() {
        XCTAssertEqual(SceneSchema.presetNames, DevicePreset.all.map { .string($0.name) })
        let list = DevicePreset.all.enumerated().map { index, device in
            let first = index == 0
            return "\(device.name) (\(device.size.width.shortText)×\(device.size.height.shortText)\(first ? " pt" : ""), "
                + "@\(device.scale.shortText)x, \(first ? "safe area " : "")\(device.safeAreaTop.shortText)/\(device.safeAreaBottom.shortText))"
        }.joined(separator: ", ")
        XCTAssertEqual(SceneSchema.presetList, list, "device's description in Sources/Spec/SceneSchema.swift")
        XCTAssertEqual(SceneSchema.device.default, .string(DevicePreset.defaultName))
    }

    // MARK: Helpers

    /// A folder `tabanim init` made: its scene, icons, Lottie file and String Catalog.
    private func starterFolder() throws -> URL {
        let folder = try folder().appendingPathComponent("starter")
        let result = try tabanim(["init", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return folder
    }

    /// The scene `tabanim init` writes.
    private func starterScene() throws -> SchemaCorpus.Scene {
        let url = try starterFolder().appendingPathComponent("scene.json")
        return SchemaCorpus.Scene(name: "tabanim init's scene.json", text: try String(contentsOf: url, encoding: .utf8))
    }

    /// Each scene's first error for the schema file's validator (nil: valid), by name. Fails the test, and
    /// throws, when the validator cannot run: python3 with jsonschema 4 is a test dependency
    /// (`scripts/install-deps.sh --test`), and a check that does not run must not pass.
    private func validate(_ scenes: [SchemaCorpus.Scene]) throws -> [String: String?] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Tests/Support/validate_scenes.py").path, Self.schemaFile.path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let out = PipeReader(output), err = PipeReader(errors)
        try process.run()
        let request = scenes.map { ["name": $0.name, "text": $0.text] }
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let text = out.waitForEnd(), problems = err.waitForEnd()
        guard process.terminationStatus == 0, let reply = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let verdicts = reply["verdicts"] as? [[String: Any]] else {
            XCTFail("the JSON Schema validator could not run (python3 with jsonschema 4: scripts/install-deps.sh --test); exit \(process.terminationStatus):\n\(problems)\(text)")
            throw CocoaError(.executableLoad)
        }
        XCTAssertEqual(reply["validator"] as? String, "Draft202012Validator")
        XCTAssertEqual(reply["schemaProblems"] as? [String], [], "Assets/scene.schema.json itself")
        XCTAssertEqual(verdicts.count, scenes.count)
        return Dictionary(verdicts.map { ($0["name"] as? String ?? "", $0["error"] as? String) }) { first, _ in first }
    }

    /// Whether `tabanim validate`, run once in `folder` on every scene, accepts each, by name.
    private func validateWithTabanim(_ scenes: [SchemaCorpus.Scene], in folder: URL) throws -> [String: Bool] {
        var files: [String: String] = [:]
        for (index, scene) in scenes.enumerated() {
            let file = String(format: "probe-%03d.json", index)
            try write(scene.text, to: folder.appendingPathComponent(file))
            files[file] = scene.name
        }
        let result = try tabanim(["validate", "--quiet"] + files.keys.sorted(), in: folder)
        let refused = Set(result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("Error: probe-") else { return nil }
            return String(line.dropFirst("Error: ".count).prefix("probe-000.json".count))
        })
        XCTAssertEqual(result.status, refused.isEmpty ? 0 : 1, result.stderr)
        XCTAssertTrue(refused.isEmpty || result.stderr.contains("\(refused.count) of \(scenes.count) scenes have problems."), result.stderr)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.value, !refused.contains($0.key)) })
    }
}
