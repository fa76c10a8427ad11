import SceneNavigation

// MARK: - Restoring

extension DataModel {
    /// Looks up a payload's identifiers and builds the state to restore, with a report.
    ///
    /// The policy is applied by SceneNavigation's ``PathRestorer``, as for any app's routes: a
    /// malformed identifier does not decode, one that names no recipe (and is no alias of one)
    /// does not resolve. Runs in time proportional to the path's length, whatever the size of the
    /// data set.
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
        let texts = payload.recipePathIDs
        let outcome = PathRestorer.restore(count: texts.count, policy: policy) {
            (position) -> PathRestorer.ElementOutcome<Recipe> in
            guard let id = Recipe.ID(texts[position]) else { return .dropped(.undecodable("not a UUID")) }
            if let recipe = recipe(withID: id) { return .restored(recipe) }
            // The alias table of the data's migrations, as any app's restore applies it.
            if case .string(let target)? = migrations.alias(of: .string(id.description)),
                let target = Recipe.ID(target),
                let recipe = recipe(withID: target)
            {
                return .migrated(recipe)
            }
            return .dropped(.unresolved)
        }
        let path = outcome.routes
        report.restoredIDs = path.map(\.id)
        report.dropped = outcome.dropped.map { position, reason in
            RestoreReport.DroppedID(position: position, id: texts[position], reason: RestoreReport.Reason(reason))
        }
        report.migrated = outcome.migrated.map { position, recipe in
            RestoreReport.MigratedID(position: position, from: texts[position], to: recipe.id)
        }
        let state = NavigationState(
            selectedCategory: report.selectedCategory, recipePathIDs: report.restoredIDs,
            columnVisibility: payload.columnVisibility, additionalMembers: payload.additionalMembers)
        return (state, path, report)
    }
}

extension RestoreReport.Reason {
    /// The cookbook's name for a generic reason.
    init(_ reason: PathRestoreReport.Reason) {
        switch reason {
        case .undecodable, .unknownType: self = .malformedID
        case .unresolved: self = .notInDataSet
        case .afterDroppedElement: self = .afterMissingRecipe
        case .duplicate: self = .duplicate
        case .beyondMaximumDepth: self = .beyondMaximumDepth
        case .withheld: self = .withheld
        }
    }
}
