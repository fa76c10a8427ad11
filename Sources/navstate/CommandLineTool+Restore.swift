import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - restore

extension CommandLineTool {
    /// Restores a scene's navigation state into a model, printing the result and what was dropped.
    mutating func restore(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let scene = try SceneID(parsed.positionals[0])
        let key = parsed.value(.key) ?? Self.navigationKey
        let policy = try restorePolicy(parsed.value(.policy))
        if let text = parsed.value(.maxAge) {
            let seconds = try Self.parseDuration(text)
            let document = try environment.store.document(for: scene)
            if document.values[key] != nil, context.now().timeIntervalSince(document.savedAt) > seconds {
                return printExpired(
                    scene, key: key, savedAt: document.savedAt, maximumAge: text, json: parsed.has(.json))
            }
        }
        guard environment.isCookbook else {
            return try showRoutePaths(scene, key: key, environment, json: parsed.has(.json))
        }
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

    /// A stored value as JSON: itself, the JSON that binary data holds, or a string saying its size.
    static func storedJSON(_ value: SceneValue) -> JSONValue {
        switch value {
        case .json(let json): json
        case .binary(let data): (try? JSONValue(parsing: data)) ?? .string("<\(data.count) bytes of binary data>")
        }
    }

    /// State saved longer ago than `--max-age`: not restored, and said so.
    private mutating func printExpired(_ scene: SceneID, key: String, savedAt: Date, maximumAge: String, json: Bool) {
        if json {
            printJSON(
                .object([
                    "scene": .string(scene.rawValue), "key": .string(key),
                    "intervention": .object([
                        "code": .string("expired"), "savedAt": .string(Timestamp.format(savedAt)),
                        "maximumAge": .string(maximumAge),
                    ]),
                ]))
        } else {
            print("scene:    \(scene)")
            print("not restored: saved at \(Timestamp.format(savedAt)), more than \(maximumAge) ago (--max-age)")
        }
    }

    /// Another app's scene: its stored value's paths, element by element, as JSON (the CLI has
    /// not the app's types to decode them).
    private mutating func showRoutePaths(_ scene: SceneID, key: String, _ environment: Environment, json: Bool) throws {
        let stored = Self.storedJSON(try storedValue(scene, key: key, environment))
        let paths = StoredPaths(stored)
        if json {
            printJSON(
                .object([
                    "scene": .string(scene.rawValue), "key": .string(key), "value": stored, "paths": paths.json,
                ]))
            return
        }
        print("scene:    \(scene)")
        print("key:      \(TerminalText.escaped(key))")
        printPaths(paths, of: stored)
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

    /// A scene's value under a key (the key validated by the store); a missing key is an error
    /// naming the keys there are.
    ///
    /// Read synchronously: a command-line process has nothing else for its main thread to do, and
    /// starting a thread for the read would cost more than the read itself.
    func storedValue(_ scene: SceneID, key: String, _ environment: Environment) throws -> SceneValue {
        guard let value = try environment.store.sceneValue(forKey: key, in: scene) else {
            let document = try environment.store.document(for: scene)
            let keys = document.values.keys.sorted().map(TerminalText.escaped).joined(separator: ", ")
            throw CommandError.noSavedState(
                "scene '\(scene)' has no '\(TerminalText.escaped(key))' value (keys: \(keys))")
        }
        return value
    }

    /// The stored navigation value of a scene, decoded.
    private func storedNavigation(
        _ scene: SceneID, key: String, _ environment: Environment
    ) throws -> NavigationPayload {
        let value = try storedValue(scene, key: key, environment)
        return try NavigationPayload(sceneValue: value)
    }
}
