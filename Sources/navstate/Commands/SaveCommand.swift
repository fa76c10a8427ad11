import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate save`: saves a scene's navigation state, built from `--category` and `--recipe` in
/// order, read from `--input` (IDs not in the recipe data are dropped, with a warning each, as a
/// restore drops them; a member or an ID that does not decode is an error), or emptied with
/// `--clear`. A value stored with a newer schema is replaced only with `--replace-newer`. It is saved through the model's change stream
/// and SceneNavigation's write-through, as an app saves it. `--input --as-is` stores the given JSON
/// as it is instead, looked up nowhere, to build fixtures with stale IDs.
struct SaveCommand: Subcommand {
    static let scene = SharedDeclarations.scene("The scene to save (letters, digits, '-' and '_'; at most 64).")
    static let category = OptionDeclaration(
        .init(
            name: "--category", valueName: "name", help: "The selected category: dessert, pancake, salad or sandwich."))
    static let recipe = OptionDeclaration(
        .init(
            name: "--recipe", valueName: "id-or-name",
            help: "A recipe to push on the path, by ID or name (case and accents ignored). Repeat in order.",
            repeatable: true))
    static let input = OptionDeclaration(
        .init(
            name: "--input", valueName: "file",
            help:
                "Read navigation JSON from a file, a pipe, or '-' for stdin (cookbook: IDs not in the data are dropped; another app: stored as given)."
        ))
    static let asIs = FlagDeclaration(
        spec: .init(
            name: "--as-is", valueName: nil,
            help: "With --input: store the navigation JSON exactly as given, IDs not looked up (for fixtures)."))
    static let schema = OptionDeclaration(
        .init(
            name: "--schema", valueName: "n",
            help: "Another app only: the schema version to store beside the value (<key>.schema); 0 stores none.")
    ) { text in
        guard let version = Int(text), version >= 0 else {
            throw CommandError.usage("'\(TerminalText.escaped(text))' is not a schema version (a whole number from 0)")
        }
        return version
    }
    static let clear = FlagDeclaration(
        spec: .init(name: "--clear", valueName: nil, help: "Save an empty state: no category, empty path."))
    static let replaceNewer = FlagDeclaration(
        spec: .init(
            name: "--replace-newer", valueName: nil,
            help: "Replace a value stored with a newer schema than this save's (kept aside first); refused without it."
        ))

    static let spec = CommandSpec(
        name: "save",
        overview: "Save a scene's navigation state, built from options in order or read from JSON.",
        arguments: [scene.spec],
        options: [
            category.spec, recipe.spec, input.spec, asIs.spec, clear.spec, schema.spec, replaceNewer.spec,
            SharedDeclarations.key.spec, SharedDeclarations.json.spec,
        ],
        examples: [
            #"navstate save main --category dessert --recipe "Apple Pie" --recipe "Pie Crust""#,
            #"navstate save main --input NavigationData.json"#,
            #"navstate save stale --input old-payload.json --as-is"#,
            #"navstate save main --clear"#,
        ])

    let scene: SceneID
    /// `--category` and `--recipe`, in the order given.
    let steps: [Either<String, String>]
    let inputPath: String?
    let asIs: Bool
    let clears: Bool
    let schemaVersion: Int?
    /// Whether a value of a newer schema may be replaced (`--replace-newer`).
    let replacingNewer: Bool
    let key: String
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        scene = try line.required(Self.scene)
        steps = try line.sequence(Self.category, Self.recipe)
        inputPath = try line.value(Self.input)
        asIs = line.has(Self.asIs)
        clears = line.has(Self.clear)
        schemaVersion = try line.value(Self.schema)
        replacingNewer = line.has(Self.replaceNewer)
        key = try line.value(SharedDeclarations.key) ?? CommandLineTool.navigationKey
        json = line.has(SharedDeclarations.json)
        if inputPath != nil && !steps.isEmpty {
            throw CommandError.usage("option '--input' cannot be combined with '--category' or '--recipe'")
        }
        if clears && (inputPath != nil || !steps.isEmpty) {
            throw CommandError.usage("option '--clear' cannot be combined with '--input', '--category' or '--recipe'")
        }
        if asIs && inputPath == nil {
            throw CommandError.usage("option '--as-is' stores the JSON of '--input' as it is; give '--input <file>'")
        }
        if !clears && inputPath == nil && steps.isEmpty {
            throw CommandError.usage(
                "nothing to save: give '--category', '--recipe' or '--input', or '--clear' to save an empty state")
        }
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        guard environment.isCookbook else { return try saveForAnotherApp(&tool, environment) }
        if schemaVersion != nil {
            throw CommandError.usage(
                "option '--schema' is for another app's values: the cookbook's state has one schema")
        }
        // Resolve everything before touching the store: a typo must not change saved state.
        let input = try inputPath.map { try tool.readJSONInput($0) }
        var categories: [Category?] = []
        var recipes: [Recipe?] = []
        for step in steps {
            switch step {
            case .first(let name):
                categories.append(try CommandLineTool.category(named: name))
                recipes.append(nil)
            case .second(let text):
                categories.append(nil)
                recipes.append(try CommandLineTool.resolveRecipe(text, in: environment.data))
            }
        }
        let model = NavigationModel(dataModel: environment.data)
        if let input, asIs {
            try saveAsIs(input, model: model, tool: &tool, environment)
            return
        }
        // The input restored into a model of its own first, strictly: input that is not navigation
        // data, or holds a member or an ID that does not decode, changes nothing.
        var report: RestoreReport?
        var restored: CookbookState?
        if let input {
            let scratch = NavigationModel(dataModel: environment.data)
            do {
                report = try scratch.importValue(.json(input.json), key: key)
            } catch {
                throw input.error(error)
            }
            restored = scratch.state
        }
        if !replacingNewer {
            try Self.refusingNewer { () throws(NavigationError) in
                try StoredNavigation.refuseNewerSchema(
                    of: scene, key: key, than: model.schemaVersion, in: environment.store)
            }
        }
        // Connected as a scene is, replacing what it stores rather than restoring it.
        let saving = PersistentScene(
            model, store: environment.store, key: key, identity: .supplied(scene), onEvent: { _ in })
        saving.replacesStoredState = true
        try await saving.connect()
        // The connection connect() made, whose copies and moves are told after the close.
        let persistence = saving.connection
        if let restored {
            model.state = restored
        } else {
            for (category, recipe) in zip(categories, recipes) {
                if let category { model.selectedCategory = category }
                if let recipe { model.path.append(recipe) }
            }
        }
        try await saving.close()
        if let report {
            tool.noteMigrations(report, in: environment.data)
            tool.warnAboutDrops(report)
        }
        tool.warnAboutKeptCopies(
            keptAside: persistence?.keptAsidePath, movedAside: persistence?.writerStatistics.movedAsidePaths ?? [],
            key: key)
        let path = environment.store.path(for: scene)
        let budget = tool.warnAboutBudget(of: scene, in: environment.store)
        if json {
            var members = CommandLineTool.restoreJSON(
                report ?? RestoreReport(restoredCount: model.path.count), state: model.state, in: environment.data)
            members["stored"] = try StateCoding.encode(model.state)
            tool.printJSON(
                .object(
                    savedMembers(
                        members, file: path, keptAside: persistence?.keptAsidePath,
                        movedAside: persistence?.writerStatistics.movedAsidePaths ?? [], budget: budget)))
        } else {
            tool.print("Saved scene '\(scene)' to '\(path)'.")
            tool.printState(category: model.selectedCategory, path: model.path)
        }
    }

    /// Stores navigation JSON exactly as given: checked to be the cookbook's navigation state, its
    /// IDs not looked up. A stored value the cookbook cannot read whole is kept aside first.
    private func saveAsIs(
        _ input: JSONInput, model: NavigationModel, tool: inout CommandLineTool, _ environment: Environment
    ) throws {
        // What an app would restore from it, changing nothing: its shape checked, and the JSON's members.
        let report: RestoreReport
        do {
            report = try model.restoreValue(.json(input.json), key: key)
        } catch {
            throw input.error(error)
        }
        let key = key
        let stored = try Self.refusingNewer { () throws(NavigationError) in
            try StoredNavigation.store(
                .json(input.json), key: key, in: scene, of: environment.store, replacingNewerSchema: replacingNewer,
                keepingAside: { model.restoresWhole($0, key: key) ? nil : .invalid })
        }
        let budget = tool.warnAboutBudget(of: scene, in: environment.store)
        var members = CommandLineTool.restoreJSON(report, state: model.state, in: environment.data)
        members["stored"] = input.json
        printStoredAsGiven(&tool, input.json, stored, members: members, budget: budget, note: " (IDs not looked up)")
    }

    /// Another app's value: stored exactly as given (any JSON, within the limits), never read as
    /// the cookbook's, with exactly `--schema` beside it. The cookbook's options are refused: they
    /// build the cookbook's state.
    private func saveForAnotherApp(_ tool: inout CommandLineTool, _ environment: Environment) throws {
        guard let inputPath, steps.isEmpty, !clears else {
            throw CommandError.usage(
                "options '--category', '--recipe' and '--clear' build the cookbook's navigation state; "
                    + "app '\(environment.appID)' stores its own: give '--input <file>' with the value to store")
        }
        let input = try tool.readJSONInput(inputPath, problem: "not JSON")
        // The CLI cannot judge another app's value: a different one it replaces is kept (`replaced`).
        let stored = try Self.refusingNewer { () throws(NavigationError) in
            try StoredNavigation.store(
                .json(input.json), schema: schemaVersion ?? 0, key: key, in: scene, of: environment.store,
                replacingNewerSchema: replacingNewer)
        }
        let budget = tool.warnAboutBudget(of: scene, in: environment.store)
        let members: [String: JSONValue] = [
            "stored": input.json, "schema": .number(JSONNumber(schemaVersion ?? 0)),
        ]
        printStoredAsGiven(&tool, input.json, stored, members: members, budget: budget, note: "")
    }

    /// `body`, whose refusal to replace a value of a newer schema says how to replace it.
    private static func refusingNewer<Result>(_ body: () throws(NavigationError) -> Result) throws -> Result {
        do {
            return try body()
        } catch .newerSchema(let key, let stored, let supported) {
            throw CommandError.unusableValue(
                "the value '\(key)' was saved with schema \(stored), newer than this version supports (\(supported)); "
                    + "nothing was saved: '--replace-newer' replaces it, keeping the scene's file aside first")
        }
    }

    /// The members every `save --json` has, over those of what was saved.
    private func savedMembers(
        _ members: [String: JSONValue], file: String, keptAside: String?, movedAside: [String], budget: SizeBudget?
    ) -> [String: JSONValue] {
        var members = members
        members["scene"] = .string(scene.rawValue)
        members["file"] = .string(file)
        members["key"] = .string(key)
        members["keptAside"] = keptAside.map { .string($0) } ?? .null
        members["movedAside"] = .array(movedAside.map { .string($0) })
        members["budget"] = budget.map(CommandLineTool.json) ?? .null
        return members
    }

    private func printStoredAsGiven(
        _ tool: inout CommandLineTool, _ value: JSONValue, _ stored: StoredNavigation.Replacement,
        members: [String: JSONValue], budget: SizeBudget?, note: String
    ) {
        let movedAside = stored.movedAsidePath.map { [$0] } ?? []
        tool.warnAboutKeptCopies(keptAside: stored.keptAsidePath, movedAside: movedAside, key: key)
        if json {
            tool.printJSON(
                .object(
                    savedMembers(
                        members, file: stored.path, keptAside: stored.keptAsidePath, movedAside: movedAside,
                        budget: budget)))
        } else {
            tool.print("Saved scene '\(scene)' to '\(stored.path)' as given\(note).")
            tool.print("\(TerminalText.escaped(key)): \(TerminalText.escaped(value.description))")
        }
    }
}

extension CommandLineTool {
    /// JSON read from a file, a pipe or standard input (`-`), and the input's name for errors.
    /// - Parameters:
    ///   - path: The file, or `-` for standard input.
    ///   - problem: What input that does not parse is called in the error.
    func readJSONInput(_ path: String, problem: String = "invalid navigation data") throws -> JSONInput {
        let bytes: [UInt8]
        let name: String
        if path == "-" {
            bytes = context.readStandardInput()
            name = "-"
            guard bytes.count <= Environment.inputLimit else {
                throw CommandError.usage("standard input is more than the limit of \(Environment.inputLimit) bytes")
            }
        } else {
            name = context.absolute(path)
            bytes = try Environment.readInputFile(name)
        }
        do {
            return JSONInput(json: try JSONValue(parsing: bytes), name: name, bytes: bytes)
        } catch {
            throw CommandError.inputContents(path: name, reason: "\(problem): \(error)")
        }
    }

    /// The category with a stable name, or the usage error that lists the names.
    nonisolated static func category(named name: String) throws -> Category {
        guard let category = Category(name: name) else {
            throw CommandError.usage(
                "unknown category '\(TerminalText.escaped(name))' (expected \(Category.namesInWords))"
                    + Suggestions.didYouMean(name, among: Category.allCases.map(\.name)))
        }
        return category
    }

    /// The recipe with an ID or a name (case and accents ignored), or the usage error that says
    /// what is closest.
    static func resolveRecipe(_ text: String, in data: DataModel) throws -> Recipe {
        if let id = Recipe.ID(text) {
            guard let recipe = data.recipe(withID: id) else {
                throw CommandError.usage("unknown recipe ID '\(id)'; see 'navstate recipes'")
            }
            return recipe
        }
        let matches = data.recipes(named: text)
        switch matches.count {
        case 1: return matches[0]
        case 0:
            let suggestion = Suggestions.didYouMean(text, among: data.recipes.map(\.name))
            throw CommandError.usage(
                "unknown recipe '\(TerminalText.escaped(text))'"
                    + (suggestion.isEmpty ? "; see 'navstate recipes'" : suggestion))
        default:
            throw CommandError.usage(
                "recipe name '\(TerminalText.escaped(text))' matches \(matches.count) recipes; use an ID: "
                    + matches.map(\.id.description).joined(separator: ", "))
        }
    }
}
