import SceneStore

// MARK: - Deprecated in 0.4.0: the restore's machinery, public until 0.4.0

/// The encoding and element-by-element restore of a navigation state, as 0.3.0 offered it apart
/// from a scene. A scene's connection (``PersistentScene``) encodes and restores the state; a
/// model's ``SceneNavigationModel/jsonData`` is its JSON, read and restored with a report.
@available(
    *, deprecated,
    message:
        "a scene's connection (PersistentScene) encodes and restores the state, from the schema stored beside it; a model's jsonData is its JSON at the model's schema"
)
public enum NavigationCoding {
    /// The state as the JSON value stored in a scene.
    /// - Parameter state: The state.
    /// - Returns: The JSON value.
    /// - Throws: ``NavigationError/cannotEncode(reason:)``.
    public static func encode<State: Encodable>(_ state: State) throws(NavigationError) -> JSONValue {
        try StateCoding.encode(state)
    }

    /// Restores a state from JSON, element by element and member by member.
    /// - Parameters:
    ///   - type: The state's type.
    ///   - value: The stored JSON.
    ///   - key: The scene value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers, by type.
    ///   - types: The types every ``MixedPath`` in the state decodes.
    ///   - migrations: The app's migration steps and aliases, applied before decoding.
    ///   - schemaVersion: The schema version the value was stored with.
    ///   - initial: The state a member that no longer decodes falls back to, or nil.
    /// - Returns: The state and the report of what was dropped and migrated.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)``, or
    ///   ``NavigationError/newerSchema(key:stored:supported:)``.
    public static func decode<State: Codable>(
        _ type: State.Type, from value: JSONValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        resolvers: RouteResolvers = RouteResolvers(), types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0, initial: State? = nil
    ) throws(NavigationError) -> (state: State, report: RestoreReport) {
        try StateCoding.decode(
            type, from: value, key: key, policy: policy, resolvers: resolvers, types: types, migrations: migrations,
            schemaVersion: schemaVersion, initial: initial)
    }

    /// Restores a state from a stored scene value: JSON, or binary data that holds JSON.
    /// - Parameters:
    ///   - type: The state's type.
    ///   - value: The stored value.
    ///   - key: The scene value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers, by type.
    ///   - types: The types every ``MixedPath`` in the state decodes.
    ///   - migrations: The app's migration steps and aliases, applied before decoding.
    ///   - schemaVersion: The schema version the value was stored with.
    ///   - initial: The state a member that no longer decodes falls back to, or nil.
    /// - Returns: The state and the report.
    /// - Throws: The errors of the restore from JSON, and ``NavigationError/cannotDecode(key:reason:location:)``
    ///   for binary data that is not JSON.
    public static func decode<State: Codable>(
        _ type: State.Type, from value: SceneValue, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0, initial: State? = nil
    ) throws(NavigationError) -> (state: State, report: RestoreReport) {
        try StateCoding.decode(
            type, from: value, key: key, policy: policy, resolvers: resolvers, types: types, migrations: migrations,
            schemaVersion: schemaVersion, initial: initial)
    }
}

// MARK: - Deprecated: 0.2.0's decode from JSON text, until 0.4.0

@available(*, deprecated)
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
            "a scene's connection (PersistentScene) restores the state, from the schema stored beside it; a model's jsonData restores its own JSON with a report"
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
        return try StateCoding.decode(type, from: value, key: key, policy: policy, resolvers: resolvers, types: types)
    }
}
