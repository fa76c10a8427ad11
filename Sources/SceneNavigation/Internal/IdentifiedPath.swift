import SceneStore

/// The fast way through a path of ``IdentifiedRoute`` values whose identifier is a
/// ``JSONIdentifier``: each element converted and looked up directly, with the same outcome as the
/// `Codable` way (which takes over for anything else, and for an element the fast way cannot read).
///
/// The types are checked once per path, not per element; the generic helpers below are called with
/// the path's own types, so the casts between them are of a type to itself.
enum IdentifiedPath {
    /// The stored JSON of routes, as a value and as text, when they are identified routes with a
    /// ``JSONIdentifier``; nil otherwise. An identifier that writes its own text
    /// (``JSONTextIdentifier``, such as `UUID`) is written straight into the text, with no string
    /// made per element.
    static func written<Route>(of routes: [Route]) -> WrittenValue? {
        guard let routeType = Route.self as? any IdentifiedRoute.Type else { return nil }
        func withRoute<R: IdentifiedRoute>(_: R.Type) -> WrittenValue? {
            guard let idType = R.ID.self as? any JSONIdentifier.Type else { return nil }
            func withID<I: JSONIdentifier>(_: I.Type) -> WrittenValue? {
                let typed = unsafeBitCast(routes, to: [R].self)
                // A route type that encodes itself otherwise than as its ID keeps its own way.
                if let first = typed.first, !encodesAsItsID(first, I.self) { return nil }
                let json = { JSONValue.array(typed.map { unsafeBitCast($0.id, to: I.self).jsonValue }) }
                guard let textType = I.self as? any JSONTextIdentifier.Type else {
                    // An identifier stored as its raw value (a UUID, Int or String) is written as
                    // that value is.
                    if let wrapping = I.self as? any (RawRepresentable & JSONIdentifier).Type,
                        let written = rawWritten(typed, as: wrapping, json: json)
                    {
                        return written
                    }
                    return WrittenValue(json: json) { writer in
                        writer.array(count: typed.count) { writer, index in
                            writer.value(unsafeBitCast(typed[index].id, to: I.self).jsonValue)
                        }
                    }
                }
                func withText<T: JSONTextIdentifier>(_: T.Type) -> WrittenValue {
                    WrittenValue(json: json) { writer in
                        // The identifiers taken out in one pass, then written by a loop of their
                        // own type.
                        let ids = [T](unsafeUninitializedCapacity: typed.count) { buffer, initialized in
                            typed.withUnsafeBufferPointer { routes in
                                for index in routes.indices {
                                    (buffer.baseAddress! + index).initialize(
                                        to: unsafeBitCast(routes.baseAddress![index].id, to: T.self))
                                }
                            }
                            initialized = typed.count
                        }
                        T.writeArray(ids, to: &writer)
                    }
                }
                return withText(textType)
            }
            return withID(idType)
        }
        return withRoute(routeType)
    }

    /// The stored JSON of routes whose identifier is `RawRepresentable` with a raw value that
    /// writes its own text (`UUID`, `Int`, `String`), written as those raw values are; nil when the
    /// raw value writes no text of its own, or when the first route's identifier is not stored as
    /// its raw value (``JSONIdentifier`` asks that all or none are).
    private static func rawWritten<R: IdentifiedRoute, W: RawRepresentable & JSONIdentifier>(
        _ routes: [R], as _: W.Type, json: @escaping () -> JSONValue
    ) -> WrittenValue? {
        guard let rawType = W.RawValue.self as? any JSONTextIdentifier.Type else { return nil }
        func withRaw<T: JSONTextIdentifier>(_: T.Type) -> WrittenValue? {
            if let first = routes.first {
                let id = unsafeBitCast(first.id, to: W.self)
                guard id.jsonValue == unsafeBitCast(id.rawValue, to: T.self).jsonValue else { return nil }
            }
            return WrittenValue(json: json) { writer in
                let raws = [T](unsafeUninitializedCapacity: routes.count) { buffer, initialized in
                    routes.withUnsafeBufferPointer { routes in
                        for index in routes.indices {
                            (buffer.baseAddress! + index).initialize(
                                to: unsafeBitCast(
                                    unsafeBitCast(routes.baseAddress![index].id, to: W.self).rawValue, to: T.self))
                        }
                    }
                    initialized = routes.count
                }
                T.writeArray(raws, to: &writer)
            }
        }
        return withRaw(rawType)
    }

    /// The outcome of each element restored the fast way, when the path's routes are identified
    /// routes with a ``JSONIdentifier``, the restore has a lookup for them, and no migration rule
    /// could apply to them; nil otherwise. An element the fast way cannot read (or that an alias
    /// replaced) has no outcome here: the `Codable` way decodes it, and reports its error.
    ///
    /// One call for the whole path: the loop runs with the path's types known once. A route type
    /// that encodes itself otherwise than as its ID (its own `encode(to:)`) is left to the
    /// `Codable` way, checked on the first route found.
    static func outcomes<Route>(
        of elements: [JSONValue], as _: Route.Type, in session: RestoreSession
    ) -> [PathRestorer.ElementOutcome<Route>?]? {
        guard !session.migrations.hasTypedRules, let routeType = Route.self as? any IdentifiedRoute.Type else {
            return nil
        }
        func withRoute<R: IdentifiedRoute>(_: R.Type) -> [PathRestorer.ElementOutcome<Route>?]? {
            guard let idType = R.ID.self as? any JSONIdentifier.Type,
                let lookUp = session.resolvers.lookup(for: R.self),
                !session.resolvers.hasResolvers || session.resolvers.resolver(for: R.ID.self) == nil
            else { return nil }
            let resolve = session.resolvers.hasResolvers ? session.resolvers.resolver(for: R.self) : nil
            let aliases = session.migrations.aliasTable
            func withID<I: JSONIdentifier>(_: I.Type) -> [PathRestorer.ElementOutcome<Route>?]? {
                var outcomes: [PathRestorer.ElementOutcome<Route>?] = []
                outcomes.reserveCapacity(elements.count)
                var checked = false
                for json in elements {
                    guard aliases.isEmpty || aliases[json] == nil, let stored = I(jsonValue: json) else {
                        outcomes.append(nil)
                        continue
                    }
                    let id = unsafeBitCast(stored, to: R.ID.self)
                    guard var route = lookUp(id) else {
                        outcomes.append(.dropped(.unresolved))
                        continue
                    }
                    if !checked {
                        guard encodesAsItsID(route, I.self) else { return nil }
                        checked = true
                    }
                    var substituted = route.id != id
                    if let resolve {
                        guard let resolved = resolve(route) else {
                            outcomes.append(.dropped(.unresolved))
                            continue
                        }
                        if resolved != route { substituted = true }
                        route = resolved
                    }
                    let element = unsafeBitCast(route, to: Route.self)
                    outcomes.append(substituted ? .migrated(element) : .restored(element))
                }
                return outcomes
            }
            return withID(idType)
        }
        return withRoute(routeType)
    }

    /// Whether a route encodes as its identifier's JSON, as ``IdentifiedRoute``'s own coding does
    /// (a type may have its own).
    private static func encodesAsItsID<R: IdentifiedRoute, I: JSONIdentifier>(_ route: R, _: I.Type) -> Bool {
        (try? ValueEncoder.encode(route)) == unsafeBitCast(route.id, to: I.self).jsonValue
    }
}
