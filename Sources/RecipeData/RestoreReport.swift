import SceneNavigation

/// How a restore treats identifiers that no longer resolve: SceneNavigation's policy, which every
/// restore of the toolkit follows.
public typealias RestorePolicy = SceneNavigation.RestorePolicy

extension RestorePolicy {
    /// What to do with a path identifier that names no recipe: skip it (the sample's
    /// `compactMap`) or truncate the path there.
    public typealias MissingRecipes = DropHandling

    /// What to do with identifiers that name no recipe (``RestorePolicy/onDrop``).
    public var missingRecipes: MissingRecipes {
        get { onDrop }
        set { onDrop = newValue }
    }

    /// Creates a policy in the cookbook's words.
    /// - Parameters:
    ///   - missingRecipes: Skip or truncate at missing recipes.
    ///   - maximumDepth: The deepest path restored.
    ///   - dropsDuplicates: Whether a recipe already on the path is dropped when it appears again
    ///     (off by default: following related recipes can visit one twice).
    public init(missingRecipes: MissingRecipes, maximumDepth: Int = 10_000, dropsDuplicates: Bool = false) {
        self.init(onDrop: missingRecipes, maximumDepth: maximumDepth, dropsDuplicates: dropsDuplicates)
    }
}

/// What a restore kept and what it dropped, and why.
public struct RestoreReport: Sendable, Hashable {
    /// Why an identifier was dropped.
    ///
    /// Its `rawValue` is the stable code written in JSON (`not-in-data-set`); its `description` is
    /// the reason in words (`not in the recipe data`), as people read it.
    public enum Reason: String, Sendable, Hashable, CustomStringConvertible {
        /// The text is not a UUID.
        case malformedID = "malformed-id"
        /// No recipe in the data set has this identifier (deleted, or from other data).
        case notInDataSet = "not-in-data-set"
        /// It comes after a missing recipe and the policy truncates there.
        case afterMissingRecipe = "after-missing-recipe"
        /// The recipe is already on the path and the policy drops duplicates.
        case duplicate
        /// The path is deeper than the policy's maximum.
        case beyondMaximumDepth = "beyond-maximum-depth"
        /// The path was withheld: by the crash-loop guard, or for a deep link.
        case withheld

        /// The reason in words, such as `not in the recipe data`.
        public var description: String {
            switch self {
            case .malformedID: "not a UUID"
            case .notInDataSet: "not in the recipe data"
            case .afterMissingRecipe: "after a missing recipe (policy truncate)"
            case .duplicate: "already on the path"
            case .beyondMaximumDepth: "beyond the maximum depth"
            case .withheld: "the path was withheld"
            }
        }
    }

    /// One dropped identifier.
    public struct DroppedID: Sendable, Hashable {
        /// Its index in the saved path, from 0 (people are shown it counted from 1).
        public var position: Int
        /// The identifier as stored.
        public var id: String
        /// Why it was dropped.
        public var reason: Reason

        /// Creates an entry.
        /// - Parameters:
        ///   - position: The position in the saved path.
        ///   - id: The identifier as stored.
        ///   - reason: Why it was dropped.
        public init(position: Int, id: String, reason: Reason) {
            self.position = position
            self.id = id
            self.reason = reason
        }
    }

    /// One identifier of an earlier data set, restored as the recipe it is an alias of.
    public struct MigratedID: Sendable, Hashable {
        /// Its index in the saved path, from 0 (people are shown it counted from 1).
        public var position: Int
        /// The identifier as stored.
        public var from: String
        /// The identifier of the recipe restored in its place.
        public var to: Recipe.ID

        /// Creates an entry.
        /// - Parameters:
        ///   - position: The position in the saved path.
        ///   - from: The identifier as stored.
        ///   - to: The identifier restored.
        public init(position: Int, from: String, to: Recipe.ID) {
            self.position = position
            self.from = from
            self.to = to
        }
    }

    /// The restored category.
    public var selectedCategory: Category?
    /// The saved category's raw value when it names no category (and so was dropped).
    public var droppedCategory: Int?
    /// The restored path.
    public var restoredIDs: [Recipe.ID]
    /// The dropped identifiers, in path order.
    public var dropped: [DroppedID]
    /// The identifiers restored through ``DataModel/aliases``, in path order. They are part of the
    /// restored path (and of ``restoredIDs`` under their new identifiers), not dropped.
    public var migrated: [MigratedID]

    /// Creates a report.
    /// - Parameters:
    ///   - selectedCategory: The restored category.
    ///   - droppedCategory: A saved category that names none.
    ///   - restoredIDs: The restored path.
    ///   - dropped: The dropped identifiers.
    ///   - migrated: The identifiers restored through aliases.
    public init(
        selectedCategory: Category? = nil, droppedCategory: Int? = nil, restoredIDs: [Recipe.ID] = [],
        dropped: [DroppedID] = [], migrated: [MigratedID] = []
    ) {
        self.selectedCategory = selectedCategory
        self.droppedCategory = droppedCategory
        self.restoredIDs = restoredIDs
        self.dropped = dropped
        self.migrated = migrated
    }

    /// Whether everything saved was restored (migrated identifiers count as restored).
    public var isComplete: Bool { dropped.isEmpty && droppedCategory == nil }
}
