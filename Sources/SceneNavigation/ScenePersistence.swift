import SceneStore
import Synchronization

/// Keeps a model saved in a scene, as a SwiftUI `.task` with `@SceneStorage` would: restore what
/// is stored, then write every change through.
///
/// ```swift
/// let model = SceneNavigationModel(RoutePath<Animal>())
/// let persistence = try await ScenePersistence.connect(model, to: store, scene: scene)
/// print(persistence.report?.dropped ?? [])       // what the restore dropped, and why
/// model.state.append(.dog)                        // returns at once; written in the background
/// try await persistence.close()                   // the last change is durable
/// ```
///
/// Reads, encoding and writes run off the main actor: mutating the model never waits. Bursts of
/// changes coalesce to the newest, and a state equal to what is stored is not written again.
@MainActor
public final class ScenePersistence<Model: PersistableNavigationModel> {
    /// What the restore kept and dropped; nil when nothing was stored, when not restoring, or when
    /// nothing was restored (``intervention`` says why).
    public let report: Model.RestoreReport?
    /// Why what is stored was not applied as is: a crash-loop guard, an age limit, a deep link, a
    /// newer schema; nil when it was.
    public let intervention: RestoreIntervention?
    /// The scene written to.
    public let scene: SceneID
    /// The key written to.
    public let key: String
    /// Where a copy of the scene's file was kept aside before its value could be replaced: a value
    /// the model cannot restore (when connecting without restoring), a restore withheld by the
    /// crash-loop guard, state too old to restore.
    public let keptAsidePath: String?
    /// Whether changes are not written: the stored value is of a newer schema than the model's,
    /// and is never overwritten.
    public let isReadOnly: Bool

    private let model: Model
    private let writer: SceneWriter
    private let forwarding: Task<Void, Never>?
    private let encodingFailure: EncodingFailure
    private let health: RestoreHealth?
    private let healthTimer: Task<Void, Never>?

    private init(
        model: Model, writer: SceneWriter, report: Model.RestoreReport?, intervention: RestoreIntervention?,
        scene: SceneID, key: String, keptAsidePath: String?, isReadOnly: Bool, health: RestoreHealth?,
        crashGuard: CrashLoopGuard?
    ) {
        self.model = model
        self.writer = writer
        self.report = report
        self.intervention = intervention
        self.scene = scene
        self.key = key
        self.keptAsidePath = keptAsidePath
        self.isReadOnly = isReadOnly
        self.health = health
        let failure = EncodingFailure()
        encodingFailure = failure
        // The marker's removal in the background may fail (a full disk, no permission): it is then
        // not lost but tried again by `close()`, which throws the error, and meanwhile the marker
        // only makes the next launch guarded.
        if let health, let delay = crashGuard?.healthyAfter {
            healthTimer = Task.detached {
                try? await Task.sleep(for: delay)
                if !Task.isCancelled { try? health.markHealthy() }
            }
        } else {
            healthTimer = nil
        }
        guard !isReadOnly else {
            forwarding = nil
            return
        }
        let changes = model.changes()
        let healthyAfterWrite = crashGuard?.healthyAfterFirstWrite == true ? health : nil
        // Snapshots are encoded here, off the main actor, and only those the writer can take.
        forwarding = Task.detached {
            var awaitingHealth = healthyAfterWrite
            for await snapshot in changes {
                do throws(NavigationError) {
                    writer.submit(try Model.sceneValue(of: snapshot), sequence: Model.revision(of: snapshot))
                } catch {
                    failure.record(error)
                }
                if let health = awaitingHealth {
                    // The first change after the restore: once it is durable, the restore is healthy.
                    awaitingHealth = nil
                    Task.detached {
                        if (try? await writer.flush()) != nil { try? health.markHealthy() }
                    }
                }
                // Take the next snapshot only when the writer can use it: meanwhile the stream keeps
                // just the newest, and mutating the model wakes nobody.
                await writer.waitUntilReady()
            }
        }
    }

    isolated deinit {
        forwarding?.cancel()
        healthTimer?.cancel()
    }

    /// Restores `model` from what `store` holds for the scene, then writes every change through
    /// until ``close()`` (or until the persistence goes away).
    ///
    /// What is stored is not applied as is (``intervention`` says why) when:
    ///
    /// - it was saved with a newer schema than the model's (``NavigationMigrations``): nothing is
    ///   restored, and nothing is written over it (``isReadOnly``);
    /// - it was saved longer ago than `policy.maximumAge`: nothing is restored, and a copy of the
    ///   scene's file is kept aside;
    /// - the crash-loop guard finds that the last restore of this value never became healthy: the
    ///   paths are withheld (or, after ``CrashLoopGuard/restoresNothingAfter`` failures, nothing is
    ///   restored), and a copy of the scene's file is kept aside;
    /// - a deep link is given: the rest of the state is restored, the paths are not, and `deepLink`
    ///   is applied to the model; the stored value stays as it is until the model next changes.
    ///
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - restoring: Whether to restore first; pass false to replace what is stored with the
    ///     model's state. A stored value the model cannot restore is then not lost: a copy of the
    ///     scene's file is kept aside first (``keptAsidePath``).
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    /// - Returns: The connection, with the restore's report.
    /// - Throws: ``NavigationError/store(_:)`` when the scene's file or the guard's marker cannot be
    ///   read (corrupt, newer format, unreadable) or written, or a copy cannot be made;
    ///   ``NavigationError/cannotDecode(key:reason:)`` when restoring and the stored value cannot be
    ///   decoded at all (the model is untouched and nothing is written over it).
    public static func connect(
        _ model: Model, to store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil
    ) async throws(NavigationError) -> ScenePersistence {
        let writer: SceneWriter
        var document: SceneDocument?
        do {
            writer = try store.writer(forKey: key, in: scene)
            if model.schemaVersion > 0 {
                try writer.setCompanionValue(
                    .json(.number(JSONNumber(model.schemaVersion))), forKey: NavigationMigrations.schemaKey(for: key))
            }
            if restoring { document = try await store.loadDocument(for: scene) }
        } catch {
            throw .store(error)
        }
        var report: Model.RestoreReport?
        var intervention: RestoreIntervention?
        var keptAsidePath: String?
        var isReadOnly = false
        var health: RestoreHealth?
        if let document, let stored = document.values[key] {
            let schema = try NavigationMigrations.storedVersion(forKey: key, in: document.values)
            var restorePolicy = policy
            var restores = true
            if schema > model.schemaVersion {
                intervention = .newerSchema(stored: schema, supported: model.schemaVersion)
                isReadOnly = true
                restores = false
            } else if let maximumAge = policy.maximumAge,
                store.configuration.now().timeIntervalSince(document.savedAt) > Self.seconds(maximumAge)
            {
                intervention = .expired(savedAt: document.savedAt, maximumAge: maximumAge)
                keptAsidePath = try await Self.offMain { () throws(SceneStoreError) in
                    try store.keepCopy(of: scene, reason: .expired)
                }
                restores = false
            } else if let crashGuard {
                let marking = try await Self.offMain { () throws(SceneStoreError) in
                    try RestoreHealth.begin(scene: scene, key: key, store: store)
                }
                health = marking.health
                if marking.failures > 0 {
                    let nothing = marking.failures >= crashGuard.restoresNothingAfter
                    intervention = .crashLoop(failures: marking.failures, restoredNothing: nothing)
                    if marking.failures == 1 {
                        keptAsidePath = try await Self.offMain { () throws(SceneStoreError) in
                            try store.keepCopy(of: scene, reason: .crashLoop)
                        }
                    }
                    restorePolicy.restoresPaths = false
                    restores = !nothing
                }
            }
            if deepLink != nil {
                restorePolicy.restoresPaths = false
                if intervention == nil { intervention = .deepLink }
            }
            if restores {
                do throws(NavigationError) {
                    report = try model.restore(from: stored, key: key, policy: restorePolicy, schemaVersion: schema)
                } catch {
                    // Not applied, so not a restore that could crash: the marker goes. The decoding
                    // error is the one the caller needs; a marker left by a failed removal only
                    // guards the next launch once.
                    try? health?.markHealthy()
                    throw error
                }
            }
        }
        // Applied before the changes are listened to: the stored value stays until the next change.
        deepLink?(model)
        if !restoring {
            // Off the main actor: this reads the scene's file and may write a copy.
            keptAsidePath = try await Self.offMain { () throws(SceneStoreError) in
                try store.keepAsideIfUnreadable(forKey: key, in: scene) { Model.canRestore(from: $0) }
            }
        }
        return ScenePersistence(
            model: model, writer: writer, report: report, intervention: intervention, scene: scene, key: key,
            keptAsidePath: keptAsidePath, isReadOnly: isReadOnly, health: health, crashGuard: crashGuard)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// Runs blocking store work off the main actor.
    private static func offMain<Value: Sendable>(
        _ work: @escaping @Sendable () throws(SceneStoreError) -> Value
    ) async throws(NavigationError) -> Value {
        let result = await Task.detached { () -> Result<Value, SceneStoreError> in
            do throws(SceneStoreError) {
                return .success(try work())
            } catch {
                return .failure(error)
            }
        }.value
        do {
            return try result.get()
        } catch {
            throw .store(error)
        }
    }

    /// Marks the restore healthy: the guard's marker is removed, so the next restore of this value
    /// is applied as is. Called by itself after the first write-through, after the guard's
    /// ``CrashLoopGuard/healthyAfter`` and at ``close()``; call it when the app knows it is
    /// healthy sooner. Does nothing when there is no marker.
    /// - Throws: ``NavigationError/store(_:)`` when the marker cannot be removed.
    public func markHealthy() async throws(NavigationError) {
        guard let health else { return }
        try await Self.offMain { () throws(SceneStoreError) in try health.markHealthy() }
    }

    /// Whether the restore has become healthy (or needed no marker).
    public var isHealthy: Bool { health?.isHealthy ?? true }

    /// Connects, then keeps writing changes through until the calling task is cancelled, and makes
    /// the last change durable before returning: the whole of a scene's `.task` in one call.
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: What to do with elements that cannot be restored.
    ///   - crashGuard: The crash-loop guard, or nil for none.
    ///   - restored: Called with the restore's report (nil when nothing was stored or restored).
    /// - Throws: The errors of ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)`` and ``flush()``.
    public static func run(
        _ model: Model, store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
        restored: (Model.RestoreReport?) -> Void = { _ in }
    ) async throws(NavigationError) {
        let persistence = try await connect(model, to: store, scene: scene, key: key, policy: policy, guard: crashGuard)
        restored(persistence.report)
        // Sleep until cancelled; the forwarding task does the work meanwhile.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        try await persistence.close()
    }

    /// Waits until the model's current state is durable.
    /// - Throws: ``NavigationError/store(_:)`` when the last write failed;
    ///   ``NavigationError/cannotEncode(reason:)`` when the state could not be encoded.
    public func flush() async throws(NavigationError) {
        // A value of a newer schema is never written over.
        guard !isReadOnly else { return }
        // The stream may still hold the newest snapshot: hand the current state over directly. Its
        // revision makes the writer ignore that snapshot if it arrives later; a state equal to
        // what is stored is not written again.
        let snapshot = model.currentSnapshot
        writer.submit(try Model.sceneValue(of: snapshot), sequence: Model.revision(of: snapshot))
        do {
            try await writer.flush()
        } catch {
            throw .store(error)
        }
        if let failure = encodingFailure.take() { throw failure }
    }

    /// Stops listening to the model, makes its current state durable, and marks the restore
    /// healthy (the app ran until it closed the scene).
    /// - Throws: The errors of ``flush()`` and ``markHealthy()``.
    public func close() async throws(NavigationError) {
        forwarding?.cancel()
        healthTimer?.cancel()
        try await flush()
        try await markHealthy()
    }

    /// Ends the connection as a killed process would: no flush, no healthy mark; changes not yet
    /// written are lost, and a write in flight ends first. For the testing kit's relaunch.
    package func abandon() async {
        health?.abandon()
        forwarding?.cancel()
        healthTimer?.cancel()
        await writer.abandon()
    }

    /// Whether ``abandon()`` has stopped the writer.
    package var isAbandoned: Bool { writer.isAbandoned }

    /// What the writer did: values submitted, coalesced, written and found unchanged.
    public var statistics: SceneWriter.Statistics { writer.statistics }
}

/// The last encoding failure of the forwarding task, until ``ScenePersistence/flush()`` reports it.
private final class EncodingFailure: Sendable {
    private let error = Mutex<NavigationError?>(nil)

    func record(_ failure: NavigationError) { error.withLock { $0 = failure } }

    func take() -> NavigationError? {
        error.withLock { error in
            defer { error = nil }
            return error
        }
    }
}

/// The marker of one restore, from the write that begins it to the removal that ends it.
final class RestoreHealth: Sendable {
    private let markers: SceneStore
    private let scene: SceneID
    private let key: String
    private enum Phase { case restoring, healthy, abandoned }
    private let healthy = Mutex(Phase.restoring)

    private init(markers: SceneStore, scene: SceneID, key: String) {
        self.markers = markers
        self.scene = scene
        self.key = key
    }

    /// Reads the marker of the last restore and writes this one's, durably, before the restore is
    /// applied: how many restores before it never became healthy, and the marker to clear.
    static func begin(
        scene: SceneID, key: String, store: SceneStore
    ) throws(SceneStoreError) -> (failures: Int, health: RestoreHealth) {
        let markers = try store.siblingStore(folder: CrashLoopGuard.folder)
        // As a scene's file: a corrupt marker file is moved aside by the update below; a marker
        // value of the wrong shape is kept aside here, and counts as one restore that failed.
        do throws(SceneStoreError) {
            if let previous = try markers.sceneValue(forKey: key, in: scene),
                (try? Marker(previous, path: markers.path(for: scene))) == nil
            {
                try markers.keepCopy(of: scene, reason: .invalid)
            }
        } catch .corrupt {}
        var failures = 0
        try markers.update(scene) { values in
            if let previous = values[key] {
                failures = ((try? Marker(previous, path: markers.path(for: scene)))?.failures ?? 0) + 1
            }
            values[key] = Marker(since: store.configuration.now(), failures: failures).sceneValue
        }
        return (failures, RestoreHealth(markers: markers, scene: scene, key: key))
    }

    var isHealthy: Bool { healthy.withLock { $0 == .healthy } }

    /// From now on the marker stays: the process is taken as killed.
    func abandon() {
        healthy.withLock { if $0 == .restoring { $0 = .abandoned } }
    }

    /// Removes the marker, once; never after ``abandon()``.
    func markHealthy() throws(SceneStoreError) {
        let first = healthy.withLock { healthy -> Bool in
            guard healthy == .restoring else { return false }
            healthy = .healthy
            return true
        }
        guard first else { return }
        do throws(SceneStoreError) {
            // Not made durable: a power cut that undoes the removal costs one guarded restore
            // that was not needed, never a restore that should have been guarded.
            try markers.removeValueAndEmptyScene(forKey: key, in: scene, durably: false)
        } catch {
            healthy.withLock { $0 = .restoring }
            throw error
        }
    }
}
