import Basics
import Foundation
import Graph
import Scene

/// A command's arguments, declared once: parsing, help text, the docs, shell completion and "did you mean"
/// all come from here.
struct CommandSpec: Sendable {
    /// What a shell offers for a value.
    enum Completion: Sendable, Equatable {
        case none
        /// Files, those with one of these extensions first (empty: any file).
        case files([String])
        case directories
        /// The option's or argument's `choices`.
        case choices
    }

    struct Option: Sendable {
        /// Long name without dashes ("output").
        var name: String
        var short: Character?
        /// `nil` for a flag; otherwise the value's placeholder ("file").
        var valueName: String?
        var help: String
        var required = false
        var repeatable = false
        /// The only values accepted (compared case-insensitively), shown in help and offered by completion.
        var choices: [String] = []
        var completion: Completion = .none

        var isFlag: Bool { valueName == nil }
        /// `-o, --output <file>`.
        var synopsis: String {
            (short.map { "-\($0), " } ?? "") + "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
        }
    }

    struct Argument: Sendable {
        var name: String
        var help: String
        var optional = false
        /// Takes every remaining word (at least one unless `optional`).
        var variadic = false
        var choices: [String] = []
        var completion: Completion = .files(["json"])
    }

    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [Argument] = []
    var options: [Option] = []
    var examples: [String] = []

    /// Every command takes these.
    static let helpOption = Option(name: "help", short: "h", valueName: nil, help: "Show help information.")
    var allOptions: [Option] { options + [Self.helpOption] }

    /// Lists short commands in full; longer ones show their required options and `[<options>]`.
    var usage: String {
        var parts = ["tabanim", name]
        for argument in arguments {
            var text = "<\(argument.name)>"
            if argument.variadic { text += " ..." }
            parts.append(argument.optional ? "[\(text)]" : text)
        }
        let optional = options.filter { !$0.required }
        for option in options where option.required {
            parts.append("--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "") + (option.repeatable ? " ..." : ""))
        }
        if optional.count > 3 {
            parts.append("[<options>]")
        } else {
            parts += optional.map { "[--\($0.name)" + ($0.valueName.map { " <\($0)>" } ?? "") + "]" }
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

    /// A number option that must lie in `range`.
    func number(_ name: String, in range: ClosedRange<Double>, unit: String = "") throws(UsageError) -> Double? {
        guard let value = try number(name) else { return nil }
        guard range.contains(value) else {
            throw UsageError("--\(name) \(value.shortText) is out of range; expected \(range.lowerBound.shortText) to \(range.upperBound.shortText)\(unit)")
        }
        return value
    }

    /// A whole-number option that must lie in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let value = Int(text) else { throw UsageError("--\(name) takes a whole number, not '\(text)'") }
        guard range.contains(value) else {
            throw UsageError("--\(name) \(value) is out of range; expected \(range.lowerBound) to \(range.upperBound)")
        }
        return value
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
            if onlyPositionals || word == "-" || !word.hasPrefix("-") || Double(word) != nil {
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
                throw UsageError("unknown option '--\(name)'" + Self.suggestion(for: "--\(name)", among: allOptions.map { "--\($0.name)" }))
            }
            if option.isFlag {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("missing value for '\(option.synopsis)'") }
                value = arguments[index]
                index += 1
            }
            if !option.repeatable, parsed.values[name] != nil { throw UsageError("--\(name) given twice") }
            parsed.values[name, default: []].append(try Self.checked(value, choices: option.choices, what: "--\(name)"))
        }
        if parsed.flag("help") { return parsed }
        try checkPositionals(&parsed)
        for option in options where option.required && parsed.values[option.name] == nil {
            throw UsageError("missing expected option '--\(option.name) <\(option.valueName ?? "value")>'")
        }
        return parsed
    }

    private func checkPositionals(_ parsed: inout ParsedArguments) throws(UsageError) {
        let words = parsed.positionals
        let variadic = arguments.last?.variadic == true
        if !variadic, words.count > arguments.count {
            throw UsageError("unexpected argument '\(words[arguments.count])'")
        }
        if let missing = arguments.dropFirst(words.count).first(where: { !$0.optional }) {
            throw UsageError("missing expected argument '<\(missing.name)>'")
        }
        for (position, word) in words.enumerated() {
            let argument = arguments[min(position, arguments.count - 1)]
            parsed.positionals[position] = try Self.checked(word, choices: argument.choices, what: "<\(argument.name)>")
        }
    }

    /// The value itself, or the choice it names (any case); a usage error naming the choices otherwise.
    private static func checked(_ value: String, choices: [String], what: String) throws(UsageError) -> String {
        guard !choices.isEmpty else { return value }
        if let choice = choices.first(where: { $0.caseInsensitiveCompare(value) == .orderedSame }) { return choice }
        throw UsageError("'\(value)' is not a value of \(what); expected \(choices.joined(separator: ", "))"
                         + suggestion(for: value, among: choices))
    }

    /// "; did you mean '--fps'?" when a candidate is close, else "".
    static func suggestion(for word: String, among candidates: [String]) -> String {
        guard let guess = Suggestion.closest(to: word, in: candidates) else { return "" }
        return "; did you mean '\(guess)'?"
    }
}
