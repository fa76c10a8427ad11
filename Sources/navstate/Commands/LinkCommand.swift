import RecipeData
import SceneNavigation
import SceneStore

/// `navstate link`: prints a scene's path as a link: the cookbook's restored against the recipe
/// data, another app's stored path with its mapping file. Changes nothing.
struct LinkCommand: Subcommand {
    static let scene = SharedDeclarations.scene("The scene whose path to print as a link.")
    static let path = OptionDeclaration(
        .init(
            name: "--path", valueName: "member",
            help: "Another app's path, when its value holds several: the member that holds it (inspect lists them)."))

    static let spec = CommandSpec(
        name: "link",
        overview: "Print a scene's path as a link (navstate open tells what a link opens). Changes nothing.",
        arguments: [scene.spec],
        options: [OpenCommand.mapping.spec, path.spec, SharedDeclarations.key.spec, SharedDeclarations.json.spec],
        examples: [
            "navstate link main", "navstate --app com.example.mail link main --mapping mail-links.json --path mail",
        ])

    let scene: SceneID
    let mappingPath: String?
    let location: String?
    let key: String
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        scene = try line.required(Self.scene)
        mappingPath = try line.value(OpenCommand.mapping)
        location = try line.value(Self.path)
        key = try line.value(SharedDeclarations.key) ?? CommandLineTool.navigationKey
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let link: String
        var members: [String: JSONValue] = ["scene": .string(scene.rawValue), "key": .string(key)]
        if let mappingPath {
            let mapping = try OpenCommand.readMapping(tool.context.absolute(mappingPath))
            let stored = try StoredNavigation.storedValue(of: scene, key: key, in: environment.store)
            let paths = RoutePathRecord.paths(in: try StateCoding.json(of: stored.value, key: key))
            let chosen = try choose(among: paths)
            link = try mapping.link(for: chosen.elements)
            members["location"] = .string(chosen.location)
        } else {
            guard environment.isCookbook else {
                throw CommandError.usage(
                    "another app's links need its mapping: '--mapping <links.json>' (see 'navstate open --help')")
            }
            // No age limit, so the restore restores.
            guard
                case .restored(let model, let report) = try await RestoreCommand.restoreCookbook(
                    scene: scene, key: key, policy: RestorePolicy(), environment)
            else {
                throw CommandError.unusableValue("value '\(key)' of scene '\(scene)' was not restored")
            }
            tool.warnAboutDrops(report)
            link = try CookbookState.links.link(for: model.state.path)
        }
        if json {
            members["link"] = .string(link)
            tool.printJSON(.object(members))
        } else {
            tool.print(link)
        }
    }

    /// The path `--path` names, or the value's only one.
    private func choose(among paths: [RoutePathRecord]) throws -> RoutePathRecord {
        let names = paths.map { $0.location.isEmpty ? "(the value)" : $0.location }.joined(separator: ", ")
        if let location {
            guard let path = paths.first(where: { $0.location == location }) else {
                throw CommandError.usage(
                    "value '\(key)' of scene '\(scene)' has no path '\(TerminalText.escaped(location))' (its paths: \(names.isEmpty ? "none" : names))"
                )
            }
            return path
        }
        guard paths.count == 1, let path = paths.first else {
            throw CommandError.unusableValue(
                paths.isEmpty
                    ? "value '\(key)' of scene '\(scene)' holds no path"
                    : "value '\(key)' of scene '\(scene)' holds several paths (\(names)): name one with '--path'")
        }
        return path
    }
}
