import RecipeData
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - remove, prune and recipes

extension CommandLineTool {
    mutating func remove(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let scene = try SceneID(parsed.positionals[0])
        guard try environment.store.removeScene(scene) else {
            throw SceneStoreError.sceneNotFound(scene, path: environment.store.path(for: scene))
        }
        print("Removed scene '\(scene)' ('\(environment.store.path(for: scene))').")
    }

    mutating func prune(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        guard let text = parsed.value("--older-than") else {
            throw CommandError.usage("missing option '--older-than <duration>'")
        }
        let seconds = try Self.parseDuration(text)
        let removed = try environment.store.removeScenes(savedBefore: context.now().addingTimeInterval(-seconds))
        if removed.isEmpty {
            print("No scenes older than \(text).")
        } else {
            print("Removed \(removed.count) scene\(removed.count == 1 ? "" : "s") not saved within \(text):")
            for scene in removed { print("  \(scene)") }
        }
    }

    /// Parses `30d`, `12h`, `45m` or `90s` into seconds.
    static func parseDuration(_ text: String) throws -> TimeInterval {
        let invalid = CommandError.usage(
            "invalid duration '\(ArgumentParser.printable(text))' (expected a number and a unit: 30d, 12h, 45m or 90s)")
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
        return TimeInterval(number) * TimeInterval(scale)
    }

    mutating func recipes(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        var recipes = environment.data.recipes
        if let name = parsed.value("--category") {
            let category = try Self.category(named: name)
            recipes = environment.data.recipes(in: category)
        }
        if parsed.flags.contains("--json") {
            let items: [JSONValue] = recipes.map {
                .object([
                    "id": .string($0.id.description), "name": .string($0.name), "category": .string($0.category.name),
                ])
            }
            print(String(decoding: JSONValue.array(items).serialized(pretty: true), as: UTF8.self))
        } else {
            printColumns(
                [["ID", "NAME", "CATEGORY"]] + recipes.map { [$0.id.description, $0.name, $0.category.name] })
        }
    }
}
