import Foundation

/// `tabanim completion bash|zsh`: a completion script made from the same command specs as the help.
enum CompletionCommand: Command {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script for bash or zsh.",
        discussion: "The script completes commands, options, option values (formats, shells) and file names (scene files end in .json). Copies for packagers are in Assets/completions.",
        arguments: [.init(name: "shell", help: "The shell.", choices: ["bash", "zsh"], completion: .choices)],
        examples: [
            "tabanim completion bash > ~/.local/share/bash-completion/completions/tabanim",
            "source <(tabanim completion bash)                # bash, this session only",
            "tabanim completion zsh > ~/.zfunc/_tabanim       # with fpath+=(~/.zfunc) before compinit",
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws {
        let commands = CLI.specs + [CLI.helpSpec]
        switch arguments.positionals[0] {
        case "bash": console.out(CompletionScript.bash(commands))
        default: console.out(CompletionScript.zsh(commands))
        }
    }
}
