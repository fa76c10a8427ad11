import Observation
import SceneStore

/// The navigation state of one scene of any app, observable, restored element by element and
/// saved without ever making a mutation wait for I/O.
///
/// `State` is any `Codable` value: a ``RoutePath`` of the app's routes, or a struct with paths and
/// other state side by side. The model publishes a snapshot after each change on ``changes()``; a
/// ``ScenePersistence`` listens to it and writes the state through to a scene.
///
/// ```swift
/// enum Animal: Codable, Hashable, Sendable { case cat, dog }
/// let model = SceneNavigationModel(RoutePath<Animal>())
/// model.state.append(.cat)                      // returns at once
/// ```
@MainActor
public final class SceneNavigationModel<State: Codable & Equatable & Sendable>: Observable {
    /// The navigation state; bind a `NavigationStack` to its path. Observable: views that read it
    /// update when it changes.
    public var state: State {
        @inlinable get {
            registrar.access(self, keyPath: stateKeyPath)
            return storedState
        }
        @inlinable set {
            registrar.withMutation(of: self, keyPath: stateKeyPath) { storedState = newValue }
            publishChange()
        }
        @inlinable _modify {
            // In place, so pushing on a path does not copy it.
            registrar.willSet(self, keyPath: stateKeyPath)
            defer {
                registrar.didSet(self, keyPath: stateKeyPath)
                publishChange()
            }
            yield &storedState
        }
    }

    /// The report of the last restore.
    public private(set) var lastRestoreReport: PathRestoreReport?

    /// The app's resolvers, by route type, used by every restore.
    public var resolvers: RouteResolvers

    /// The types every ``MixedPath`` in the state decodes, used by every restore.
    public var types: NavigationTypeRegistry

    /// The app's migration steps and aliases, applied by every restore; their count is the schema
    /// version the model writes.
    public var migrations: NavigationMigrations

    /// Counts the changes published so far; each snapshot carries the count after its change.
    public var revision: UInt64 { storedRevision }

    // The mutation path is inlinable, so that an app's module specializes it for its own state:
    // generic, a mutation with a listener cost about 1 µs; specialized, a fraction of it.
    @usableFromInline var storedState: State
    @usableFromInline var storedRevision: UInt64 = 0
    @usableFromInline let broadcaster = ChangeBroadcaster<Snapshot>()
    // Observation by hand rather than with `@Observable`: the macro forms the key path at every
    // access, and for a generic class that means building a new key path object each time (about
    // 5 µs per mutation, measured). Formed once here.
    @usableFromInline let registrar = ObservationRegistrar()
    @usableFromInline let stateKeyPath: KeyPath<SceneNavigationModel, State> = \.state

    /// Creates a model.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - resolvers: The app's resolvers, by route type.
    ///   - types: The types a ``MixedPath`` in the state may hold, beyond the standard ones.
    ///   - migrations: How stored values of earlier versions are brought up to this one.
    public init(
        _ state: State, resolvers: RouteResolvers = RouteResolvers(),
        types: NavigationTypeRegistry = NavigationTypeRegistry(),
        migrations: NavigationMigrations = NavigationMigrations()
    ) {
        self.storedState = state
        self.resolvers = resolvers
        self.types = types
        self.migrations = migrations
    }

    isolated deinit {
        broadcaster.finish()
    }
}

// MARK: - Observing

extension SceneNavigationModel {
    /// The state after one change.
    public struct Snapshot: Sendable {
        /// The model's ``SceneNavigationModel/revision`` after the change.
        public let revision: UInt64
        /// The state.
        public let state: State

        @usableFromInline
        init(revision: UInt64, state: State) {
            self.revision = revision
            self.state = state
        }
    }

    /// The model's changes, each as a snapshot of the state after the change. A subscriber that
    /// falls behind gets only the newest snapshot; any number may listen; a stream ends when its
    /// consuming task is cancelled or the model goes away.
    /// - Returns: A stream that starts with the next change.
    public func changes() -> AsyncStream<Snapshot> {
        broadcaster.subscribe()
    }

    @inlinable
    func publishChange() {
        storedRevision &+= 1
        broadcaster.publish(Snapshot(revision: storedRevision, state: storedState))
    }
}

// MARK: - Restoring

extension SceneNavigationModel {
    /// Restores the state from a stored scene value, each path element by element.
    ///
    /// Decoding happens first: a value that cannot be decoded at all throws and leaves the model
    /// untouched. Otherwise the state is replaced at once (one change is published).
    ///
    /// - Parameters:
    ///   - value: The stored value.
    ///   - key: The value's key, for error messages.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - schemaVersion: The schema version the value was stored with; ``migrations`` bring it
    ///     up to the model's.
    /// - Returns: What was dropped and migrated, and why.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:)``, or
    ///   ``NavigationError/newerSchema(key:stored:supported:)``.
    @discardableResult
    public func restore(
        from value: SceneValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        schemaVersion: Int = 0
    ) throws(NavigationError) -> PathRestoreReport {
        let (restored, report) = try NavigationCoding.decode(
            State.self, from: value, key: key, policy: policy, resolvers: resolvers, types: types,
            migrations: migrations, schemaVersion: schemaVersion)
        state = restored
        lastRestoreReport = report
        return report
    }
}

// MARK: - Persisting

extension SceneNavigationModel: PersistableNavigationModel {
    /// The schema version the model writes: the number of its migration steps.
    public var schemaVersion: Int { migrations.version }

    /// The current state as a snapshot.
    public var currentSnapshot: Snapshot { Snapshot(revision: revision, state: state) }

    /// A snapshot's revision.
    /// - Parameter snapshot: The snapshot.
    /// - Returns: Its revision.
    public nonisolated static func revision(of snapshot: Snapshot) -> UInt64 { snapshot.revision }

    /// A snapshot's state as stored: the JSON `JSONEncoder` writes for it, with sorted keys.
    /// - Parameter snapshot: The snapshot.
    /// - Returns: The value to store.
    /// - Throws: ``NavigationError/cannotEncode(reason:)``.
    public nonisolated static func sceneValue(of snapshot: Snapshot) throws(NavigationError) -> SceneValue {
        .json(try NavigationCoding.encode(snapshot.state))
    }

    /// Whether a stored value decodes as this model's state (element drops aside).
    /// - Parameter value: The stored value.
    /// - Returns: Whether a restore would succeed.
    public nonisolated static func canRestore(from value: SceneValue) -> Bool {
        (try? NavigationCoding.decode(State.self, from: value)) != nil
    }
}
