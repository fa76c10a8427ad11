import RecipeData
import SceneStore

// MARK: - save

extension CommandLineTool {
    /// Saves a scene's navigation state.
    ///
    /// The state is built from `--category` and `--recipe` in order, read from `--input` (IDs that
    /// are not in the recipe data are dropped, with a warning each, as a restore would drop them),
    /// or emptied with `--clear`. It is saved through `NavigationModel`'s change stream and
    /// SceneStore's write-through, as an app saves it. `--input --as-is` stores the given JSON as it
    /// is instead, looked up nowhere, to build fixtures with stale IDs.
    mutating func save(_ parsed: ParsedCommandLine, _ environment: Environment) async throws {
        let scene = try SceneID(parsed.positionals[0])
        let key = parsed.value(.key) ?? Self.navigationKey
        let inputPath = parsed.value(.input)
        let builds = parsed.options.filter {
            $0.name == CommandSpec.Option.category.name || $0.name == CommandSpec.Option.recipe.name
        }
        let clears = parsed.has(.clear)
        let asIs = parsed.has(.asIs)
        if inputPath != nil && !builds.isEmpty {
            throw CommandError.usage("option '--input' cannot be combined with '--category' or '--recipe'")
        }
        if clears && (inputPath != nil || !builds.isEmpty) {
            throw CommandError.usage("option '--clear' cannot be combined with '--input', '--category' or '--recipe'")
        }
        if asIs && inputPath == nil {
            throw CommandError.usage("option '--as-is' stores the JSON of '--input' as it is; give '--input <file>'")
        }
        if !clears && inputPath == nil && builds.isEmpty {
            throw CommandError.usage(
                "nothing to save: give '--category', '--recipe' or '--input', or '--clear' to save an empty state")
        }
        // Resolve everything before touching the store: a typo must not change saved state.
        var input: (json: JSONValue, payload: NavigationPayload)?
        if let inputPath {
            input = try readNavigationInput(inputPath)
        }
        var steps: [(category: Category?, recipe: Recipe?)] = []
        for (name, value) in builds {
            if name == CommandSpec.Option.category.name {
                steps.append((try Self.category(named: value), nil))
            } else {
                steps.append((nil, try resolveRecipe(value, in: environment.data)))
            }
        }

        if asIs, let input {
            try saveAsIs(input.json, scene: scene, key: key, store: environment.store, json: parsed.has(.json))
            return
        }
        let model = NavigationModel(dataModel: environment.data)
        let persistence = try await NavigationPersistence.connect(
            model, to: environment.store, scene: scene, key: key, restoring: false)
        var report: RestoreReport?
        if let input {
            report = model.restore(from: input.payload)
        } else {
            for step in steps {
                if let category = step.category { model.selectedCategory = category }
                if let recipe = step.recipe { model.path.append(recipe) }
            }
        }
        try await persistence.close()
        if let report {
            noteMigrations(report, in: environment.data)
            warnAboutDrops(report)
        }
        warnAboutKeptCopies(
            keptAside: persistence.keptAsidePath, movedAside: persistence.statistics.movedAsidePaths, key: key)
        let path = environment.store.path(for: scene)
        if parsed.has(.json) {
            var members = Self.restoreJSON(
                report ?? RestoreReport(selectedCategory: model.selectedCategory, restoredIDs: model.path.map(\.id)),
                in: environment.data)
            members["scene"] = .string(scene.rawValue)
            members["file"] = .string(path)
            members["key"] = .string(key)
            members["stored"] = model.state.json
            members["keptAside"] = persistence.keptAsidePath.map { .string($0) } ?? .null
            members["movedAside"] = .array(persistence.statistics.movedAsidePaths.map { .string($0) })
            printJSON(.object(members))
        } else {
            print("Saved scene '\(scene)' to '\(path)'.")
            printState(category: model.selectedCategory, path: model.path)
        }
    }

    /// Stores navigation JSON exactly as given (validated as navigation data, not looked up).
    private mutating func saveAsIs(
        _ value: JSONValue, scene: SceneID, key: String, store: SceneStore, json: Bool
    ) throws {
        let keptAside = try store.keepAsideIfUnreadable(forKey: key, in: scene) { value in
            (try? NavigationPayload(sceneValue: value)) != nil
        }
        let outcome = try store.setSceneValue(.json(value), forKey: key, in: scene)
        warnAboutKeptCopies(keptAside: keptAside, movedAside: outcome.movedAsidePath.map { [$0] } ?? [], key: key)
        if json {
            printJSON(
                .object([
                    "scene": .string(scene.rawValue), "file": .string(outcome.path), "key": .string(key),
                    "stored": value, "keptAside": keptAside.map { .string($0) } ?? .null,
                    "movedAside": .array((outcome.movedAsidePath.map { [$0] } ?? []).map { .string($0) }),
                ]))
        } else {
            print("Saved scene '\(scene)' to '\(outcome.path)' as given (IDs not looked up).")
            print("\(key): \(String(decoding: value.serialized(), as: UTF8.self))")
        }
    }

    /// Reads navigation JSON from a file, a pipe or standard input (`-`), naming the input in errors.
    private func readNavigationInput(_ path: String) throws -> (json: JSONValue, payload: NavigationPayload) {
        let bytes: [UInt8]
        let name: String
        if path == "-" {
            bytes = context.readStandardInput()
            name = "-"
            guard bytes.count <= Environment.inputLimit else {
                throw CommandError.usage("standard input is more than the limit of \(Environment.inputLimit) bytes")
            }
        } else {
            name = absolute(path)
            bytes = try Environment.readInputFile(name)
        }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw CommandError.inputContents(path: name, error: .invalidNavigationData(reason: error.description))
        }
        do {
            return (json, try NavigationPayload(json: json))
        } catch {
            throw CommandError.inputContents(path: name, error: error)
        }
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
    }

    /// The category with a stable name, or the usage error that lists the names.
    static func category(named name: String) throws -> Category {
        guard let category = Category(name: name) else {
            throw CommandError.usage(
                "unknown category '\(TerminalText.escaped(name))' (expected \(Category.namesForMessages))"
                    + Suggestions.didYouMean(name, among: Category.allCases.map(\.name)))
        }
        return category
    }

    func resolveRecipe(_ text: String, in data: DataModel) throws -> Recipe {
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
