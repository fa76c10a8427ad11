import SceneNavigation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The cookbook's recipes, indexed for constant-time lookup by identifier.
///
/// The built-in ``cookbook`` holds the 33 recipes of Apple's current NavigationCookbook sample with
/// the sample's own identifiers, compiled into the library, so it works with no files at all. Data
/// can also be loaded from JSON with ``init(jsonData:aliases:)``, in navstate's shape
/// (`Fixtures/recipes.json` is the canonical copy of the built-in set) or as the sample's own
/// `Recipes.json`.
///
/// ```swift
/// let data = DataModel.cookbook
/// let pie = data.recipe(named: "apple pie")
/// let desserts = data.recipes(in: .dessert)          // sorted by name
/// let related = pie.map { data.recipes(relatedTo: $0) } ?? []
/// ```
public final class DataModel: Sendable {
    /// Every recipe, in the order given.
    public let recipes: [Recipe]
    /// Identifiers of an earlier data set, each mapped to the identifier of the same recipe here.
    ///
    /// A restore that meets one of these identifiers (in either letter case, as any UUID text is
    /// read) restores the recipe it maps to and reports the entry as migrated rather than dropped.
    /// An alias whose target is not in ``recipes`` is ignored (the identifier is then dropped as
    /// not in the data).
    public let aliases: [Recipe.ID: Recipe.ID]
    /// How a restore finds a recipe again from its stored ID: looked up here in constant time, and
    /// when the ID is not here, through ``aliases``. A ``NavigationModel`` made with this data
    /// restores with these. Made on each read (one closure over the data's immutable indexes): the
    /// data model is `Sendable`, and resolvers in general need not be.
    public var resolvers: RouteResolvers {
        RouteResolvers().adding(Recipe.self) { [recipeByID, aliases] id in
            recipeByID[id] ?? aliases[id].flatMap { recipeByID[$0] }
        }
    }
    /// Each recipe by its identifier (the first, where two share one): a lookup finds the recipe
    /// itself, not an index into ``recipes`` to read next.
    private let recipeByID: [Recipe.ID: Recipe]
    private let indicesByFoldedName: [String: [Int]]
    private let indicesByCategory: [Category: [Int]]

    /// Indexes recipes, checking that they form a consistent data set.
    /// - Parameters:
    ///   - recipes: The recipes.
    ///   - aliases: Identifiers of an earlier data set mapped to identifiers of these recipes
    ///     (none by default; ``previousReleaseAliases`` maps navstate 0.1's identifiers).
    /// - Throws: ``RecipeDataError/duplicateRecipeID(_:firstIndex:secondIndex:)`` when two share
    ///   an identifier; ``RecipeDataError/unknownRelatedRecipe(_:recipeIndex:recipeName:)`` when a
    ///   related identifier points to no recipe.
    public convenience init(recipes: [Recipe], aliases: [Recipe.ID: Recipe.ID] = [:]) throws(RecipeDataError) {
        var indexByID: [Recipe.ID: Int] = [:]
        indexByID.reserveCapacity(recipes.count)
        for (index, recipe) in recipes.enumerated() {
            if let first = indexByID.updateValue(index, forKey: recipe.id) {
                throw .duplicateRecipeID(recipe.id.description, firstIndex: first, secondIndex: index)
            }
        }
        for (index, recipe) in recipes.enumerated() {
            for related in recipe.related where indexByID[related] == nil {
                throw .unknownRelatedRecipe(related.description, recipeIndex: index, recipeName: recipe.name)
            }
        }
        self.init(recipes: recipes, aliases: aliases, indexByID: indexByID)
    }

    /// Indexes recipes already known to be consistent (the built-in set, which a test checks).
    convenience init(indexing recipes: [Recipe], aliases: [Recipe.ID: Recipe.ID]) {
        var indexByID: [Recipe.ID: Int] = [:]
        indexByID.reserveCapacity(recipes.count)
        for (index, recipe) in recipes.enumerated() where indexByID[recipe.id] == nil {
            indexByID[recipe.id] = index
        }
        self.init(recipes: recipes, aliases: aliases, indexByID: indexByID)
    }

    /// Builds the name and category indexes beside an index by ID that is already made.
    private init(recipes: [Recipe], aliases: [Recipe.ID: Recipe.ID], indexByID: [Recipe.ID: Int]) {
        var indicesByFoldedName: [String: [Int]] = [:]
        var indicesByCategory: [Category: [Int]] = [:]
        for (index, recipe) in recipes.enumerated() {
            indicesByFoldedName[NameFolding.fold(recipe.name), default: []].append(index)
            indicesByCategory[recipe.category, default: []].append(index)
        }
        for (category, indices) in indicesByCategory {
            indicesByCategory[category] = indices.sorted {
                (recipes[$0].name, recipes[$0].id) < (recipes[$1].name, recipes[$1].id)
            }
        }
        self.recipes = recipes
        self.aliases = aliases
        self.recipeByID = indexByID.mapValues { recipes[$0] }
        self.indicesByFoldedName = indicesByFoldedName
        self.indicesByCategory = indicesByCategory
    }

    // MARK: - Lookup

    /// The recipe with an identifier, in constant time.
    /// - Parameter id: The identifier.
    /// - Returns: nil when no recipe has it.
    public func recipe(withID id: Recipe.ID) -> Recipe? {
        recipeByID[id]
    }

    /// The recipes of a category, sorted by name.
    /// - Parameter category: The category.
    /// - Returns: The recipes; empty for a category without any.
    public func recipes(in category: Category) -> [Recipe] {
        (indicesByCategory[category] ?? []).map { recipes[$0] }
    }

    /// The recipes related to one, in the order it lists them.
    /// - Parameter recipe: The recipe.
    /// - Returns: The related recipes.
    public func recipes(relatedTo recipe: Recipe) -> [Recipe] {
        recipe.related.compactMap { self.recipe(withID: $0) }
    }

    /// The recipes whose name matches, ignoring case and accents (`creme brulee` finds `Crème Brûlée`).
    /// - Parameter name: The name to look for.
    /// - Returns: The matching recipes in data order; more than one when names collide.
    public func recipes(named name: String) -> [Recipe] {
        (indicesByFoldedName[NameFolding.fold(name)] ?? []).map { recipes[$0] }
    }

    /// The one recipe whose name matches, ignoring case and accents.
    /// - Parameter name: The name to look for.
    /// - Returns: nil when none or several match.
    public func recipe(named name: String) -> Recipe? {
        let matches = recipes(named: name)
        return matches.count == 1 ? matches[0] : nil
    }
}
