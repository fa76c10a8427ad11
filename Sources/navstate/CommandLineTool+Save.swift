import RecipeData
import SceneStore

// MARK: - save

extension CommandLineTool {
    /// Builds the state in a `NavigationModel` and saves it through the model's change stream and
    /// SceneStore's write-through, as an app would, flushing before returning.
    mutating func save(_ parsed: ParsedCommandLine, _ environment: Environment) async throws {
        let scene = try SceneID(parsed.positionals[0])
        let data = environment.data
        let inputPath = parsed.value("--input")
        let builds = parsed.options.filter { $0.name == "--category" || $0.name == "--recipe" }
        if inputPath != nil && !builds.isEmpty {
            throw CommandError.usage("option '--input' cannot be combined with '--category' or '--recipe'")
        }
        // Resolve everything before touching the store: a typo must not change saved state.
        var input: NavigationPayload?
        if let inputPath {
            let bytes =
                inputPath == "-" ? context.readStandardInput() : try Environment.readDataFile(absolute(inputPath))
            input = try NavigationPayload(data: bytes)
        }
        var steps: [(category: Category?, recipe: Recipe?)] = []
        for (name, value) in builds {
            if name == "--category" {
                steps.append((try Self.category(named: value), nil))
            } else {
                steps.append((nil, try resolveRecipe(value, in: data)))
            }
        }

        let model = NavigationModel(dataModel: data)
        let persistence = try await NavigationPersistence.connect(
            model, to: environment.store, scene: scene, key: Self.navigationKey, restoring: false)
        if let input {
            let report = model.restore(from: input)
            warnAboutDrops(report)
        } else {
            for step in steps {
                if let category = step.category { model.selectedCategory = category }
                if let recipe = step.recipe { model.path.append(recipe) }
            }
        }
        try await persistence.close()
        for moved in persistence.statistics.movedAsidePaths {
            warn("the corrupt file in the scene's place was moved to '\(moved)'")
        }
        print("Saved scene '\(scene)' to '\(environment.store.path(for: scene))'.")
        printState(category: model.selectedCategory, path: model.path)
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
    }

    /// The category with a stable name, or the usage error that lists the names.
    static func category(named name: String) throws -> Category {
        guard let category = Category(name: name) else {
            throw CommandError.usage(
                "unknown category '\(ArgumentParser.printable(name))' (expected \(Category.namesForMessages))")
        }
        return category
    }

    func resolveRecipe(_ text: String, in data: DataModel) throws -> Recipe {
        if let id = Recipe.ID(text) {
            guard let recipe = data.recipe(withID: id) else {
                throw CommandError.usage("unknown recipe ID '\(id)'")
            }
            return recipe
        }
        let matches = data.recipes(named: text)
        switch matches.count {
        case 1: return matches[0]
        case 0: throw CommandError.usage("unknown recipe '\(ArgumentParser.printable(text))'; see 'navstate recipes'")
        default:
            throw CommandError.usage(
                "recipe name '\(ArgumentParser.printable(text))' matches \(matches.count) recipes; use an ID: "
                    + matches.map(\.id.description).joined(separator: ", "))
        }
    }

    mutating func printState(category: Category?, path: [Recipe]) {
        print("category: \(category?.name ?? "(none)")")
        if path.isEmpty {
            print("path:     (empty)")
        } else {
            print("path:")
            for (index, recipe) in path.enumerated() { print("  \(index + 1). \(recipe.name)") }
        }
    }

    mutating func warnAboutDrops(_ report: RestoreReport) {
        if let category = report.droppedCategory {
            warn("dropped category \(category): it names no category")
        }
        for entry in report.dropped {
            warn(
                "dropped recipe \(ArgumentParser.printable(entry.id)) at position \(entry.position): \(Self.explain(entry.reason))"
            )
        }
    }

    static func explain(_ reason: RestoreReport.Reason) -> String {
        switch reason {
        case .malformedID: "not a UUID"
        case .notInDataSet: "not in the recipe data"
        case .afterMissingRecipe: "after a missing recipe (policy truncate)"
        case .duplicate: "already on the path"
        case .beyondMaximumDepth: "beyond the maximum depth"
        }
    }
}
