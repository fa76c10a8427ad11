/// The app's resolvers, one per route type: each maps a decoded route to the live route it stands
/// for, or to nil when the object is gone (as the cookbook looks recipe IDs up in its data).
///
/// ```swift
/// var resolvers = RouteResolvers()
/// resolvers.add(Item.self) { item in store.contains(item.id) ? item : nil }
/// ```
///
/// A route type without a resolver restores every element that decodes.
public struct RouteResolvers: Sendable {
    private var resolvers: [ObjectIdentifier: any Sendable] = [:]

    /// No resolvers: every element that decodes is restored.
    public init() {}

    /// Adds (or replaces) the resolver of a route type.
    /// - Parameters:
    ///   - type: The route type.
    ///   - resolve: Maps a decoded route to the route to restore, or nil to drop it as unresolved.
    public mutating func add<Route>(_ type: Route.Type, resolve: @escaping @Sendable (Route) -> Route?) {
        resolvers[ObjectIdentifier(type)] = resolve
    }

    /// A copy with the resolver of a route type added.
    /// - Parameters:
    ///   - type: The route type.
    ///   - resolve: Maps a decoded route to the route to restore, or nil to drop it.
    /// - Returns: The resolvers.
    public func adding<Route>(_ type: Route.Type, resolve: @escaping @Sendable (Route) -> Route?) -> Self {
        var copy = self
        copy.add(type, resolve: resolve)
        return copy
    }

    /// The resolver of a route type, if the app gave one.
    func resolver<Route>(for type: Route.Type) -> (@Sendable (Route) -> Route?)? {
        resolvers[ObjectIdentifier(type)] as? @Sendable (Route) -> Route?
    }
}
