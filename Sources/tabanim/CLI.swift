import Export
import Foundation
import Scene

/// The one entry point: parse, run, and turn every error into a message and an exit code
/// (0 success and help, 64 usage error, 1 everything else).
enum CLI {
    static let version = "0.1.0"

    static let commands: [any Command.Type] = [ExportCommand.self, FrameCommand.self, TimelineCommand.self]

    static func run(_ arguments: [String]) -> Int32 {
        let console = Console()
        guard let first = arguments.first else {
            console.error(Help.rootText(commands.map { $0.spec }))
            return 64
        }
        switch first {
        case LottieFrameServer.subcommand:
            // Hidden: the child process that runs rlottie for `IsolatedLottieRenderer`.
            return LottieFrameServer.run(Array(arguments.dropFirst()))
        case "-h", "--help":
            console.out(Help.rootText(commands.map { $0.spec }))
            return 0
        case "--version":
            console.out("tabanim \(version)\n")
            return 0
        case "help":
            guard let name = arguments.dropFirst().first else {
                console.out(Help.rootText(commands.map { $0.spec }))
                return 0
            }
            guard let command = commands.first(where: { $0.spec.name == name }) else {
                return usageError("unknown subcommand '\(name)'" + suggestion(name), usage: "tabanim help <subcommand>", see: "tabanim --help", console)
            }
            console.out(Help.text(for: command.spec))
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            let what = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
            return usageError(what + suggestion(first.hasPrefix("-") ? "" : first), usage: "tabanim <subcommand>", see: "tabanim --help", console)
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
        } catch let error as SceneError {
            console.error(error.diagnostics.map { "Error: \($0)\n" }.joined())
            return 1
        } catch {
            console.error("Error: \(error)\n")
            return 1
        }
    }

    private static func suggestion(_ word: String) -> String {
        guard !word.isEmpty, let guess = Suggestion.closest(to: word, in: commands.map { $0.spec.name }) else { return "" }
        return "; did you mean '\(guess)'?"
    }

    private static func usageError(_ message: String, usage: String, see: String, _ console: Console) -> Int32 {
        console.error("Error: \(message)\nUsage: \(usage)\n  See '\(see)'.\n")
        return 64
    }
}

/// A subcommand: its arguments and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws
}

extension IsolatedLottieRenderer {
    /// rlottie in a child process: this very executable, running its hidden `lottie-frames` subcommand.
    static var tabanim: IsolatedLottieRenderer {
        IsolatedLottieRenderer(executable: Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
    }
}

/// Standard output and standard error (`FileHandle`, not the C globals, for Swift 6).
struct Console {
    func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    func error(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
    var errorIsTerminal: Bool { isatty(FileHandle.standardError.fileDescriptor) != 0 }
}
