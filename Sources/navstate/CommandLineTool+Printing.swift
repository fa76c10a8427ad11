import RecipeData
import SceneStore

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

    /// Warns about what a restore dropped, positions counted from 1: the first few one by one, the
    /// rest summed up by reason (`--json` lists every one).
    mutating func warnAboutDrops(_ report: RestoreReport) {
        if let category = report.droppedCategory {
            warn("dropped category \(category): it names no category")
        }
        for entry in report.dropped.prefix(Self.droppedWarningsShown) {
            warn("dropped recipe \(TerminalText.escaped(entry.id)) at position \(entry.position + 1): \(entry.reason)")
        }
        let rest = report.dropped.dropFirst(Self.droppedWarningsShown)
        guard !rest.isEmpty else { return }
        var counts: [RestoreReport.Reason: Int] = [:]
        var order: [RestoreReport.Reason] = []
        for entry in rest {
            if counts[entry.reason] == nil { order.append(entry.reason) }
            counts[entry.reason, default: 0] += 1
        }
        let total = Self.grouped(rest.count)
        if order.count == 1 {
            warn("... and \(total) more \(order[0]) (--json lists every one)")
        } else {
            let parts = order.map { "\(Self.grouped(counts[$0] ?? 0)) \($0)" }
            warn("... and \(total) more: \(parts.joined(separator: ", ")) (--json lists every one)")
        }
    }

    /// Notes each identifier restored through an alias (an earlier data set's ID for the same
    /// recipe), positions counted from 1: the first few one by one, then a count.
    mutating func noteMigrations(_ report: RestoreReport, in data: DataModel) {
        for entry in report.migrated.prefix(Self.droppedWarningsShown) {
            let name = data.recipe(withID: entry.to)?.name ?? ""
            errors +=
                "note: migrated recipe \(TerminalText.escaped(entry.from)) at position \(entry.position + 1) to \(entry.to) (\(name)), its ID in an earlier data set\n"
        }
        let rest = report.migrated.count - Self.droppedWarningsShown
        if rest > 0 { errors += "note: ... and \(Self.grouped(rest)) more migrated (--json lists every one)\n" }
    }

    /// Warns where a copy of the old file was kept, so the user knows nothing was lost.
    mutating func warnAboutKeptCopies(keptAside: String?, movedAside: [String], key: String) {
        if let keptAside {
            warn(
                "the stored '\(TerminalText.escaped(key))' value was not navigation data; the old file was kept at '\(keptAside)'"
            )
        }
        for moved in movedAside {
            warn("the corrupt file in the scene's place was moved to '\(moved)'")
        }
    }

    /// A restore report as JSON members, with recipe names from the data.
    static func restoreJSON(_ report: RestoreReport, in data: DataModel) -> [String: JSONValue] {
        guard case .object(let members) = report.json(in: data) else { return [:] }
        return members
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
