import SceneNavigation
import SceneStore

// MARK: - recover

extension CommandLineTool {
    /// Brings a scene's value back from a kept-aside copy, durably and under the scene's lock, and
    /// clears the value's restore guard, so the next launch restores it as is.
    mutating func recover(_ parsed: ParsedCommandLine, _ environment: Environment) throws {
        let scene = try SceneID(parsed.positionals[0])
        let key = parsed.value(.key) ?? Self.navigationKey
        let store = environment.store
        let copies = try store.keptAsideFiles().filter { $0.scene == scene }
        let names = copies.map { String($0.path.dropFirst(store.scenesDirectory.count + 1)) }
        let chosen: KeptAsideFile
        let document: SceneDocument
        if let name = parsed.value(.keptAsideFile) {
            guard let index = names.firstIndex(of: name) else {
                throw CommandError.noSavedState(
                    "scene '\(scene)' has no kept-aside copy '\(TerminalText.escaped(name))'"
                        + (names.isEmpty ? "" : " (copies: \(names.joined(separator: ", ")))"))
            }
            chosen = copies[index]
            document = try store.document(ofKeptAside: chosen)
        } else {
            // The newest copy that can be read and holds the value; corrupt copies cannot be.
            guard
                let found = copies.reversed().lazy.compactMap({ file -> (KeptAsideFile, SceneDocument)? in
                    guard let document = try? store.document(ofKeptAside: file), document.values[key] != nil else {
                        return nil
                    }
                    return (file, document)
                }).first
            else {
                throw CommandError.noSavedState(
                    "scene '\(scene)' has no readable kept-aside copy holding '\(TerminalText.escaped(key))'"
                        + (names.isEmpty ? "" : " (copies: \(names.joined(separator: ", ")))"))
            }
            (chosen, document) = found
        }
        let fileName = String(chosen.path.dropFirst(store.scenesDirectory.count + 1))
        guard let value = document.values[key] else {
            let keys = document.values.keys.sorted().map(TerminalText.escaped).joined(separator: ", ")
            throw CommandError.noSavedState(
                "'\(fileName)' holds no '\(TerminalText.escaped(key))' value (keys: \(keys))")
        }
        let schemaKey = NavigationMigrations.schemaKey(for: key)
        let schema = document.values[schemaKey]
        let dryRun = parsed.has(.dryRun)
        var written = false
        var guardCleared = false
        if !dryRun {
            written = try store.update(scene) { values in
                values[key] = value
                values[schemaKey] = schema
            }.wroteFile
            guardCleared = try CrashLoopGuard.reset(scene, key: key, in: store)
        }
        let shown = String(decoding: Self.storedJSON(value).serialized(), as: UTF8.self)
        if parsed.has(.json) {
            printJSON(
                .object([
                    "scene": .string(scene.rawValue), "key": .string(key), "from": .string(chosen.path),
                    "reason": .string(chosen.reason.rawValue), "keptAt": .string(Timestamp.format(chosen.keptAt)),
                    "value": Self.storedJSON(value), "dryRun": .bool(dryRun), "written": .bool(written),
                    "guardCleared": .bool(guardCleared),
                ]))
            return
        }
        let source =
            "'\(TerminalText.escaped(key))' of scene '\(scene)' from '\(fileName)' (kept \(Timestamp.format(chosen.keptAt)): \(chosen.reason))"
        print(dryRun ? "Would recover \(source); nothing written." : "Recovered \(source).")
        print("value: \(TerminalText.escaped(shown))")
        if guardCleared { print("The restore guard of '\(TerminalText.escaped(key))' was cleared.") }
    }
}
