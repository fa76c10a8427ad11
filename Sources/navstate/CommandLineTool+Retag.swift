import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - retag

extension CommandLineTool {
    /// Renames a type in a stored NavigationPath, durably and under the scene's lock, or shows what
    /// it would change (`--dry-run`). Refuses a scene or value it cannot parse, and changes nothing
    /// then.
    mutating func retag(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let scene = try SceneID(parsed.positionals[0])
        guard let key = parsed.value(.pathKey), let from = parsed.value(.from), let to = parsed.value(.to) else {
            throw CommandError.usage("missing option '\(CommandSpec.Option.pathKey.synopsis)'")
        }
        guard from != to else {
            throw CommandError.usage("--from and --to are the same name '\(TerminalText.escaped(from))'")
        }
        let dryRun = parsed.has(.dryRun)
        var changes: [StoredNavigationPath.TypeNameChange] = []
        var written = false
        if dryRun {
            let value = try storedValue(scene, key: key, environment)
            changes = try Self.retagged(value, key: key, in: scene, from: from, to: to).changes
        } else {
            // The body's own errors are kept here and thrown after: the store's update only throws
            // its own, and returning the values unchanged writes nothing.
            var failure: (any Error)?
            let outcome = try environment.store.updateExisting(scene) { values in
                do {
                    guard let value = values[key] else {
                        let keys = values.keys.sorted().map(TerminalText.escaped).joined(separator: ", ")
                        throw CommandError.noSavedState(
                            "scene '\(scene)' has no '\(TerminalText.escaped(key))' value (keys: \(keys))")
                    }
                    let (renamed, made) = try Self.retagged(value, key: key, in: scene, from: from, to: to)
                    changes = made
                    if !made.isEmpty { values[key] = renamed }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            written = outcome.wroteFile
        }
        if parsed.has(.json) {
            printJSON(
                .object([
                    "scene": .string(scene.rawValue), "key": .string(key), "from": .string(from), "to": .string(to),
                    "dryRun": .bool(dryRun), "written": .bool(written),
                    "changes": .array(
                        changes.map { change in
                            .object([
                                "location": .string(change.location),
                                "position": .number(JSONNumber(change.position)),
                                "from": .string(change.from), "to": .string(change.to),
                            ])
                        }),
                ]))
            return
        }
        let shownKey = TerminalText.escaped(key)
        guard !changes.isEmpty else {
            print(
                "No type name in '\(shownKey)' of scene '\(scene)' names '\(TerminalText.escaped(from))': nothing to change."
            )
            return
        }
        let count = changes.count
        let names = "type name\(count == 1 ? "" : "s")"
        print(
            dryRun
                ? "Would change \(count) \(names) in '\(shownKey)' of scene '\(scene)' (dry run, nothing written):"
                : "Changed \(count) \(names) in '\(shownKey)' of scene '\(scene)':")
        for change in changes {
            let place = change.location.isEmpty ? "" : "\(TerminalText.escaped(change.location)) "
            print(
                "  \(place)position \(change.position + 1): \(Self.shownTypeName(change.from)) -> \(Self.shownTypeName(change.to))"
            )
        }
    }

    /// A stored value with a type renamed, in the form it was stored in (JSON, or binary JSON as
    /// SwiftUI's `@SceneStorage` keeps `Data`).
    private static func retagged(
        _ value: SceneValue, key: String, in scene: SceneID, from: String, to: String
    ) throws -> (value: SceneValue, changes: [StoredNavigationPath.TypeNameChange]) {
        let unusable = { (reason: String) in
            CommandError.unusableValue(
                "value '\(TerminalText.escaped(key))' of scene '\(scene)' is not a path in SwiftUI's NavigationPath format: \(reason)"
            )
        }
        do {
            switch value {
            case .json(let json):
                let (renamed, changes) = try StoredNavigationPath.retagged(json, from: from, to: to)
                return (.json(renamed), changes)
            case .binary(let data):
                guard let json = try? JSONValue(parsing: data) else {
                    throw unusable("it is \(data.count) bytes of binary data that are not JSON")
                }
                let (renamed, changes) = try StoredNavigationPath.retagged(json, from: from, to: to)
                return (.binary(Data(renamed.serialized(escapingSlashes: true))), changes)
            }
        } catch NavigationError.notANavigationPath(let reason) {
            throw unusable(reason)
        }
    }
}
