import RecipeData
import SceneStore

// MARK: - restore

extension CommandLineTool {
    /// Restores a scene's navigation state into a model, printing the result and what was dropped.
    mutating func restore(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let scene = try SceneID(parsed.positionals[0])
        let key = parsed.value(.key) ?? Self.navigationKey
        let policy = try restorePolicy(parsed.value(.policy))
        let payload = try storedNavigation(scene, key: key, environment)
        let model = NavigationModel(dataModel: environment.data)
        let report = model.restore(from: payload, policy: policy)
        noteMigrations(report, in: environment.data)
        warnAboutDrops(report)
        if parsed.has(.json) {
            var members = Self.restoreJSON(report, in: environment.data)
            members["scene"] = .string(scene.rawValue)
            members["key"] = .string(key)
            printJSON(.object(members))
        } else {
            print("scene:    \(scene)")
            printState(category: model.selectedCategory, path: model.path)
        }
    }

    private func restorePolicy(_ text: String?) throws -> RestorePolicy {
        guard let text else { return RestorePolicy() }
        guard let missing = RestorePolicy.MissingRecipes(rawValue: text) else {
            throw CommandError.usage(
                "unknown policy '\(TerminalText.escaped(text))' (expected skip or truncate)"
                    + Suggestions.didYouMean(text, among: RestorePolicy.MissingRecipes.allCases.map(\.rawValue)))
        }
        return RestorePolicy(missingRecipes: missing)
    }

    /// The stored navigation value of a scene, decoded.
    ///
    /// Read synchronously: a command-line process has nothing else for its main thread to do, and
    /// starting a thread for the read would cost more than the read itself.
    private func storedNavigation(
        _ scene: SceneID, key: String, _ environment: Environment
    ) throws -> NavigationPayload {
        guard let value = try environment.store.sceneValue(forKey: key, in: scene) else {
            let document = try environment.store.document(for: scene)
            throw CommandError.noSavedState(
                "scene '\(scene)' has no '\(TerminalText.escaped(key))' value (keys: \(document.values.keys.sorted().map(TerminalText.escaped).joined(separator: ", ")))"
            )
        }
        return try NavigationPayload(sceneValue: value)
    }
}
