// MARK: - Help

extension CommandLineTool {
    /// `navstate --help`, `navstate help [<subcommand>]` and `navstate <subcommand> --help`.
    mutating func help(for parsed: ParsedCommandLine) throws(UsageError) -> Int32 {
        var topic = parsed.command == Subcommands.help.name ? parsed.positionals.first : parsed.command
        if parsed.command == Subcommands.help.name && parsed.positionals.count > 1 && !parsed.wantsHelp {
            throw UsageError(
                message: "unexpected argument '\(TerminalText.escaped(parsed.positionals[1]))'",
                command: Subcommands.help.name)
        }
        // An unknown subcommand with --help gets the main help; `help` itself has no more to say.
        if topic == "" || (topic == Subcommands.help.name && parsed.command != Subcommands.help.name) { topic = nil }
        guard let topic else {
            output += Self.mainHelp
            return ExitStatus.success
        }
        guard let spec = Subcommands.spec(named: topic) else {
            if parsed.wantsHelp {
                output += Self.mainHelp
                return ExitStatus.success
            }
            throw UsageError(
                message: "unknown subcommand '\(TerminalText.escaped(topic))'"
                    + Suggestions.didYouMean(topic, among: Subcommands.specs.map(\.name)),
                command: Subcommands.help.name)
        }
        output += Self.help(for: spec)
        return ExitStatus.success
    }

    static var mainHelp: String {
        var text = """
            OVERVIEW: Save, restore and inspect per-scene navigation state, as plain JSON files.

            USAGE: navstate [--state-dir <path>] [--app <id>] [--data <recipes.json>] <subcommand> [...]

            OPTIONS:

            """
        text += optionLines(GlobalOptions.all + helpAndVersion)
        text += "\nSUBCOMMANDS:\n"
        for spec in Subcommands.specs {
            text += "  " + padded(spec.name, to: 12) + spec.overview + "\n"
        }
        text += "\n" + exitStatusText
        text += "\n  See 'navstate help <subcommand>' for detailed help.\n"
        return text
    }

    static func help(for spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.overview)\n\nUSAGE: \(spec.usage)\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                text += "  " + padded("<\(argument.name)>", to: 28) + argument.help + "\n"
            }
        }
        text += "\nOPTIONS:\n" + optionLines(spec.options + GlobalOptions.all + helpAndVersion)
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES:\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        text += "\n" + exitStatusText
        return text
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static let helpAndVersion: [CommandSpec.Option] = [
        .init(name: "-h, --help", valueName: nil, help: "Show help information."),
        .init(name: "--version", valueName: nil, help: "Show the version."),
    ]

    private static func optionLines(_ options: [CommandSpec.Option]) -> String {
        options.map { option in
            "  " + padded(option.synopsis, to: 28) + option.help + (option.required ? " (required)" : "") + "\n"
        }.joined()
    }

    static let exitStatusText = """
        EXIT STATUS:
          0   success
          64  usage error: unknown subcommand or option, missing or extra argument, invalid scene ID
              or key, unknown category or recipe, bad duration or size, nothing to save, a --from or
              --to that is not a type name, another app's link without --mapping, a --path the
              value does not hold
          65  data error: corrupt or newer-format scene file, a stored value that is not navigation
              data (or, for retag, not in SwiftUI's NavigationPath format), invalid --input,
              --data or --mapping JSON, a link of another app or that is no link, a path with no
              place in a link, a value with several paths and no --path
          66  no saved state for that scene or key (or a missing input file, or no app container
              or Simulator app where --container or --simulator points)
          73  cannot create the state folder
          74  other I/O error
          77  permission denied

        """
}
