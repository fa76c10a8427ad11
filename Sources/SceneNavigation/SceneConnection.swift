import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Keeps a model saved in a scene, as SwiftUI's `@SceneStorage` does: restore what is stored, then
/// write every change through.
///
/// ```swift
/// let model = SceneNavigationModel(RoutePath<Animal>())
/// let persistence = try SceneConnection.restore(model, from: store, scene: scene)
/// print(persistence.report?.dropped ?? [])       // what the restore dropped, and why
/// model.state.append(.dog)                        // returns at once; written in the background
/// try await persistence.close()                   // the last change is durable
/// ```
///
/// The restore is synchronous, on the main actor, as `@SceneStorage`'s value is there at a view's
/// first body: call it when the scene's view appears and the first frame shows what was restored.
/// It reads the scene's file, reads and writes the crash-loop guard's marker, opens the launch's
/// record, and makes the copy kept aside at restore (an age limit, a crash loop); the writes of
/// later changes run off the main actor. Mutating the model never waits: writes run off the main actor. The state is encoded
/// where it lives, on the main actor, once per write and never per mutation, and only its bytes
/// reach the writer; so the state and its routes need not be `Sendable`, and their conformances may
/// be isolated to the main actor (as an Xcode 26 app target declares them). Bursts of changes
/// coalesce to the newest, and a state equal to what is stored is not written again.
///
/// One connection keeps a scene's key saved at a time in a process: a second is refused
/// (``NavigationError/store(_:)``, `invalidArgument`), and a scene connected is never pruned.
@MainActor
package final class SceneConnection<State: Codable & Equatable> {
    /// The model this persistence keeps saved.
    package typealias Model = SceneNavigationModel<State>

    /// What connecting did with what the scene stored (and, after a link taken as the launch's,
    /// ``applyLink(asLaunchLink:_:)``, what it does now).
    package internal(set) var outcome: RestoreOutcome
    /// The scene written to.
    package let scene: SceneID
    /// The key written to.
    package let key: String

    let model: Model
    let store: StateStore
    /// The writer, and the restore's marker: internal so that tests can wait for their steps.
    let writer: ValueWriter
    let health: RestoreHealth?
    /// The scene's key, held for this connection (``LiveScenes``).
    let hold: SceneHolds.Hold
    private let forwarding: Task<Void, Never>?
    private let encodingFailure: EncodingFailure
    private let healthTimer: Task<Void, Never>?
    /// Nothing is written over the stored value while the model is at the gate's revision (a
    /// deep link's state is not the user's).
    let gate: WriteGate
    /// What was restored, for a link that comes after the restore and is taken as the launch's.
    let restored: Restored?
    /// Whether a copy of the scene's file is to be kept before the first write.
    var copiesBeforeFirstWrite: Bool
    /// A copy made for another key of the scene that holds this key's value too, when the write
    /// that would have copied it found one.
    let sharedCopy: SharedCopy
    /// The copy an intervention keeps, made off the main actor after a scene's launch restore;
    /// every write waits for it, and none is made when it fails.
    let pendingCopy: PendingCopy?
    /// When a flush last wrote or confirmed the scene's save time.
    private var confirmedAt: Date?
    /// How many writes were done when the close handed its last state over.
    private var writtenAtClosing: Int?
    /// Whether the first change written through makes the restore healthy (the guard's
    /// ``CrashLoopGuard/healthyAfterFirstWrite``).
    private let healthyAfterFirstWrite: Bool

    init(
        model: Model, writer: ValueWriter, outcome: RestoreOutcome, scene: SceneID, key: String,
        health: RestoreHealth?, crashGuard: CrashLoopGuard?, unchangedRevision: UInt64?, store: StateStore,
        sharedCopy: SharedCopy, hold: SceneHolds.Hold, restored: Restored? = nil, copiesBeforeFirstWrite: Bool = false,
        pendingCopy: PendingCopy? = nil
    ) {
        self.pendingCopy = pendingCopy
        gate = WriteGate(unchangedRevision: unchangedRevision)
        self.restored = restored
        self.copiesBeforeFirstWrite = copiesBeforeFirstWrite
        self.sharedCopy = sharedCopy
        self.hold = hold
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
        defer {
            Termination.add(ObjectIdentifier(self)) { [weak self] () throws(NavigationError) -> Bool in
                // Closed and cancelled connections remove themselves; a connection gone without
                // either is nil here.
                guard let self else { return false }
                try self.terminating()
                return true
            }
        }
        guard !outcome.isReadOnly else {
            self.forwarding = nil
            return
        }
        let healthyAfterWrite = crashGuard?.healthyAfterFirstWrite == true ? health : nil
        self.forwarding = ChangeForwarding.follow(
            model, writer: writer, gate: gate, failure: failure, healthyAfterWrite: healthyAfterWrite,
            after: pendingCopy)
    }

    // A plain deinit: an isolated one crashes release builds below macOS 15.4 and iOS 18.4, and
    // cancelling tasks and letting the scene go need no isolation.
    deinit {
        forwarding?.cancel()
        healthTimer?.cancel()
        hold.release()
    }
}

// MARK: - The restore's outcome

extension SceneConnection {
    /// What the restore kept and dropped; nil when nothing was stored, when not restoring, or when
    /// nothing was restored (``intervention`` says why).
    package var report: RestoreReport? { outcome.report }
    /// Why what is stored was not applied as is: a crash-loop guard, an age limit, a deep link, a
    /// newer schema; nil when it was.
    package var intervention: RestoreIntervention? { outcome.intervention }
    /// Where a copy of the scene's file was kept aside before its value could be replaced: at
    /// connect (an age limit, a crash loop, connecting without restoring), or before the first
    /// write over a value whose restore left out what a later version could restore, or whose
    /// paths were withheld for a deep link (`KeptAsideFile.Reason.unrestored`; for a scene that
    /// saves several keys, the one copy made for the first of them); nil when none.
    package var keptAsidePath: String? {
        outcome.keptAsidePath ?? pendingCopy?.path ?? writer.statistics.keptAsidePaths.first ?? sharedCopy.path
    }
    /// Whether changes are not written: the stored value is of a newer schema than the model's,
    /// and is never overwritten.
    package var isReadOnly: Bool { outcome.isReadOnly }
    /// The outcome as an app is told it: with the copy kept aside so far, wherever it was made
    /// (``keptAsidePath``).
    package var toldOutcome: RestoreOutcome {
        var told = outcome
        told.keptAsidePath = keptAsidePath
        return told
    }
}

// MARK: - Health and the scene's phase

extension SceneConnection {
    /// Marks the restore healthy: the guard's marker is removed, so the next restore of this value
    /// is applied as is. Called by itself after the first write-through, after the guard's
    /// ``CrashLoopGuard/healthyAfter`` and at ``close()``; call it when the app knows it is
    /// healthy sooner. Does nothing when there is no marker.
    /// - Throws: ``NavigationError/store(_:)`` when the marker cannot be removed.
    package func markHealthy() async throws(NavigationError) {
        guard let health else { return }
        try await offMain { () throws(SceneStoreError) in try health.markHealthy() }
    }

    /// Tells that the restored screen showed: ``SceneLife`` says when (the launch settled while the
    /// scene was in the foreground, or the scene left `.active` after it was active with the
    /// restore). The launch's record notes it, so that an end with no code run after it (the app
    /// switcher's SIGKILL from `.inactive`, Xcode's Stop) is not counted as a crash at launch; a
    /// crash after it still is. Writes a few bytes into the launch's open record (no sync); does
    /// nothing without a guarded restore, or after the first call.
    package func restoredScreenShown() {
        health?.noteShown()
    }

    /// Whether the connection made a guarded restore: it wrote a crash-loop marker (a guard, and
    /// a stored value restored), healthy since or not.
    package var isGuarded: Bool { health != nil }

    /// Waits until a marking healthy under way (after the first change written) has ended, and a
    /// healthy restore's marker is removed: for the testing kit's simulated end of a process, so
    /// that the next launch finds the markers as the restores left them.
    package func markerSettled() async {
        await health?.settled()
    }

    /// What the guarded restore's marker counts (the restores counted as failed before it, the
    /// launches in a row that ended unexplained), for the testing kit's check of the guard's rules;
    /// nil without one.
    package var markerCount: (failures: Int, unexplained: Int)? { health?.counted }

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
    package func leftForeground() async throws(NavigationError) {
        try await markHealthy()
        try await flush()
    }

    /// Tells that the app is terminating normally (a Mac app's `applicationWillTerminate`, where no
    /// task started then is promised to run, and a `.task` is not promised to be cancelled): the
    /// restore is marked healthy and the current state made durable before this returns, blocking
    /// the main thread for that one write.
    /// - Throws: The errors of ``markHealthy()`` and ``flush()``; the restore is marked healthy first.
    package func terminating() throws(NavigationError) {
        if let health {
            do {
                try health.markHealthy()
            } catch {
                throw .store(error)
            }
        }
        guard !outcome.isReadOnly, !writer.isCancelled,
            model.changeCount != gate.unchangedRevision
        else { return }
        // Nothing is written before the copy an intervention keeps (made off the main actor, so
        // waiting for it here cannot deadlock), and nothing when it failed.
        if let pendingCopy, case .failure(let error) = pendingCopy.waitBlocking() { throw .store(error) }
        // A state already handed over (by a flush, or by the forwarding task) is not encoded again.
        if writer.wouldTake(sequence: model.changeCount) {
            try writer.submit(state: model.state, sequence: model.changeCount)
        }
        // The writer works on a queue of its own: waiting here for its flush cannot deadlock.
        let writer = writer
        let failure = waitBlocking { () -> SceneStoreError? in
            do throws(SceneStoreError) {
                try await writer.flush()
                return nil
            } catch {
                return error
            }
        }
        if let error = failure ?? nil { throw .store(error) }
    }

    /// Whether the restore has become healthy (or needed no marker).
    package var isHealthy: Bool { health?.isHealthy ?? true }
}

// MARK: - Saving

extension SceneConnection {
    /// How often a flush that finds the state stored moves the scene's save time forward.
    static var confirmationInterval: TimeInterval { 60 }

    /// Waits until the model's current state is durable. When it was stored already (nothing to
    /// write), the scene's save time moves to now instead (`StateStore.confirm(_:)`; at most once
    /// a minute per connection), so that the age limit and `prune` go by the last time the state was
    /// saved, not the last time it changed. After a deep link, until the model changes, and after
    /// ``cancel()``, nothing is written nor confirmed.
    /// - Throws: ``NavigationError/store(_:)`` when the last write failed;
    ///   ``NavigationError/cannotEncode(reason:)`` when the state could not be encoded.
    package func flush() async throws(NavigationError) {
        #if NAVSTATE_SAVE_STEPS
            SaveSteps.mark("main actor: flush called")
            defer { SaveSteps.mark("main actor: flush returns") }
        #endif
        // A value of a newer schema is never written over, and after a deep link nothing is
        // until the model changes; after cancel(), nothing at all.
        guard !outcome.isReadOnly, !writer.isCancelled,
            model.changeCount != gate.unchangedRevision
        else { return }
        // Nothing is written before the copy an intervention keeps, and nothing when it failed.
        if let pendingCopy, case .failure(let error) = await pendingCopy.result() { throw .store(error) }
        // The stream may still hold the newest snapshot: hand the current state over directly,
        // encoded here (the state's type need not cross actors to be encoded). Its revision makes
        // the writer ignore that snapshot if it arrives later; a state equal to what is stored is
        // not written again.
        let writtenBefore = writer.statistics.written
        // A state already handed over (by a flush, or by the forwarding task) is not encoded again.
        if writer.wouldTake(sequence: model.changeCount) {
            try writer.submit(state: model.state, sequence: model.changeCount)
        }
        #if NAVSTATE_SAVE_STEPS
            SaveSteps.mark("main actor: the state encoded and handed to the writer")
        #endif
        do {
            try await writer.flush()
        } catch {
            throw .store(error)
        }
        #if NAVSTATE_SAVE_STEPS
            SaveSteps.mark("main actor: resumed after the write")
        #endif
        if let failure = encodingFailure.take() { throw failure }
        // A change written through makes the restore healthy: by the time this returns, not only
        // once the task that follows the changes gets to it.
        if healthyAfterFirstWrite, writer.statistics.written > 0, health?.isHealthy == false {
            try await markHealthy()
        }
        try await confirmSaveTime(wroteSince: writer.statistics.written != writtenBefore)
    }

    /// After a flush: when nothing had to be written, the state is stored already, and it is
    /// current now. The scene's save time moves forward, so an age limit or a prune does not take
    /// it for old; at most once a minute, so that flushing often costs no write each time.
    private func confirmSaveTime(wroteSince wrote: Bool) async throws(NavigationError) {
        let now = store.settings.now()
        if wrote {
            confirmedAt = now
        } else if confirmedAt.map({ now.timeIntervalSince($0) >= Self.confirmationInterval }) ?? true {
            let store = store
            let scene = scene
            _ = try await offMain { () throws(SceneStoreError) in try store.confirm(scene) }
            confirmedAt = now
        }
    }

    /// Stops listening to the model, makes its current state durable, and marks the restore
    /// healthy (the app ran until it closed the scene). The scene's key is let go: another
    /// connection may keep it saved now.
    /// - Throws: The errors of ``flush()`` and ``markHealthy()``.
    package func close() async throws(NavigationError) {
        defer {
            hold.release()
            SceneHolds.endClosing(scene, key: key, in: store, writer: writer)
            Termination.remove(ObjectIdentifier(self))
        }
        let handedOver = beginClosing()
        do throws(NavigationError) {
            if handedOver {
                // The last state is with the writer, and the key is let go: nothing more is
                // submitted (another connection may keep the scene now), only awaited.
                do throws(SceneStoreError) {
                    try await writer.flush()
                } catch {
                    throw .store(error)
                }
                if let failure = encodingFailure.take() { throw failure }
                if let writtenAtClosing, !outcome.isReadOnly, model.changeCount != gate.unchangedRevision {
                    try await confirmSaveTime(wroteSince: writer.statistics.written != writtenAtClosing)
                }
            } else {
                try await flush()
            }
        } catch {
            // The app ran until it closed the scene: healthy, whatever the last write did.
            try? await markHealthy()
            throw error
        }
        try await markHealthy()
    }

    /// Begins ``close()`` at once, on the main actor: stops listening to the model, hands the last
    /// state to the writer and lets the scene's key go, so that a window that restores this scene
    /// meanwhile (SwiftUI makes a scene's views again when iPadOS reconnects it) waits for this
    /// write and restores what it wrote, rather than taking the scene for another window's. The
    /// key is kept while a kept copy is still to be made before any write. Idempotent.
    /// - Returns: Whether the last state is with the writer and the key let go.
    @discardableResult
    func beginClosing() -> Bool {
        forwarding?.cancel()
        healthTimer?.cancel()
        if hold.isReleased { return true }
        guard pendingCopy?.isMade ?? true else { return false }
        writtenAtClosing = writer.statistics.written
        if !outcome.isReadOnly, !writer.isCancelled, model.changeCount != gate.unchangedRevision,
            writer.wouldTake(sequence: model.changeCount)
        {
            do {
                try writer.submit(state: model.state, sequence: model.changeCount)
            } catch {
                encodingFailure.record(error)
            }
        }
        SceneHolds.beginClosing(scene, key: key, in: store, writer: writer)
        hold.release()
        return true
    }

    /// Stops without saving, as a killed process stops: changes not yet written are dropped,
    /// nothing is written from now on (a write in flight ends first), and the restore is not
    /// marked healthy.
    ///
    /// For a scene that is going away before its state is removed, so that no late write brings it
    /// back, and for tests that simulate a kill (the testing kit's `AppSimulator` does).
    package func cancel() async {
        health?.cancel()
        forwarding?.cancel()
        healthTimer?.cancel()
        await writer.cancel()
        hold.release()
        Termination.remove(ObjectIdentifier(self))
    }

    /// Whether nothing is written now because the model still shows what a deep link or the guard
    /// left over the stored value (unchanged since): for the testing kit's checks of durability.
    package var isHoldingStoredValue: Bool { model.changeCount == gate.unchangedRevision }

    /// Stops as ``cancel()`` does, at once and on the caller's thread, for when the app is about to
    /// be suspended (its background time expired): nothing more is written, the write in flight is
    /// waited for (at most `limit`, on the writer's own queue) so that the scene's lock is let go,
    /// and the key is let go.
    /// - Parameter limit: How long to wait for the write in flight.
    func suspendNow(waitingAtMost limit: Duration = .seconds(1)) {
        health?.cancel()
        forwarding?.cancel()
        healthTimer?.cancel()
        let writer = writer
        _ = waitBlocking(atMost: limit) { await writer.cancel() }
        hold.release()
        Termination.remove(ObjectIdentifier(self))
    }

    /// Whether ``cancel()`` has stopped the writer.
    package var isCancelled: Bool { writer.isCancelled }

    /// What the writer did: values submitted, coalesced, written and found unchanged.
    package var writerStatistics: ValueWriter.Statistics { writer.statistics }
}
