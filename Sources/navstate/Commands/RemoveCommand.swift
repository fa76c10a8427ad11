import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate remove`: deletes a scene's saved state with everything that belongs to it, as closing
/// a window does.
struct RemoveCommand: Subcommand {
    static let scene = SharedDeclarations.scene("The scene to remove.")

    static let force = FlagDeclaration(
        spec: .init(
            name: "--force", valueName: nil,
            help: "Remove a scene file of a newer format too (written by a newer version, which may need it)."))

    static let spec = CommandSpec(
        name: "remove",
        overview: "Delete a scene's saved state, as closing a window does.",
        arguments: [scene.spec],
        options: [force.spec, SharedDeclarations.json.spec],
        examples: ["navstate remove main", "navstate remove main --force"])

    let scene: SceneID
    let force: Bool
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        scene = try line.required(Self.scene)
        force = line.has(Self.force)
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let path = environment.store.path(for: scene)
        // A newer version's file may be all a user has of a newer app's state: removed on request
        // only, checked under the scene's lock.
        let removed: Bool
        do {
            removed = try environment.store.removeScene(scene, keepingNewerFormat: !force)
        } catch .newerFormat(_, let format, let supported) {
            throw CommandError.unusableValue(
                "refusing to remove '\(path)': it has format \(format), newer than the supported format \(supported) "
                    + "(a newer version wrote it); '--force' removes it")
        }
        guard removed else { throw SceneStoreError.sceneNotFound(scene, path: path) }
        if json {
            tool.printJSON(.object(["scene": .string(scene.rawValue), "file": .string(path), "removed": .bool(true)]))
        } else {
            tool.print("Removed scene '\(scene)' ('\(path)').")
        }
    }
}
