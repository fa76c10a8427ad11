/// A usage error: what was wrong with the command line, and for which subcommand.
struct UsageError: Error, Equatable {
    var message: String
    var command: String?
}

/// A parsed command line.
struct ParsedCommandLine {
    var command: String?
    var positionals: [String] = []
    /// Options with values, in the order given, as (name, value).
    var options: [(name: String, value: String)] = []
    var flags: Set<String> = []
    var wantsHelp = false
    var wantsVersion = false
    /// The first thing wrong with the command line; `--help` and `--version` win over it.
    var error: UsageError?

    /// The last value of an option.
    func value(_ option: CommandSpec.Option) -> String? { options.last { $0.name == option.name }?.value }

    /// Whether a flag was given.
    func has(_ flag: CommandSpec.Option) -> Bool { flags.contains(flag.name) }

    /// Whether an option was given, with or without a value.
    func gave(_ option: CommandSpec.Option) -> Bool { has(option) || value(option) != nil }
}

/// Parses `navstate [global options] <subcommand> [arguments and options]`, with global options
/// also accepted after the subcommand, `--name=value` and `--name value` spellings, and `--` to end
/// the options.
///
/// Parsing never stops at the first mistake: it reads the whole line, so that `--help` or
/// `--version` anywhere is honoured (and nothing else done) even on a line with a mistake.
enum ArgumentParser {
    static func parse(_ arguments: [String]) -> ParsedCommandLine {
        var result = ParsedCommandLine()
        func fail(_ message: String) {
            if result.error == nil { result.error = UsageError(message: message, command: result.command) }
        }
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if result.command == nil {
                    if CommandSpec.named(argument) != nil {
                        result.command = argument
                    } else {
                        fail(
                            "unknown subcommand '\(TerminalText.escaped(argument))'"
                                + Suggestions.didYouMean(argument, among: CommandSpec.all.map(\.name)))
                        result.command = ""
                    }
                } else {
                    result.positionals.append(argument)
                }
                continue
            }
            switch argument {
            case "--":
                onlyPositionals = true
                continue
            case "--help", "-h":
                result.wantsHelp = true
                continue
            case "--version":
                result.wantsVersion = true
                continue
            default: break
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let known = GlobalOptions.all + (result.command.flatMap(CommandSpec.named)?.options ?? [])
            guard let option = known.first(where: { $0.name == name }) else {
                fail(
                    "unknown option '\(TerminalText.escaped(name))'"
                        + Suggestions.didYouMean(name, among: known.map(\.name) + ["--help", "--version"]))
                continue
            }
            guard option.valueName != nil else {
                if inlineValue != nil { fail("option '\(name)' takes no value") }
                result.flags.insert(name)
                continue
            }
            if let inlineValue {
                result.options.append((name, inlineValue))
            } else if index < arguments.count, takesAsValue(arguments[index]) {
                result.options.append((name, arguments[index]))
                index += 1
            } else {
                fail("missing value for option '\(name)' (expected \(option.synopsis))")
                continue
            }
            if !option.repeatable, result.options.filter({ $0.name == name }).count > 1 {
                fail("option '\(name)' given more than once")
            }
        }
        return result
    }

    /// Whether the argument after an option is its value: anything but another option, so that a
    /// value such as `-5d` reaches the option and is reported for what it is.
    private static func takesAsValue(_ argument: String) -> Bool {
        !(argument.hasPrefix("--") && argument.count > 2) && argument != "-h"
    }

    /// Checks the positional arguments and required options against a subcommand's spec.
    static func check(_ parsed: ParsedCommandLine, against spec: CommandSpec) throws(UsageError) {
        let required = spec.arguments.filter(\.required)
        if parsed.positionals.count < required.count {
            throw UsageError(
                message: "missing argument <\(required[parsed.positionals.count].name)>", command: spec.name)
        }
        if parsed.positionals.count > spec.arguments.count {
            throw UsageError(
                message: "unexpected argument '\(TerminalText.escaped(parsed.positionals[spec.arguments.count]))'",
                command: spec.name)
        }
        for option in spec.options where option.required && !parsed.gave(option) {
            throw UsageError(message: "missing option '\(option.synopsis)'", command: spec.name)
        }
    }
}
