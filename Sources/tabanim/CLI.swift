import Drawing
import Foundation
import Graph
import Outputs
import Review
import Scene

/// The one entry point: parse, run, and turn every error into a message and an exit code
/// (0 success and help, 64 usage error, 1 everything else, 128 + the signal when interrupted: 130, 143).
enum CLI {
    static let version = "0.2.0"

    static let commands: [any Command.Type] = [
        InitCommand.self, ExportCommand.self, FrameCommand.self, LottieCommand.self, SheetCommand.self, ReviewCommand.self, DiffCommand.self, TimelineCommand.self,
        ValidateCommand.self, PresetsCommand.self, SchemaCommand.self, CompletionCommand.self,
    ]
    static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// `help` as a command, so that its usage and completion come from one place like the others'.
    static let helpSpec = CommandSpec(
        name: "help", abstract: "Show subcommand help information.",
        arguments: [.init(name: "subcommand", help: "The command to explain.", optional: true, completion: .choices)],
        options: [.init(name: "markdown", valueName: nil, help: "Print every command's help as Markdown (docs/cli.md).")])

    static func run(_ arguments: [String]) -> Int32 {
        let console = Console()
        guard let first = arguments.first else {
            console.error(Help.rootText(specs))
            return 64
        }
        switch first {
        case PDFPageServer.subcommand:
            // Hidden: the child process that runs poppler for `IsolatedPDFConverter`.
            return PDFPageServer.serve(Array(arguments.dropFirst()))
        case "-h", "--help":
            console.out(Help.rootText(specs))
            return 0
        case "--version":
            console.out("tabanim \(version)\n")
            return 0
        case "help":
            return help(Array(arguments.dropFirst()), console)
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            let names = specs.map(\.name) + ["help"]
            if first.hasPrefix("-") {
                return usageError("unknown option '\(first)'" + CommandSpec.suggestion(for: first, among: ["--help", "--version"]),
                                  usage: "tabanim <subcommand>", see: "tabanim --help", console)
            }
            return usageError("unknown subcommand '\(first)'" + CommandSpec.suggestion(for: first, among: names),
                              usage: "tabanim <subcommand>", see: "tabanim --help", console)
        }
        let spec = command.spec
        let parsed: ParsedArguments
        do {
            parsed = try spec.parse(Array(arguments.dropFirst()))
        } catch {
            return usageError(error.message, usage: spec.usage, see: "tabanim \(spec.name) --help", console)
        }
        if parsed.flag("help") {
            console.out(Help.text(for: spec))
            return 0
        }
        do {
            try command.run(parsed, console: console)
            return 0
        } catch let error as UsageError {
            return usageError(error.message, usage: spec.usage, see: "tabanim \(spec.name) --help", console)
        } catch let status as ExitStatus {
            return status.code
        } catch {
            console.report(error)
            return 1
        }
    }

    private static func help(_ arguments: [String], _ console: Console) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try helpSpec.parse(arguments)
        } catch {
            return usageError(error.message, usage: helpSpec.usage, see: "tabanim --help", console)
        }
        if parsed.flag("markdown") {
            console.out(Help.markdown(specs))
        } else if parsed.flag("help") {
            console.out(Help.text(for: helpSpec))
        } else if let name = parsed.positionals.first {
            if name == "help" { console.out(Help.text(for: helpSpec)); return 0 }
            guard let command = commands.first(where: { $0.spec.name == name }) else {
                return usageError("unknown subcommand '\(name)'" + CommandSpec.suggestion(for: name, among: specs.map(\.name)),
                                  usage: helpSpec.usage, see: "tabanim --help", console)
            }
            console.out(Help.text(for: command.spec))
        } else {
            console.out(Help.rootText(specs))
        }
        return 0
    }

    private static func usageError(_ message: String, usage: String, see: String, _ console: Console) -> Int32 {
        console.failure(message)
        console.error("Usage: \(usage)\n  See '\(see)'.\n")
        return 64
    }
}

/// A subcommand: its arguments and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws
}

extension IsolatedPDFConverter {
    /// poppler in a child process: this very executable, running its hidden `pdf-svg` subcommand.
    static var tabanim: IsolatedPDFConverter {
        IsolatedPDFConverter(executable: Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
    }
}

/// A failure that is not the command line's fault and not tied to a scene key: exit 1 with its message.
struct CommandFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Ends the command with a status, everything having been said already.
struct ExitStatus: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
