import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate restore`: restores a scene's navigation state into a model against the recipe data,
/// printing the result and what was dropped; another app's value is shown path by path. Changes
/// nothing on disk.
struct RestoreCommand: Subcommand {
    static let scene = SharedDeclarations.scene("The scene to restore.")
    static let policy = OptionDeclaration(
        .init(
            name: "--policy", valueName: "skip|truncate",
            help: "skip: drop missing recipes and keep the rest (default); truncate: stop at the first missing one.")
    ) { text in
        guard let policy = RestorePolicy.DropHandling(rawValue: text) else {
            throw CommandError.usage(
                "unknown policy '\(TerminalText.escaped(text))' (expected skip or truncate)"
                    + Suggestions.didYouMean(text, among: RestorePolicy.DropHandling.allCases.map(\.rawValue)))
        }
        return policy
    }
    static let maximumAge = OptionDeclaration(
        .init(
            name: "--max-age", valueName: "duration",
            help: "Do not restore state saved longer ago than this: 30d, 12h, 45m or 90s (nothing is changed).")
    ) { text in (text: text, duration: try CommandLineTool.duration(text)) }

    static let spec = CommandSpec(
        name: "restore",
        overview: "Restore a scene's navigation state against the recipe data and show what was dropped.",
        arguments: [scene.spec],
        options: [policy.spec, maximumAge.spec, SharedDeclarations.key.spec, SharedDeclarations.json.spec],
        examples: [
            "navstate restore main", "navstate restore main --policy truncate --json",
            "navstate restore main --max-age 6h",
        ])

    let scene: SceneID
    let policy: RestorePolicy
    /// The age limit as given, and as a duration.
    let maximumAge: (text: String, duration: Duration)?
    let key: String
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        scene = try line.required(Self.scene)
        maximumAge = try line.value(Self.maximumAge)
        policy = RestorePolicy(onDrop: try line.value(Self.policy) ?? .skip, maximumAge: maximumAge?.duration)
        key = try line.value(SharedDeclarations.key) ?? CommandLineTool.navigationKey
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        guard environment.isCookbook else { return try showPaths(&tool, environment) }
        let restored = try await Self.restoreCookbook(scene: scene, key: key, policy: policy, environment)
        guard case .restored(let model, let report) = restored else {
            if case .expired(let savedAt) = restored { printExpired(&tool, savedAt: savedAt, environment) }
            return
        }
        tool.noteMigrations(report, in: environment.data)
        tool.warnAboutDrops(report)
        let budget = tool.warnAboutBudget(of: scene, in: environment.store)
        if json {
            var members = CommandLineTool.restoreJSON(report, state: model.state, in: environment.data)
            members["scene"] = .string(scene.rawValue)
            members["key"] = .string(key)
            members["budget"] = budget.map(CommandLineTool.json) ?? .null
            tool.printJSON(.object(members))
        } else {
            tool.print("scene:    \(scene)")
            tool.printState(category: model.selectedCategory, path: model.path)
            if let budget, budget.isNear { tool.print("size:     \(budget)") }
        }
    }

    /// What a restore of the cookbook's scene gave: the model and its report, or state saved longer
    /// ago than the age limit.
    enum CookbookRestore {
        case restored(NavigationModel, RestoreReport)
        case expired(savedAt: Date)
    }

    /// Restores a scene of the cookbook into a model against the recipe data.
    /// - Throws: ``CommandError/notNavigationData(path:key:scene:reason:position:)`` for a value
    ///   that is not the cookbook's state at all, with where in the file; ``NavigationError`` for a
    ///   newer schema and the store's errors.
    static func restoreCookbook(
        scene: SceneID, key: String, policy: RestorePolicy, _ environment: Environment
    ) async throws -> CookbookRestore {
        let model = NavigationModel(dataModel: environment.data)
        let restored: Result<RestoreOutcome, NavigationError>
        do {
            restored = .success(
                try await model.restoreReadOnly(from: environment.store, scene: scene, key: key, policy: policy))
        } catch {
            restored = .failure(error)
        }
        // The key the error names: the value's own, or the schema stored beside it.
        if case .failure(.cannotDecode(let errorKey, let reason, let location)) = restored {
            throw CommandError.notNavigationData(
                path: environment.store.path(for: scene), key: errorKey, scene: scene, reason: reason,
                position: CommandLineTool.position(of: location, key: errorKey, in: scene, environment.store))
        }
        let outcome = try restored.get()
        switch outcome.intervention {
        case .expired(let savedAt, _)?: return .expired(savedAt: savedAt)
        case .newerSchema(let stored, let supported)?:
            throw NavigationError.newerSchema(key: key, stored: stored, supported: supported)
        default: return .restored(model, outcome.report ?? RestoreReport())
        }
    }

    /// State saved longer ago than `--max-age`: not restored, and said so.
    private func printExpired(_ tool: inout CommandLineTool, savedAt: Date, _ environment: Environment) {
        let limit = maximumAge?.text ?? ""
        let budget = tool.warnAboutBudget(of: scene, in: environment.store)
        if json {
            tool.printJSON(
                .object([
                    "scene": .string(scene.rawValue), "key": .string(key),
                    "intervention": .object([
                        "code": .string(RestoreIntervention.expired(savedAt: savedAt, maximumAge: .zero).code),
                        "savedAt": .string(StoredDocument.timestamp(savedAt)), "maximumAge": .string(limit),
                    ]),
                    "budget": budget.map(CommandLineTool.json) ?? .null,
                ]))
        } else {
            tool.print("scene:    \(scene)")
            tool.print(
                "not restored: saved at \(StoredDocument.timestamp(savedAt)), more than \(limit) ago (--max-age)")
        }
    }

    /// Another app's scene: its stored value's paths, element by element, as JSON (the CLI has
    /// not the app's types to decode them).
    private func showPaths(_ tool: inout CommandLineTool, _ environment: Environment) throws {
        let stored = try StoredNavigation.storedValue(of: scene, key: key, policy: policy, in: environment.store)
        if case .expired(let savedAt, _)? = stored.intervention {
            return printExpired(&tool, savedAt: savedAt, environment)
        }
        let value = try StateCoding.json(of: stored.value, key: key)
        let paths = StoredPaths(value, unsaved: stored.unsaved)
        let budget = tool.warnAboutBudget(of: scene, in: environment.store)
        if json {
            tool.printJSON(
                .object([
                    "scene": .string(scene.rawValue), "key": .string(key), "value": value, "paths": paths.json,
                    "unsaved": paths.unsavedJSON, "schema": .number(JSONNumber(stored.schema)),
                    "budget": budget.map(CommandLineTool.json) ?? .null,
                ]))
            return
        }
        tool.print("scene:    \(scene)")
        tool.print("key:      \(TerminalText.escaped(key))")
        tool.printPaths(paths, of: value)
    }
}

extension CommandLineTool {
    /// Where a part of a scene's value (under `key`, stored as JSON) is in the scene's file: the
    /// line and column, when the file can be read and holds the part.
    static func position(
        of location: [JSONValue.PathComponent], key: String, in scene: SceneID, _ store: StateStore
    ) -> JSONTextPosition? {
        guard let bytes = try? store.fileBytes(of: scene) else { return nil }
        return JSONValue.position(of: [.key("values"), .key(key), .key("json")] + location, in: bytes)
    }

    /// Parses `30d`, `12h`, `45m` or `90s`.
    nonisolated static func duration(_ text: String) throws -> Duration {
        let invalid = CommandError.usage(
            "'\(TerminalText.escaped(text))' is not a duration (expected a number and a unit: 30d, 12h, 45m or 90s)")
        guard let unit = text.last, text.count >= 2, text.count <= 10 else { throw invalid }
        guard let number = Int(text.dropLast()), number >= 0, text.first?.isNumber == true else { throw invalid }
        let scale: Int
        switch unit {
        case "d": scale = 86_400
        case "h": scale = 3_600
        case "m": scale = 60
        case "s": scale = 1
        default: throw invalid
        }
        return .seconds(number * scale)
    }
}
