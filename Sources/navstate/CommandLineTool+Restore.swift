import RecipeData
import SceneStore

// MARK: - restore and inspect

extension CommandLineTool {
    /// Restores a scene's navigation state into a model, printing the result and what was dropped.
    mutating func restore(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let scene = try SceneID(parsed.positionals[0])
        let policy = try restorePolicy(parsed.value("--policy"))
        let payload = try storedNavigation(scene, environment)
        let model = NavigationModel(dataModel: environment.data)
        let report = model.restore(from: payload, policy: policy)
        warnAboutDrops(report)
        if parsed.flags.contains("--json") {
            guard case .object(var members) = report.json(in: environment.data) else { return }
            members["scene"] = .string(scene.rawValue)
            print(String(decoding: JSONValue.object(members).serialized(pretty: true), as: UTF8.self))
        } else {
            print("scene:    \(scene)")
            printState(category: model.selectedCategory, path: model.path)
        }
    }

    private func restorePolicy(_ text: String?) throws -> RestorePolicy {
        guard let text else { return RestorePolicy() }
        guard let missing = RestorePolicy.MissingRecipes(rawValue: text) else {
            throw CommandError.usage("unknown policy '\(ArgumentParser.printable(text))' (expected skip or truncate)")
        }
        return RestorePolicy(missingRecipes: missing)
    }

    /// The stored navigation value of a scene, decoded.
    ///
    /// Read synchronously: a command-line process has nothing else for its main thread to do, and
    /// starting a thread for the read would cost more than the read itself.
    private func storedNavigation(_ scene: SceneID, _ environment: Environment) throws -> NavigationPayload {
        let document = try environment.store.document(for: scene)
        guard let value = document.values[Self.navigationKey] else {
            throw CommandError.noSavedState(
                "scene '\(scene)' has no '\(Self.navigationKey)' value (keys: \(document.values.keys.sorted().joined(separator: ", ")))"
            )
        }
        return try NavigationPayload(sceneValue: value)
    }

    /// Lists scenes, or shows one with a dry run of its restore. Never changes anything.
    mutating func inspect(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let json = parsed.flags.contains("--json")
        guard let name = parsed.positionals.first else {
            let summaries = try environment.store.scenes()
            if json {
                print(
                    String(decoding: JSONValue.array(summaries.map(Self.json)).serialized(pretty: true), as: UTF8.self))
            } else {
                printTable(summaries, directory: environment.store.scenesDirectory)
            }
            return
        }
        let scene = try SceneID(name)
        let store = environment.store
        // Throws the precise error (corrupt, newer format, unreadable, missing) for a file that cannot be used.
        let file = try store.file(of: scene)
        let bytes = file.bytes
        let document = file.document
        let summary = SceneSummary(
            scene: scene, path: file.path, keys: document.values.keys.sorted(), size: Int64(bytes.count),
            lastSaved: document.savedAt, health: .ok)
        var restoreResult: Result<RestoreReport, RecipeDataError>?
        if let value = document.values[Self.navigationKey] {
            do {
                let payload = try NavigationPayload(sceneValue: value)
                restoreResult = .success(environment.data.restore(payload).report)
            } catch {
                restoreResult = .failure(error)
            }
        }
        if json {
            guard case .object(var members) = Self.json(summary) else { return }
            members["document"] = (try? JSONValue(parsing: bytes)) ?? .null
            if case .success(let report) = restoreResult {
                members["restore"] = report.json(in: environment.data)
            } else {
                members["restore"] = .null
            }
            print(String(decoding: JSONValue.object(members).serialized(pretty: true), as: UTF8.self))
        } else {
            print("scene:      \(scene)")
            print("file:       \(summary.path)")
            print("size:       \(summary.size) bytes")
            print("last saved: \(Timestamp.format(summary.lastSaved))")
            print("health:     \(summary.health.name)")
            print()
            // The document is valid JSON, so control characters inside it are escaped already.
            output += String(decoding: bytes, as: UTF8.self)
            if bytes.last != 0x0A { print() }
            print()
            switch restoreResult {
            case nil: print("navigation: none saved under '\(Self.navigationKey)'")
            case .failure: break
            case .success(let report):
                let saved = report.restoredIDs.count + report.dropped.count
                if report.isComplete {
                    print("navigation: a restore now would keep all \(saved) recipes (policy skip)")
                } else {
                    print(
                        "navigation: a restore now would keep \(report.restoredIDs.count) of \(saved) recipes (policy skip)"
                    )
                    if let category = report.droppedCategory {
                        print("  drop category \(category): it names no category")
                    }
                    for entry in report.dropped {
                        print(
                            "  drop position \(entry.position): \(ArgumentParser.printable(entry.id)) (\(Self.explain(entry.reason)))"
                        )
                    }
                }
            }
        }
        if case .failure(let error) = restoreResult { throw error }
    }

    private static func json(_ summary: SceneSummary) -> JSONValue {
        let problem: JSONValue
        switch summary.health {
        case .ok: problem = .null
        case .corrupt(let reason), .unreadable(let reason): problem = .string(reason)
        case .newerFormat(let format): problem = .string("format \(format)")
        }
        return .object([
            "scene": .string(summary.scene.rawValue),
            "path": .string(summary.path),
            "keys": .array(summary.keys.map { .string($0) }),
            "size": .number(JSONNumber(Int(summary.size))),
            "lastSaved": .string(Timestamp.format(summary.lastSaved)),
            "health": .string(summary.health.name),
            "problem": problem,
        ])
    }

    private mutating func printTable(_ summaries: [SceneSummary], directory: String) {
        guard !summaries.isEmpty else {
            print("No saved scenes in '\(directory)'.")
            return
        }
        let rows =
            [["SCENE", "KEYS", "SIZE", "LAST SAVED", "HEALTH"]]
            + summaries.map { summary in
                [
                    summary.scene.rawValue, summary.keys.isEmpty ? "-" : summary.keys.joined(separator: ","),
                    String(summary.size), Timestamp.format(summary.lastSaved), summary.health.name,
                ]
            }
        printColumns(rows)
    }

    mutating func printColumns(_ rows: [[String]]) {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            print(line)
        }
    }
}
