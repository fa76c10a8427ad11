import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Printing

extension CommandLineTool {
    /// How many dropped IDs are warned about one by one; the rest are summed up by reason.
    static let droppedWarningsShown = 10

    mutating func printState(category: Category?, path: [Recipe]) {
        print("category: \(category?.name ?? "(none)")")
        if path.isEmpty {
            print("path:     (empty)")
        } else {
            print("path:")
            for (index, recipe) in path.enumerated() { print("  \(index + 1). \(recipe.name)") }
        }
    }

    /// Warns about what a restore dropped, positions counted from 1: the category and members
    /// first, then the first few recipes one by one, the rest summed up by reason (`--json` lists
    /// every one).
    /// Warns when a scene's file is over its size budget (`--budget`, 256 KiB by default).
    /// - Returns: The budget's use, when the scene has a file.
    @discardableResult
    mutating func warnAboutBudget(of scene: SceneID, in store: StateStore) -> SizeBudget? {
        guard let use = try? store.storedBudget(of: scene) else { return nil }
        if use.isOver {
            warn("scene '\(scene)' is \(use) (--budget): keep identifiers in navigation state, not data")
        }
        return use
    }

    /// A budget's use as JSON: `size`, `budget`, `percent`, `over`.
    static func json(_ use: SizeBudget) -> JSONValue {
        .object([
            "size": .number(JSONNumber(Int(use.size))), "budget": .number(JSONNumber(use.budget)),
            "percent": .number(JSONNumber(use.percent)), "over": .bool(use.isOver),
        ])
    }

    mutating func warnAboutDrops(_ report: RestoreReport) {
        let drops = CookbookDrops(report)
        if let category = drops.category {
            warn("dropped category \(category.json): it names no category")
        }
        for member in drops.members {
            warn("dropped \(TerminalText.escaped(member.location)): \(TerminalText.escaped(member.reason.description))")
        }
        for entry in drops.recipes.prefix(Self.droppedWarningsShown) {
            warn(
                "dropped recipe \(TerminalText.escaped(CookbookDrops.id(of: entry))) at position \((entry.position ?? 0) + 1): \(CookbookDrops.words(for: entry))"
            )
        }
        let rest = drops.recipes.dropFirst(Self.droppedWarningsShown)
        guard !rest.isEmpty else { return }
        var counts: [String: Int] = [:]
        var order: [(code: String, words: String)] = []
        for entry in rest {
            if counts[entry.reason.code] == nil { order.append((entry.reason.code, CookbookDrops.words(for: entry))) }
            counts[entry.reason.code, default: 0] += 1
        }
        let total = Self.grouped(rest.count)
        if order.count == 1 {
            warn("... and \(total) more \(order[0].words) (--json lists every one)")
        } else {
            let parts = order.map { "\(Self.grouped(counts[$0.code] ?? 0)) \($0.words)" }
            warn("... and \(total) more: \(parts.joined(separator: ", ")) (--json lists every one)")
        }
    }

    /// Notes each identifier restored through an alias (an earlier data set's ID for the same
    /// recipe), positions counted from 1: the first few one by one, then a count.
    mutating func noteMigrations(_ report: RestoreReport, in data: DataModel) {
        for entry in report.migrated.prefix(Self.droppedWarningsShown) {
            let from = entry.from.stringValue ?? entry.from.description
            let to = entry.to.stringValue ?? entry.to.description
            let name = Recipe.ID(to).flatMap(data.recipe(withID:))?.name ?? ""
            errors +=
                "note: migrated recipe \(TerminalText.escaped(from)) at position \((entry.position ?? 0) + 1) to \(TerminalText.escaped(to)) (\(name)), its ID in an earlier data set\n"
        }
        let rest = report.migrated.count - Self.droppedWarningsShown
        if rest > 0 { errors += "note: ... and \(Self.grouped(rest)) more migrated (--json lists every one)\n" }
    }

    /// Warns where a copy of the old file was kept, so the user knows nothing was lost.
    mutating func warnAboutKeptCopies(keptAside: String?, movedAside: [String], key: String) {
        if let keptAside {
            let why = KeptAsideFile.reason(ofKeptFile: keptAside)?.recognized.description ?? "kept aside"
            warn(
                "the scene's file was kept at '\(keptAside)' before its '\(TerminalText.escaped(key))' value was replaced: \(why)"
            )
        }
        for moved in movedAside {
            warn("the corrupt file in the scene's place was moved to '\(moved)'")
        }
    }

    /// A cookbook restore as JSON members: the category, the path with recipe names, and what was
    /// dropped and migrated.
    static func restoreJSON(_ report: RestoreReport, state: CookbookState, in data: DataModel) -> [String: JSONValue] {
        let drops = CookbookDrops(report)
        var dropped: [JSONValue] = drops.recipes.map { entry in
            .object([
                "id": entry.json, "position": .number(JSONNumber(entry.position ?? 0)),
                "reason": .string(entry.reason.code),
            ])
        }
        dropped += drops.members.map { entry in
            .object([
                "id": .null, "location": .string(entry.location), "json": entry.json, "position": .null,
                "reason": .string(entry.reason.code),
            ])
        }
        return [
            "selectedCategory": state.selectedCategory.map { .string($0.name) } ?? .null,
            "droppedCategory": drops.category?.json ?? .null,
            "path": .array(
                state.path.map { recipe in
                    .object(["id": .string(recipe.id.description), "name": .string(recipe.name)])
                }),
            "dropped": .array(dropped),
            "migrated": .array(
                report.migrated.map { entry in
                    let to = entry.to.stringValue ?? entry.to.description
                    return .object([
                        "from": entry.from, "to": entry.to,
                        "name": .string(Recipe.ID(to).flatMap(data.recipe(withID:))?.name ?? ""),
                        "position": entry.position.map { .number(JSONNumber($0)) } ?? .null,
                    ])
                }),
        ]
    }

    mutating func printJSON(_ value: JSONValue) {
        print(String(decoding: value.serialized(pretty: true), as: UTF8.self))
    }

    mutating func printColumns(_ rows: [[String]], indent: String = "") {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        for row in rows {
            var line = indent
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            print(line)
        }
    }

    /// A count with thousands separated: `189,990`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}

/// A restore report of the cookbook's state, sorted for printing: the recipes dropped from the
/// path, the category dropped, and any other member dropped.
struct CookbookDrops {
    var recipes: [RestoreReport.DroppedElement] = []
    var category: RestoreReport.DroppedElement?
    var members: [RestoreReport.DroppedElement] = []

    init(_ report: RestoreReport) {
        for entry in report.dropped {
            if entry.position != nil {
                recipes.append(entry)
            } else if entry.location == "selectedCategory" {
                category = entry
            } else {
                members.append(entry)
            }
        }
    }

    /// A dropped recipe's stored ID as text.
    static func id(of entry: RestoreReport.DroppedElement) -> String {
        entry.json.stringValue ?? entry.json.description
    }

    /// Why a recipe was dropped, in the cookbook's words.
    static func words(for entry: RestoreReport.DroppedElement) -> String {
        switch entry.reason {
        case .unresolved: "not in the recipe data"
        case .undecodable: entry.json.stringValue != nil ? "not a UUID" : entry.reason.description
        case .afterDroppedElement: "after a missing recipe (policy truncate)"
        default: entry.reason.description
        }
    }
}
