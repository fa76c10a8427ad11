import SceneNavigation
import SceneStore

/// The navigation state of one scene of the cookbook, as Apple's NavigationCookbook sample saves its
/// `NavigationModel`: the selected category and the path of recipes, the path as recipe IDs.
///
/// It encodes as the sample's JSON, byte for byte what `JSONEncoder` with `.sortedKeys` writes for
/// the sample's model (which every version of the sample decodes):
///
/// ```json
/// {"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"],"selectedCategory":0}
/// ```
///
/// `selectedCategory` is left out when nil; `columnVisibility` (which only the shipped sample
/// writes) and any other member are kept as they were read and written back unchanged. It decodes
/// every shape the sample's model has been saved in: the talk's two keys, the shipped samples'
/// three (in any order), the WWDC23 Focus Cookbook's spelling `recipePathIDs`, and a missing path
/// or a missing or null category (none). Restored by a ``NavigationModel``, each ID is looked up in
/// the model's recipe data and the missing ones are dropped and reported, as the sample's
/// `compactMap` drops them.
public struct CookbookState: Codable, Hashable, Sendable {
    /// The selected category, if any.
    public var selectedCategory: Category?
    /// The recipes on the navigation path, from the root; saved as their IDs.
    public var path: RoutePath<Recipe>
    /// The shipped sample's split-view setting, kept verbatim so a round trip loses nothing.
    public var columnVisibility: JSONValue?
    /// Members this version does not know, kept verbatim so a round trip loses nothing.
    public var additionalMembers: [String: JSONValue]

    /// Creates a state.
    /// - Parameters:
    ///   - selectedCategory: The selected category.
    ///   - path: The recipes on the path.
    ///   - columnVisibility: The sample's split-view setting.
    ///   - additionalMembers: Other members to keep.
    public init(
        selectedCategory: Category? = nil, path: RoutePath<Recipe> = [], columnVisibility: JSONValue? = nil,
        additionalMembers: [String: JSONValue] = [:]
    ) {
        self.selectedCategory = selectedCategory
        self.path = path
        self.columnVisibility = columnVisibility
        self.additionalMembers = additionalMembers
    }
}

// MARK: - Coding

extension CookbookState {
    /// A member's name as a coding key.
    private struct Member: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }

        static let path = Member("recipePathIds")
        /// The WWDC23 Focus Cookbook's spelling, read but never written.
        static let focusCookbookPath = Member("recipePathIDs")
        static let category = Member("selectedCategory")
        static let columnVisibility = Member("columnVisibility")
    }

    /// Encodes the sample's members, the path as recipe IDs, and the members kept verbatim.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Member.self)
        for (name, value) in additionalMembers
        where ![Member.path, .category, .columnVisibility].map(\.stringValue).contains(name) {
            try container.encode(value, forKey: Member(name))
        }
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(selectedCategory, forKey: .category)
        try container.encodeIfPresent(columnVisibility, forKey: .columnVisibility)
    }

    /// Decodes any shape the sample's model was saved in.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object, or (decoded strictly) when a
    ///   member is of the wrong type; in a restore, such a member is dropped and reported instead.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Member.self)
        // The Focus Cookbook spells the key `recipePathIDs`; when both are present, the cookbook's
        // own key wins and the other is kept as an unknown member.
        let pathKey =
            !container.contains(.path) && container.contains(.focusCookbookPath) ? Member.focusCookbookPath : .path
        path = try container.decodeIfPresent(RoutePath<Recipe>.self, forKey: pathKey) ?? []
        selectedCategory = try container.decodeIfPresent(Category.self, forKey: .category)
        columnVisibility =
            container.contains(.columnVisibility)
            ? try container.decode(JSONValue.self, forKey: .columnVisibility) : nil
        var additional: [String: JSONValue] = [:]
        for key in container.allKeys
        where ![pathKey, .category, .columnVisibility].map(\.stringValue).contains(key.stringValue) {
            additional[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        additionalMembers = additional
    }
}
