import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate recover`: brings a scene's value back from a kept-aside copy, durably and under the
/// scene's lock, and clears the value's restore guard, so the next launch restores it as is.
struct RecoverCommand: Subcommand {
    static let scene = SharedDeclarations.scene("The scene to bring back.")
    static let file = OptionDeclaration(
        .init(
            name: "--file", valueName: "name",
            help: "The kept-aside copy to bring back, by file name (default: the newest readable one of the scene)."))

    static let spec = CommandSpec(
        name: "recover",
        overview:
            "Bring a scene's value back from a copy kept aside (after a crash loop, an age limit, an unreadable value), and clear its restore guard.",
        arguments: [scene.spec],
        options: [
            file.spec, SharedDeclarations.key.spec, SharedDeclarations.dryRun.spec, SharedDeclarations.json.spec,
        ],
        examples: [
            "navstate recover main --dry-run", "navstate recover main --file main.crash-loop-20261122T080000.000Z.json",
        ])

    let scene: SceneID
    let file: String?
    let key: String
    let dryRun: Bool
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        scene = try line.required(Self.scene)
        file = try line.value(Self.file)
        key = try line.value(SharedDeclarations.key) ?? CommandLineTool.navigationKey
        dryRun = line.has(SharedDeclarations.dryRun)
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let recovery = try environment.store.recover(scene, key: key, from: file, dryRun: dryRun)
        let chosen = recovery.file
        let value = CommandLineTool.shownJSON(recovery.value, key: key)
        if json {
            tool.printJSON(
                .object([
                    "scene": .string(scene.rawValue), "key": .string(key), "from": .string(chosen.path),
                    "reason": .string(chosen.reason.rawValue),
                    "keptAt": .string(StoredDocument.timestamp(chosen.keptAt)),
                    "value": value, "dryRun": .bool(dryRun), "written": .bool(recovery.written),
                    "guardCleared": .bool(recovery.guardCleared),
                ]))
            return
        }
        let source =
            "'\(TerminalText.escaped(key))' of scene '\(scene)' from '\(chosen.fileName)' (kept \(StoredDocument.timestamp(chosen.keptAt)): \(chosen.reason.recognized.description))"
        tool.print(dryRun ? "Would recover \(source); nothing written." : "Recovered \(source).")
        tool.print("value: \(TerminalText.escaped(value.description))")
        if recovery.guardCleared { tool.print("The restore guard of '\(TerminalText.escaped(key))' was cleared.") }
    }
}
