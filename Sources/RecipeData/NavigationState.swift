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
///
/// It is also what a ``NavigationModel`` publishes after each change (inside its
/// ``NavigationModel/Snapshot``): made from the model, it holds the path's recipes themselves, so
/// taking it copies no identifiers; they are read from the recipes when asked for.
public struct NavigationState: Sendable, Hashable {
    /// The path as it is held: identifiers (decoded or built), or a model's recipes.
    enum Path: Sendable {
        case identifiers([Recipe.ID])
        case recipes([Recipe])
    }

    /// The selected category, if any.
    public var selectedCategory: Category?
    /// The identifiers of the recipes on the navigation path, from the root.
    public var recipePathIDs: [Recipe.ID] {
        get {
            switch path {
            case .identifiers(let identifiers): identifiers
            case .recipes(let recipes): recipes.map(\.id)
            }
        }
        set { path = .identifiers(newValue) }
    }
    /// The path's recipes, when the state was made from a model.
    var recipes: [Recipe]? {
        if case .recipes(let recipes) = path { return recipes }
        return nil
    }
    var path: Path
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
        self.path = .identifiers(recipePathIDs)
        self.columnVisibility = columnVisibility
        self.additionalMembers = additionalMembers
    }

    /// A state made from a model's values, holding its recipes.
    init(
        selectedCategory: Category?, recipes: [Recipe], columnVisibility: JSONValue?,
        additionalMembers: [String: JSONValue]
    ) {
        self.selectedCategory = selectedCategory
        self.path = .recipes(recipes)
        self.columnVisibility = columnVisibility
        self.additionalMembers = additionalMembers
    }
}

// MARK: - Equality

extension NavigationState {
    /// Two states are equal when they would be saved the same: same category, identifiers and members.
    /// - Parameters:
    ///   - lhs: A state.
    ///   - rhs: Another state.
    /// - Returns: Whether they are equal.
    public static func == (lhs: NavigationState, rhs: NavigationState) -> Bool {
        lhs.selectedCategory == rhs.selectedCategory && lhs.columnVisibility == rhs.columnVisibility
            && lhs.additionalMembers == rhs.additionalMembers && lhs.recipePathIDs == rhs.recipePathIDs
    }

    /// Hashes what is saved.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(selectedCategory)
        hasher.combine(recipePathIDs)
        hasher.combine(columnVisibility)
        hasher.combine(additionalMembers)
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
        let identifiers = recipePathIDs
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40 + identifiers.count * 39)
        bytes.append(contentsOf: #"{"recipePathIds":["#.utf8)
        for (index, id) in identifiers.enumerated() {
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
