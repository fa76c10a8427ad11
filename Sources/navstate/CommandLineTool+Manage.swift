import RecipeData
import SceneNavigation
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
        let path = environment.store.path(for: scene)
        guard try environment.store.removeScene(scene) else {
            throw SceneStoreError.sceneNotFound(scene, path: path)
        }
        // A new scene of the same ID must not inherit the old one's restore guard.
        try CrashLoopGuard.removeMarkers(of: scene, in: environment.store)
        if parsed.has(.json) {
            printJSON(.object(["scene": .string(scene.rawValue), "file": .string(path), "removed": .bool(true)]))
        } else {
            print("Removed scene '\(scene)' ('\(path)').")
        }
    }

    /// Removes old scenes and kept-aside copies. Every candidate is tried; what could not be
    /// removed is reported one error per line, and the exit status is that of the first.
    mutating func prune(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        guard let text = parsed.value(.olderThan) else {
            throw CommandError.usage("missing option '\(CommandSpec.Option.olderThan.synopsis)'")
        }
        let seconds = try Self.parseDuration(text)
        let store = environment.store
        let outcome = try store.prune(before: context.now().addingTimeInterval(-seconds))
        for scene in outcome.removedScenes { try CrashLoopGuard.removeMarkers(of: scene, in: store) }
        if parsed.has(.json) {
            printJSON(
                .object([
                    "removedScenes": .array(outcome.removedScenes.map { .string($0.rawValue) }),
                    "removedKeptAside": .array(outcome.removedKeptAside.map(Self.json)),
                    "failures": .array(
                        outcome.failures.map {
                            .object(["path": .string($0.path), "error": .string($0.error.description)])
                        }
                    ),
                ]))
        } else {
            if outcome.removedScenes.isEmpty {
                print("No scenes older than \(text) removed.")
            } else {
                let count = outcome.removedScenes.count
                print("Removed \(count) scene\(count == 1 ? "" : "s") not saved within \(text):")
                for scene in outcome.removedScenes { print("  \(scene)") }
            }
            if !outcome.removedKeptAside.isEmpty {
                let count = outcome.removedKeptAside.count
                print("Removed \(count) kept-aside cop\(count == 1 ? "y" : "ies") older than \(text):")
                for file in outcome.removedKeptAside {
                    print("  \(file.path.dropFirst(store.scenesDirectory.count + 1))")
                }
            }
        }
        guard let first = outcome.failures.first else { return }
        for failure in outcome.failures {
            errors += "Error: \(failure.error)\n"
        }
        throw CommandError.alreadyReported(status: ExitStatus.of(first.error))
    }

    /// Parses `30d`, `12h`, `45m` or `90s` into seconds.
    static func parseDuration(_ text: String) throws -> TimeInterval {
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
        return TimeInterval(number) * TimeInterval(scale)
    }

    mutating func recipes(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        var recipes = environment.data.recipes
        if let name = parsed.value(.onlyCategory) {
            let category = try Self.category(named: name)
            recipes = environment.data.recipes(in: category)
        }
        if parsed.has(.json) {
            let items: [JSONValue] = recipes.map {
                .object([
                    "id": .string($0.id.description), "name": .string($0.name), "category": .string($0.category.name),
                ])
            }
            printJSON(.array(items))
        } else {
            printColumns(
                [["ID", "NAME", "CATEGORY"]] + recipes.map { [$0.id.description, $0.name, $0.category.name] })
        }
    }
}
