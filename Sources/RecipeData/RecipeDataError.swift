import SceneStore

/// What can be wrong with recipe data, naming the recipe and the member concerned.
///
/// Errors of navigation state (restoring, saving) are SceneNavigation's `NavigationError`.
public enum RecipeDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A recipe data file is not valid JSON.
    case malformedDataFile(reason: String)
    /// A recipe data file is JSON but not of the expected shape; `location` is such as
    /// `recipes[3].name`, and `position` its line and column in the file.
    case invalidDataFile(location: String, position: JSONTextPosition? = nil, reason: String)
    /// Two recipes share an identifier.
    case duplicateRecipeID(String, firstIndex: Int, secondIndex: Int)
    /// A recipe names a related recipe that does not exist.
    case unknownRelatedRecipe(String, recipeIndex: Int, recipeName: String)

    /// The error as a sentence.
    public var description: String {
        switch self {
        case .malformedDataFile(let reason): "recipe data is not valid JSON: \(reason)"
        case .invalidDataFile(let location, let position, let reason):
            "recipe data: \(location)\(position.map { " (\($0))" } ?? ""): \(reason)"
        case .duplicateRecipeID(let id, let first, let second):
            "recipe data: recipes[\(second)] has the ID \(id), already used by recipes[\(first)]"
        case .unknownRelatedRecipe(let id, let index, let name):
            "recipe data: recipes[\(index)] ('\(name)') is related to \(id), which is no recipe"
        }
    }
}
