import Observation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The navigation state of one scene of any app, observable, restored element by element and
/// member by member, and saved without ever making a mutation wait for I/O.
///
/// `State` is any `Codable` and `Equatable` value: a ``RoutePath`` of the app's routes, or a struct
/// with paths and other state side by side. It need not be `Sendable`, and its conformances may be
/// isolated to the main actor (Xcode 26's app targets declare every type so): the model, and a
/// ``PersistentScene`` that keeps it saved, encode and decode it on the main actor, where it lives.
/// The model publishes each change; a ``PersistentScene`` listens and writes the state through to
/// a scene, and a `Sendable` state can also be followed as snapshots (``changes()``). A restore
/// falls back on ``initialState`` for each member that no longer decodes.
///
/// ```swift
/// enum Animal: Codable, Hashable { case cat, dog }
/// let model = SceneNavigationModel(RoutePath<Animal>())
/// model.state.append(.cat)                      // returns at once
/// ```
@MainActor
public final class SceneNavigationModel<State: Codable & Equatable>: Observable {
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

    /// The state the model was created with: what a member that no longer decodes is left at.
    public let initialState: State

    /// The report of the last restore.
    public private(set) var lastRestoreReport: RestoreReport?

    /// The error of the last restore through ``jsonData``, which left the model untouched; nil
    /// after one that succeeded.
    public private(set) var lastRestoreError: NavigationError?

    /// The report of the last link or Handoff the model opened: what of it did not open, and why.
    /// A scene tells it as ``SceneEvent/linkOpened(_:)``.
    package internal(set) var linkReport: RestoreReport? {
        didSet {
            linksTaken += 1
            if let linkReport { lastLinkTaken = .success(linkReport) }
        }
    }

    /// Why the last link the model was given could not be read at all (it left the model
    /// untouched); nil after one that was read. A scene tells it as ``SceneEvent/linkRefused(_:)``.
    package internal(set) var linkError: NavigationError? {
        didSet {
            linksTaken += 1
            if let linkError { lastLinkTaken = .failure(linkError) }
        }
    }

    /// How many times a link or a Handoff was taken (opened or refused), and the last one's report
    /// or error: a scene tells one event per link its change took.
    package private(set) var linksTaken = 0
    package private(set) var lastLinkTaken: Result<RestoreReport, NavigationError>?

    /// The app's resolvers, by type, used by every restore.
    public var resolvers: RouteResolvers

    /// The types every ``MixedPath`` in the state decodes, used by every restore.
    public var types: NavigationTypeRegistry

    /// The app's migration steps, renames and aliases, applied by every restore; the steps' count is the schema
    /// version the model writes.
    public var migrations: NavigationMigrations

    /// Counts the changes published so far: what a connection compares to know whether the state
    /// changed since it last wrote.
    package var changeCount: UInt64 { storedRevision }

    /// Counts the changes published so far; each snapshot carries the count after its change.
    @available(*, deprecated, message: "observe the model with Observation; a scene's connection saves each change")
    public var revision: UInt64 { storedRevision }

    // The mutation path is inlinable, so that an app's module specializes it for its own state:
    // generic, a mutation with a listener cost about 1 µs; specialized, a fraction of it.
    @usableFromInline var storedState: State
    @usableFromInline var storedRevision: UInt64 = 0
    @usableFromInline let broadcaster = SnapshotBroadcaster<Published>()
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
        self.initialState = state
        self.resolvers = resolvers
        self.types = types
        self.migrations = migrations
    }

    // A plain deinit: an isolated one crashes release builds below macOS 15.4 and iOS 18.4, and
    // finishing the broadcaster needs no isolation.
    deinit {
        broadcaster.finish()
    }
}

// MARK: - Observing

extension SceneNavigationModel {
    /// The state after one change.
    @available(
        *, deprecated, message: "observe the model with Observation (SwiftUI, withObservationTracking, Observations)"
    )
    public struct Snapshot {
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

    /// What the model publishes after a change. Its state is read off the main actor only through
    /// ``changes()``, which exists when `State` is `Sendable`; otherwise subscribers read the
    /// revision alone, and the state on the main actor.
    @usableFromInline
    struct Published: RevisionedSnapshot, @unchecked Sendable {
        @usableFromInline let revision: UInt64
        @usableFromInline let state: State

        @usableFromInline
        init(revision: UInt64, state: State) {
            self.revision = revision
            self.state = state
        }
    }

    /// The revisions of the model's changes: a signal that the state changed, to be read on the
    /// main actor. Bursts coalesce to the newest, as in ``changes()``.
    func revisions() -> AsyncStream<UInt64> {
        broadcaster.revisions()
    }

    @inlinable
    func publishChange() {
        storedRevision &+= 1
        broadcaster.publish(Published(revision: storedRevision, state: storedState))
    }
}

@available(
    *, deprecated, message: "observe the model with Observation (SwiftUI, withObservationTracking, Observations)"
)
extension SceneNavigationModel.Snapshot: Sendable where State: Sendable {}

extension SceneNavigationModel where State: Sendable {
    /// The model's changes, each as a snapshot of the state after the change. A subscriber that
    /// falls behind gets only the newest snapshot; any number may listen; a stream ends when its
    /// consuming task is cancelled or the model goes away.
    ///
    /// The one API that asks `Sendable` of a state, because its snapshots go to whichever task
    /// consumes them. A state whose conformances are isolated to the main actor (any state declared
    /// in an Xcode 26 app target) cannot cross, and the compiler says so at the call, naming a
    /// struct state's type once for each of `Decodable`, `Encodable` and `Equatable`:
    /// `main actor-isolated conformance of 'MailState' to 'Decodable' cannot satisfy conformance
    /// requirement for a 'Sendable' type parameter` (for a bare ``RoutePath``, it names the route's
    /// `Decodable`). Observe such a model where it lives instead: SwiftUI's views,
    /// `withObservationTracking`, or `Observations` from iOS 26 and macOS 26.
    /// - Returns: A stream that starts with the next change.
    @available(
        *, deprecated, message: "observe the model with Observation (SwiftUI, withObservationTracking, Observations)"
    )
    public func changes() -> AsyncStream<Snapshot> {
        broadcaster.subscribe { Snapshot(revision: $0.revision, state: $0.state) }
    }
}

// MARK: - JSON

extension SceneNavigationModel {
    /// The state as JSON data, and the state restored from such data, as the cookbook sample's
    /// `jsonData` is.
    ///
    /// Reading gives the bytes `JSONEncoder` with `.sortedKeys` writes for what is saved of the
    /// state (compact, `/` escaped as `\/`; screens not saved left out, ``SelectivelySaved``), or
    /// nil when the state cannot be encoded. Setting restores JSON of the model's own schema
    /// (``schemaVersion``: what reading gives), with the default policy; unlike the sample, a
    /// failure is not silent: the model is left untouched and the error is in
    /// ``lastRestoreError``, and what was dropped is in ``lastRestoreReport``. Setting nil does
    /// nothing. State stored at an earlier schema is restored by a scene's connection
    /// (``PersistentScene``), which reads the schema stored beside it.
    public var jsonData: Data? {
        get {
            guard let json = try? StateCoding.encode(state) else { return nil }
            return Data(json.serialized(escapingSlashes: true))
        }
        set {
            guard let newValue else { return }
            do throws(NavigationError) {
                try restoreValue(.binary(newValue), schemaVersion: schemaVersion)
                lastRestoreError = nil
            } catch {
                lastRestoreError = error
            }
        }
    }

    /// The schema version the model writes: the number of its migration steps.
    public var schemaVersion: Int { migrations.stepCount }

    /// Puts a restored state in place (one change) and keeps its report as the last restore's.
    func apply(_ restored: State, report: RestoreReport) {
        state = restored
        lastRestoreReport = report
    }

    /// The current state as a snapshot.
    @available(*, deprecated, message: "read the model's state")
    public var currentSnapshot: Snapshot { Snapshot(revision: changeCount, state: state) }
}
