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
public protocol IdentifiedRoute: Identifiable, Codable, Hashable where ID: Codable {}

extension IdentifiedRoute {
    /// Encodes the route as its identifier.
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding the identifier throws.
    public func encode(to encoder: any Encoder) throws {
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
