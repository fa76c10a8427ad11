import SceneStore

/// What a ``NavigationModel`` holds, in the form that is saved: the path as recipe identifiers.
///
/// Encoded exactly as `JSONEncoder` with `.sortedKeys` encodes the sample's `NavigationModel`
/// (compact, `/` escaped as `\/`), which every version of the sample decodes:
///
/// ```json
/// {"recipePathIds":["01891043-0ED4-4DAD-94D3-1C34396CEFBA"],"selectedCategory":0}
/// ```
///
/// `selectedCategory` is left out when nil; `columnVisibility` (which only the shipped sample
/// writes) and any other member are kept as they were read and written back unchanged.
public struct NavigationState: Sendable, Hashable {
    /// The selected category, if any.
    public var selectedCategory: Category?
    /// The identifiers of the recipes on the navigation path, from the root.
    public var recipePathIDs: [Recipe.ID]
    /// The shipped sample's split-view setting, kept verbatim when present.
    public var columnVisibility: JSONValue?
    /// Members this version does not know, kept verbatim so a round trip loses nothing.
    public var additionalMembers: [String: JSONValue]

    /// Creates a state.
    /// - Parameters:
    ///   - selectedCategory: The selected category.
    ///   - recipePathIDs: The path's recipe identifiers.
    ///   - columnVisibility: The sample's split-view setting.
    ///   - additionalMembers: Other members to keep.
    public init(
        selectedCategory: Category? = nil, recipePathIDs: [Recipe.ID] = [], columnVisibility: JSONValue? = nil,
        additionalMembers: [String: JSONValue] = [:]
    ) {
        self.selectedCategory = selectedCategory
        self.recipePathIDs = recipePathIDs
        self.columnVisibility = columnVisibility
        self.additionalMembers = additionalMembers
    }
}

// MARK: - Encoding

extension NavigationState {
    /// The state as JSON.
    public var json: JSONValue {
        var members = additionalMembers
        members["recipePathIds"] = .array(recipePathIDs.map { .string($0.description) })
        if let selectedCategory { members["selectedCategory"] = .number(JSONNumber(selectedCategory.rawValue)) }
        if let columnVisibility { members["columnVisibility"] = columnVisibility }
        return .object(members)
    }

    /// The state as compact JSON bytes, byte-identical to `JSONEncoder` output with `.sortedKeys`
    /// (slashes escaped as `\/`, as `JSONEncoder` writes them): a `columnVisibility` read from the
    /// 2024 sample's `NavigationData.json` is written back in the same bytes.
    public func encoded() -> [UInt8] {
        // The common shape is written directly; anything with extra members goes through the tree.
        guard columnVisibility == nil, additionalMembers.isEmpty else { return json.serialized(escapingSlashes: true) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40 + recipePathIDs.count * 39)
        bytes.append(contentsOf: #"{"recipePathIds":["#.utf8)
        for (index, id) in recipePathIDs.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: id.description.utf8)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "]"))
        if let selectedCategory {
            bytes.append(contentsOf: #","selectedCategory":"#.utf8)
            bytes.append(contentsOf: String(selectedCategory.rawValue).utf8)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

extension NavigationState: SceneStorable {
    /// The state as readable JSON.
    public var sceneValue: SceneValue { .json(json) }

    /// Reads a stored state, keeping its identifiers as they are without looking them up.
    ///
    /// Use ``NavigationPayload`` and ``DataModel/restore(_:policy:)`` to restore against data and
    /// learn what was dropped; this initialiser is for tools that only move states around.
    /// - Parameter sceneValue: The stored value.
    public init?(sceneValue: SceneValue) {
        guard let payload = try? NavigationPayload(sceneValue: sceneValue) else { return nil }
        var ids: [Recipe.ID] = []
        for text in payload.recipePathIDs {
            guard let id = Recipe.ID(text) else { return nil }
            ids.append(id)
        }
        let category = payload.selectedCategory.flatMap(Category.init(rawValue:))
        if payload.selectedCategory != nil && category == nil { return nil }
        self.init(
            selectedCategory: category, recipePathIDs: ids, columnVisibility: payload.columnVisibility,
            additionalMembers: payload.additionalMembers)
    }

    /// `a navigation state`.
    public static var sceneTypeDescription: String { "a navigation state" }
}
