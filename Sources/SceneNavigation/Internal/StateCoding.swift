import SceneStore

/// Encodes an app's navigation state for a scene and restores it element by element and member by
/// member: the one restore of the toolkit, behind ``SceneNavigationModel`` and ``PersistentScene``.
///
/// The state is any `Codable` value: a ``RoutePath`` alone, or a struct that holds one or more
/// paths (``RoutePath``, ``MixedPath``) beside other state (a selected tab, an `isActive` flag).
/// A restore:
///
/// - brings the stored value up to the app's schema (``NavigationMigrations``);
/// - restores every path element by element under the policy, each element decoded on its own: one
///   that no longer decodes, whose type is unknown, or that the app's resolver rejects is dropped
///   and reported with its position and stored JSON, and the rest is restored;
/// - decodes every other member as `JSONDecoder` would, and when one no longer decodes (a renamed
///   key, a changed type), leaves it at its value in `initial` and reports it, so the rest restores;
/// - applies the app's resolvers to every value whose type has one.
///
/// Only a value that is not the state's shape at all (a path that is no array, an object where the
/// state is an array) fails as a whole.
///
/// ```swift
/// struct AppState: Codable, Equatable {
///     var tab = 0
///     var path: RoutePath<Animal> = []
/// }
/// let stored = try StateCoding.encode(AppState(tab: 1, path: [.cat]))
/// let (state, report) = try StateCoding.decode(AppState.self, from: stored, initial: AppState())
/// ```
package enum StateCoding {
    /// The state as the JSON value stored in a scene: what `JSONEncoder` writes for it (with its
    /// default strategies), as a value, so it is always stored with sorted keys.
    /// - Parameter state: The state.
    /// - Returns: The JSON value.
    /// - Throws: ``NavigationError/cannotEncode(reason:)``.
    package static func encode<State: Encodable>(_ state: State) throws(NavigationError) -> JSONValue {
        do {
            return try ValueEncoder.encode(state)
        } catch {
            throw .cannotEncode(reason: String(describing: error))
        }
    }

    /// The state's JSON value as ``encode(_:)`` makes it, and where it left out screens that are
    /// not saved; with `droppingChains`, every chain of presentations left out, unrecorded.
    static func encodeRecording<State: Encodable>(
        _ state: State, droppingChains: Bool = false
    ) throws(NavigationError) -> (json: JSONValue, unsaved: [UnsavedCut]) {
        do {
            let (json, cuts) = try ValueEncoder.encodeRecording(state, droppingChains: droppingChains)
            return (json, cuts)
        } catch {
            throw .cannotEncode(reason: String(describing: error))
        }
    }

    /// The state as the text of its stored JSON, written straight from the state into one buffer
    /// as a scene file holds it: what a save hands its writer, so that nothing compares or
    /// serializes values on the way to the disk. The text of ``encode(_:)``'s value.
    /// - Parameter state: The state.
    /// - Returns: The text.
    /// - Throws: ``NavigationError/cannotEncode(reason:)``.
    package static func encodedText<State: Encodable>(_ state: State) throws(NavigationError) -> JSONText {
        try encodedForSaving(state).text
    }

    /// The state's text as ``encodedText(_:)`` writes it, and the record of the screens it left
    /// out (nil when none), which a save writes beside the value under
    /// `<key>.unsaved`.
    static func encodedForSaving<State: Encodable>(
        _ state: State
    ) throws(NavigationError) -> (text: JSONText, unsaved: SceneValue?) {
        do {
            let (text, cuts) = try ValueEncoder.encodeText(state)
            return (text, UnsavedCut.record(of: cuts))
        } catch {
            throw .cannotEncode(reason: String(describing: error))
        }
    }

    /// Restores a state from its stored JSON, element by element and member by member.
    ///
    /// - Parameters:
    ///   - type: The state's type.
    ///   - value: The stored JSON.
    ///   - key: The scene value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers, by type.
    ///   - types: The types every ``MixedPath`` in the state decodes.
    ///   - migrations: The app's migration steps and aliases, applied before decoding.
    ///   - schemaVersion: The schema version the value was stored with (0 when none was stored).
    ///   - initial: The state a member that no longer decodes falls back to (the model's initial
    ///     state); nil for none, when only an optional member can fall back (to nil).
    /// - Returns: The state and the report of what was dropped and migrated.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` when the value is not the state's
    ///   shape at all or a migration step fails; ``NavigationError/newerSchema(key:stored:supported:)``
    ///   when `schemaVersion` is newer than `migrations` knows.
    package static func decode<State: Codable>(
        _ type: State.Type, from value: JSONValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        resolvers: RouteResolvers = RouteResolvers(), types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0, initial: State? = nil
    ) throws(NavigationError) -> (state: State, report: RestoreReport) {
        try decode(
            type, from: value, key: key, policy: policy, resolvers: resolvers, types: types, migrations: migrations,
            schemaVersion: schemaVersion, fallback: initial.flatMap { try? ValueEncoder.encode($0) })
    }

    /// The restore from JSON, with the state to fall back on given as its JSON, and the elements
    /// of a stored value that is a path itself that were dropped before it (a link's elements that
    /// could not be read), by position.
    static func decode<State: Codable>(
        _ type: State.Type, from value: JSONValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        resolvers: RouteResolvers = RouteResolvers(), types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0,
        fallback: @escaping @autoclosure () -> JSONValue?, unread: [Int: RestoreReport.Reason] = [:]
    ) throws(NavigationError) -> (state: State, report: RestoreReport) {
        try decode(
            type, from: .value(value), key: key, policy: policy, resolvers: resolvers, types: types,
            migrations: migrations, schemaVersion: schemaVersion, fallback: fallback(), unread: unread)
    }

    /// The restore from JSON built or still as its checked text: a value stored at the app's schema
    /// version is decoded from its text, building only what is decoded part by part; one that a
    /// migration step brings up to date is built first.
    static func decode<State: Codable>(
        _ type: State.Type, from stored: StoredJSON, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(),
        resolvers: RouteResolvers = RouteResolvers(), types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0,
        fallback: @escaping @autoclosure () -> JSONValue?, unread: [Int: RestoreReport.Reason] = [:]
    ) throws(NavigationError) -> (state: State, report: RestoreReport) {
        // A typed rule reads the value at every level it decodes: built once, whole, first.
        let migrated: StoredJSON =
            schemaVersion == migrations.stepCount && !migrations.hasTypedRules
            ? stored : .value(try migrations.migrated(stored.built, from: schemaVersion, key: key))
        let session = RestoreSession(
            policy: policy, resolvers: resolvers, types: types, migrations: migrations, storedVersion: schemaVersion,
            fallback: fallback())
        session.unread = unread
        let state: State
        do {
            state = try ValueDecoder(stored: migrated, session: session).decode(State.self)
        } catch {
            throw .cannotDecode(
                key: key, reason: RestoreSession.describe(error), location: RestoreSession.location(of: error))
        }
        // A rename or step of the state's own type changed the value as a whole.
        if session.substitutions > 0 {
            session.recordMember(at: [], migratedFrom: migrated.built, to: (try? ValueEncoder.encode(state)) ?? .null)
        }
        return (state, session.report)
    }

    /// Restores a state from a stored scene value: JSON, or binary data that holds JSON (as an app
    /// that kept its state as `Data` stored it).
    /// - Parameters:
    ///   - type: The state's type.
    ///   - value: The stored value.
    ///   - key: The scene value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - resolvers: The app's resolvers, by type.
    ///   - types: The types every ``MixedPath`` in the state decodes.
    ///   - migrations: The app's migration steps and aliases, applied before decoding.
    ///   - schemaVersion: The schema version the value was stored with (0 when none was stored).
    ///   - initial: The state a member that no longer decodes falls back to, or nil.
    /// - Returns: The state and the report.
    /// - Throws: The errors of the restore from JSON, and ``NavigationError/cannotDecode(key:reason:location:)``
    ///   for binary data that is not JSON.
    package static func decode<State: Codable>(
        _ type: State.Type, from value: SceneValue, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations(), schemaVersion: Int = 0, initial: State? = nil
    ) throws(NavigationError) -> (state: State, report: RestoreReport) {
        try decode(
            type, from: try stored(of: value, key: key), key: key, policy: policy, resolvers: resolvers, types: types,
            migrations: migrations, schemaVersion: schemaVersion,
            fallback: initial.flatMap { try? ValueEncoder.encode($0) })
    }

    /// A stored value's JSON as a restore decodes it: the value itself, or the JSON that binary data
    /// holds, checked but still as its text.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - key: The value's key, for the error.
    /// - Returns: The JSON.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` for binary data that is not JSON,
    ///   with the error that ``json(of:key:)`` gives.
    static func stored(of value: SceneValue, key: String = "navigation") throws(NavigationError) -> StoredJSON {
        switch value {
        case .json(let json): return .value(json)
        case .binary(let data):
            do {
                return .text(try JSONSpan(checking: Array(data), maximumDepth: 512))
            } catch {
                throw .cannotDecode(key: key, reason: "binary data that is not JSON: \(error)")
            }
        }
    }

    /// A stored value's JSON: the value itself, or the JSON that binary data holds (as
    /// `@SceneStorage`'s `Data` and the cookbook's `jsonData` store it).
    /// - Parameters:
    ///   - value: The stored value.
    ///   - key: The value's key, for the error.
    /// - Returns: The JSON.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` for binary data that is not JSON.
    package static func json(of value: SceneValue, key: String = "navigation") throws(NavigationError) -> JSONValue {
        switch value {
        case .json(let json): return json
        case .binary(let data):
            do {
                return try JSONValue(parsing: data, maximumDepth: 512)
            } catch {
                throw .cannotDecode(key: key, reason: "binary data that is not JSON: \(error)")
            }
        }
    }
}
