import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Loading and saving

extension DataModel {
    /// Loads and validates recipe data: navstate's shape or the sample's own `Recipes.json`.
    ///
    /// navstate's shape (`Fixtures/recipes.json`) is an object holding the recipes:
    ///
    /// ```json
    /// {"recipes": [{"id": "<UUID>", "name": "Apple Pie", "category": "dessert",
    ///               "ingredients": ["..."], "related": ["<UUID>"]}]}
    /// ```
    ///
    /// Apple's sample ships a top-level array of the same objects with integer categories (0-3),
    /// and is not strict JSON: two of its arrays end with a trailing comma, which Foundation's
    /// `JSONDecoder` accepts. Both are read as they are: a top-level array or object, `category` as a
    /// stable name (`dessert`) or a number, trailing commas before `]` and `}`, `ingredients` and
    /// `related` optional, and any other key (such as the sample's `imageName`) ignored. This
    /// leniency is for recipe data only: scene files are always read strictly.
    ///
    /// - Parameters:
    ///   - jsonData: The file's contents.
    ///   - aliases: Identifiers of an earlier data set mapped to identifiers of these recipes.
    /// - Throws: ``RecipeDataError/malformedDataFile(reason:)`` with the line and column when the
    ///   JSON is malformed; ``RecipeDataError/invalidDataFile(location:position:reason:)`` naming the member
    ///   (such as `recipes[3].category`) and its line and column when the shape is wrong; and the
    ///   errors of ``init(recipes:aliases:)``.
    public convenience init(
        jsonData: some Collection<UInt8>, aliases: [Recipe.ID: Recipe.ID] = [:]
    ) throws(RecipeDataError) {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: jsonData, allowsTrailingCommas: true)
        } catch {
            throw .malformedDataFile(reason: error.description)
        }
        let recipes: [Recipe]
        do throws(InvalidMember) {
            recipes = try Self.recipes(in: root)
        } catch {
            let position = JSONValue.position(of: error.place.path, in: jsonData, allowsTrailingCommas: true)
            throw .invalidDataFile(location: error.place.name, position: position, reason: error.reason)
        }
        try self.init(recipes: recipes, aliases: aliases)
    }

    /// Where a part of the data is: as errors name it (`recipes[3].category`, whichever shape the
    /// file has), and as a path into the file.
    private struct Place {
        var name: String
        var path: [JSONValue.PathComponent]

        /// A member, named as such; its path stops at the object when the object lacks it.
        func member(_ key: String, of fields: [String: JSONValue]? = nil) -> Place {
            Place(name: name + "." + key, path: fields.map { $0[key] == nil } == true ? path : path + [.key(key)])
        }
        func element(_ index: Int) -> Place { Place(name: name + "[\(index)]", path: path + [.index(index)]) }
    }

    /// A part of the data that is not of the expected shape.
    private struct InvalidMember: Error {
        var place: Place
        var reason: String
    }

    private static func recipes(in root: JSONValue) throws(InvalidMember) -> [Recipe] {
        let items: [JSONValue]
        let list: Place
        switch root {
        case .array(let elements):
            items = elements
            list = Place(name: "recipes", path: [])
        case .object(let members):
            list = Place(name: "recipes", path: [.key("recipes")])
            guard case .array(let elements)? = members["recipes"] else {
                throw InvalidMember(
                    place: members["recipes"] == nil ? Place(name: "recipes", path: []) : list,
                    reason: "expected an array of recipes")
            }
            items = elements
        default:
            throw InvalidMember(
                place: Place(name: "top level", path: []),
                reason: "expected an array of recipes or an object, found \(Self.kind(of: root))")
        }
        var recipes: [Recipe] = []
        recipes.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            recipes.append(try recipe(from: item, at: list.element(index)))
        }
        return recipes
    }

    private static func recipe(from item: JSONValue, at place: Place) throws(InvalidMember) -> Recipe {
        guard case .object(let fields) = item else {
            throw InvalidMember(place: place, reason: "expected an object, found \(Self.kind(of: item))")
        }
        guard case .string(let idText)? = fields["id"] else {
            throw InvalidMember(place: place.member("id", of: fields), reason: "expected a UUID string")
        }
        guard let id = Recipe.ID(idText) else {
            throw InvalidMember(place: place.member("id"), reason: "'\(idText)' is not a UUID")
        }
        guard case .string(let name)? = fields["name"], !NameFolding.trimmed(name).isEmpty else {
            throw InvalidMember(place: place.member("name", of: fields), reason: "expected a non-empty string")
        }
        let category: Category
        switch fields["category"] {
        case .string(let text)?:
            guard let named = Category(name: text) else {
                throw InvalidMember(
                    place: place.member("category"),
                    reason: "unknown category '\(text)' (expected \(Category.namesInWords))")
            }
            category = named
        case .number(let number)?:
            guard let raw = number.intValue, let numbered = Category(rawValue: raw) else {
                throw InvalidMember(
                    place: place.member("category"), reason: "unknown category \(number) (expected 0 to 3)")
            }
            category = numbered
        default:
            throw InvalidMember(place: place.member("category", of: fields), reason: "expected a category name")
        }
        let ingredients = try strings(fields["ingredients"], at: place.member("ingredients"))
        var related: [Recipe.ID] = []
        let relatedPlace = place.member("related")
        for (index, text) in try strings(fields["related"], at: relatedPlace).enumerated() {
            guard let relatedID = Recipe.ID(text) else {
                throw InvalidMember(place: relatedPlace.element(index), reason: "'\(text)' is not a UUID")
            }
            related.append(relatedID)
        }
        return Recipe(id: id, name: name, category: category, ingredients: ingredients, related: related)
    }

    private static func strings(_ value: JSONValue?, at place: Place) throws(InvalidMember) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            throw InvalidMember(place: place, reason: "expected an array of strings")
        }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item else {
                throw InvalidMember(
                    place: place.element(index), reason: "expected a string, found \(Self.kind(of: item))")
            }
            result.append(text)
        }
        return result
    }

    /// The data set in the JSON shape that ``init(jsonData:aliases:)`` reads: pretty-printed, sorted keys,
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

extension DataModel {
    /// What a JSON value is, in words, for an error about a data file: `object`, `string`, ...
    /// - Parameter value: The value found.
    /// - Returns: Its kind.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
