import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes an app's navigation state for a scene and restores it element by element.
///
/// The state is any `Codable` value: a ``RoutePath`` alone, or a struct that holds one or more
/// paths beside other state (a selected tab, an `isActive` flag). Every ``RoutePath`` inside is
/// restored element by element under the policy, with the app's resolvers; the rest of the state
/// decodes as `JSONDecoder` decodes it.
///
/// ```swift
/// struct AppState: Codable, Equatable, Sendable {
///     var tab = 0
///     var path: RoutePath<Animal> = []
/// }
/// let stored = try NavigationCoding.encode(AppState(tab: 1, path: [.cat]))
/// let (state, report) = try NavigationCoding.decode(AppState.self, from: stored)
/// ```
public enum NavigationCoding {
    /// The state as the JSON value stored in a scene: what `JSONEncoder` with `.sortedKeys` writes.
    /// - Parameter state: The state.
    /// - Returns: The JSON value.
    /// - Throws: ``NavigationError/cannotEncode(reason:)``.
    public static func encode<State: Encodable>(_ state: State) throws(NavigationError) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try JSONValue(parsing: encoder.encode(state))
        } catch {
            throw .cannotEncode(reason: String(describing: error))
        }
    }

    /// Restores a state from its stored JSON, each ``RoutePath`` in it element by element.
    ///
    /// - Parameters:
    ///   - type: The state's type.
    ///   - value: The stored JSON.
    ///   - key: The scene value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers, by route type.
    ///   - types: The types every ``MixedPath`` in the state decodes.
    ///   - migrations: The app's migration steps and aliases, applied before decoding.
    ///   - schemaVersion: The schema version the value was stored with (0 when none was stored).
    /// - Returns: The state and the report of what was dropped and migrated.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:)`` when the value cannot be decoded
    ///   as the state at all (a path that is not an array, another member of the wrong type) or a
    ///   migration step fails; ``NavigationError/newerSchema(key:stored:supported:)`` when
    ///   `schemaVersion` is newer than `migrations` knows.
    public static func decode<State: Decodable>(
        _ type: State.Type, from value: JSONValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        resolvers: RouteResolvers = RouteResolvers(), types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0
    ) throws(NavigationError) -> (state: State, report: PathRestoreReport) {
        let (migrated, aliased) = try migrations.migrate(value, from: schemaVersion, key: key)
        let session = RestoreSession(policy: policy, resolvers: resolvers, types: types, root: migrated)
        var (state, report) = try decode(type, from: Data(migrated.serialized()), key: key, session: session)
        report.migrated = aliased + report.migrated
        return (state, report)
    }

    /// Restores a state from JSON bytes (such as a `Data` an app kept itself), each ``RoutePath``
    /// in it element by element. The bytes are decoded once; they are parsed a second time only
    /// when an element is dropped, to report it as it was stored.
    ///
    /// - Parameters:
    ///   - type: The state's type.
    ///   - bytes: The stored JSON.
    ///   - key: A name for the value, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers, by route type.
    /// - Returns: The state and the report of what was dropped.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:)`` when the bytes are not JSON or cannot
    ///   be decoded as the state at all.
    public static func decode<State: Decodable>(
        _ type: State.Type, fromJSON bytes: some Collection<UInt8>, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry()
    ) throws(NavigationError) -> (state: State, report: PathRestoreReport) {
        let bytes = Array(bytes)
        let session = RestoreSession(policy: policy, resolvers: resolvers, types: types, root: nil, bytes: bytes)
        return try decode(type, from: Data(bytes), key: key, session: session)
    }

    private static func decode<State: Decodable>(
        _ type: State.Type, from data: Data, key: String, session: RestoreSession
    ) throws(NavigationError) -> (state: State, report: PathRestoreReport) {
        let decoder = JSONDecoder()
        decoder.userInfo[RestoreSession.key] = session
        do {
            let state = try decoder.decode(State.self, from: data)
            return (state, session.report)
        } catch {
            throw .cannotDecode(key: key, reason: RestoreSession.describe(error))
        }
    }

    /// Restores a state from a stored scene value: JSON, or binary data that holds JSON.
    /// - Parameters:
    ///   - type: The state's type.
    ///   - value: The stored value.
    ///   - key: The scene value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers, by route type.
    ///   - types: The types every ``MixedPath`` in the state decodes.
    ///   - migrations: The app's migration steps and aliases, applied before decoding.
    ///   - schemaVersion: The schema version the value was stored with (0 when none was stored).
    /// - Returns: The state and the report.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:)``, or
    ///   ``NavigationError/newerSchema(key:stored:supported:)``.
    public static func decode<State: Decodable>(
        _ type: State.Type, from value: SceneValue, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0
    ) throws(NavigationError) -> (state: State, report: PathRestoreReport) {
        switch value {
        case .json(let json):
            return try decode(
                type, from: json, key: key, policy: policy, resolvers: resolvers, types: types, migrations: migrations,
                schemaVersion: schemaVersion)
        case .binary(let data):
            let json: JSONValue
            do {
                json = try JSONValue(parsing: data)
            } catch {
                throw .cannotDecode(key: key, reason: "binary data that is not JSON: \(error)")
            }
            return try decode(
                type, from: json, key: key, policy: policy, resolvers: resolvers, types: types, migrations: migrations,
                schemaVersion: schemaVersion)
        }
    }
}
