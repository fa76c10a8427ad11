/// The element-by-element restore of a saved path: the one algorithm behind every restore of the
/// toolkit, for any route type.
///
/// The caller says how one element is restored (decoded and resolved, or why not); the restorer
/// applies the policy: skip or truncate after a dropped element, drop duplicates, stop at the
/// maximum depth. Elements after a truncation, and the elements of a policy that withholds paths,
/// are never decoded.
enum PathRestorer {
    /// What became of one element.
    enum ElementOutcome<Route> {
        /// It restored as this route.
        case restored(Route)
        /// It restored as this route through a migration: an alias, or a value a resolver or lookup
        /// replaced by another.
        case migrated(Route)
        /// It cannot be restored, for this reason (`.undecodable` or `.unresolved`).
        case dropped(RestoreReport.Reason)
    }

    /// A restored path: its routes, and what was dropped or migrated, by position.
    struct Outcome<Route> {
        /// The restored routes, in order.
        var routes: [Route] = []
        /// The dropped positions, in order, each with its reason.
        var dropped: [(position: Int, reason: RestoreReport.Reason)] = []
        /// The elements restored through a migration, in order: their position and route.
        var migrated: [(position: Int, route: Route)] = []
    }

    /// Whether the policy keeps every one of `count` elements that all restored: it restores
    /// paths, drops no duplicates, and `count` is within its maximum depth. Such a path is its
    /// routes as they are, with nothing to report.
    static func keepsAll(_ count: Int, policy: RestorePolicy) -> Bool {
        policy.restoresPaths && !policy.dropsDuplicates && count <= policy.maximumDepth
    }

    /// Restores `count` elements, asking `element` for each in order.
    ///
    /// Runs in time proportional to the path's length.
    ///
    /// - Parameters:
    ///   - count: How many elements the saved path has.
    ///   - policy: What to do after a dropped element, with duplicates and past the maximum depth.
    ///   - known: The outcomes of the elements already restored (a fast way), by position; nil
    ///     where `element` is asked.
    ///   - element: Restores the element at a position.
    /// - Returns: The routes and what was dropped or migrated.
    static func restore<Route: Hashable>(
        count: Int, policy: RestorePolicy, known: [ElementOutcome<Route>?]? = nil,
        element: (Int) -> ElementOutcome<Route>
    ) -> Outcome<Route> {
        var outcome = Outcome<Route>()
        outcome.routes.reserveCapacity(min(count, max(policy.maximumDepth, 0)))
        var seen: Set<Route> = []
        var truncated = false
        for position in 0..<count {
            if !policy.restoresPaths {
                outcome.dropped.append((position, .withheld))
                continue
            }
            if truncated {
                outcome.dropped.append((position, .afterDroppedElement))
                continue
            }
            let route: Route
            var migrated = false
            switch known?[position] ?? element(position) {
            case .dropped(let reason):
                outcome.dropped.append((position, reason))
                if policy.onDrop == .truncate { truncated = true }
                continue
            case .restored(let restored): route = restored
            case .migrated(let restored):
                route = restored
                migrated = true
            }
            if policy.dropsDuplicates && !seen.insert(route).inserted {
                outcome.dropped.append((position, .duplicate))
                continue
            }
            if outcome.routes.count >= policy.maximumDepth {
                outcome.dropped.append((position, .beyondMaximumDepth))
                continue
            }
            outcome.routes.append(route)
            if migrated { outcome.migrated.append((position, route)) }
        }
        return outcome
    }
}
