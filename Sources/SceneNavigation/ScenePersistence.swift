import Dispatch
import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
/// Mutating the model never waits: reads and writes run off the main actor. The state is encoded
/// where it lives, on the main actor, once per write and never per mutation, and only its bytes
/// reach the writer; so the state and its routes need not be `Sendable`, and their conformances may
/// be isolated to the main actor (as an Xcode 26 app target declares them). Bursts of changes
/// coalesce to the newest, and a state equal to what is stored is not written again.
@MainActor
public final class ScenePersistence<State: Codable & Equatable> {
    /// The model this persistence keeps saved.
    public typealias Model = SceneNavigationModel<State>

    /// What connecting did with what the scene stored.
    public let outcome: RestoreOutcome
    /// The scene written to.
    public let scene: SceneID
    /// The key written to.
    public let key: String

    private let model: Model
    private let store: SceneStore
    /// The writer, and the restore's marker: internal so that tests can wait for their steps.
    let writer: SceneWriter
    let health: RestoreHealth?
    private let forwarding: Task<Void, Never>?
    private let encodingFailure: EncodingFailure
    private let healthTimer: Task<Void, Never>?
    /// The model's revision at connect when nothing is to be written over the stored value until
    /// the model changes (a deep link); nil otherwise.
    private let unchangedRevision: UInt64?
    /// A copy made for another key of the scene that holds this key's value too, when the write
    /// that would have copied it found one.
    private let sharedCopy: SharedCopy
    /// When a flush last wrote or confirmed the scene's save time.
    private var confirmedAt: Date?
    /// Whether the first change written through makes the restore healthy (the guard's
    /// ``CrashLoopGuard/healthyAfterFirstWrite``).
    private let healthyAfterFirstWrite: Bool

    /// Follows the model's changes on the main actor, where its state lives: at each signal, the
    /// newest state is encoded there and its bytes handed to the writer, once per write (the next
    /// signal is taken only when the writer can use it; meanwhile signals coalesce, and mutating
    /// the model wakes nobody).
    private static func follow(
        _ model: Model, writer: SceneWriter, failure: EncodingFailure, healthyAfterWrite: RestoreHealth?
    ) -> Task<Void, Never> {
        let revisions = model.revisions()
        return Task { @MainActor [weak model] in
            var awaitingHealth = healthyAfterWrite
            for await _ in revisions {
                guard let model else { return }
                do throws(NavigationError) {
                    writer.submit(SceneValue.json(try NavigationCoding.encode(model.state)), sequence: model.revision)
                } catch {
                    failure.record(error)
                }
                awaitingHealth = healthyAfterFirst(awaitingHealth, writer: writer)
                await writer.waitUntilReady()
            }
        }
    }

    /// After the first change following a restore: once it is durable, the restore is healthy.
    nonisolated static func healthyAfterFirst(_ health: RestoreHealth?, writer: SceneWriter) -> RestoreHealth? {
        guard let health else { return nil }
        Task.detached {
            if (try? await writer.flush()) != nil { try? health.markHealthy() }
        }
        return nil
    }

    private init(
        model: Model, writer: SceneWriter, outcome: RestoreOutcome, scene: SceneID, key: String,
        health: RestoreHealth?, crashGuard: CrashLoopGuard?, unchangedRevision: UInt64?, store: SceneStore,
        sharedCopy: SharedCopy
    ) {
        self.unchangedRevision = unchangedRevision
        self.sharedCopy = sharedCopy
        healthyAfterFirstWrite = crashGuard?.healthyAfterFirstWrite == true
        self.store = store
        self.model = model
        self.writer = writer
        self.outcome = outcome
        self.scene = scene
        self.key = key
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
        guard !outcome.isReadOnly else {
            self.forwarding = nil
            return
        }
        let healthyAfterWrite = crashGuard?.healthyAfterFirstWrite == true ? health : nil
        self.forwarding = Self.follow(model, writer: writer, failure: failure, healthyAfterWrite: healthyAfterWrite)
    }

    // A plain deinit: an isolated one crashes release builds below macOS 15.4 and iOS 18.4, and
    // cancelling tasks needs no isolation.
    deinit {
        forwarding?.cancel()
        healthTimer?.cancel()
    }

    /// What the restore kept and dropped; nil when nothing was stored, when not restoring, or when
    /// nothing was restored (``intervention`` says why).
    public var report: RestoreReport? { outcome.report }
    /// Why what is stored was not applied as is: a crash-loop guard, an age limit, a deep link, a
    /// newer schema; nil when it was.
    public var intervention: RestoreIntervention? { outcome.intervention }
    /// Where a copy of the scene's file was kept aside before its value could be replaced: at
    /// connect (an age limit, a crash loop, connecting without restoring), or before the first
    /// write over a value whose restore left out what a later version could restore, or whose
    /// paths were withheld for a deep link (`KeptAsideFile.Reason.unrestored`; for a scene that
    /// saves several keys, the one copy made for the first of them); nil when none.
    public var keptAsidePath: String? {
        outcome.keptAsidePath ?? writer.statistics.keptAsidePaths.first ?? sharedCopy.path
    }
    /// Whether changes are not written: the stored value is of a newer schema than the model's,
    /// and is never overwritten.
    public var isReadOnly: Bool { outcome.isReadOnly }

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
    ///   is applied to the model. Nothing is written over the stored value until the model changes
    ///   (a close without a change leaves it as it is); before the first write, a copy of the
    ///   scene's file with the withheld paths is kept aside.
    ///
    /// A restore that drops what a later version could restore (``RestoreReport/Reason/couldBeUndone``)
    /// loses nothing either: before the first write over the value, a copy of the scene's file is
    /// kept aside once (``keptAsidePath``, reason `KeptAsideFile.Reason.unrestored`).
    ///
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - restoring: Whether to restore first; pass false to replace what is stored with the
    ///     model's state. A stored value the model cannot read back whole is then not lost: a copy
    ///     of the scene's file is kept aside first (``keptAsidePath``).
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    /// - Returns: The connection, with the restore's report.
    /// - Throws: ``NavigationError/store(_:)`` when the scene's file or the guard's marker cannot be
    ///   read (corrupt, newer format, unreadable) or written, or a copy cannot be made;
    ///   ``NavigationError/cannotDecode(key:reason:location:)`` when restoring and the stored value is not
    ///   the state's shape at all (the model is untouched and nothing is written over it).
    public static func connect(
        _ model: Model, to store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil
    ) async throws(NavigationError) -> ScenePersistence {
        try await connect(
            model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink, unrestorable: nil)
    }

    /// The connection, with why a stored value is not restored (when `run` starts fresh).
    static func connect(
        _ model: Model, to store: SceneStore, scene: SceneID, key: String, policy: RestorePolicy, restoring: Bool,
        guard crashGuard: CrashLoopGuard?, deepLink: ((Model) -> Void)?, unrestorable: String?
    ) async throws(NavigationError) -> ScenePersistence {
        let writer: SceneWriter
        do {
            writer = try store.writer(forKey: key, in: scene)
            if model.schemaVersion > 0 {
                try writer.setCompanionValue(
                    .json(.number(JSONNumber(model.schemaVersion))), forKey: NavigationMigrations.schemaKey(for: key))
            }
        } catch {
            throw .store(error)
        }
        // Read.
        let document: SceneDocument?
        do {
            document = restoring ? try await store.loadDocument(for: scene) : nil
        } catch {
            throw .store(error)
        }
        let stored = document?.values[key]
        var facts = RestoreDecision.Facts(hasStoredValue: stored != nil)
        facts.restoring = restoring
        facts.unrestorable = unrestorable
        facts.hasDeepLink = deepLink != nil
        if let document, stored != nil {
            facts.storedSchema = try NavigationMigrations.storedVersion(forKey: key, in: document.values)
            facts.supportedSchema = model.schemaVersion
            facts.savedAt = document.savedAt
            facts.now = store.configuration.now()
            facts.maximumAge = policy.maximumAge
            facts.crashGuard = crashGuard
            if crashGuard != nil {
                facts.failuresBefore = try await offMain { () throws(SceneStoreError) in
                    try Marker.failuresBefore(scene: scene, key: key, store: store)
                }
            }
        }
        // Decide, then act.
        let plan = RestoreDecision.plan(facts)
        var outcome = RestoreOutcome(intervention: plan.intervention, isReadOnly: plan.isReadOnly)
        outcome.savedAt = document?.savedAt
        // The copy first: a launch that cannot make it throws before its marker counts a restore.
        if let reason = plan.keepAside {
            outcome.keptAsidePath = try await offMain { () throws(SceneStoreError) in
                try store.keepAside(scene, reason: reason)
            }
        }
        var health: RestoreHealth?
        if plan.beginsGuard {
            let failures = facts.failuresBefore
            health = try await offMain { () throws(SceneStoreError) in
                try RestoreHealth.begin(scene: scene, key: key, failures: failures, store: store)
            }
        }
        if let stored, plan.restore != .nothing {
            var restorePolicy = policy
            if plan.restore == .withoutPaths { restorePolicy.restoresPaths = false }
            do throws(NavigationError) {
                outcome.report = try model.restore(
                    from: stored, key: key, policy: restorePolicy, schemaVersion: facts.storedSchema)
            } catch {
                // Not applied, so not a restore that could crash: the marker goes. The decoding
                // error is the one the caller needs; a marker left by a failed removal only
                // guards the next launch once.
                try? health?.markHealthy()
                throw error
            }
        }
        // What the restore left out that a later version could restore, or the paths it withheld,
        // is copied before the first write over the value (not before: a close without a write
        // needs no copy).
        let sharedCopy = SharedCopy()
        if plan.keepsWhatIsLeftOut, let stored,
            outcome.report?.dropped.contains(where: { $0.reason.couldBeUndone || $0.reason == .withheld }) == true
        {
            do {
                // One copy per event: none when the value is no longer the one restored, or when a
                // copy made for another key of the scene (in this launch) holds it already.
                try writer.keepAsideBeforeFirstWrite(reason: .unrestored) { document in
                    guard document.values[key] == stored else { return false }
                    if let copy = newestCopy(of: scene, reason: .unrestored, holding: stored, under: key, in: store) {
                        sharedCopy.path = copy
                        return false
                    }
                    return true
                }
            } catch {
                throw .store(error)
            }
        }
        // Applied before the changes are listened to, so it is not itself a change to write.
        deepLink?(model)
        if plan.keepsUnreadableValue {
            // Whether the model reads the stored value back whole is decided here, on the main
            // actor, where the state's conformances may be used; under the scene's lock, the copy
            // is kept when the value is still one found wanting, or is another one since.
            let found: SceneDocument?
            do throws(SceneStoreError) {
                found = try await store.loadDocument(for: scene)
            } catch .corrupt, .cannotRead(_, .notADirectory) {
                // As `keepAside` takes them: nothing readable to keep (the first write moves a
                // corrupt file aside, and says what is wrong with the folder).
                found = nil
            } catch {
                throw .store(error)
            }
            let schemaKey = NavigationMigrations.schemaKey(for: key)
            let checked = found?.values[key]
            let checkedSchema = found?.values[schemaKey]
            let readsWhole = found.map { model.restoresWhole($0, key: key) } ?? true
            outcome.keptAsidePath = try await offMain { () throws(SceneStoreError) in
                try store.keepAside(scene, reason: .invalid) { document in
                    guard let value = document.values[key] else { return false }
                    return value != checked || document.values[schemaKey] != checkedSchema || !readsWhole
                }
            }
        }
        return ScenePersistence(
            model: model, writer: writer, outcome: outcome, scene: scene, key: key, health: health,
            crashGuard: crashGuard, unchangedRevision: plan.leavesStoredValueUntilChanged ? model.revision : nil,
            store: store, sharedCopy: sharedCopy)
    }

    /// Marks the restore healthy: the guard's marker is removed, so the next restore of this value
    /// is applied as is. Called by itself after the first write-through, after the guard's
    /// ``CrashLoopGuard/healthyAfter`` and at ``close()``; call it when the app knows it is
    /// healthy sooner. Does nothing when there is no marker.
    /// - Throws: ``NavigationError/store(_:)`` when the marker cannot be removed.
    public func markHealthy() async throws(NavigationError) {
        guard let health else { return }
        try await offMain { () throws(SceneStoreError) in try health.markHealthy() }
    }

    /// Tells that the scene went to the background: call it when the scene's phase becomes
    /// `.background`. The restored screens have rendered by then, so the restore is marked healthy,
    /// and the current state is made durable.
    ///
    /// An app in the background may be suspended and later killed by the system, without a crash
    /// and without ``close()`` (iOS does it). Without this call, a user who opened the app and left
    /// within the guard's ``CrashLoopGuard/healthyAfter`` without navigating would find the next
    /// launch guarded. (`.inactive` is not proof: a restored screen may show an alert, going
    /// inactive, and crash after.) For the app's normal termination, where a task started then may
    /// never run, call ``terminating()``.
    ///
    /// ```swift
    /// .onChange(of: scenePhase) { _, phase in
    ///     if phase == .background { Task { try? await persistence?.leftForeground() } }
    /// }
    /// ```
    /// - Throws: The errors of ``markHealthy()`` and ``flush()``; the restore is marked healthy first.
    public func leftForeground() async throws(NavigationError) {
        try await markHealthy()
        try await flush()
    }

    /// Tells that the app is terminating normally (a Mac app's `applicationWillTerminate`, where no
    /// task started then is promised to run, and a `.task` is not promised to be cancelled): the
    /// restore is marked healthy and the current state made durable before this returns, blocking
    /// the main thread for that one write.
    /// - Throws: The errors of ``markHealthy()`` and ``flush()``; the restore is marked healthy first.
    public func terminating() throws(NavigationError) {
        if let health {
            do {
                try health.markHealthy()
            } catch {
                throw .store(error)
            }
        }
        guard !outcome.isReadOnly, !writer.isCancelled,
            unchangedRevision == nil || model.revision != unchangedRevision
        else { return }
        writer.submit(SceneValue.json(try NavigationCoding.encode(model.state)), sequence: model.revision)
        // The writer works on a queue of its own: waiting here for its flush cannot deadlock.
        let done = DispatchSemaphore(value: 0)
        let failure = Mutex<SceneStoreError?>(nil)
        let writer = writer
        Task.detached {
            do throws(SceneStoreError) {
                try await writer.flush()
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }
        done.wait()
        if let error = failure.withLock({ $0 }) { throw .store(error) }
    }

    /// Whether the restore has become healthy (or needed no marker).
    public var isHealthy: Bool { health?.isHealthy ?? true }

    /// Connects, hands the connection over, then keeps writing changes through until the calling
    /// task is cancelled, and closes (the last change durable, the restore healthy): the whole of a
    /// scene's `.task` in one call, with every option of ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)-6lxqy``.
    ///
    /// A stored value that cannot be restored at all (not the state's shape: an incompatible build
    /// saved it) does not fail every launch: it is kept aside (``keptAsidePath``), the scene starts
    /// from the model's state, and ``intervention`` says so
    /// (``RestoreIntervention/unrestorable(reason:)``). So does a scene file that is corrupt (not
    /// JSON, or not a scene document): the first write moves it aside
    /// (`<scene>.corrupt-<time>.json`), as every write does.
    ///
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - restoring: Whether to restore first.
    ///   - crashGuard: The crash-loop guard, or nil for none.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    ///   - connected: Called with the connection once it is made: its report, intervention and
    ///     kept-aside copy, and ``leftForeground()`` for the scene's phase.
    /// - Throws: The errors of ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)-6lxqy`` but an
    ///   unrestorable value and a corrupt file, and those of ``close()``.
    public static func run(
        _ model: Model, store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil,
        connected: (ScenePersistence) -> Void
    ) async throws(NavigationError) {
        try await running(
            model, store: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink, connected: connected)
    }

    /// The whole of a scene's `.task`: the body of every `run`.
    static func running(
        _ model: Model, store: SceneStore, scene: SceneID, key: String, policy: RestorePolicy, restoring: Bool,
        guard crashGuard: CrashLoopGuard?, deepLink: ((Model) -> Void)?, connected: (ScenePersistence) -> Void
    ) async throws(NavigationError) {
        let persistence: ScenePersistence
        do {
            persistence = try await connect(
                model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
                deepLink: deepLink, unrestorable: nil)
        } catch {
            let reason: String
            switch error {
            case .cannotDecode(_, let why, _) where restoring: reason = why
            case .store(.corrupt(let path, let why)) where restoring: reason = "\(path) is corrupt: \(why)"
            default: throw error
            }
            // Not the state's shape at all, or not a scene file at all: kept aside (the model
            // cannot read the value; the first write moves a corrupt file aside), and a fresh start.
            persistence = try await connect(
                model, to: store, scene: scene, key: key, policy: policy, restoring: false, guard: crashGuard,
                deepLink: deepLink, unrestorable: reason)
        }
        connected(persistence)
        // Until cancelled; the forwarding task does the work meanwhile.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        try await persistence.close()
    }

    /// How often a flush that finds the state stored moves the scene's save time forward.
    static var confirmationInterval: TimeInterval { 60 }

    /// Waits until the model's current state is durable. When it was stored already (nothing to
    /// write), the scene's save time moves to now instead (``/SceneStore/SceneStore/confirm(_:)``; at most once
    /// a minute per connection), so that the age limit and `prune` go by the last time the state was
    /// saved, not the last time it changed. After a deep link, until the model changes, and after
    /// ``cancel()``, nothing is written nor confirmed.
    /// - Throws: ``NavigationError/store(_:)`` when the last write failed;
    ///   ``NavigationError/cannotEncode(reason:)`` when the state could not be encoded.
    public func flush() async throws(NavigationError) {
        // A value of a newer schema is never written over, and after a deep link nothing is
        // until the model changes; after cancel(), nothing at all.
        guard !outcome.isReadOnly, !writer.isCancelled,
            unchangedRevision == nil || model.revision != unchangedRevision
        else { return }
        // The stream may still hold the newest snapshot: hand the current state over directly,
        // encoded here (the state's type need not cross actors to be encoded). Its revision makes
        // the writer ignore that snapshot if it arrives later; a state equal to what is stored is
        // not written again.
        let writtenBefore = writer.statistics.written
        writer.submit(SceneValue.json(try NavigationCoding.encode(model.state)), sequence: model.revision)
        do {
            try await writer.flush()
        } catch {
            throw .store(error)
        }
        if let failure = encodingFailure.take() { throw failure }
        // A change written through makes the restore healthy: by the time this returns, not only
        // once the task that follows the changes gets to it.
        if healthyAfterFirstWrite, writer.statistics.written > 0, health?.isHealthy == false {
            try await markHealthy()
        }
        // Nothing to write: the state is stored already, and it is current now. The scene's save
        // time moves forward, so an age limit or a prune does not take it for old; at most once a
        // minute, so that flushing often costs no write each time.
        let now = store.configuration.now()
        if writer.statistics.written != writtenBefore {
            confirmedAt = now
        } else if confirmedAt.map({ now.timeIntervalSince($0) >= Self.confirmationInterval }) ?? true {
            let store = store
            let scene = scene
            _ = try await offMain { () throws(SceneStoreError) in try store.confirm(scene) }
            confirmedAt = now
        }
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

    /// Stops without saving, as a killed process stops: changes not yet written are dropped,
    /// nothing is written from now on (a write in flight ends first), and the restore is not
    /// marked healthy.
    ///
    /// For a scene that is going away before its state is removed, so that no late write brings it
    /// back, and for tests that simulate a kill (the testing kit's `AppSimulator` does).
    public func cancel() async {
        health?.cancel()
        forwarding?.cancel()
        healthTimer?.cancel()
        await writer.cancel()
    }

    /// Whether ``cancel()`` has stopped the writer.
    public var isCancelled: Bool { writer.isCancelled }

    /// What the writer did: values submitted, coalesced, written and found unchanged.
    public var statistics: SceneWriter.Statistics { writer.statistics }
}

/// The newest copy of a scene kept aside for a reason, when it holds `value` under `key`. Not a
/// member of the generic persistence: the writer calls it off the main actor, where the state's
/// type has no business.
private func newestCopy(
    of scene: SceneID, reason: KeptAsideFile.Reason, holding value: SceneValue, under key: String,
    in store: SceneStore
) -> String? {
    guard let files = try? store.keptAsideFiles(),
        let newest = files.last(where: { $0.scene == scene && $0.reason == reason }),
        let document = try? store.document(ofKeptAside: newest), document.values[key] == value
    else { return nil }
    return newest.path
}

/// Runs blocking store work off the main actor.
func offMain<Value: Sendable>(
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

/// The copy of another key's restore that holds this key's value too, found by the writer.
private final class SharedCopy: Sendable {
    private let storage = Mutex<String?>(nil)

    var path: String? {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// The last encoding failure of the forwarding task, until ``ScenePersistence/flush()`` reports it.
final class EncodingFailure: Sendable {
    private let error = Mutex<NavigationError?>(nil)

    func record(_ failure: NavigationError) { error.withLock { $0 = failure } }

    func take() -> NavigationError? {
        error.withLock { error in
            defer { error = nil }
            return error
        }
    }
}

// MARK: - Deprecated

extension ScenePersistence where State: Sendable {
    /// The `Sendable` states' connect of 0.2.0, which encoded their changes off the main actor.
    /// Every state is now encoded on the main actor, once per write; calls resolve to the general
    /// ``connect(_:to:scene:key:policy:restoring:guard:deepLink:)-6lxqy``, unchanged.
    @available(*, deprecated, message: "use the general connect(_:to:scene:key:policy:restoring:guard:deepLink:)")
    @_disfavoredOverload
    public static func connect(
        _ model: Model, to store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil
    ) async throws(NavigationError) -> ScenePersistence {
        try await connect(
            model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink, unrestorable: nil)
    }

    /// The `Sendable` states' run of 0.2.0; calls resolve to the general
    /// ``run(_:store:scene:key:policy:restoring:guard:deepLink:connected:)-63tzy``, unchanged.
    @available(
        *, deprecated, message: "use the general run(_:store:scene:key:policy:restoring:guard:deepLink:connected:)"
    )
    @_disfavoredOverload
    public static func run(
        _ model: Model, store: SceneStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil,
        connected: (ScenePersistence) -> Void
    ) async throws(NavigationError) {
        try await running(
            model, store: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink, connected: connected)
    }
}
