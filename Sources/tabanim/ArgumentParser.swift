import Foundation
import Scene

/// A command's arguments, declared once: parsing, help text and "did you mean" all come from here.
struct CommandSpec {
    struct Option {
        /// Long name without dashes ("output").
        var name: String
        var short: Character?
        /// `nil` for a flag; otherwise the value's placeholder ("file").
        var valueName: String?
        var help: String
        var required = false
        var repeatable = false
    }

    struct Argument {
        var name: String
        var help: String
    }

    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [Argument]
    var options: [Option]
    var examples: [String] = []

    /// Every command takes these.
    static let helpOption = Option(name: "help", short: "h", valueName: nil, help: "Show help information.")
    var allOptions: [Option] { options + [Self.helpOption] }

    var usage: String {
        var parts = ["tabanim", name] + arguments.map { "<\($0.name)>" }
        for option in options {
            let text = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            parts.append(option.required ? text : "[\(text)]")
        }
        return parts.joined(separator: " ")
    }
}

/// What the user typed, checked against a `CommandSpec`.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// A number option, or nil when absent; a usage error when not a number.
    func number(_ name: String) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw UsageError("--\(name) takes a number, not '\(text)'")
        }
        return number
    }
}

/// A mistake in the command line: printed with the usage line, exit 64.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension CommandSpec {
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            var name: String
            var inlineValue: String?
            if word.hasPrefix("--") {
                name = String(word.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard word.count == 2, let letter = word.last, let option = allOptions.first(where: { $0.short == letter }) else {
                    throw UsageError("unknown option '\(word)'")
                }
                name = option.name
            }
            guard let option = allOptions.first(where: { $0.name == name }) else {
                var message = "unknown option '--\(name)'"
                if let guess = Suggestion.closest(to: name, in: allOptions.map(\.name)) { message += "; did you mean '--\(guess)'?" }
                throw UsageError(message)
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("missing value for '--\(name) <\(option.valueName!)>'") }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil { throw UsageError("--\(name) given twice") }
            parsed.values[name, default: []].append(value)
        }
        if parsed.flag("help") { return parsed }
        if parsed.positionals.count > self.arguments.count {
            throw UsageError("unexpected argument '\(parsed.positionals[self.arguments.count])'")
        }
        if parsed.positionals.count < self.arguments.count {
            throw UsageError("missing expected argument '<\(self.arguments[parsed.positionals.count].name)>'")
        }
        for option in options where option.required && parsed.values[option.name] == nil {
            throw UsageError("missing expected option '--\(option.name) <\(option.valueName ?? "value")>'")
        }
        return parsed
    }
}
