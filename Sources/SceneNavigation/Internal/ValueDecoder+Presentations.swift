import SceneStore

extension ValueDecoder {
    /// Restores the array this decoder reads as a chain of presentations, level by level: each
    /// level's route looked up in the migrations' aliases, the level decoded strictly (and its
    /// route resolved); a level that does not restore is dropped and reported, and every level above
    /// it, presented over it, dropped after it whatever the policy, and no level dropped as a
    /// duplicate; a policy that withholds paths withholds the chain. Without a restore, the array is decoded as strictly as
    /// `[Presentation<Route>]`.
    func restoreChain<Route: Codable & Hashable>(_ type: Route.Type) throws -> [Presentation<Route>] {
        guard let session else { return try [Presentation<Route>](from: self) }
        guard case .array(let levels) = value else { throw mismatch(expected: [Any].self) }
        let depth = codingPath.count
        // A level presented over one that is not shown cannot be shown: the chain stops there.
        // Duplicates are a path's matter: a level equal to one beneath it is still presented.
        var policy = session.policy
        policy.onDrop = .truncate
        policy.dropsDuplicates = false
        let hasAliases = !session.migrations.aliasTable.isEmpty
        let outcome = PathRestorer.restore(count: levels.count, policy: policy) {
            (position) -> PathRestorer.ElementOutcome<Presentation<Route>> in
            var stored = levels[position]
            var aliased = false
            if hasAliases, case .object(var members) = stored, let route = members["route"],
                let target = session.migrations.aliasTarget(of: route)
            {
                members["route"] = target
                stored = .object(members)
                aliased = true
            }
            return restoreElement(
                stored, at: position, as: Presentation<Route>.self, aliased: aliased, in: session, depth: depth)
        }
        session.recordPath(
            outcome, at: codingPath, stored: { levels[$0] }, became: { (try? ValueEncoder.encode($0)) ?? .null })
        return outcome.routes
    }
}

/// A type whose value, missing from a stored state, is its empty value and nothing to report: a
/// part of the state added after the state was saved, which held nothing then (a
/// ``PresentationChain``).
protocol EmptyWhenAbsent {
    /// The value of a member that was not stored.
    static var absent: Self { get }
}
