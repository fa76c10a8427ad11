/// A usage error: what was wrong with the command line, and for which subcommand.
struct UsageError: Error, Equatable {
    var message: String
    var command: String?
}

/// A parsed command line: options and arguments by the declarations they were given for.
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
    /// The positional arguments by their declared names, once checked against the subcommand.
    var arguments: [String: String] = [:]

    /// The last value of an option, transformed into its type; nil when not given.
    func value<Value>(_ option: OptionDeclaration<Value>) throws -> Value? {
        try options.last { $0.name == option.spec.name }.map { try option.transform($0.value) }
    }

    /// Every value of a repeatable option, in order.
    func values<Value>(_ option: OptionDeclaration<Value>) throws -> [Value] {
        try options.filter { $0.name == option.spec.name }.map { try option.transform($0.value) }
    }

    /// Whether a flag was given.
    func has(_ flag: FlagDeclaration) -> Bool { flags.contains(flag.spec.name) }

    /// Whether an option was given.
    func gave<Value>(_ option: OptionDeclaration<Value>) -> Bool { options.contains { $0.name == option.spec.name } }

    /// A positional argument, transformed into its type; nil when an optional one was not given.
    func argument<Value>(_ argument: ArgumentDeclaration<Value>) throws -> Value? {
        try arguments[argument.spec.name].map(argument.transform)
    }

    /// A required positional argument (``ArgumentParser/check(_:against:)`` has made sure it is there).
    func required<Value>(_ argument: ArgumentDeclaration<Value>) throws -> Value {
        guard let value = try self.argument(argument) else {
            throw UsageError(message: "missing argument <\(argument.spec.name)>", command: command)
        }
        return value
    }

    /// The values of two options given in any order, interleaved as they were given.
    func sequence<First, Second>(
        _ first: OptionDeclaration<First>, _ second: OptionDeclaration<Second>
    ) throws -> [Either<First, Second>] {
        try options.compactMap { option -> Either<First, Second>? in
            if option.name == first.spec.name { return .first(try first.transform(option.value)) }
            if option.name == second.spec.name { return .second(try second.transform(option.value)) }
            return nil
        }
    }
}

/// One of two values, as ``ParsedCommandLine/sequence(_:_:)`` interleaves them.
enum Either<First, Second> {
    case first(First)
    case second(Second)
}

/// Parses `navstate [global options] <subcommand> [arguments and options]`, with global options
/// also accepted after the subcommand, `--name=value` and `--name value` spellings, and `--` to end
/// the options.
///
/// Parsing never stops at the first mistake: it reads the whole line, so that `--help` or
/// `--version` anywhere is honoured (and nothing else done) even on a line with a mistake.
@MainActor
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
                    if Subcommands.spec(named: argument) != nil {
                        result.command = argument
                    } else {
                        fail(
                            "unknown subcommand '\(TerminalText.escaped(argument))'"
                                + Suggestions.didYouMean(argument, among: Subcommands.specs.map(\.name)))
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
            let known = GlobalOptions.all + (result.command.flatMap(Subcommands.spec(named:))?.options ?? [])
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

    /// Checks the positional arguments and required options against a subcommand's spec, and names
    /// the arguments given.
    static func check(_ parsed: inout ParsedCommandLine, against spec: CommandSpec) throws(UsageError) {
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
        for option in spec.options where option.required && !parsed.options.contains(where: { $0.name == option.name })
        {
            throw UsageError(message: "missing option '\(option.synopsis)'", command: spec.name)
        }
        for (argument, value) in zip(spec.arguments, parsed.positionals) { parsed.arguments[argument.name] = value }
    }
}
