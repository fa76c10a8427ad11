/// The app's resolvers, one per type: each maps a restored value to the live value it stands for,
/// or to nil when the object is gone (as the cookbook looks recipe IDs up in its data).
///
/// A resolver applies wherever a value of its type is restored: every element of every path kind
/// (``RoutePath``, ``MixedPath``), every member of the state, and values nested inside them. An
/// element it says nil to is dropped as ``RestoreReport/Reason/unresolved``; a member is left at
/// the model's initial value and reported the same way. A value it replaces by another (equal to it
/// no longer: a renamed item, an identifier brought to a new one) is restored and reported as
/// migrated, with what was stored and what it became.
///
/// ```swift
/// let resolvers = RouteResolvers()
///     .adding(Item.self) { item in store.contains(item.id) ? item : nil }
///     .adding(Note.self, lookUp: { id in notes.note(withID: id) })   // a route stored as its ID
/// ```
///
/// A type without a resolver restores every value that decodes.
///
/// A resolver is called during the restore, where the restore runs: a model's restores run on the
/// main actor, so a resolver written there may use what lives there (the app's data model, its
/// routes' `==`); it need not be `Sendable`. The resolvers' `Sendable` conformance of 0.2.0 (when
/// every resolver had to be `@Sendable`) stays, deprecated; the compiler warns where resolvers are
/// handed over as `Sendable` (a decoder's `userInfo`), not where a `Sendable` type stores them or a
/// task captures them, so resolvers that use the main actor's objects must not be sent away from it.
public struct RouteResolvers {
    private var resolvers: [ObjectIdentifier: Any] = [:]
    private var lookups: [ObjectIdentifier: Any] = [:]

    /// No resolvers: every value that decodes is restored.
    public init() {}

    /// The key under which a decoder's `userInfo` may hold resolvers, so that an
    /// ``IdentifiedRoute`` can be looked up when decoded by a `JSONDecoder`.
    package static let decoderKey = CodingUserInfoKey(rawValue: "SceneNavigation.RouteResolvers")!

    /// Adds (or replaces) the resolver of a type.
    /// - Parameters:
    ///   - type: The type.
    ///   - resolve: Maps a restored value to the value to restore, or nil to drop it as unresolved.
    package mutating func set<Value>(_ type: Value.Type, resolve: @escaping (Value) -> Value?) {
        resolvers[ObjectIdentifier(type)] = resolve
    }

    /// Adds (or replaces) the lookup of a route stored as its identifier: how a restore finds the
    /// route again from its stored `id`.
    /// - Parameters:
    ///   - type: The route type.
    ///   - lookUp: The route with an identifier, or nil when the app no longer has it.
    package mutating func set<Route: IdentifiedRoute>(
        _ type: Route.Type, lookUp: @escaping (Route.ID) -> Route?
    ) {
        lookups[ObjectIdentifier(type)] = lookUp
    }

    /// A copy with the resolver of a type added.
    /// - Parameters:
    ///   - type: The type.
    ///   - resolve: Maps a restored value to the value to restore, or nil to drop it.
    /// - Returns: The resolvers.
    public func adding<Value>(_ type: Value.Type, resolve: @escaping (Value) -> Value?) -> Self {
        var copy = self
        copy.set(type, resolve: resolve)
        return copy
    }

    /// A copy with the lookup of a route stored as its identifier added.
    /// - Parameters:
    ///   - type: The route type.
    ///   - lookUp: The route with an identifier, or nil when the app no longer has it.
    /// - Returns: The resolvers.
    public func adding<Route: IdentifiedRoute>(
        _ type: Route.Type, lookUp: @escaping (Route.ID) -> Route?
    ) -> Self {
        var copy = self
        copy.set(type, lookUp: lookUp)
        return copy
    }

    /// Whether any resolver is set, so restores without any skip looking for one.
    var hasResolvers: Bool { !resolvers.isEmpty }

    /// The resolver of a type, if the app gave one.
    package func resolver<Value>(for type: Value.Type) -> ((Value) -> Value?)? {
        resolvers[ObjectIdentifier(type)] as? (Value) -> Value?
    }

    /// The lookup of a route stored as its identifier, if the app gave one.
    func lookup<Route: IdentifiedRoute>(for type: Route.Type) -> ((Route.ID) -> Route?)? {
        lookups[ObjectIdentifier(type)] as? (Route.ID) -> Route?
    }
}

// MARK: - Deprecated

// Resolvers were `Sendable` in 0.2.0, when every resolver had to be. They are now called where the
// restore runs (a model's, on the main actor), and may use what lives there. Unchecked, and not
// proven: sound for `@Sendable` resolvers (all that 0.2.0's code can add), not for the rest, which
// is why it is deprecated and documented on the type; it goes in a later minor release.
@available(*, deprecated, message: "resolvers need not be Sendable: use them where the restore runs")
extension RouteResolvers: @unchecked Sendable {}

// MARK: - Deprecated in 0.4.0: one way to add a resolver

extension RouteResolvers {
    /// The key under which a decoder's `userInfo` may hold resolvers.
    ///
    /// `JSONDecoder`'s `userInfo` takes only `Sendable` values, and resolvers are `Sendable` only
    /// through the conformance of 0.2.0, deprecated: a restore hands its resolvers over directly.
    @available(*, deprecated, message: "restore through a scene's connection (PersistentScene) or a model's jsonData")
    public static let userInfoKey = decoderKey

    /// Adds (or replaces) the resolver of a type.
    /// - Parameters:
    ///   - type: The type.
    ///   - resolve: Maps a restored value to the value to restore, or nil to drop it as unresolved.
    @available(*, deprecated, message: "use adding(_:resolve:): resolvers = resolvers.adding(Type.self) { ... }")
    public mutating func add<Value>(_ type: Value.Type, resolve: @escaping (Value) -> Value?) {
        set(type, resolve: resolve)
    }

    /// Adds (or replaces) the lookup of a route stored as its identifier.
    /// - Parameters:
    ///   - type: The route type.
    ///   - lookUp: The route with an identifier, or nil when the app no longer has it.
    @available(*, deprecated, message: "use adding(_:lookUp:): resolvers = resolvers.adding(Route.self) { id in ... }")
    public mutating func add<Route: IdentifiedRoute>(_ type: Route.Type, lookUp: @escaping (Route.ID) -> Route?) {
        set(type, lookUp: lookUp)
    }
}
