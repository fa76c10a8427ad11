import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - inspect

extension CommandLineTool {
    /// Lists scenes and kept-aside files, or shows one scene with a dry run of its restore. Never
    /// changes anything.
    mutating func inspect(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let json = parsed.has(.json)
        let store = environment.store
        let key = parsed.value(.key) ?? Self.navigationKey
        guard let name = parsed.positionals.first else {
            let summaries = try store.scenes()
            let kept = try store.keptAsideFiles()
            let guards = summaries.map { Self.guardState(of: $0.scene, key: key, in: store) }
            if json {
                printJSON(
                    .object([
                        "scenes": .array(
                            zip(summaries, guards).map { summary, guardState in
                                var members = Self.jsonMembers(summary, lastSaved: summary.lastSaved)
                                members["guard"] = Self.json(guardState)
                                return .object(members)
                            }),
                        "keptAside": .array(kept.map(Self.json)),
                    ]))
            } else {
                printTable(summaries, guards: guards, directory: store.scenesDirectory)
                printKeptAside(kept, directory: store.scenesDirectory)
            }
            return
        }
        let scene = try SceneID(name)
        let guardState = Self.guardState(of: scene, key: key, in: store)
        let kept = try store.keptAsideFiles().filter { $0.scene == scene }
        let file: SceneFile
        do {
            file = try store.file(of: scene)
        } catch {
            // Corrupt or of a newer format: show what is there, and why it cannot be used.
            if error.isUnusableContents {
                try showUnusable(scene, error: error, keptAside: kept, json: json, store: store)
            }
            throw error
        }
        let document = file.document
        var summary = SceneSummary(
            scene: scene, path: file.path, keys: document.values.keys.sorted(), size: Int64(file.bytes.count),
            lastSaved: document.savedAt, health: .ok)
        // Another app's value, or a path in SwiftUI's NavigationPath format under any key, is shown
        // element by element.
        guard environment.isCookbook, !Self.holdsNavigationPath(document.values[key]) else {
            return showGeneric(file, key: key, guardState: guardState, keptAside: kept, json: json, store: store)
        }
        var restored: Result<RestoreReport, RecipeDataError>?
        if let value = document.values[key] {
            do {
                let payload = try NavigationPayload(sceneValue: value)
                restored = .success(environment.data.restore(payload).report)
            } catch {
                restored = .failure(error)
            }
        }
        var problem: String?
        if case .failure(let error) = restored {
            problem = "value '\(key)': \(error)"
            summary.health = .unreadable(reason: problem ?? "")
        }
        if json {
            var members = Self.jsonMembers(summary, lastSaved: document.savedAt)
            if problem != nil { members["health"] = .string("invalid-value") }
            members["problem"] = problem.map { .string($0) } ?? .null
            members["key"] = .string(key)
            members["guard"] = Self.json(guardState)
            members["schema"] = .number(JSONNumber(Self.schemaVersion(in: document, key: key)))
            members["document"] = (try? JSONValue(parsing: file.bytes)) ?? .null
            if case .success(let report) = restored {
                members["restore"] = report.json(in: environment.data)
            } else {
                members["restore"] = .null
            }
            members["keptAside"] = .array(kept.map(Self.json))
            printJSON(.object(members))
        } else {
            printHeader(
                summary, lastSaved: document.savedAt, problem: problem,
                healthName: problem == nil ? nil : "invalid-value",
                trust: (guardState, Self.schemaVersion(in: document, key: key)))
            // The document is valid JSON, so control characters inside it are escaped already.
            output += String(decoding: file.bytes, as: UTF8.self)
            if file.bytes.last != 0x0A { print() }
            print()
            switch restored {
            case nil: print("navigation: none saved under '\(TerminalText.escaped(key))'")
            case .failure(let error): print("navigation: cannot be restored: \(error)")
            case .success(let report): printDryRun(report, in: environment.data)
            }
            printKeptAside(kept, directory: store.scenesDirectory)
        }
        if case .failure(let error) = restored { throw error }
    }

    /// Shows another app's scene: its document, and the route paths of its value under the key,
    /// element by element.
    private mutating func showGeneric(
        _ file: SceneFile, key: String, guardState: GuardState, keptAside kept: [KeptAsideFile], json: Bool,
        store: SceneStore
    ) {
        let document = file.document
        let summary = SceneSummary(
            scene: document.scene, path: file.path, keys: document.values.keys.sorted(), size: Int64(file.bytes.count),
            lastSaved: document.savedAt, health: .ok)
        var stored: JSONValue?
        switch document.values[key] {
        case .json(let value)?: stored = value
        case .binary(let data)?: stored = try? JSONValue(parsing: data)
        case nil: stored = nil
        }
        let paths = stored.map(StoredPaths.init) ?? StoredPaths(.null)
        if json {
            var members = Self.jsonMembers(summary, lastSaved: document.savedAt)
            members["key"] = .string(key)
            members["guard"] = Self.json(guardState)
            members["schema"] = .number(JSONNumber(Self.schemaVersion(in: document, key: key)))
            members["document"] = (try? JSONValue(parsing: file.bytes)) ?? .null
            members["paths"] = paths.json
            members["keptAside"] = .array(kept.map(Self.json))
            printJSON(.object(members))
            return
        }
        printHeader(
            summary, lastSaved: document.savedAt, problem: nil,
            trust: (guardState, Self.schemaVersion(in: document, key: key)))
        output += String(decoding: file.bytes, as: UTF8.self)
        if file.bytes.last != 0x0A { print() }
        print()
        if let stored {
            printPaths(paths, of: stored)
        } else {
            print("navigation: none saved under '\(TerminalText.escaped(key))'")
        }
        printKeptAside(kept, directory: store.scenesDirectory)
    }

    /// Shows a scene file whose contents cannot be used: its problem and its bytes, escaped.
    private mutating func showUnusable(
        _ scene: SceneID, error: SceneStoreError, keptAside kept: [KeptAsideFile], json: Bool, store: SceneStore
    ) throws {
        let bytes = try store.storedBytes(of: scene)
        var health = SceneSummary.Health.corrupt(reason: error.description)
        if case .newerFormat(_, let format, _) = error { health = .newerFormat(format: format) }
        let summary = SceneSummary(
            scene: scene, path: store.path(for: scene), keys: [], size: Int64(bytes.count),
            lastSaved: Date(timeIntervalSince1970: 0), health: health)
        if json {
            var members = Self.jsonMembers(summary, lastSaved: nil)
            members["problem"] = .string(error.description)
            members["document"] = .null
            members["text"] = .string(String(decoding: bytes, as: UTF8.self))
            members["restore"] = .null
            members["keptAside"] = .array(kept.map(Self.json))
            printJSON(.object(members))
        } else {
            printHeader(summary, lastSaved: nil, problem: error.description)
            output += TerminalText.escaped(bytes: bytes)
            if bytes.last != 0x0A { print() }
            printKeptAside(kept, directory: store.scenesDirectory)
        }
    }

    private mutating func printHeader(
        _ summary: SceneSummary, lastSaved: Date?, problem: String?, healthName: String? = nil,
        trust: (guardState: GuardState, schema: Int)? = nil
    ) {
        print("scene:      \(summary.scene)")
        print("file:       \(summary.path)")
        print("size:       \(summary.size) bytes")
        print("last saved: \(lastSaved.map(Timestamp.format) ?? "unknown")")
        print("health:     \(healthName ?? summary.health.name)")
        if let problem { print("problem:    \(TerminalText.escaped(problem))") }
        if let trust {
            switch trust.guardState {
            case .success(let state): print("guard:      \(state)")
            case .failure(let error): print("guard:      unreadable: \(TerminalText.escaped(error.description))")
            }
            print("schema:     \(trust.schema)")
        }
        print()
    }

    /// A scene value's crash-loop guard, or why its marker cannot be read.
    typealias GuardState = Result<CrashLoopGuard.State, SceneStoreError>

    static func guardState(of scene: SceneID, key: String, in store: SceneStore) -> GuardState {
        Result { () throws(SceneStoreError) in try CrashLoopGuard.state(of: scene, key: key, in: store) }
    }

    /// `{"state": "clean"}`, `{"state": "restoring", "since", "failures"}` or `{"state": "unreadable", "problem"}`.
    static func json(_ guardState: GuardState) -> JSONValue {
        switch guardState {
        case .success(.clean): .object(["state": .string("clean")])
        case .success(.restoring(let since, let failures)):
            .object([
                "state": .string("restoring"), "since": .string(Timestamp.format(since)),
                "failures": .number(JSONNumber(failures)),
            ])
        case .failure(let error): .object(["state": .string("unreadable"), "problem": .string(error.description)])
        }
    }

    /// The schema version stored beside a value, 0 when none is (or when it is not a version).
    static func schemaVersion(in document: SceneDocument, key: String) -> Int {
        (try? NavigationMigrations.storedVersion(forKey: key, in: document.values)) ?? 0
    }

    private mutating func printDryRun(_ report: RestoreReport, in data: DataModel) {
        let saved = report.restoredIDs.count + report.dropped.count
        if report.isComplete {
            print("navigation: a restore now would keep all \(saved) recipes (policy skip)")
        } else {
            print("navigation: a restore now would keep \(report.restoredIDs.count) of \(saved) recipes (policy skip)")
        }
        for entry in report.migrated.prefix(Self.droppedWarningsShown) {
            let name = data.recipe(withID: entry.to)?.name ?? ""
            print(
                "  migrate position \(entry.position + 1): \(TerminalText.escaped(entry.from)) -> \(entry.to) (\(name))"
            )
        }
        if report.migrated.count > Self.droppedWarningsShown {
            print("  ... and \(Self.grouped(report.migrated.count - Self.droppedWarningsShown)) more migrated")
        }
        guard !report.isComplete else { return }
        if let category = report.droppedCategory {
            print("  drop category \(category): it names no category")
        }
        for entry in report.dropped.prefix(Self.droppedWarningsShown) {
            print("  drop position \(entry.position + 1): \(TerminalText.escaped(entry.id)) (\(entry.reason))")
        }
        if report.dropped.count > Self.droppedWarningsShown {
            print(
                "  ... and \(Self.grouped(report.dropped.count - Self.droppedWarningsShown)) more (--json lists every one)"
            )
        }
    }

    private mutating func printTable(_ summaries: [SceneSummary], guards: [GuardState], directory: String) {
        guard !summaries.isEmpty else {
            print("No saved scenes in '\(directory)'.")
            return
        }
        let rows =
            [["SCENE", "KEYS", "SIZE", "LAST SAVED", "HEALTH", "GUARD"]]
            + zip(summaries, guards).map { summary, guardState in
                [
                    summary.scene.rawValue,
                    summary.keys.isEmpty ? "-" : summary.keys.map(TerminalText.escaped).joined(separator: ","),
                    String(summary.size), Timestamp.format(summary.lastSaved), summary.health.name,
                    Self.guardColumn(guardState),
                ]
            }
        printColumns(rows)
    }

    private mutating func printKeptAside(_ files: [KeptAsideFile], directory: String) {
        guard !files.isEmpty else { return }
        print()
        print("Kept aside (old copies; 'navstate prune --older-than <duration>' removes them):")
        printColumns(
            [["FILE", "REASON", "KEPT AT", "SIZE"]]
                + files.map { file in
                    [
                        String(file.path.dropFirst(directory.count + 1)), file.reason.rawValue,
                        Timestamp.format(file.keptAt), String(file.size),
                    ]
                }, indent: "  ")
    }

    private static func jsonMembers(_ summary: SceneSummary, lastSaved: Date?) -> [String: JSONValue] {
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
            "lastSaved": lastSaved.map { .string(Timestamp.format($0)) } ?? .null,
            "health": .string(summary.health.name),
            "problem": problem,
        ]
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
            "keptAt": .string(Timestamp.format(file.keptAt)),
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
