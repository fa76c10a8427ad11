import SceneNavigation
import SceneStore

// MARK: - Deprecated: 0.2.0's cookbook report, until 0.4.0

extension RestoreReport.DroppedElement {
    /// The identifier of a dropped recipe as stored, as 0.2.0's cookbook report named it: the
    /// element's JSON string, or its JSON text when it is not a string.
    @available(*, deprecated, message: "use json, the element as stored (a recipe's identifier is its string value)")
    public var id: String {
        json.stringValue ?? String(decoding: json.serialized(), as: UTF8.self)
    }
}

extension Category {
    /// The stable names joined for messages: `dessert, pancake, salad or sandwich`.
    @available(*, deprecated, message: "join the names of Category.allCases as your message needs")
    public static var namesForMessages: String { namesInWords }
}

extension SceneNavigation.RestorePolicy {
    /// What to do with a path identifier that names no recipe: skip it or truncate the path there.
    @available(*, deprecated, renamed: "DropHandling")
    public typealias MissingRecipes = DropHandling

    /// What to do with identifiers that name no recipe.
    @available(*, deprecated, renamed: "onDrop")
    public var missingRecipes: DropHandling {
        get { onDrop }
        set { onDrop = newValue }
    }

    /// Creates a policy in the cookbook's words.
    /// - Parameters:
    ///   - missingRecipes: Skip or truncate at missing recipes.
    ///   - maximumDepth: The deepest path restored.
    ///   - dropsDuplicates: Whether a recipe already on the path is dropped when it appears again.
    @available(*, deprecated, renamed: "init(onDrop:maximumDepth:dropsDuplicates:)")
    public init(missingRecipes: DropHandling, maximumDepth: Int = 10_000, dropsDuplicates: Bool = false) {
        self.init(onDrop: missingRecipes, maximumDepth: maximumDepth, dropsDuplicates: dropsDuplicates)
    }
}

extension SceneNavigationModel where State == CookbookState {
    /// Members of the stored state that the cookbook does not read, written back unchanged.
    @available(*, deprecated, message: "read state.additionalMembers")
    public var additionalMembers: [String: JSONValue] { state.additionalMembers }

    /// Restores from the sample's navigation data, element by element, as 0.2.0's model did.
    /// - Parameters:
    ///   - data: The JSON text.
    ///   - policy: How to treat identifiers that no longer resolve.
    /// - Returns: What was restored and what was dropped, and why.
    /// - Throws: ``/SceneNavigation/NavigationError/cannotDecode(key:reason:location:)`` when the
    ///   text is not JSON or not the cookbook's state (0.2.0 threw `RecipeDataError`).
    @available(
        *, deprecated,
        message:
            "parse the text with JSONValue(parsing:), then use restore(from:key:policy:schemaVersion:) with .json(value)"
    )
    @discardableResult
    public func restore(from data: some Collection<UInt8>, policy: RestorePolicy = RestorePolicy())
        throws(NavigationError) -> RestoreReport
    {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch {
            throw .cannotDecode(key: "navigation", reason: "\(error)")
        }
        return try restore(from: .json(value), policy: policy)
    }
}
