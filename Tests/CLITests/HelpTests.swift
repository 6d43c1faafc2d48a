import Foundation
import TestSupport
import XCTest

/// Help, version, usage errors, the generated reference and shell completion.
final class HelpTests: CLITestCase {
    static let commands = ["init", "export", "frame", "lottie", "sheet", "review", "diff", "timeline", "validate", "presets", "schema", "completion"]

    func testRootHelpGoesToStdoutWithExitZeroAndListsEveryCommand() throws {
        let root = try tabanim(["--help"])
        XCTAssertEqual(root.status, 0)
        XCTAssertEqual(root.stderr, "")
        XCTAssertTrue(root.stdout.hasPrefix("OVERVIEW: Turn a small scene file into an animated GIF, SVG or WebP, or an MP4 video, of an iOS tab bar.\n"))
        let sections = ["OVERVIEW:", "USAGE: tabanim <subcommand>", "OPTIONS:", "SUBCOMMANDS:"].map { root.stdout.range(of: $0)?.lowerBound }
        XCTAssertFalse(sections.contains(nil), root.stdout)
        XCTAssertEqual(sections.compactMap { $0 }, sections.compactMap { $0 }.sorted(), "sections in swift-argument-parser's order")
        let listed = root.stdout.components(separatedBy: "SUBCOMMANDS:\n")[1].split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(listed, Self.commands + ["help", "See"])
        for arguments in [["help"], ["-h"]] {
            XCTAssertEqual(try tabanim(arguments).stdout, root.stdout)
        }
        let version = try tabanim(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stderr, "")
        XCTAssertNotNil(version.stdout.range(of: #"^tabanim \d+\.\d+\.\d+\n$"#, options: .regularExpression), version.stdout)
        // No arguments at all: the help, on stderr, as a usage error.
        let bare = try tabanim([])
        XCTAssertEqual(bare.status, 64)
        XCTAssertEqual(bare.stdout, "")
        XCTAssertEqual(bare.stderr, root.stdout)
    }

    func testEveryCommandHasHelpInTheStandardLayout() throws {
        for command in Self.commands {
            let help = try tabanim([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertEqual(help.stderr, "", command)
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: "), command)
            XCTAssertTrue(help.stdout.contains("\nUSAGE: tabanim \(command)"), command)
            XCTAssertTrue(help.stdout.contains("\nOPTIONS:\n"), command)
            XCTAssertTrue(help.stdout.contains("  -h, --help              Show help information.\n"), command)
            XCTAssertTrue(help.stdout.contains("\nEXAMPLES:\n  tabanim \(command)"), command)
            let body = help.stdout.components(separatedBy: "\nEXAMPLES:\n")[0]
            for line in body.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, 80, "\(command): help wraps at 80 columns: \(line)")
            }
            XCTAssertEqual(try tabanim(["help", command]).stdout, help.stdout, command)
            XCTAssertEqual(try tabanim([command, "-h"]).stdout, help.stdout, command)
        }
        let export = try tabanim(["export", "--help"]).stdout
        XCTAssertTrue(export.contains("USAGE: tabanim export <scene> --output <path> ... [<options>]\n"), export)
        XCTAssertTrue(export.contains("ARGUMENTS:\n  <scene>                 The scene file (JSON).\n"), export)
        XCTAssertTrue(export.contains("  --format <format>       The format of every output, whatever its name.\n                          (values: gif, svg, webp, mp4, png)\n"), export)
        XCTAssertTrue(try tabanim(["timeline", "--help"]).stdout.contains("USAGE: tabanim timeline <scene> [--json] [--limit <name=value>]\n       [--allow-outside]\n"))
        XCTAssertTrue(try tabanim(["validate", "--help"]).stdout.contains("USAGE: tabanim validate <scene> ... [<options>]\n"))
        XCTAssertTrue(try tabanim(["init", "--help"]).stdout.contains("USAGE: tabanim init [<dir>] [--force]\n"))
    }

    func testUsageErrorsExit64WithTheUsageLine() throws {
        let seed = Self.seed
        assertUsageError(try tabanim(["export", seed]), "missing expected option '--output <path>'",
                         usage: "tabanim export <scene> --output <path> ... [<options>]", see: "tabanim export --help")
        for command in ["export", "frame", "sheet", "timeline", "validate"] {
            assertUsageError(try tabanim([command]), "missing expected argument '<scene>'", see: "tabanim \(command) --help")
        }
        assertUsageError(try tabanim(["completion"]), "missing expected argument '<shell>'", see: "tabanim completion --help")
        assertUsageError(try tabanim(["timeline", seed, seed]), "unexpected argument '\(seed)'", see: "tabanim timeline --help")
        assertUsageError(try tabanim(["presets", "extra"]), "unexpected argument 'extra'", see: "tabanim presets --help")
        assertUsageError(try tabanim(["export", seed, "-o"]), "missing value for '-o, --output <path>'", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--format", "gfi"]),
                         "'gfi' is not a value of --format; expected gif, svg, webp, mp4, png; did you mean 'gif'?", see: "tabanim export --help")
        assertUsageError(try tabanim(["completion", "fish"]), "'fish' is not a value of <shell>; expected bash, zsh", see: "tabanim completion --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.mov"]),
                         "cannot tell the format of 'x.mov' from its name; use .gif, .svg, .webp, .mp4, a folder ending in '/', or --format", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.txt"]),
                         "cannot tell the format of 'x.txt' from its name; use .gif, .svg, .webp, .mp4, a folder ending in '/', or --format", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.png"]),
                         "'x.png' would be one image: PNG frames go in a folder (name it 'x/'), and one frame is 'tabanim frame SCENE --at T -o x.png'", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.png", "--format", "png"]),
                         "PNG frames go in a folder: 'x.png' is not one; name it 'x/' (one frame is 'tabanim frame SCENE --at T -o x.png')", see: "tabanim export --help")
        assertUsageError(try tabanim(["frame", seed, "--at", "1", "-o", "f.jpg"]),
                         "a frame is written as PNG: name it .png, not 'f.jpg'", see: "tabanim frame --help")
        assertUsageError(try tabanim(["sheet", seed, "-o", "s.gif"]),
                         "the storyboard is written as PNG: name it .png, not 's.gif'; an animation is 'tabanim export SCENE -o s.gif'", see: "tabanim sheet --help")
        assertUsageError(try tabanim(["export", seed, "-o", "-"]),
                         "-o - writes to standard output: say which format with --format (gif, svg, webp, mp4)", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "a.gif", "-o", "./a.gif"]), "the same output is given twice", see: "tabanim export --help")
        assertUsageError(try tabanim(["frame", seed, "--at", "soon", "-o", "x.png"]), "--at takes a number, not 'soon'", see: "tabanim frame --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--fps", "500"]), "--fps 500 is out of range; expected 1 to 60", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--fps", "30", "--fps", "20"]), "--fps given twice", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--quiet", "--verbose"]), "--quiet and --verbose cannot be used together", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--watch=yes"]), "--watch takes no value", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--from", "3", "--to", "2"]), "--from 3 must be before --to 2", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--speed", "0"]), "--speed 0 is out of range; expected 0.05 to 20", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--to", "30"]), "--to 30 is after the loop's end (9 s)", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--loop", "two"]), "--loop takes a whole number, not 'two'", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--background", "blue"]),
                         "--background takes a color like \"#1B76D0\", \"rgb(27, 118, 208)\" or \"transparent\", not 'blue'", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--background", "transparent"]),
                         "GIF has no partial transparency: --background must be opaque for 'x.gif'", see: "tabanim export --help")
        assertUsageError(try tabanim(["sheet", seed, "-o", "s.png", "--every", "0.05"]),
                         "that is 180 frames; a sheet holds at most 100: take a larger --every, or cut with --from and --to", see: "tabanim sheet --help")
        assertUsageError(try tabanim(["sheet", seed, "-o", "s.png", "--columns", "0"]), "--columns 0 is out of range; expected 1 to 20", see: "tabanim sheet --help")
        assertUsageError(try tabanim(["help", "exprot"]), "unknown subcommand 'exprot'; did you mean 'export'?", see: "tabanim --help")
    }

    func testMisspeltOptionsAndCommandsGetASuggestion() throws {
        let seed = Self.seed
        assertUsageError(try tabanim(["export", seed, "-o", "x.gif", "--fsp", "10"]), "unknown option '--fsp'; did you mean '--fps'?", see: "tabanim export --help")
        assertUsageError(try tabanim(["export", seed, "--ouptut", "x.gif"]), "unknown option '--ouptut'; did you mean '--output'?", see: "tabanim export --help")
        assertUsageError(try tabanim(["sheet", seed, "-o", "s.png", "--colums", "3"]), "unknown option '--colums'; did you mean '--columns'?", see: "tabanim sheet --help")
        assertUsageError(try tabanim(["timeline", seed, "--jsno"]), "unknown option '--jsno'; did you mean '--json'?", see: "tabanim timeline --help")
        assertUsageError(try tabanim(["export", seed, "-x"]), "unknown option '-x'", see: "tabanim export --help")
        assertUsageError(try tabanim(["exprot"]), "unknown subcommand 'exprot'; did you mean 'export'?", usage: "tabanim <subcommand>", see: "tabanim --help")
        assertUsageError(try tabanim(["valdiate", seed]), "unknown subcommand 'valdiate'; did you mean 'validate'?", see: "tabanim --help")
        assertUsageError(try tabanim(["--verison"]), "unknown option '--verison'; did you mean '--version'?", see: "tabanim --help")
        assertUsageError(try tabanim(["banana"]), "unknown subcommand 'banana'", see: "tabanim --help")
    }

    /// docs/cli.md is `tabanim help --markdown`; this fails whenever help changes and the file does not.
    func testTheReferenceInDocsIsGeneratedFromTheHelp() throws {
        let generated = try tabanim(["help", "--markdown"])
        XCTAssertEqual(generated.status, 0)
        let committed = try String(contentsOf: packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        XCTAssertEqual(committed, generated.stdout, "docs/cli.md is stale: run `swift run tabanim help --markdown > docs/cli.md`")
        for command in Self.commands {
            XCTAssertTrue(generated.stdout.contains("## tabanim \(command)\n\n```text\n" + (try tabanim([command, "--help"])).stdout + "```\n"), command)
        }
        for (shell, path) in [("bash", "Assets/completions/tabanim.bash"), ("zsh", "Assets/completions/_tabanim")] {
            let script = try tabanim(["completion", shell]).stdout
            let copy = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            XCTAssertEqual(copy, script, "\(path) is stale: run `swift run tabanim completion \(shell) > \(path)`")
        }
    }

    // MARK: - Completion

    /// Runs bash's completion function as bash would for `words`, the cursor on the last one.
    private func complete(_ words: [String], in folder: URL) throws -> [String] {
        let script = folder.appendingPathComponent("tabanim.bash")
        try write(try tabanim(["completion", "bash"]).stdout, to: script)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "-c", "source tabanim.bash; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _tabanim; printf '%s\\n' \"${COMPREPLY[@]}\""]
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return text.split(separator: "\n").map(String.init).sorted()
    }

    func testBashCompletionOffersCommandsOptionsValuesAndSceneFiles() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw XCTSkip("bash is not installed") }
        let folder = try folder()
        try write("{}", to: folder.appendingPathComponent("a.json"))
        try write("", to: folder.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        XCTAssertEqual(try complete(["tabanim", "ex"], in: folder), ["export"])
        XCTAssertEqual(try complete(["tabanim", "export", "--f"], in: folder), ["--format", "--fps", "--from"])
        XCTAssertEqual(try complete(["tabanim", "export", "a.json", "--format", ""], in: folder), ["gif", "mp4", "png", "svg", "webp"])
        XCTAssertEqual(try complete(["tabanim", "export", ""], in: folder), ["a.json", "scenes"], "scene files and folders, not notes.txt")
        XCTAssertEqual(try complete(["tabanim", "export", "a.json", "--fps", ""], in: folder), [], "a number: nothing to offer")
        XCTAssertEqual(try complete(["tabanim", "completion", ""], in: folder), ["bash", "zsh"])
        XCTAssertEqual(try complete(["tabanim", "help", "t"], in: folder), ["timeline"])
        XCTAssertEqual(try complete(["tabanim", "init", ""], in: folder), ["scenes"])
    }

    func testZshCompletionIsValidZsh() throws {
        let script = try tabanim(["completion", "zsh"]).stdout
        XCTAssertTrue(script.hasPrefix("#compdef tabanim\n"))
        for command in Self.commands { XCTAssertTrue(script.contains("\n        \(command))\n          _arguments"), command) }
        XCTAssertTrue(script.contains(#"'*'{-o,--output}'[Where to write: name.gif, name.svg, name.webp (full colour, lossless), name.mp4 (H.264), a folder for PNG frames, or - for standard output]:path:_files -g "*.(gif|svg|webp|mp4)"'"#), script)
        XCTAssertTrue(script.contains(#"'--format[The format of every output, whatever its name]:format:(gif svg webp mp4 png)'"#), script)
        let zsh = ["/bin/zsh", "/usr/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let zsh else { throw XCTSkip("zsh is not installed: the script's syntax was not checked") }
        let folder = try folder()
        let file = folder.appendingPathComponent("_tabanim")
        try write(script, to: file)
        let process = try Process.run(URL(fileURLWithPath: zsh), arguments: ["-n", file.path])
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "zsh -n rejects the script")
    }
}
