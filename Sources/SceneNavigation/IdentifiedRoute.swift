import SceneStore

/// A route stored as its identifier, not its whole value, and looked up again when it is restored:
/// the pattern of Apple's navigation cookbook, where the recipe database holds the details and can
/// change independently, so the saved path never holds stale copies.
///
/// Conforming gives the type its `Codable`: it encodes as its `id`, and decodes by looking the
/// identifier up through the lookup the app adds to its ``RouteResolvers``
/// (``RouteResolvers/adding(_:lookUp:)``). In a restore, an identifier the lookup no longer finds is
/// dropped and reported as ``RestoreReport/Reason/unresolved``, as the cookbook's `compactMap` drops
/// deleted recipes, and the rest is restored; one it finds under another identifier (an earlier
/// one the app maps to the new) is restored and reported as migrated.
///
/// ```swift
/// struct Note: IdentifiedRoute {
///     let id: UUID
///     var title: String
/// }
/// let resolvers = RouteResolvers().adding(Note.self, lookUp: { id in library.note(withID: id) })
/// let model = SceneNavigationModel(RoutePath<Note>(), resolvers: resolvers)
/// ```
///
/// Decoded outside a restore, by a plain `JSONDecoder`, the type finds no lookup and fails with a
/// `DecodingError` saying so: restore through ``PersistentScene`` or a model's
/// ``SceneNavigationModel/jsonData``, which hand the resolvers over directly.
///
/// The protocol's requirements whose names start with an underscore are navstate's way into code
/// compiled for your route type (a path's identifiers taken out, or looked up, in one loop): keep
/// their defaults.
public protocol IdentifiedRoute: Identifiable, Codable, Hashable where ID: Codable {
    /// The identifiers of a path of these routes, in order: what a save writes.
    ///
    /// navstate's hook into code specialized for the route type, not an API to call: keep the
    /// default, which reads each route's `id`. A save of a path of ``JSONIdentifier`` identifiers
    /// calls it for the whole path (once more when the path's JSON value is asked for), so that
    /// the loop runs in the app's module, compiled for the route type, rather than once per route
    /// through generic code; one stored as its raw value is saved through
    /// ``_rawIdentifiers(of:)`` instead.
    /// - Parameter routes: A path's routes.
    /// - Returns: Their identifiers, in order.
    static func _identifiers(of routes: [Self]) -> [ID]

    /// The raw values of a path's identifiers, in order, when the identifier is `RawRepresentable`
    /// (an `[ID.RawValue]`); nil otherwise: navstate's hook into code specialized for the route
    /// type, not an API to call; keep the default. A save of an identifier stored as its raw value
    /// writes these.
    /// - Parameter routes: A path's routes.
    /// - Returns: Their identifiers' raw values, or nil.
    static func _rawIdentifiers(of routes: [Self]) -> Any?

    /// The routes that a path's stored identifiers name, each looked up: navstate's hook into code
    /// specialized for the route type, not an API to call; keep the default.
    ///
    /// A restore calls it once for a path of a route type it has a lookup for, when no alias, no
    /// resolver of the route type and no typed migration rule could apply. The default, where the
    /// route type's identifier is known to be a ``JSONIdentifier`` when it conforms, reads every
    /// value as one, then looks each up, with no `Codable` machinery in between; elsewhere it
    /// returns nil, and the restore reads the path element by element.
    /// - Parameters:
    ///   - stored: The path's stored elements.
    ///   - lookUp: The lookup the app added to its ``RouteResolvers``.
    /// - Returns: The routes found, in order; the positions of the elements the lookup found no
    ///   route for; and the positions whose route was found under another identifier. nil when an
    ///   element is not an identifier of this type.
    static func _routes(
        identifiedBy stored: [JSONValue], lookUp: (ID) -> Self?
    ) -> (routes: [Self], unresolved: [Int], migrated: [Int])?

    /// The routes that a path's identifiers name, each looked up: navstate's hook into code
    /// specialized for the route type, not an API to call; keep the default, which looks each up.
    ///
    /// A restore calls it once for a path whose identifiers it read straight from the scene's bytes
    /// (`UUID`, `Int` and `String` identifiers, and a ``RawJSONIdentifier`` of such a raw value), when
    /// no alias, no resolver and no typed migration rule could apply; the default of
    /// ``_routes(identifiedBy:lookUp:)`` calls it too, once it has read the identifiers.
    /// - Parameters:
    ///   - ids: The path's identifiers, in order.
    ///   - lookUp: The lookup the app added to its ``RouteResolvers``.
    /// - Returns: The routes found, in order; the positions of the identifiers the lookup found no
    ///   route for; and the positions whose route was found under another identifier.
    static func _routes(
        identifiedByIDs ids: [ID], lookUp: (ID) -> Self?
    ) -> (routes: [Self], unresolved: [Int], migrated: [Int])

    /// A path's identifiers made from their raw values (an `[ID.RawValue]`), when the identifier is
    /// `RawRepresentable`; nil otherwise, or when a raw value makes no identifier: navstate's hook
    /// into code specialized for the route type, not an API to call; keep the default. A restore
    /// that read the raw values of a path of ``RawJSONIdentifier`` identifiers makes them here.
    /// - Parameter raws: The raw values, in order.
    /// - Returns: The identifiers, in order, or nil.
    static func _identifiers(fromRaw raws: Any) -> [ID]?
}

extension IdentifiedRoute {
    /// Reads each route's `id`, in code specialized for the route type.
    /// - Parameter routes: A path's routes.
    /// - Returns: Their identifiers, in order.
    @inlinable
    public static func _identifiers(of routes: [Self]) -> [ID] {
        routes.map(\.id)
    }

    /// Returns nil: the default where the identifier is not known to be `RawRepresentable` when the
    /// route type conforms (a save then reads each raw value on its own).
    /// - Parameter routes: A path's routes.
    /// - Returns: nil.
    @inlinable
    public static func _rawIdentifiers(of routes: [Self]) -> Any? {
        nil
    }

    /// Returns nil: the default where the identifier is not known to be `RawRepresentable` when the
    /// route type conforms.
    /// - Parameter raws: The raw values.
    /// - Returns: nil.
    @inlinable
    public static func _identifiers(fromRaw raws: Any) -> [ID]? {
        nil
    }

    /// Looks each identifier up, in code specialized for the route type.
    /// - Parameters:
    ///   - ids: The path's identifiers.
    ///   - lookUp: The app's lookup.
    /// - Returns: The routes found, in order, the positions found nothing for, and the positions
    ///   found under another identifier.
    @inlinable
    public static func _routes(
        identifiedByIDs ids: [ID], lookUp: (ID) -> Self?
    ) -> (routes: [Self], unresolved: [Int], migrated: [Int]) {
        var routes: [Self] = []
        routes.reserveCapacity(ids.count)
        var unresolved: [Int] = []
        var migrated: [Int] = []
        for (position, id) in ids.enumerated() {
            guard let route = lookUp(id) else {
                unresolved.append(position)
                continue
            }
            if route.id != id { migrated.append(position) }
            routes.append(route)
        }
        return (routes, unresolved, migrated)
    }

    /// Returns nil: the default where the identifier is not known to be a ``JSONIdentifier`` when
    /// the route type conforms (a restore then reads the path element by element).
    /// - Parameters:
    ///   - stored: The path's stored elements.
    ///   - lookUp: The app's lookup.
    /// - Returns: nil.
    @inlinable
    public static func _routes(
        identifiedBy stored: [JSONValue], lookUp: (ID) -> Self?
    ) -> (routes: [Self], unresolved: [Int], migrated: [Int])? {
        nil
    }
}

extension IdentifiedRoute where ID: RawRepresentable {
    /// Reads each route's identifier's raw value, in code specialized for the route type.
    /// - Parameter routes: A path's routes.
    /// - Returns: The raw values, an `[ID.RawValue]`.
    @inlinable
    public static func _rawIdentifiers(of routes: [Self]) -> Any? {
        routes.map(\.id.rawValue)
    }

    /// Makes each identifier from its raw value, in code specialized for the route type.
    /// - Parameter raws: The raw values, an `[ID.RawValue]`.
    /// - Returns: The identifiers, or nil when `raws` is not an `[ID.RawValue]` or a raw value makes
    ///   no identifier.
    @inlinable
    public static func _identifiers(fromRaw raws: Any) -> [ID]? {
        guard let raws = raws as? [ID.RawValue] else { return nil }
        var ids: [ID] = []
        ids.reserveCapacity(raws.count)
        for raw in raws {
            guard let id = ID(rawValue: raw) else { return nil }
            ids.append(id)
        }
        return ids
    }
}

extension IdentifiedRoute where ID: JSONIdentifier {
    /// Reads each stored value as an identifier and looks it up, in code specialized for the route
    /// type.
    /// - Parameters:
    ///   - stored: The path's stored elements.
    ///   - lookUp: The app's lookup.
    /// - Returns: The routes found, in order, the positions found nothing for, and the positions
    ///   found under another identifier; nil when an element is not an identifier.
    @inlinable
    public static func _routes(
        identifiedBy stored: [JSONValue], lookUp: (ID) -> Self?
    ) -> (routes: [Self], unresolved: [Int], migrated: [Int])? {
        // Every element read before any is looked up: a path with an element that is not an
        // identifier is left whole to the element-by-element restore, which looks each up once.
        var ids: [ID] = []
        ids.reserveCapacity(stored.count)
        for value in stored {
            guard let id = ID(jsonValue: value) else { return nil }
            ids.append(id)
        }
        return _routes(identifiedByIDs: ids, lookUp: lookUp)
    }
}

extension IdentifiedRoute {
    /// Encodes the route as its identifier.
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding the identifier throws.
    public func encode(to encoder: any Encoder) throws {
        // A save that checks how the route type encodes learns that it is this way, for every route.
        (encoder as? ValueEncoder)?.noteIdentifiedRouteEncoding()
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    /// Decodes an identifier and looks the route up.
    /// - Parameter decoder: The decoder.
    /// - Throws: What decoding the identifier throws; `DecodingError.dataCorrupted` when no lookup
    ///   for the type is known; in a restore, an error reported as
    ///   ``RestoreReport/Reason/unresolved`` when the lookup finds nothing.
    public init(from decoder: any Decoder) throws {
        let id = try decoder.singleValueContainer().decode(ID.self)
        let resolvers =
            (decoder as? ValueDecoder)?.session?.resolvers ?? decoder.userInfo[RouteResolvers.decoderKey]
            as? RouteResolvers
        guard let lookUp = resolvers?.lookup(for: Self.self) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "\(Self.self) is stored as its ID: restore it with RouteResolvers that look it up (adding(\(Self.self).self, lookUp:))"
                ))
        }
        guard let route = lookUp(id) else {
            if decoder is ValueDecoder { throw UnresolvedValue(typeName: "\(Self.self)") }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no \(Self.self) has the ID \(id)"))
        }
        // Found under another ID (an earlier one the app maps to the new): reported as migrated.
        if route.id != id, let session = (decoder as? ValueDecoder)?.session { session.substitutions += 1 }
        self = route
    }
}
