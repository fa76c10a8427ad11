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

    static let spec = CommandSpec(
        name: "remove",
        overview: "Delete a scene's saved state, as closing a window does.",
        arguments: [scene.spec],
        options: [SharedDeclarations.json.spec],
        examples: ["navstate remove main"])

    let scene: SceneID
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        scene = try line.required(Self.scene)
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let path = environment.store.path(for: scene)
        guard try NavigationScenes.remove(scene, from: environment.store) else {
            throw SceneStoreError.sceneNotFound(scene, path: path)
        }
        if json {
            tool.printJSON(.object(["scene": .string(scene.rawValue), "file": .string(path), "removed": .bool(true)]))
        } else {
            tool.print("Removed scene '\(scene)' ('\(path)').")
        }
    }
}
