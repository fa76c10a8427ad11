import SceneStore

// MARK: - Deprecated: 0.2.0's decode from JSON text, until 0.4.0

extension NavigationCoding {
    /// Decodes a navigation state from JSON text, element by element, as 0.2.0 did.
    /// - Parameters:
    ///   - type: The state's type.
    ///   - bytes: The JSON text.
    ///   - key: The value's key, for errors.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers.
    ///   - types: The registry of a `MixedPath`'s types.
    /// - Returns: The state and its report.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` when the text is not JSON or
    ///   the state cannot be decoded.
    @available(
        *, deprecated,
        message:
            "parse the text with JSONValue(parsing:), then use decode(_:from:key:policy:resolvers:types:migrations:schemaVersion:initial:)"
    )
    public static func decode<State: Codable>(
        _ type: State.Type, fromJSON bytes: some Collection<UInt8>, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry()
    ) throws(NavigationError) -> (state: State, report: RestoreReport) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw .cannotDecode(key: key, reason: "\(error)")
        }
        return try decode(type, from: value, key: key, policy: policy, resolvers: resolvers, types: types)
    }
}
