/// A usage error: what was wrong with the command line, and for which subcommand.
struct UsageError: Error, Equatable {
    var message: String
    var command: String?
}

/// A parsed command line.
struct ParsedCommandLine: Equatable {
    var command: String?
    var positionals: [String] = []
    /// Options with values, in the order given, as (name, value).
    var options: [(name: String, value: String)] = []
    var flags: Set<String> = []
    var wantsHelp = false
    var wantsVersion = false

    static func == (lhs: ParsedCommandLine, rhs: ParsedCommandLine) -> Bool {
        lhs.command == rhs.command && lhs.positionals == rhs.positionals
            && lhs.options.map(\.name) == rhs.options.map(\.name)
            && lhs.options.map(\.value) == rhs.options.map(\.value)
            && lhs.flags == rhs.flags && lhs.wantsHelp == rhs.wantsHelp && lhs.wantsVersion == rhs.wantsVersion
    }

    /// The last value of an option.
    func value(_ name: String) -> String? { options.last { $0.name == name }?.value }

    /// Every value of an option, in order.
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.map(\.value) }
}

/// Parses `navstate [global options] <subcommand> [arguments and options]`, with global options
/// also accepted after the subcommand, `--name=value` and `--name value` spellings, and `--` to end
/// the options.
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
        var result = ParsedCommandLine()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if result.command == nil {
                    guard CommandSpec.named(argument) != nil else {
                        throw UsageError(message: "unknown subcommand '\(printable(argument))'", command: nil)
                    }
                    result.command = argument
                } else {
                    result.positionals.append(argument)
                }
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                result.wantsHelp = true
                continue
            }
            if argument == "--version" {
                result.wantsVersion = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            let spec = result.command.flatMap(CommandSpec.named)
            guard let option = GlobalOptions.all.first(where: { $0.name == name }) ?? spec?.option(named: name) else {
                throw UsageError(message: "unknown option '\(printable(name))'", command: result.command)
            }
            guard option.valueName != nil else {
                if inlineValue != nil {
                    throw UsageError(message: "option '\(name)' takes no value", command: result.command)
                }
                result.flags.insert(name)
                continue
            }
            if let inlineValue {
                result.options.append((name, inlineValue))
            } else if index < arguments.count, arguments[index] == "-" || !arguments[index].hasPrefix("-") {
                result.options.append((name, arguments[index]))
                index += 1
            } else {
                throw UsageError(message: "missing value for option '\(name)'", command: result.command)
            }
            if !option.repeatable, result.options.filter({ $0.name == name }).count > 1 {
                throw UsageError(message: "option '\(name)' given more than once", command: result.command)
            }
        }
        return result
    }

    /// Checks the positional arguments against a subcommand's spec.
    static func check(_ parsed: ParsedCommandLine, against spec: CommandSpec) throws(UsageError) {
        let required = spec.arguments.filter(\.required)
        if parsed.positionals.count < required.count {
            throw UsageError(
                message: "missing argument <\(required[parsed.positionals.count].name)>", command: spec.name)
        }
        if parsed.positionals.count > spec.arguments.count {
            throw UsageError(
                message: "unexpected argument '\(printable(parsed.positionals[spec.arguments.count]))'",
                command: spec.name)
        }
    }

    /// Escapes control characters so a hostile argument cannot rewrite the terminal.
    static func printable(_ text: String) -> String {
        String(
            text.unicodeScalars.flatMap { scalar -> [Character] in
                scalar.value < 0x20 || scalar.value == 0x7F
                    ? Array("\\u{\(String(scalar.value, radix: 16))}") : [Character(scalar)]
            })
    }
}
