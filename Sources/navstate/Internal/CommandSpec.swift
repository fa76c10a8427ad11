/// The shape of a subcommand: its arguments and options, and the text of its help.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        var name: String
        /// The placeholder of the option's value, or nil for a flag.
        var valueName: String?
        var help: String
        var repeatable = false
    }

    var name: String
    var overview: String
    /// Positional arguments: name, help, and whether it is required.
    var arguments: [(name: String, help: String, required: Bool)]
    var options: [Option]
    var examples: [String] = []

    var usage: String {
        var parts = ["navstate", name]
        for argument in arguments { parts.append(argument.required ? "<\(argument.name)>" : "[<\(argument.name)>]") }
        for option in options {
            let text = option.valueName.map { "\(option.name) <\($0)>" } ?? option.name
            parts.append(option.repeatable ? "[\(text) ...]" : "[\(text)]")
        }
        return parts.joined(separator: " ")
    }

    func option(named name: String) -> Option? { options.first { $0.name == name } }
}

/// The options every subcommand accepts, before or after it.
enum GlobalOptions {
    static let all: [CommandSpec.Option] = [
        .init(
            name: "--state-dir", valueName: "path",
            help: "The state root instead of $XDG_STATE_HOME (default: $XDG_STATE_HOME or ~/.local/state)."),
        .init(
            name: "--app", valueName: "id",
            help: "The app whose scenes to use (default: \(CommandLineTool.defaultAppID))."),
        .init(name: "--data", valueName: "recipes.json", help: "Recipe data to use instead of the built-in cookbook."),
    ]
}

extension CommandSpec {
    static let save = CommandSpec(
        name: "save",
        overview: "Save a scene's navigation state, built from options in order or read from JSON.",
        arguments: [("scene", "The scene to save (letters, digits, '-' and '_'; at most 64).", true)],
        options: [
            .init(
                name: "--category", valueName: "name",
                help: "The selected category: dessert, pancake, salad or sandwich."),
            .init(
                name: "--recipe", valueName: "id-or-name",
                help: "A recipe to push on the path, by ID or name (case and accents ignored). Repeat in order.",
                repeatable: true),
            .init(
                name: "--input", valueName: "file",
                help: "Read navigation JSON (as the sample's jsonData produces it) from a file, or '-' for stdin."),
        ],
        examples: [
            #"navstate save main --category dessert --recipe "Apple Pie" --recipe "Pie Crust""#,
            #"echo '{"selectedCategory":2,"recipePathIds":[]}' | navstate save main --input -"#,
        ])

    static let restore = CommandSpec(
        name: "restore",
        overview: "Restore a scene's navigation state against the recipe data and show what was dropped.",
        arguments: [("scene", "The scene to restore.", true)],
        options: [
            .init(
                name: "--policy", valueName: "skip|truncate",
                help: "skip: drop missing recipes and keep the rest (default); truncate: stop at the first missing one."
            ),
            .init(name: "--json", valueName: nil, help: "Print one JSON object instead of text."),
        ],
        examples: ["navstate restore main", "navstate restore main --policy truncate --json"])

    static let inspect = CommandSpec(
        name: "inspect",
        overview: "List the saved scenes, or show one scene's document and what a restore would drop. Changes nothing.",
        arguments: [("scene", "The scene to show; without it, every scene is listed.", false)],
        options: [.init(name: "--json", valueName: nil, help: "Print JSON instead of text.")],
        examples: ["navstate inspect", "navstate inspect main --json"])

    static let remove = CommandSpec(
        name: "remove",
        overview: "Delete a scene's saved state, as closing a window does.",
        arguments: [("scene", "The scene to remove.", true)],
        options: [],
        examples: ["navstate remove main"])

    static let prune = CommandSpec(
        name: "prune",
        overview: "Remove the scenes not saved within a duration.",
        arguments: [],
        options: [
            .init(
                name: "--older-than", valueName: "duration", help: "A number and a unit: d, h, m or s (30d, 12h, 45m).")
        ],
        examples: ["navstate prune --older-than 30d"])

    static let recipes = CommandSpec(
        name: "recipes",
        overview: "List the recipe data: ID, name and category.",
        arguments: [],
        options: [
            .init(name: "--category", valueName: "name", help: "Only this category, sorted by name."),
            .init(name: "--json", valueName: nil, help: "Print a JSON array instead of a table."),
        ],
        examples: ["navstate recipes --category dessert"])

    static let help = CommandSpec(
        name: "help",
        overview: "Show help for navstate or one of its subcommands.",
        arguments: [("subcommand", "The subcommand to describe.", false)],
        options: [])

    static let all: [CommandSpec] = [save, restore, inspect, remove, prune, recipes, help]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
