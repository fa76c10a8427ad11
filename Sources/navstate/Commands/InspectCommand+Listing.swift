import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How `navstate inspect` sorts its listing (`--sort`).
enum ListingOrder: String, CaseIterable, Sendable {
    /// By scene ID.
    case name
    /// The longest unsaved first.
    case age
    /// The largest file first.
    case size
    /// The most elements a restore would drop first.
    case drops
}

extension InspectCommand {
    static let sort = OptionDeclaration(
        .init(
            name: "--sort", valueName: "order",
            help: "Order of the listing: name (the default), age (oldest first), size or drops (largest first).")
    ) { text in
        guard let order = ListingOrder(rawValue: text) else {
            throw CommandError.usage(
                "unknown order '\(TerminalText.escaped(text))' for '--sort' (name, age, size or drops)")
        }
        return order
    }
    static let unhealthy = FlagDeclaration(
        spec: .init(
            name: "--unhealthy", valueName: nil,
            help:
                "List only the scenes that need attention: unusable, dropping elements, guarded, or near their budget."
        ))
    static let types = OptionDeclaration(
        .init(
            name: "--types", valueName: "file",
            help:
                "Another app only: a JSON array of the type names its NavigationPaths may hold; other types count as drops."
        ))

    /// Lists every scene with its health, then the copies kept aside.
    func list(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let store = environment.store
        let knownTypes = try typesPath.map { try Self.readTypes(tool.context.absolute($0)) }
        // One clock reading for the whole listing, so ages compare.
        let now = store.settings.now()
        var rows: [SceneHealth] = []
        for summary in try store.scenes() {
            rows.append(health(of: summary, environment, now: now, knownTypes: knownTypes))
        }
        rows = Self.sorted(rows, by: sort)
        if onlyUnhealthy { rows = rows.filter(\.needsAttention) }
        let kept = try store.keptAsideFiles()
        if json {
            tool.printJSON(
                .object([
                    "scenes": .array(rows.map(jsonMembers)),
                    "keptAside": .array(kept.map(Self.json)),
                ]))
        } else {
            printTable(&tool, rows, directory: store.scenesFolder, filtered: onlyUnhealthy)
            printKeptAside(&tool, kept, directory: store.scenesFolder)
        }
    }

    /// A scene's health against the current data (`SceneHealth`): for the cookbook, the
    /// library's dry-run restore; for another app, what a restore would drop from its
    /// NavigationPaths, judged by `--types`.
    private func health(
        of summary: SceneSummary, _ environment: Environment, now: Date, knownTypes: Set<String>?
    ) -> SceneHealth {
        SceneHealth(of: summary, key: key, in: environment.store, now: now) { (document) throws(NavigationError) in
            let value = document.value(forKey: key)
            guard environment.isCookbook, !CommandLineTool.holdsNavigationPath(value) else {
                let json = try value.map { (value) throws(NavigationError) in
                    try StateCoding.json(of: value, key: key)
                }
                return RestoreOutcome(
                    report: NavigationPathRecord.dryRunReport(of: json ?? .null, knownTypes: knownTypes))
            }
            return try NavigationModel(dataModel: environment.data).restore(from: document, key: key, now: now)
        }
    }

    static func sorted(_ rows: [SceneHealth], by order: ListingOrder) -> [SceneHealth] {
        let byName = rows.sorted { $0.summary.scene.rawValue < $1.summary.scene.rawValue }
        switch order {
        case .name: return byName
        case .age: return byName.sorted { $0.age > $1.age }
        case .size: return byName.sorted { $0.summary.size > $1.summary.size }
        case .drops: return byName.sorted { dropRank($0) > dropRank($1) }
        }
    }

    /// Worst first: a scene whose value cannot be used at all, then the most drops, then none counted.
    private static func dropRank(_ row: SceneHealth) -> Int {
        if row.problem != nil || row.summary.health != .ok { return Int.max }
        return row.drops ?? -1
    }

    /// Reads `--types`: a JSON array of type names.
    static func readTypes(_ path: String) throws -> Set<String> {
        let bytes = try Environment.readInputFile(path)
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw CommandError.inputContents(path: path, reason: "not JSON: \(error)")
        }
        guard case .array(let elements) = value else {
            throw CommandError.inputContents(path: path, reason: "not a JSON array of type names")
        }
        var names: Set<String> = []
        for (index, element) in elements.enumerated() {
            guard case .string(let name) = element else {
                throw CommandError.inputContents(
                    path: path, reason: "element \(index + 1) is not a type name (a string)")
            }
            names.insert(name)
        }
        return names
    }

    private func jsonMembers(_ row: SceneHealth) -> JSONValue {
        var members = Self.jsonMembers(row.summary, lastSaved: row.summary.lastSaved)
        members["guard"] = Self.json(row.guards.map { $0[key] ?? .clean })
        members["guards"] =
            (try? row.guards.get()).map { states in .object(states.mapValues { Self.json(.success($0)) }) } ?? .null
        members["drops"] = row.drops.map { .number(JSONNumber($0)) } ?? .null
        if let problem = row.problem { members["problem"] = .string(problem) }
        members["ageSeconds"] = .number(JSONNumber(Int(row.age.components.seconds)))
        members["budget"] = CommandLineTool.json(row.budget)
        members["needsAttention"] = .bool(row.needsAttention)
        return .object(members)
    }

    private func printTable(_ tool: inout CommandLineTool, _ rows: [SceneHealth], directory: String, filtered: Bool) {
        guard !rows.isEmpty else {
            tool.print(
                filtered
                    ? "No scene needs attention in '\(directory)'." : "No saved scenes in '\(directory)'.")
            return
        }
        var table = [["SCENE", "KEYS", "SIZE", "LAST SAVED", "AGE", "HEALTH", "GUARD", "DROPS", "BUDGET"]]
        for row in rows {
            let summary = row.summary
            let keys = summary.keys.isEmpty ? "-" : summary.keys.map(TerminalText.escaped).joined(separator: ",")
            let drops = row.problem != nil ? "invalid" : row.drops.map { String($0) } ?? "-"
            let cells: [String] = [
                summary.scene.rawValue, keys, String(summary.size), StoredDocument.timestamp(summary.lastSaved),
                Self.age(row.age), summary.health.label, guardsColumn(row.guards), drops, Self.budgetColumn(row.budget),
            ]
            table.append(cells)
        }
        tool.printColumns(table)
    }

    /// `12%`, `85% near`, `117% over`.
    static func budgetColumn(_ use: SizeBudget) -> String {
        use.isOver ? "\(use.percent)% over" : use.isNear ? "\(use.percent)% near" : "\(use.percent)%"
    }

    /// An age in its largest whole unit: `45s`, `12m`, `3h`, `2d`.
    static func age(_ duration: Duration) -> String {
        let seconds = max(0, duration.components.seconds)
        if seconds >= 86_400 { return "\(seconds / 86_400)d" }
        if seconds >= 3_600 { return "\(seconds / 3_600)h" }
        if seconds >= 60 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
