import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate inspect`: lists scenes and kept-aside files, or shows one scene with a dry run of its
/// restore. Never changes anything.
struct InspectCommand: Subcommand {
    static let scene = SharedDeclarations.scene(
        "The scene to show; without it, every scene is listed.", required: false)

    static let spec = CommandSpec(
        name: "inspect",
        overview: "List the saved scenes, or show one scene's file and what a restore would drop. Changes nothing.",
        arguments: [scene.spec],
        options: [
            SharedDeclarations.key.spec, sort.spec, unhealthy.spec, types.spec, SharedDeclarations.json.spec,
        ],
        examples: [
            "navstate inspect", "navstate inspect --unhealthy --sort drops", "navstate inspect main --json",
        ])

    let scene: SceneID?
    let key: String
    let json: Bool
    /// How the listing is sorted.
    let sort: ListingOrder
    /// Whether the listing shows only the scenes that need attention.
    let onlyUnhealthy: Bool
    /// The type names another app's NavigationPath may hold (`--types`), or nil for any.
    let typesPath: String?

    init(_ line: ParsedCommandLine) throws {
        scene = try line.argument(Self.scene)
        key = try line.value(SharedDeclarations.key) ?? CommandLineTool.navigationKey
        json = line.has(SharedDeclarations.json)
        let order = try line.value(Self.sort)
        sort = order ?? .name
        onlyUnhealthy = line.has(Self.unhealthy)
        typesPath = try line.value(Self.types)
        if scene != nil, onlyUnhealthy || order != nil || typesPath != nil {
            throw CommandError.usage("options '--sort', '--unhealthy' and '--types' are for the listing: give no scene")
        }
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let store = environment.store
        guard let scene else {
            if typesPath != nil && environment.isCookbook {
                throw CommandError.usage(
                    "option '--types' names the types of another app's NavigationPaths: give '--app <id>'")
            }
            return try await list(&tool, environment)
        }
        let guardState = Self.guardState(of: scene, key: key, in: store)
        let kept = try store.keptAsideFiles().filter { $0.scene == scene }
        let file: StoredFile
        do {
            file = try store.sceneFile(of: scene)
        } catch {
            // Corrupt or of a newer format: show what is there, and why it cannot be used.
            if error.isUnusableContents {
                try showUnusable(&tool, scene, error: error, keptAside: kept, store: store)
            }
            throw error
        }
        let document = file.document
        let schema = Self.schemaVersion(in: document, key: key)
        var summary = SceneSummary(
            of: scene, path: file.path, keys: document.keys.sorted(), size: Int64(file.bytes.count),
            lastSaved: document.savedAt, health: .ok)
        // Another app's value, or a path in SwiftUI's NavigationPath format under any key, is shown
        // element by element.
        guard environment.isCookbook, !CommandLineTool.holdsNavigationPath(document.value(forKey: key)) else {
            return showGeneric(&tool, file, guardState: guardState, keptAside: kept, store: store)
        }
        // The dry run: the library's restore that changes nothing, against the current data.
        let model = NavigationModel(dataModel: environment.data)
        var restored: Result<RestoreOutcome, NavigationError>?
        if document.hasValue(forKey: key) {
            do {
                restored = .success(try model.restore(from: document, key: key, now: store.settings.now()))
            } catch {
                restored = .failure(error)
            }
        }
        var problem: String?
        if case .failure(let error) = restored {
            problem = "value '\(key)': \(SceneHealth.reason(error))"
            summary.health = .unreadable(reason: problem ?? "")
        }
        if json {
            var members = Self.jsonMembers(summary, lastSaved: document.savedAt)
            if problem != nil { members["health"] = .string("invalid-value") }
            members["problem"] = problem.map { .string($0) } ?? .null
            members["key"] = .string(key)
            members["guard"] = Self.json(guardState)
            Self.json(schema, into: &members)
            members["document"] = (try? JSONValue(parsing: file.bytes)) ?? .null
            if case .success(let outcome) = restored, let report = outcome.report {
                members["restore"] = .object(
                    CommandLineTool.restoreJSON(report, state: model.state, in: environment.data))
            } else {
                members["restore"] = .null
            }
            members["keptAside"] = .array(kept.map(Self.json))
            tool.printJSON(.object(members))
        } else {
            printHeader(
                &tool, summary, lastSaved: document.savedAt, problem: problem,
                healthName: problem == nil ? nil : "invalid-value", trust: (guardState, schema))
            // The document is valid JSON, so control characters inside it are escaped already.
            tool.output += String(decoding: file.bytes, as: UTF8.self)
            if file.bytes.last != 0x0A { tool.print() }
            tool.print()
            switch restored {
            case nil: tool.print("navigation: none saved under '\(TerminalText.escaped(key))'")
            case .failure(let error): tool.print("navigation: cannot be restored: \(SceneHealth.reason(error))")
            case .success(let outcome): printDryRun(&tool, outcome, in: environment.data)
            }
            printKeptAside(&tool, kept, directory: store.scenesFolder)
        }
        if case .failure(let error) = restored {
            // The key the error names: the value's own, or the schema stored beside it.
            if case .cannotDecode(let errorKey, let reason, let location) = error {
                throw CommandError.notNavigationData(
                    path: file.path, key: errorKey, scene: scene, reason: reason,
                    position: JSONValue.position(
                        of: [.key("values"), .key(errorKey), .key("json")] + location, in: file.bytes))
            }
            throw error
        }
    }

    // MARK: - One scene

    /// Shows another app's scene: its document, and the paths of its value under the key, element
    /// by element.
    private func showGeneric(
        _ tool: inout CommandLineTool, _ file: StoredFile, guardState: GuardState, keptAside kept: [KeptAsideFile],
        store: StateStore
    ) {
        let document = file.document
        let summary = SceneSummary(
            of: document.scene, path: file.path, keys: document.keys.sorted(), size: Int64(file.bytes.count),
            lastSaved: document.savedAt, health: .ok)
        let stored = document.value(forKey: key).map { CommandLineTool.shownJSON($0, key: key) }
        let unsaved = Result { () throws(NavigationError) in
            try StoredNavigation.unsavedScreens(forKey: key, in: document)
        }
        let paths = stored.map { StoredPaths($0, unsaved: (try? unsaved.get()) ?? []) } ?? StoredPaths(.null)
        let schema = Self.schemaVersion(in: document, key: key)
        if json {
            var members = Self.jsonMembers(summary, lastSaved: document.savedAt)
            members["key"] = .string(key)
            members["guard"] = Self.json(guardState)
            Self.json(schema, into: &members)
            members["document"] = (try? JSONValue(parsing: file.bytes)) ?? .null
            members["paths"] = paths.json
            switch unsaved {
            case .success: members["unsaved"] = paths.unsavedJSON
            case .failure(let error): members["unsaved"] = .string("<\(error)>")
            }
            members["keptAside"] = .array(kept.map(Self.json))
            tool.printJSON(.object(members))
            return
        }
        printHeader(&tool, summary, lastSaved: document.savedAt, problem: nil, trust: (guardState, schema))
        tool.output += String(decoding: file.bytes, as: UTF8.self)
        if file.bytes.last != 0x0A { tool.print() }
        tool.print()
        if case .failure(let error) = unsaved {
            tool.print("not saved: the record of screens not saved cannot be read: \(error)")
        }
        if let stored {
            tool.printPaths(paths, of: stored)
        } else {
            tool.print("navigation: none saved under '\(TerminalText.escaped(key))'")
        }
        printKeptAside(&tool, kept, directory: store.scenesFolder)
    }

    /// Shows a scene file whose contents cannot be used: its problem and its bytes, escaped.
    private func showUnusable(
        _ tool: inout CommandLineTool, _ scene: SceneID, error: SceneStoreError, keptAside kept: [KeptAsideFile],
        store: StateStore
    ) throws {
        let bytes = try store.fileBytes(of: scene)
        var health = SceneSummary.Health.corrupt(reason: error.description)
        if case .newerFormat(_, let format, _) = error { health = .newerFormat(format: format) }
        let summary = SceneSummary(
            of: scene, path: store.path(for: scene), keys: [], size: Int64(bytes.count),
            lastSaved: Date(timeIntervalSince1970: 0), health: health)
        if json {
            var members = Self.jsonMembers(summary, lastSaved: nil)
            members["problem"] = .string(error.description)
            members["document"] = .null
            members["text"] = .string(String(decoding: bytes, as: UTF8.self))
            members["restore"] = .null
            members["keptAside"] = .array(kept.map(Self.json))
            tool.printJSON(.object(members))
        } else {
            printHeader(&tool, summary, lastSaved: nil, problem: error.description)
            tool.output += TerminalText.escaped(bytes: bytes)
            if bytes.last != 0x0A { tool.print() }
            printKeptAside(&tool, kept, directory: store.scenesFolder)
        }
    }

    private func printHeader(
        _ tool: inout CommandLineTool, _ summary: SceneSummary, lastSaved: Date?, problem: String?,
        healthName: String? = nil, trust: (guardState: GuardState, schema: SchemaState)? = nil
    ) {
        tool.print("scene:      \(summary.scene)")
        tool.print("file:       \(summary.path)")
        tool.print("size:       \(summary.size) bytes")
        tool.print("last saved: \(lastSaved.map(StoredDocument.timestamp) ?? "unknown")")
        tool.print("health:     \(healthName ?? summary.health.label)")
        if let problem { tool.print("problem:    \(TerminalText.escaped(problem))") }
        if let trust {
            switch trust.guardState {
            case .success(let state): tool.print("guard:      \(state)")
            case .failure(let error): tool.print("guard:      unreadable: \(TerminalText.escaped(error.description))")
            }
            switch trust.schema {
            case .success(let version): tool.print("schema:     \(version)")
            case .failure(let error):
                tool.print("schema:     unreadable: \(TerminalText.escaped(SceneHealth.reason(error)))")
            }
        }
        tool.print()
    }

    /// What a restore now would do, positions counted from 1.
    private func printDryRun(_ tool: inout CommandLineTool, _ outcome: RestoreOutcome, in data: DataModel) {
        if case .newerSchema(let stored, let supported)? = outcome.intervention {
            tool.print(
                "navigation: saved with schema \(stored), newer than this version knows (\(supported)); a restore now would restore nothing"
            )
            return
        }
        let report = outcome.report ?? RestoreReport()
        let drops = CookbookDrops(report)
        let saved = report.restoredCount + drops.recipes.count
        if report.isComplete {
            tool.print("navigation: a restore now would keep all \(saved) recipes (policy skip)")
        } else {
            tool.print("navigation: a restore now would keep \(report.restoredCount) of \(saved) recipes (policy skip)")
        }
        let shown = CommandLineTool.droppedWarningsShown
        for entry in report.migrated.prefix(shown) {
            let from = entry.from.stringValue ?? entry.from.description
            let to = entry.to.stringValue ?? entry.to.description
            let name = Recipe.ID(to).flatMap(data.recipe(withID:))?.name ?? ""
            tool.print(
                "  migrate position \((entry.position ?? 0) + 1): \(TerminalText.escaped(from)) -> \(TerminalText.escaped(to)) (\(name))"
            )
        }
        if report.migrated.count > shown {
            tool.print("  ... and \(CommandLineTool.grouped(report.migrated.count - shown)) more migrated")
        }
        guard !report.isComplete else { return }
        if let category = drops.category {
            tool.print("  drop category \(category.json): it names no category")
        }
        for member in drops.members {
            tool.print(
                "  drop \(TerminalText.escaped(member.location)): \(TerminalText.escaped(member.reason.description))")
        }
        for entry in drops.recipes.prefix(shown) {
            tool.print(
                "  drop position \((entry.position ?? 0) + 1): \(TerminalText.escaped(CookbookDrops.id(of: entry))) (\(CookbookDrops.words(for: entry)))"
            )
        }
        if drops.recipes.count > shown {
            tool.print(
                "  ... and \(CommandLineTool.grouped(drops.recipes.count - shown)) more (--json lists every one)")
        }
    }

    func printKeptAside(_ tool: inout CommandLineTool, _ files: [KeptAsideFile], directory: String) {
        guard !files.isEmpty else { return }
        tool.print()
        tool.print("Kept aside (old copies; 'navstate prune --older-than <duration>' removes them):")
        tool.printColumns(
            [["FILE", "REASON", "KEPT AT", "SIZE"]]
                + files.map { file in
                    [file.fileName, file.reason.rawValue, StoredDocument.timestamp(file.keptAt), String(file.size)]
                }, indent: "  ")
    }

    // MARK: - Guard, schema and JSON

    /// A scene value's crash-loop guard, or why its marker cannot be read.
    typealias GuardState = Result<CrashLoopGuard.MarkerState, SceneStoreError>

    static func guardState(of scene: SceneID, key: String, in store: StateStore) -> GuardState {
        Result { () throws(SceneStoreError) in try CrashLoopGuard.markerState(of: scene, key: key, in: store) }
    }

    /// `{"state": "clean"}`, `{"state": "restoring", "since", "failures"}` or `{"state": "unreadable", "problem"}`.
    static func json(_ guardState: GuardState) -> JSONValue {
        switch guardState {
        case .success(.clean): .object(["state": .string("clean")])
        case .success(.restoring(let since, let failures)):
            .object([
                "state": .string("restoring"), "since": .string(StoredDocument.timestamp(since)),
                "failures": .number(JSONNumber(failures)),
            ])
        case .failure(let error): .object(["state": .string("unreadable"), "problem": .string(error.description)])
        }
    }

    /// The schema version stored beside a value (0 when none is), or why it is not a version.
    typealias SchemaState = Result<Int, NavigationError>

    static func schemaVersion(in document: StoredDocument, key: String) -> SchemaState {
        Result { () throws(NavigationError) in try NavigationMigrations.storedSchema(forKey: key, in: document)
        }
    }

    /// The schema's JSON members: `schema` (null when unreadable) and, when it is, `schemaProblem`.
    static func json(_ schema: SchemaState, into members: inout [String: JSONValue]) {
        switch schema {
        case .success(let version): members["schema"] = .number(JSONNumber(version))
        case .failure(let error):
            members["schema"] = .null
            members["schemaProblem"] = .string(SceneHealth.reason(error))
        }
    }

    static func jsonMembers(_ summary: SceneSummary, lastSaved: Date?) -> [String: JSONValue] {
        let problem: JSONValue
        switch summary.health {
        case .ok: problem = .null
        case .corrupt(let reason), .unreadable(let reason): problem = .string(reason)
        case .newerFormat(let format): problem = .string("format \(format)")
        }
        return [
            "scene": .string(summary.scene.rawValue),
            "path": .string(summary.path),
            "keys": .array(summary.keys.map { .string($0) }),
            "size": .number(JSONNumber(Int(summary.size))),
            "lastSaved": lastSaved.map { .string(StoredDocument.timestamp($0)) } ?? .null,
            "health": .string(summary.health.label),
            "problem": problem,
        ]
    }

    /// The guards of a scene's keys in a few words: the `--key` value's alone as ``guardColumn(_:)``
    /// says it; with other keys guarded, each guarded key named (`navigation: restoring; sidebar:
    /// restoring, 1 failed before`).
    func guardsColumn(_ states: Result<[String: CrashLoopGuard.MarkerState], SceneStoreError>) -> String {
        guard case .success(let states) = states else { return "unreadable" }
        if states.keys.allSatisfy({ $0 == key }) { return Self.guardColumn(.success(states[key] ?? .clean)) }
        return states.keys.sorted()
            .map { "\(TerminalText.escaped($0)): \(Self.guardColumn(.success(states[$0]!)))" }
            .joined(separator: "; ")
    }

    /// The guard in a few words: `clean`, `restoring`, `restoring, 2 failed before`, `unreadable`.
    private static func guardColumn(_ guardState: GuardState) -> String {
        switch guardState {
        case .success(.clean): "clean"
        case .success(.restoring(_, let failures)): failures == 0 ? "restoring" : "restoring, \(failures) failed before"
        case .failure: "unreadable"
        }
    }

    static func json(_ file: KeptAsideFile) -> JSONValue {
        .object([
            "scene": .string(file.scene.rawValue),
            "path": .string(file.path),
            "reason": .string(file.reason.rawValue),
            "keptAt": .string(StoredDocument.timestamp(file.keptAt)),
            "size": .number(JSONNumber(Int(file.size))),
        ])
    }
}

extension SceneStoreError {
    /// Whether the file is there and readable, but its contents cannot be used (corrupt or newer).
    var isUnusableContents: Bool {
        switch self {
        case .corrupt, .newerFormat: true
        default: false
        }
    }
}
