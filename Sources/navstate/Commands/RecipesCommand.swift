import RecipeData
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate recipes`: lists the recipe data, so IDs can be found.
struct RecipesCommand: Subcommand {
    static let category = OptionDeclaration(
        .init(name: "--category", valueName: "name", help: "Only this category, sorted by name."),
        transform: CommandLineTool.category(named:))

    static let spec = CommandSpec(
        name: "recipes",
        overview: "List the recipe data: ID, name and category.",
        arguments: [],
        options: [category.spec, SharedDeclarations.json.spec],
        examples: ["navstate recipes --category dessert"])

    let category: Category?
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        category = try line.value(Self.category)
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let recipes = category.map(environment.data.recipes(in:)) ?? environment.data.recipes
        if json {
            let items: [JSONValue] = recipes.map {
                .object([
                    "id": .string($0.id.description), "name": .string($0.name), "category": .string($0.category.name),
                ])
            }
            tool.printJSON(.array(items))
        } else {
            tool.printColumns(
                [["ID", "NAME", "CATEGORY"]] + recipes.map { [$0.id.description, $0.name, $0.category.name] })
        }
    }
}
