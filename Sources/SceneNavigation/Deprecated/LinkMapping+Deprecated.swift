#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: links as a bare function, which cannot say which URLs the scene takes

extension LinkMapping {
    /// What a scene does with the URLs it opens, as a bare function: the change of
    /// ``opening(at:policy:then:onFailure:)``, without the conditions that tell SwiftUI which
    /// URLs the scene takes.
    /// - Parameters:
    ///   - path: Where the path is in the state.
    ///   - policy: What to do after an element that does not open.
    ///   - adjust: What else a link changes once it replaced the path (a tab selected), or nil.
    ///   - onFailure: Told of a link of this app that opens nothing, and why; nil to ignore them.
    /// - Returns: The function from a URL to its change, nil for a URL that is not this app's or
    ///   that opens nothing.
    @available(
        *, deprecated,
        message:
            "use opening(at:policy:then:onFailure:) and PersistentNavigation's links:, which also prefer this mapping's links (and only them) for the scene"
    )
    @MainActor
    public func opening<State>(
        _ path: WritableKeyPath<State, RoutePath<Route>>, policy: RestorePolicy = RestorePolicy(),
        then adjust: (@MainActor (inout State) -> Void)? = nil,
        onFailure: (@MainActor (LinkError) -> Void)? = nil
    ) -> @MainActor (URL) -> PersistentScene<State>.Link? {
        opening(at: path, policy: policy, then: adjust, onFailure: onFailure).open
    }
}

// MARK: - Deprecated in 0.4.0: one way to read and to print a link

extension LinkMapping {
    /// Reads a URL as a path, element by element: ``routes(fromLink:policy:resolvers:types:migrations:)``
    /// of its text.
    /// - Parameters:
    ///   - url: The URL.
    ///   - policy: What to do after an element that does not open.
    ///   - resolvers: The app's resolvers.
    ///   - types: The types a ``MixedPath`` in a route decodes.
    ///   - migrations: The app's migrations.
    /// - Returns: The routes, and the report.
    /// - Throws: ``LinkError``, as for a link's text.
    @available(
        *, deprecated, message: "use routes(fromLink:policy:resolvers:types:migrations:) with the URL's absoluteString"
    )
    public func routes(
        from url: URL, policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations()
    ) throws(LinkError) -> (routes: RoutePath<Route>, report: RestoreReport) {
        try routes(
            fromLink: url.absoluteString, policy: policy, resolvers: resolvers, types: types, migrations: migrations)
    }

    /// The link to a path, as a URL.
    /// - Parameter routes: The routes, from the root.
    /// - Returns: The link.
    /// - Throws: ``LinkError``, as ``link(for:)`` does.
    @available(*, deprecated, message: "use link(for:); SwiftUI's openURL takes URL(string:) of it")
    public func url(for routes: some Sequence<Route>) throws(LinkError) -> URL {
        let text = try link(for: routes)
        guard let url = URL(string: text) else {
            throw LinkError(.cannotPrint, "'\(LinkText.excerpt(text))' is not a URL (is the scheme '\(scheme)' valid?)")
        }
        return url
    }
}
