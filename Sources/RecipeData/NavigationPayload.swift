import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Navigation data as decoded, before its identifiers are looked up.
///
/// Accepts every shape a `NavigationModel` has been saved in: the talk's two keys
/// (`selectedCategory`, `recipePathIds`), the shipped samples' three (plus `columnVisibility`, in
/// any key order, as the 2024 sample's `NavigationData.json` writes them), the WWDC23 Focus
/// Cookbook's spelling `recipePathIDs`, and navstate's own. A missing path means an empty one and a
/// missing or null `selectedCategory` means none. Identifiers are kept as text, so a malformed one
/// can be reported and dropped rather than failing the whole restore.
public struct NavigationPayload: Sendable, Hashable {
    /// The category's raw value as stored, which may name no category.
    public var selectedCategory: Int?
    /// The path's identifiers as stored.
    public var recipePathIDs: [String]
    /// The sample's split-view setting, verbatim.
    public var columnVisibility: JSONValue?
    /// Unknown members, verbatim.
    public var additionalMembers: [String: JSONValue]

    /// Creates a payload.
    /// - Parameters:
    ///   - selectedCategory: The category's raw value.
    ///   - recipePathIDs: The path's identifiers as text.
    ///   - columnVisibility: The sample's split-view setting.
    ///   - additionalMembers: Other members.
    public init(
        selectedCategory: Int? = nil, recipePathIDs: [String] = [], columnVisibility: JSONValue? = nil,
        additionalMembers: [String: JSONValue] = [:]
    ) {
        self.selectedCategory = selectedCategory
        self.recipePathIDs = recipePathIDs
        self.columnVisibility = columnVisibility
        self.additionalMembers = additionalMembers
    }

    /// Decodes navigation JSON, as the sample's `jsonData` holds it.
    /// - Parameter data: The JSON bytes.
    /// - Throws: ``RecipeDataError/invalidNavigationData(reason:)`` naming the problem and its place.
    public init(data: some Collection<UInt8>) throws(RecipeDataError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch {
            throw .invalidNavigationData(reason: error.description)
        }
        try self.init(json: json)
    }

    /// Decodes a stored scene value: JSON, or binary data holding JSON.
    /// - Parameter sceneValue: The stored value.
    /// - Throws: ``RecipeDataError/invalidNavigationData(reason:)``.
    public init(sceneValue: SceneValue) throws(RecipeDataError) {
        switch sceneValue {
        case .json(let json): try self.init(json: json)
        case .binary(let data): try self.init(data: data)
        }
    }

    /// Decodes navigation JSON already parsed.
    /// - Parameter json: The value.
    /// - Throws: ``RecipeDataError/invalidNavigationData(reason:)`` naming the problem and its place.
    public init(json: JSONValue) throws(RecipeDataError) {
        guard case .object(var members) = json else {
            throw .invalidNavigationData(reason: "expected an object, found \(json.kindName)")
        }
        var category: Int?
        switch members.removeValue(forKey: "selectedCategory") {
        case nil, .null?: category = nil
        case .number(let number)?:
            guard let raw = number.intValue else {
                throw .invalidNavigationData(reason: "'selectedCategory' must be an integer, found \(number)")
            }
            category = raw
        case let other?:
            throw .invalidNavigationData(reason: "'selectedCategory' must be an integer, found \(other.kindName)")
        }
        var ids: [String] = []
        // The Focus Cookbook spells the key `recipePathIDs`; when both are present, the cookbook's
        // own key wins and the other is kept as an unknown member.
        let key = members["recipePathIds"] == nil && members["recipePathIDs"] != nil ? "recipePathIDs" : "recipePathIds"
        switch members.removeValue(forKey: key) {
        case nil: break
        case .array(let items)?:
            ids.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item else {
                    throw .invalidNavigationData(
                        reason: "'\(key)[\(index)]' must be a string, found \(item.kindName)")
                }
                ids.append(text)
            }
        case let other?:
            throw .invalidNavigationData(reason: "'\(key)' must be an array, found \(other.kindName)")
        }
        let columnVisibility = members.removeValue(forKey: "columnVisibility")
        self.init(
            selectedCategory: category, recipePathIDs: ids, columnVisibility: columnVisibility,
            additionalMembers: members)
    }
}
