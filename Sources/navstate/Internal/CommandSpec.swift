/// The shape of a subcommand: its arguments and options, and the text of its help. Parsing,
/// checking, usage lines and help all read these declarations, so they cannot disagree.
struct CommandSpec: Sendable {
    /// An option, declared once and looked up by value (`parsed.value(.input)`), never by a string.
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

    func option(named name: String) -> Option? { options.first { $0.name == name } }
}

// MARK: - Options

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

    static let category = Self(
        name: "--category", valueName: "name", help: "The selected category: dessert, pancake, salad or sandwich.")
    static let recipe = Self(
        name: "--recipe", valueName: "id-or-name",
        help: "A recipe to push on the path, by ID or name (case and accents ignored). Repeat in order.",
        repeatable: true)
    static let input = Self(
        name: "--input", valueName: "file",
        help: "Read navigation JSON from a file, a pipe, or '-' for stdin; IDs not in the data are dropped.")
    static let asIs = Self(
        name: "--as-is", valueName: nil,
        help: "With --input: store the navigation JSON exactly as given, IDs not looked up (for fixtures).")
    static let clear = Self(name: "--clear", valueName: nil, help: "Save an empty state: no category, empty path.")
    static let key = Self(
        name: "--key", valueName: "name",
        help: "The scene value holding the navigation state (default: \(CommandLineTool.navigationKey)).")
    static let json = Self(name: "--json", valueName: nil, help: "Print JSON instead of text.")
    static let policy = Self(
        name: "--policy", valueName: "skip|truncate",
        help: "skip: drop missing recipes and keep the rest (default); truncate: stop at the first missing one.")
    static let olderThan = Self(
        name: "--older-than", valueName: "duration", help: "A number and a unit: d, h, m or s (30d, 12h, 45m, 90s).",
        required: true)
    static let pathKey = Self(
        name: "--key", valueName: "name", help: "The scene value holding the path in SwiftUI's NavigationPath format.",
        required: true)
    static let from = Self(
        name: "--from", valueName: "type",
        help: "The type name to replace, as stored: MyApp.User, or a module name alone (MyApp) for every type in it.",
        required: true)
    static let to = Self(name: "--to", valueName: "type", help: "The name it becomes: NewApp.User.", required: true)
    static let dryRun = Self(name: "--dry-run", valueName: nil, help: "Show what would change; write nothing.")
    static let maxAge = Self(
        name: "--max-age", valueName: "duration",
        help: "Do not restore state saved longer ago than this: 30d, 12h, 45m or 90s (nothing is changed).")
    static let keptAsideFile = Self(
        name: "--file", valueName: "name",
        help: "The kept-aside copy to bring back, by file name (default: the newest readable one of the scene).")
    static let onlyCategory = Self(name: "--category", valueName: "name", help: "Only this category, sorted by name.")
}

/// The options every subcommand accepts, before or after it.
enum GlobalOptions {
    static let all: [CommandSpec.Option] = [.stateDirectory, .app, .data]
}

// MARK: - Subcommands

extension CommandSpec {
    static let save = CommandSpec(
        name: "save",
        overview: "Save a scene's navigation state, built from options in order or read from JSON.",
        arguments: [
            .init(name: "scene", help: "The scene to save (letters, digits, '-' and '_'; at most 64).", required: true)
        ],
        options: [.category, .recipe, .input, .asIs, .clear, .key, .json],
        examples: [
            #"navstate save main --category dessert --recipe "Apple Pie" --recipe "Pie Crust""#,
            #"navstate save main --input NavigationData.json"#,
            #"navstate save stale --input old-payload.json --as-is"#,
            #"navstate save main --clear"#,
        ])

    static let restore = CommandSpec(
        name: "restore",
        overview: "Restore a scene's navigation state against the recipe data and show what was dropped.",
        arguments: [.init(name: "scene", help: "The scene to restore.", required: true)],
        options: [.policy, .maxAge, .key, .json],
        examples: [
            "navstate restore main", "navstate restore main --policy truncate --json",
            "navstate restore main --max-age 6h",
        ])

    static let inspect = CommandSpec(
        name: "inspect",
        overview: "List the saved scenes, or show one scene's file and what a restore would drop. Changes nothing.",
        arguments: [
            .init(name: "scene", help: "The scene to show; without it, every scene is listed.", required: false)
        ],
        options: [.key, .json],
        examples: ["navstate inspect", "navstate inspect main --json"])

    static let retag = CommandSpec(
        name: "retag",
        overview:
            "Rename a type in a stored NavigationPath (after an app renamed a type or a module), durably, under the scene's lock.",
        arguments: [.init(name: "scene", help: "The scene holding the path.", required: true)],
        options: [.pathKey, .from, .to, .dryRun, .json],
        examples: [
            "navstate --app com.example.notes retag main --key path --from Notes.Note --to NotesKit.Note --dry-run",
            "navstate --app com.example.notes retag main --key path --from Notes --to NotesKit",
        ])

    static let recover = CommandSpec(
        name: "recover",
        overview:
            "Bring a scene's value back from a copy kept aside (after a crash loop, an age limit, an unreadable value), and clear its restore guard.",
        arguments: [.init(name: "scene", help: "The scene to bring back.", required: true)],
        options: [.keptAsideFile, .key, .dryRun, .json],
        examples: [
            "navstate recover main --dry-run", "navstate recover main --file main.crashloop-20261122T080000.000Z.json",
        ])

    static let remove = CommandSpec(
        name: "remove",
        overview: "Delete a scene's saved state, as closing a window does.",
        arguments: [.init(name: "scene", help: "The scene to remove.", required: true)],
        options: [.json],
        examples: ["navstate remove main"])

    static let prune = CommandSpec(
        name: "prune",
        overview: "Remove the scenes not saved, and the kept-aside copies not made, within a duration.",
        arguments: [],
        options: [.olderThan, .json],
        examples: ["navstate prune --older-than 30d"])

    static let recipes = CommandSpec(
        name: "recipes",
        overview: "List the recipe data: ID, name and category.",
        arguments: [],
        options: [.onlyCategory, .json],
        examples: ["navstate recipes --category dessert"])

    static let help = CommandSpec(
        name: "help",
        overview: "Show help for navstate or one of its subcommands.",
        arguments: [.init(name: "subcommand", help: "The subcommand to describe.", required: false)],
        options: [])

    static let all: [CommandSpec] = [save, restore, inspect, retag, recover, remove, prune, recipes, help]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
