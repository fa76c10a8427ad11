import SceneStore

/// The shape of a subcommand: its arguments and options, and the text of its help. Parsing,
/// checking, usage lines and help all read these declarations, so they cannot disagree.
struct CommandSpec: Sendable {
    /// An option's name, value and help, as the parser and the help see it.
    struct Option: Sendable {
        var name: String
        /// The placeholder of the option's value, or nil for a flag.
        var valueName: String?
        var help: String
        var repeatable = false
        /// Whether the subcommand cannot run without it.
        var required = false

        /// How the option reads in a usage line: `--older-than <duration>`.
        var synopsis: String { valueName.map { "\(name) <\($0)>" } ?? name }
    }

    /// A positional argument's name and help.
    struct Argument: Sendable {
        var name: String
        var help: String
        var required: Bool
    }

    var name: String
    var overview: String
    var arguments: [Argument]
    var options: [Option]
    var examples: [String] = []

    var usage: String {
        var parts = ["navstate", name]
        for argument in arguments { parts.append(argument.required ? "<\(argument.name)>" : "[<\(argument.name)>]") }
        for option in options {
            let text = option.repeatable ? "\(option.synopsis) ..." : option.synopsis
            parts.append(option.required ? text : "[\(text)]")
        }
        return parts.joined(separator: " ")
    }
}

// MARK: - Typed declarations

/// An option with a value, declared once with how its text becomes a typed value: a subcommand
/// reads `try line.value(Self.policy)`, never an option by its name.
struct OptionDeclaration<Value>: Sendable {
    let spec: CommandSpec.Option
    let transform: @Sendable (String) throws -> Value

    init(_ spec: CommandSpec.Option, transform: @escaping @Sendable (String) throws -> Value) {
        self.spec = spec
        self.transform = transform
    }
}

extension OptionDeclaration where Value == String {
    init(_ spec: CommandSpec.Option) {
        self.init(spec) { $0 }
    }
}

/// An option without a value.
struct FlagDeclaration: Sendable {
    let spec: CommandSpec.Option
}

/// A positional argument, declared once with how its text becomes a typed value.
struct ArgumentDeclaration<Value>: Sendable {
    let spec: CommandSpec.Argument
    let transform: @Sendable (String) throws -> Value
}

// MARK: - Options every subcommand shares

extension CommandSpec.Option {
    static let stateDirectory = Self(
        name: "--state-dir", valueName: "path",
        help: "The state root instead of the platform's (default: $XDG_STATE_HOME or ~/.local/state).")
    static let app = Self(
        name: "--app", valueName: "id",
        help:
            "The app whose scenes to use (default: \(CommandLineTool.defaultAppID)); another app's values are shown as paths, element by element."
    )
    static let data = Self(
        name: "--data", valueName: "recipes.json",
        help: "Recipe data to use instead of the built-in cookbook (ours or the sample's Recipes.json).")
    static let budget = Self(
        name: "--budget", valueName: "size",
        help: "The size a scene's file should stay under: B, KiB or MiB, as in 256KiB (default: 256KiB).")
    static let container = Self(
        name: "--container", valueName: "bundle-id",
        help: "macOS: the state of the sandboxed app with this bundle ID, in its container (inspect, restore, watch).")
    static let simulator = Self(
        name: "--simulator", valueName: "device",
        help: "macOS: the state of the app '--bundle' on this Simulator device (a UDID, a name or 'booted').")
    static let bundle = Self(
        name: "--bundle", valueName: "bundle-id", help: "With --simulator: the app's bundle ID.")
    static let key = Self(
        name: "--key", valueName: "name",
        help: "The scene value holding the navigation state (default: \(CommandLineTool.navigationKey)).")
    static let json = Self(name: "--json", valueName: nil, help: "Print JSON instead of text.")
    static let dryRun = Self(name: "--dry-run", valueName: nil, help: "Show what would change; write nothing.")
}

/// The options every subcommand accepts, before or after it.
enum GlobalOptions {
    static let stateDirectory = OptionDeclaration(.stateDirectory)
    static let app = OptionDeclaration(.app)
    static let data = OptionDeclaration(.data)
    static let budget = OptionDeclaration(.budget) { text in
        guard let size = SizeBudget.parseSize(text), size > 0 else {
            throw CommandError.usage(
                "invalid size '\(TerminalText.escaped(text))' for '--budget': a whole number and B, KiB or MiB, as in 256KiB"
            )
        }
        return size
    }

    static let container = OptionDeclaration(.container)
    static let simulator = OptionDeclaration(.simulator)
    static let bundle = OptionDeclaration(.bundle)

    static let all: [CommandSpec.Option] = [
        stateDirectory.spec, app.spec, data.spec, budget.spec, container.spec, simulator.spec, bundle.spec,
    ]
}

/// Declarations several subcommands share.
enum SharedDeclarations {
    /// `--key`: checked as the store checks every key, so an invalid one is a usage error (64)
    /// for every subcommand, before anything is read.
    static let key = OptionDeclaration(.key) { text in
        try StateStore.validate(key: text)
        return text
    }
    static let json = FlagDeclaration(spec: .json)
    static let dryRun = FlagDeclaration(spec: .dryRun)

    /// A scene ID argument.
    static func scene(_ help: String, required: Bool = true) -> ArgumentDeclaration<SceneID> {
        ArgumentDeclaration(spec: .init(name: "scene", help: help, required: required)) { try SceneID($0) }
    }
}

// MARK: - Subcommands

/// A subcommand: its declaration, decoded from the command line once into typed values, and run.
@MainActor
protocol Subcommand {
    /// The subcommand's shape, for parsing and help.
    static var spec: CommandSpec { get }
    /// Decodes the subcommand's arguments and options.
    init(_ line: ParsedCommandLine) throws
    /// Runs it, printing through the tool.
    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws
}

@MainActor
enum Subcommands {
    static let all: [any Subcommand.Type] = [
        SaveCommand.self, RestoreCommand.self, InspectCommand.self, RetagCommand.self, RecoverCommand.self,
        RemoveCommand.self, PruneCommand.self, RecipesCommand.self, WatchCommand.self, LinkCommand.self,
        OpenCommand.self,
    ]

    /// `help` is answered before any subcommand runs.
    static let help = CommandSpec(
        name: "help",
        overview: "Show help for navstate or one of its subcommands.",
        arguments: [.init(name: "subcommand", help: "The subcommand to describe.", required: false)],
        options: [])

    static var specs: [CommandSpec] { all.map { $0.spec } + [help] }

    static func spec(named name: String) -> CommandSpec? { specs.first { $0.name == name } }

    static func command(named name: String) -> (any Subcommand.Type)? { all.first { $0.spec.name == name } }
}
