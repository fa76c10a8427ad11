import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LinkMapping {
    /// Reads a link as a path, element by element, as a restore reads a saved path.
    ///
    /// Each element that cannot be read is dropped as ``RestoreReport/Reason/undecodable(_:)``
    /// with its text in the link as its JSON; one that reads but does not decode or resolve is
    /// reported as in a restore, with its JSON. A query item no element takes (another app's
    /// `utm_source`, an item for a route that was not read) is reported as a member `?name`, with
    /// its value and why.
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - policy: What to do after an element that does not open (skip it, or truncate there),
    ///     with duplicates and past the maximum depth.
    ///   - resolvers: The app's resolvers (routes stored as identifiers are looked up).
    ///   - types: The types a ``MixedPath`` in a route decodes.
    ///   - migrations: The app's migrations: their aliases and renames apply to each element. A
    ///     link holds no schema version, so it is read as the current one.
    /// - Returns: The routes that opened, and the report of what did not and what migrated.
    /// - Throws: ``NavigationError``: `other-app` for a link of another scheme or host,
    ///   `invalid-link` for text that is not a link this mapping reads,
    ///   `invalid-pattern` for a mapping whose pattern cannot be read.
    public func routes(
        fromLink link: String, policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations()
    ) throws(NavigationError) -> (routes: RoutePath<Route>, report: RestoreReport) {
        try routes(reading: try read(link), policy: policy, resolvers: resolvers, types: types, migrations: migrations)
    }

    /// The routes of a link already read, and the report.
    func routes(
        reading reader: LinkReader, policy: RestorePolicy, resolvers: RouteResolvers, types: NavigationTypeRegistry,
        migrations: NavigationMigrations
    ) throws(NavigationError) -> (routes: RoutePath<Route>, report: RestoreReport) {
        var stored: [JSONValue] = []
        var unread: [Int: RestoreReport.Reason] = [:]
        stored.reserveCapacity(reader.elements.count)
        for (position, element) in reader.elements.enumerated() {
            switch element {
            case .read(let json): stored.append(json)
            case .unread(let text, let reason):
                stored.append(.string(text))
                unread[position] = .undecodable(reason)
            }
        }
        var (path, report): (RoutePath<Route>, RestoreReport)
        do {
            (path, report) = try StateCoding.decode(
                RoutePath<Route>.self, from: .array(stored), policy: policy, resolvers: resolvers, types: types,
                migrations: migrations, schemaVersion: migrations.stepCount, fallback: nil, unread: unread)
        } catch {
            // An array of elements is always a path's shape; a migration step that throws is not run
            // at the current version.
            throw NavigationError.link(code: "invalid-link", message: "the link cannot be read as a path: \(error)")
        }
        report.dropped += reader.unusedItems.map { item in
            RestoreReport.DroppedElement(
                location: "?" + item.name, position: nil, json: .string(item.value), reason: .undecodable(item.reason))
        }
        return (path, report)
    }
    /// Whether a link is of the mapping's scheme and host: this app's, though the rest may still
    /// be wrong. False for another app's, and for text that has no scheme.
    /// - Parameter link: The link.
    /// - Returns: Whether it is this app's.
    package func isLink(_ link: String) -> Bool {
        LinkText.isOwn(link, scheme: scheme, host: host)
    }

    /// A link's elements, before they are decoded.
    func read(_ link: String) throws(NavigationError) -> LinkReader {
        try readWithPresentations(link).path
    }

    /// A link's elements, and those of its fragment (what is presented: nil when the link has no
    /// `#`), before they are decoded. The fragment's elements are read with the same patterns, and
    /// take no query items.
    func readWithPresentations(_ link: String) throws(NavigationError) -> (path: LinkReader, presented: LinkReader?) {
        let compiled = try compiledPatterns()
        let text = try LinkText.read(link, scheme: scheme, host: host, maximumLength: maximumLength)
        var fragment: LinkReader?
        if let segments = text.fragment {
            var presented = LinkText()
            presented.segments = segments
            fragment = LinkReader(presented, patterns: compiled)
        }
        return (LinkReader(text, patterns: compiled), fragment)
    }
}
