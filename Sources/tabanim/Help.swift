/// Help text in swift-argument-parser's layout: OVERVIEW / USAGE / ARGUMENTS / OPTIONS / EXAMPLES.
enum Help {
    static let overview = "Turn a small scene file into an animated GIF or SVG of an iOS tab bar."

    static func text(for command: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(command.abstract)"]
        if let discussion = command.discussion { lines += ["", discussion] }
        lines += ["", "USAGE: \(command.usage)"]
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += command.arguments.map { row("<\($0.name)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for option in command.allOptions {
            var names = option.short.map { "-\($0), " } ?? ""
            names += "--\(option.name)"
            if let value = option.valueName { names += " <\(value)>" }
            lines.append(row(names, option.help))
        }
        if !command.examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            lines += command.examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func rootText(_ commands: [CommandSpec]) -> String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE: tabanim <subcommand>", "", "OPTIONS:",
                     row("--version", "Show the version."), row("-h, --help", "Show help information."),
                     "", "SUBCOMMANDS:"]
        lines += commands.map { row($0.name, $0.abstract) }
        lines += ["", "  See 'tabanim help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A two-column row, the help wrapped under itself when the name is long.
    private static func row(_ name: String, _ help: String) -> String {
        let indent = 26
        let left = "  " + name
        if left.count < indent { return left + String(repeating: " ", count: indent - left.count) + help }
        return left + "\n" + String(repeating: " ", count: indent) + help
    }
}
