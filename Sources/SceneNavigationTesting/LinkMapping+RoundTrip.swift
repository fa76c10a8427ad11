import SceneNavigation

extension LinkMapping where Route: Equatable {
    /// What an app's tests check of its links: each route, and the routes as one path, print as a
    /// link that opens them again, whole. The mapping names cases and members as strings: a typo
    /// shows here, not in a user's link.
    ///
    /// ```swift
    /// #expect(links.roundTripFailures(of: [.inbox, .message(id: 42)]) == [])
    /// ```
    ///
    /// - Parameters:
    ///   - routes: Routes of every case the app links to.
    ///   - resolvers: The app's resolvers, for routes stored as identifiers.
    ///   - migrations: The app's migrations.
    /// - Returns: What did not round-trip, in words; empty when everything did.
    public func roundTripFailures(
        of routes: [Route], resolvers: RouteResolvers = RouteResolvers(),
        migrations: NavigationMigrations = NavigationMigrations()
    ) -> [String] {
        var failures: [String] = []
        for path in routes.map({ [$0] }) + (routes.count > 1 ? [routes] : []) {
            let name = path.count == 1 ? "\(path[0])" : "the \(path.count) routes as one path"
            do throws(NavigationError) {
                let link = try link(for: path)
                let (opened, report) = try self.routes(fromLink: link, resolvers: resolvers, migrations: migrations)
                if opened.routes != path {
                    failures.append("\(name): '\(link)' opens \(opened.routes)")
                } else if !report.isComplete {
                    failures.append("\(name): '\(link)' drops \(report.dropped.map(\.description))")
                }
            } catch {
                failures.append("\(name): \(error)")
            }
        }
        return failures
    }
}
