import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate retag`: renames a type in a stored NavigationPath, durably and under the scene's lock,
/// or shows what it would change (`--dry-run`). Refuses a scene or value it cannot parse, and
/// changes nothing then.
struct RetagCommand: Subcommand {
    static let scene = SharedDeclarations.scene("The scene holding the path.")
    static let key = OptionDeclaration(
        .init(
            name: "--key", valueName: "name",
            help: "The scene value holding the path in SwiftUI's NavigationPath format.",
            required: true)
    ) { text in
        try StateStore.validate(key: text)
        return text
    }
    static let from = OptionDeclaration(
        .init(
            name: "--from", valueName: "type",
            help:
                "The type name to replace, as stored: MyApp.User, or a module name alone (MyApp) for every type in it.",
            required: true))
    static let to = OptionDeclaration(
        .init(name: "--to", valueName: "type", help: "The name it becomes: NewApp.User.", required: true))

    static let spec = CommandSpec(
        name: "retag",
        overview:
            "Rename a type in a stored NavigationPath (after an app renamed a type or a module), durably, under the scene's lock.",
        arguments: [scene.spec],
        options: [key.spec, from.spec, to.spec, SharedDeclarations.dryRun.spec, SharedDeclarations.json.spec],
        examples: [
            "navstate --app com.example.notes retag main --key path --from Notes.Note --to NotesKit.Note --dry-run",
            "navstate --app com.example.notes retag main --key path --from Notes --to NotesKit",
        ])

    let scene: SceneID
    let key: String
    let from: String
    let to: String
    let dryRun: Bool
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        scene = try line.required(Self.scene)
        // Required options: the parser has checked that they are there.
        key = try line.value(Self.key) ?? ""
        from = try line.value(Self.from) ?? ""
        to = try line.value(Self.to) ?? ""
        dryRun = line.has(SharedDeclarations.dryRun)
        json = line.has(SharedDeclarations.json)
        guard from != to else {
            throw CommandError.usage("--from and --to are the same name '\(TerminalText.escaped(from))'")
        }
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        var changes: [NavigationPathRecord.TypeNameChange] = []
        var written = false
        // Checked before anything is locked: a refused retag changes nothing, not even a lock file.
        let document = try environment.store.storedDocument(for: scene)
        guard let value = document.value(forKey: key) else {
            throw NavigationError.noValue(key: key, in: "scene '\(scene)'", keys: document.keys.sorted())
        }
        changes = try retagged(value).changes
        if !dryRun && !changes.isEmpty {
            // The body's own errors are kept here and thrown after: the store's update only throws
            // its own, and returning the values unchanged writes nothing.
            var failure: (any Error)?
            let outcome = try environment.store.updateExistingValues(scene) { values in
                do {
                    guard let value = values[key] else {
                        throw NavigationError.noValue(key: key, in: "scene '\(scene)'", keys: values.keys.sorted())
                    }
                    let (renamed, made) = try retagged(value)
                    changes = made
                    if !made.isEmpty { values[key] = renamed }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            written = outcome.wroteFile
        }
        if json {
            tool.printJSON(
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
            tool.print(
                "No type name in '\(shownKey)' of scene '\(scene)' names '\(TerminalText.escaped(from))': nothing to change."
            )
            return
        }
        let count = changes.count
        let names = "type name\(count == 1 ? "" : "s")"
        tool.print(
            dryRun
                ? "Would change \(count) \(names) in '\(shownKey)' of scene '\(scene)' (dry run, nothing written):"
                : "Changed \(count) \(names) in '\(shownKey)' of scene '\(scene)':")
        for change in changes {
            let place = change.location.isEmpty ? "" : "\(TerminalText.escaped(change.location)) "
            tool.print(
                "  \(place)position \(change.position + 1): \(CommandLineTool.shownTypeName(change.from)) -> \(CommandLineTool.shownTypeName(change.to))"
            )
        }
    }

    /// A stored value with a type renamed, in the form it was stored in (JSON, or binary JSON as
    /// SwiftUI's `@SceneStorage` keeps `Data`).
    private func retagged(_ value: SceneValue) throws -> (
        value: SceneValue, changes: [NavigationPathRecord.TypeNameChange]
    ) {
        let unusable = { (reason: String) in
            CommandError.unusableValue(
                "value '\(TerminalText.escaped(key))' of scene '\(scene)' is not a path in SwiftUI's NavigationPath format: \(reason)"
            )
        }
        do {
            switch value {
            case .json(let json):
                let (renamed, changes) = try NavigationPathRecord.retagged(json, from: from, to: to)
                return (.json(renamed), changes)
            case .binary(let data):
                guard let json = try? JSONValue(parsing: data) else {
                    throw unusable("it is \(data.count) bytes of binary data that are not JSON")
                }
                let (renamed, changes) = try NavigationPathRecord.retagged(json, from: from, to: to)
                return (.binary(Data(renamed.serialized(escapingSlashes: true))), changes)
            }
        } catch NavigationError.notANavigationPath(let reason) {
            throw unusable(reason)
        }
    }
}
