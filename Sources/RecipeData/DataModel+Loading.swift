import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Loading and saving

extension DataModel {
    /// Loads and validates recipe data in the JSON shape of `Fixtures/recipes.json`:
    ///
    /// ```json
    /// {"recipes": [{"id": "<UUID>", "name": "Apple Pie", "category": "dessert",
    ///               "ingredients": ["..."], "related": ["<UUID>"]}]}
    /// ```
    ///
    /// `category` is a stable name (`dessert`) or the sample's number (0-3); `ingredients` and
    /// `related` may be left out.
    ///
    /// - Parameter jsonData: The file's contents.
    /// - Throws: ``RecipeDataError/malformedDataFile(reason:)`` with the line and column when the
    ///   JSON is malformed; ``RecipeDataError/invalidDataFile(location:reason:)`` naming the member
    ///   (such as `recipes[3].category`) when the shape is wrong; and the errors of ``init(recipes:)``.
    public convenience init(jsonData: some Collection<UInt8>) throws(RecipeDataError) {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: jsonData)
        } catch {
            throw .malformedDataFile(reason: error.description)
        }
        guard case .object(let members) = root else {
            throw .invalidDataFile(location: "top level", reason: "expected an object, found \(root.kindName)")
        }
        for key in members.keys where key != "recipes" {
            throw .invalidDataFile(location: "top level", reason: "unknown member '\(key)'")
        }
        guard case .array(let items)? = members["recipes"] else {
            throw .invalidDataFile(location: "recipes", reason: "expected an array of recipes")
        }
        var recipes: [Recipe] = []
        recipes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            recipes.append(try Self.recipe(from: item, at: "recipes[\(index)]"))
        }
        try self.init(recipes: recipes)
    }

    private static func recipe(from item: JSONValue, at location: String) throws(RecipeDataError) -> Recipe {
        guard case .object(let fields) = item else {
            throw .invalidDataFile(location: location, reason: "expected an object, found \(item.kindName)")
        }
        for key in fields.keys where !["id", "name", "category", "ingredients", "related"].contains(key) {
            throw .invalidDataFile(location: location, reason: "unknown member '\(key)'")
        }
        guard case .string(let idText)? = fields["id"] else {
            throw .invalidDataFile(location: "\(location).id", reason: "expected a UUID string")
        }
        guard let id = Recipe.ID(idText) else {
            throw .invalidDataFile(location: "\(location).id", reason: "'\(idText)' is not a UUID")
        }
        guard case .string(let name)? = fields["name"], !NameFolding.trimmed(name).isEmpty else {
            throw .invalidDataFile(location: "\(location).name", reason: "expected a non-empty string")
        }
        let category: Category
        switch fields["category"] {
        case .string(let text)?:
            guard let named = Category(name: text) else {
                throw .invalidDataFile(
                    location: "\(location).category",
                    reason: "unknown category '\(text)' (expected \(Category.namesForMessages))")
            }
            category = named
        case .number(let number)?:
            guard let raw = number.intValue, let numbered = Category(rawValue: raw) else {
                throw .invalidDataFile(
                    location: "\(location).category", reason: "unknown category \(number) (expected 0 to 3)")
            }
            category = numbered
        default:
            throw .invalidDataFile(location: "\(location).category", reason: "expected a category name")
        }
        let ingredients = try strings(fields["ingredients"], at: "\(location).ingredients")
        var related: [Recipe.ID] = []
        for (index, text) in try strings(fields["related"], at: "\(location).related").enumerated() {
            guard let relatedID = Recipe.ID(text) else {
                throw .invalidDataFile(location: "\(location).related[\(index)]", reason: "'\(text)' is not a UUID")
            }
            related.append(relatedID)
        }
        return Recipe(id: id, name: name, category: category, ingredients: ingredients, related: related)
    }

    private static func strings(_ value: JSONValue?, at location: String) throws(RecipeDataError) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            throw .invalidDataFile(location: location, reason: "expected an array of strings")
        }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw .invalidDataFile(
                    location: "\(location)[\(index)]", reason: "expected a string, found \(item.kindName)")
            }
            result.append(text)
        }
        return result
    }

    /// The data set in the JSON shape that ``init(jsonData:)`` reads: pretty-printed, sorted keys,
    /// categories by name, with a newline at the end.
    public func encodedJSON() -> [UInt8] {
        let items: [JSONValue] = recipes.map { recipe in
            .object([
                "id": .string(recipe.id.description),
                "name": .string(recipe.name),
                "category": .string(recipe.category.name),
                "ingredients": .array(recipe.ingredients.map { .string($0) }),
                "related": .array(recipe.related.map { .string($0.description) }),
            ])
        }
        var bytes = JSONValue.object(["recipes": .array(items)]).serialized(pretty: true)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
