import SceneStore
import Synchronization

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
                let ids = { unsafeBitCast(identifiers(of: typed), to: [I].self) }
                let json = { JSONValue.array(ids().map(\.jsonValue)) }
                guard let textType = I.self as? any JSONTextIdentifier.Type else {
                    // An identifier stored as its raw value (a UUID, Int or String) is written as
                    // that value is.
                    if let wrapping = I.self as? any (RawRepresentable & JSONIdentifier).Type,
                        let written = rawWritten(typed, as: wrapping, json: json)
                    {
                        return written
                    }
                    return WrittenValue(json: json) { writer in
                        let taken = ids()
                        writer.array(count: taken.count) { writer, index in writer.value(taken[index].jsonValue) }
                    }
                }
                func withText<T: JSONTextIdentifier>(_: T.Type) -> WrittenValue {
                    WrittenValue(json: json) { writer in
                        // The identifiers taken out by the route type's own loop, then written by
                        // a loop of their own type.
                        T.writeArray(unsafeBitCast(identifiers(of: typed), to: [T].self), to: &writer)
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
                // The route type's own loop gives the raw values; a type that replaced it with one
                // that gives none, or not one per route, has them read one by one.
                var raws = R._rawIdentifiers(of: routes) as? [T] ?? []
                if raws.count != routes.count {
                    raws = identifiers(of: routes).map {
                        unsafeBitCast(unsafeBitCast($0, to: W.self).rawValue, to: T.self)
                    }
                }
                T.writeArray(raws, to: &writer)
            }
        }
        return withRaw(rawType)
    }

    /// The identifiers of `routes`, from the route type's own loop; read one by one when a type
    /// replaced it with one that does not give one per route.
    private static func identifiers<R: IdentifiedRoute>(of routes: [R]) -> [R.ID] {
        let ids = R._identifiers(of: routes)
        return ids.count == routes.count ? ids : routes.map(\.id)
    }

    /// What the fast way restored of a path.
    enum Restored<Route> {
        /// Every element, restored as these routes, in order (none dropped, none migrated).
        case whole([Route])
        /// The outcome of each element, by position; nil for an element the fast way could not
        /// read (or that an alias replaced), which the `Codable` way decodes and reports.
        case outcomes([PathRestorer.ElementOutcome<Route>?])

        /// How many elements the path has.
        var count: Int {
            switch self {
            case .whole(let routes): routes.count
            case .outcomes(let outcomes): outcomes.count
            }
        }
    }

    /// What reading a path from its text found.
    enum TextRead<Route> {
        /// The path, restored.
        case restored(Restored<Route>)
        /// Routes of a type that encodes itself otherwise than as its identifier (its own
        /// `encode(to:)`): the path is the `Codable` way's, element by element.
        case encodesOtherwise
    }

    /// The path restored straight from its checked text, when its routes are identified routes with
    /// a ``JSONIdentifier`` that reads a whole array from the bytes (`UUID`, `Int`, `String`, or a
    /// ``RawJSONIdentifier`` of such a raw value), the restore has a lookup for them, and no alias,
    /// resolver or migration rule could apply to them; nil otherwise, and when an element is not
    /// such an identifier's plain text (the path is then built and restored from its value).
    ///
    /// The identifiers are read with no string or value made per element (but a `String`
    /// identifier's own), then looked up in one call of the route type's
    /// ``IdentifiedRoute/_routes(identifiedByIDs:lookUp:)``.
    static func restored<Route>(
        ofText span: JSONSpan, as _: Route.Type, in session: RestoreSession
    ) -> TextRead<Route>? {
        guard !session.migrations.hasTypedRules, session.migrations.aliasTable.isEmpty,
            let routeType = Route.self as? any IdentifiedRoute.Type
        else { return nil }
        func withRoute<R: IdentifiedRoute>(_: R.Type) -> TextRead<Route>? {
            guard let idType = R.ID.self as? any JSONIdentifier.Type,
                let lookUp = session.resolvers.lookup(for: R.self),
                !session.resolvers.hasResolvers
                    || (session.resolvers.resolver(for: R.ID.self) == nil
                        && session.resolvers.resolver(for: R.self) == nil)
            else { return nil }
            func withID<I: JSONIdentifier>(_: I.Type) -> TextRead<Route>? {
                guard let ids = identifiers(in: span, of: R.self, I.self) else { return nil }
                let found = R._routes(identifiedByIDs: ids, lookUp: lookUp)
                guard accounts(for: ids.count, found) else { return nil }
                // A route type with its own coding keeps it: no fast way looks its path up again.
                if let first = found.routes.first, !encodesAsItsID(first, I.self) { return .encodesOtherwise }
                return .restored(whatWasFound(found, count: ids.count, as: Route.self))
            }
            return withID(idType)
        }
        return withRoute(routeType)
    }

    /// A path's identifiers (`I` is `R.ID`) read straight from its checked text; nil when the
    /// identifier reads no array from the bytes, or an element is not its plain text.
    private static func identifiers<R: IdentifiedRoute, I: JSONIdentifier>(
        in span: JSONSpan, of _: R.Type, _: I.Type
    ) -> [R.ID]? {
        if let textType = I.self as? any JSONTextIdentifier.Type {
            func read<T: JSONTextIdentifier>(_: T.Type) -> [R.ID]? {
                T.readArray(span).map { unsafeBitCast($0, to: [R.ID].self) }
            }
            return read(textType)
        }
        // An identifier stored as its raw value (a UUID, Int or String), and read back from it
        // (``RawJSONIdentifier``), is read as that value is.
        guard let wrapping = I.self as? any RawJSONIdentifier.Type else { return nil }
        func withWrapping<W: RawJSONIdentifier>(_: W.Type) -> [R.ID]? {
            guard let rawType = W.RawValue.self as? any JSONTextIdentifier.Type else { return nil }
            func read<T: JSONTextIdentifier>(_: T.Type) -> [R.ID]? {
                guard let raws = T.readArray(span), let ids = R._identifiers(fromRaw: raws), ids.count == raws.count
                else { return nil }
                return ids
            }
            return read(rawType)
        }
        return withWrapping(wrapping)
    }

    /// The elements restored the fast way, when the path's routes are identified routes with a
    /// ``JSONIdentifier``, the restore has a lookup for them, and no migration rule could apply to
    /// them; nil otherwise. An element the fast way cannot read (or that an alias replaced) has no
    /// outcome here: the `Codable` way decodes it, and reports its error.
    ///
    /// A path of identifiers alone, with no alias table and no resolver, is read and looked up in one
    /// call of the route type's ``IdentifiedRoute/_routes(identifiedBy:lookUp:)``, in code
    /// specialized for it. Any other path, a route type whose identifier is a ``JSONIdentifier``
    /// only at run time (a generic route), or an answer of that call that does not account for
    /// every element, is restored element by element here, with the types checked once. A route
    /// type that encodes itself otherwise than as its ID (its own `encode(to:)`) is left to the
    /// `Codable` way, checked on the first route found.
    static func restored<Route>(
        of elements: [JSONValue], as _: Route.Type, in session: RestoreSession
    ) -> Restored<Route>? {
        guard !session.migrations.hasTypedRules, let routeType = Route.self as? any IdentifiedRoute.Type else {
            return nil
        }
        func withRoute<R: IdentifiedRoute>(_: R.Type) -> Restored<Route>? {
            guard let idType = R.ID.self as? any JSONIdentifier.Type,
                let lookUp = session.resolvers.lookup(for: R.self),
                !session.resolvers.hasResolvers || session.resolvers.resolver(for: R.ID.self) == nil
            else { return nil }
            let resolve = session.resolvers.hasResolvers ? session.resolvers.resolver(for: R.self) : nil
            let aliases = session.migrations.aliasTable
            func withID<I: JSONIdentifier>(_: I.Type) -> Restored<Route>? {
                if resolve == nil, aliases.isEmpty, let found = R._routes(identifiedBy: elements, lookUp: lookUp),
                    accounts(for: elements.count, found)
                {
                    if let first = found.routes.first, !encodesAsItsID(first, I.self) { return nil }
                    return whatWasFound(found, count: elements.count, as: Route.self)
                }
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
                return .outcomes(outcomes)
            }
            return withID(idType)
        }
        return withRoute(routeType)
    }

    /// Whether what a route type's own loop found accounts for each of `count` elements once: a
    /// route for each position not unresolved, the positions in order and in range.
    private static func accounts<R>(
        for count: Int, _ found: (routes: [R], unresolved: [Int], migrated: [Int])
    ) -> Bool {
        func ascending(_ positions: [Int]) -> Bool {
            zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }
                && positions.allSatisfy { (0..<count).contains($0) }
        }
        return found.routes.count + found.unresolved.count == count && ascending(found.unresolved)
            && ascending(found.migrated) && Set(found.unresolved).isDisjoint(with: found.migrated)
    }

    /// The outcome of each of `count` elements from what a route type's own loop found (which
    /// ``accounts(for:_:)`` checked): the whole path when every element was found under its own
    /// identifier.
    private static func whatWasFound<R, Route>(
        _ found: (routes: [R], unresolved: [Int], migrated: [Int]), count: Int, as _: Route.Type
    ) -> Restored<Route> {
        let routes = unsafeBitCast(found.routes, to: [Route].self)
        if found.unresolved.isEmpty, found.migrated.isEmpty { return .whole(routes) }
        let unresolved = Set(found.unresolved)
        let migrated = Set(found.migrated)
        var outcomes: [PathRestorer.ElementOutcome<Route>?] = []
        outcomes.reserveCapacity(count)
        var next = 0
        for position in 0..<count {
            if unresolved.contains(position) {
                outcomes.append(.dropped(.unresolved))
            } else {
                outcomes.append(migrated.contains(position) ? .migrated(routes[next]) : .restored(routes[next]))
                next += 1
            }
        }
        return .outcomes(outcomes)
    }

    /// Whether a route encodes as its identifier's JSON, as ``IdentifiedRoute``'s own coding does
    /// (a type may have its own). A route type that keeps that coding encodes every route so: it
    /// is found once, the first time one of its routes agrees, and not encoded again. A type with
    /// its own `encode(to:)` may encode each route its own way: its route is encoded each time.
    private static func encodesAsItsID<R: IdentifiedRoute, I: JSONIdentifier>(_ route: R, _: I.Type) -> Bool {
        let type = ObjectIdentifier(R.self)
        if typesEncodingAsID.withLock({ $0.contains(type) }) { return true }
        guard let (json, byDefault) = try? ValueEncoder.encode(route: route),
            json == unsafeBitCast(route.id, to: I.self).jsonValue
        else { return false }
        if byDefault { typesEncodingAsID.withLock { _ = $0.insert(type) } }
        return true
    }

    /// The route types found to keep ``IdentifiedRoute``'s own coding, whose routes encode as
    /// their identifiers.
    private static let typesEncodingAsID = Mutex<Set<ObjectIdentifier>>([])
}
