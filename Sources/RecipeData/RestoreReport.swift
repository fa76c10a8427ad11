/// How a restore treats identifiers that no longer resolve.
public struct RestorePolicy: Sendable, Hashable {
    /// What to do with a path identifier that names no recipe.
    public enum MissingRecipes: String, Sendable, Hashable, CaseIterable {
        /// Drop it and keep the rest, as the sample's `compactMap` does. The default.
        case skip
        /// Keep the path up to the first missing recipe and drop everything from there, so the
        /// restored stack is a prefix of the saved one and stays coherent.
        case truncate
    }

    /// What to do with identifiers that name no recipe.
    public var missingRecipes: MissingRecipes
    /// The deepest path restored; identifiers past it are dropped. 10,000 by default.
    public var maximumDepth: Int
    /// Whether a recipe already on the path is dropped when it appears again. Off by default:
    /// following related recipes can legitimately visit one twice (Pie Crust, Fruit Pie Filling,
    /// Pie Crust).
    public var dropsDuplicates: Bool

    /// Creates a policy.
    /// - Parameters:
    ///   - missingRecipes: Skip or truncate at missing recipes.
    ///   - maximumDepth: The deepest path restored.
    ///   - dropsDuplicates: Whether repeated recipes are dropped.
    public init(missingRecipes: MissingRecipes = .skip, maximumDepth: Int = 10_000, dropsDuplicates: Bool = false) {
        self.missingRecipes = missingRecipes
        self.maximumDepth = maximumDepth
        self.dropsDuplicates = dropsDuplicates
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

        /// The reason in words, such as `not in the recipe data`.
        public var description: String {
            switch self {
            case .malformedID: "not a UUID"
            case .notInDataSet: "not in the recipe data"
            case .afterMissingRecipe: "after a missing recipe (policy truncate)"
            case .duplicate: "already on the path"
            case .beyondMaximumDepth: "beyond the maximum depth"
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

// MARK: - Restoring

extension DataModel {
    /// Looks up a payload's identifiers and builds the state to restore, with a report.
    ///
    /// Runs in time proportional to the path's length, whatever the size of the data set.
    ///
    /// - Parameters:
    ///   - payload: The decoded navigation data.
    ///   - policy: How to treat identifiers that do not resolve.
    /// - Returns: The state to apply, its recipes, and the report.
    public func restore(
        _ payload: NavigationPayload, policy: RestorePolicy = RestorePolicy()
    ) -> (state: NavigationState, path: [Recipe], report: RestoreReport) {
        var report = RestoreReport()
        if let raw = payload.selectedCategory {
            if let category = Category(rawValue: raw) {
                report.selectedCategory = category
            } else {
                report.droppedCategory = raw
            }
        }
        var path: [Recipe] = []
        path.reserveCapacity(min(payload.recipePathIDs.count, max(policy.maximumDepth, 0)))
        var seen: Set<Recipe.ID> = []
        var truncated = false
        for (position, text) in payload.recipePathIDs.enumerated() {
            func drop(_ reason: RestoreReport.Reason) {
                report.dropped.append(.init(position: position, id: text, reason: reason))
            }
            if truncated {
                drop(.afterMissingRecipe)
                continue
            }
            guard let id = Recipe.ID(text) else {
                drop(.malformedID)
                if policy.missingRecipes == .truncate { truncated = true }
                continue
            }
            var migratedFrom: String?
            var found = recipe(withID: id)
            if found == nil, let target = aliases[id], let aliased = recipe(withID: target) {
                found = aliased
                migratedFrom = text
            }
            guard let recipe = found else {
                drop(.notInDataSet)
                if policy.missingRecipes == .truncate { truncated = true }
                continue
            }
            if policy.dropsDuplicates && !seen.insert(recipe.id).inserted {
                drop(.duplicate)
                continue
            }
            if path.count >= policy.maximumDepth {
                drop(.beyondMaximumDepth)
                continue
            }
            path.append(recipe)
            if let migratedFrom {
                report.migrated.append(.init(position: position, from: migratedFrom, to: recipe.id))
            }
        }
        report.restoredIDs = path.map(\.id)
        let state = NavigationState(
            selectedCategory: report.selectedCategory, recipePathIDs: report.restoredIDs,
            columnVisibility: payload.columnVisibility, additionalMembers: payload.additionalMembers)
        return (state, path, report)
    }
}
