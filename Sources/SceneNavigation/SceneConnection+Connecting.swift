import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Restoring

extension SceneConnection {
    /// Restores `model` from what `store` holds for the scene, now, on the main actor, then writes
    /// every change through until ``close()`` (or until the persistence goes away).
    ///
    /// Call it when the scene's view appears: the first frame then shows what was restored, as
    /// with `@SceneStorage`. It reads the scene's file and, with a crash-loop guard, reads and
    /// writes the guard's marker (one small durable write); a copy kept aside at restore (an age
    /// limit, a crash loop) is made here too. Everything else (the writes of later changes, the
    /// guard's bookkeeping) happens off the main actor.
    ///
    /// What is stored is not applied as is (``intervention`` says why) when:
    ///
    /// - it was saved with a newer schema than the model's (``NavigationMigrations``): nothing is
    ///   restored, and nothing is written over it (``isReadOnly``);
    /// - it was saved longer ago than `policy.maximumAge`: nothing is restored, and a copy of the
    ///   scene's file is kept aside;
    /// - the crash-loop guard counts that the last restore of this value crashed (``CrashLoopGuard``
    ///   says what counts): the paths are withheld (or, after
    ///   ``CrashLoopGuard/restoresNothingAfter`` failures, nothing is restored), and a copy of the
    ///   scene's file is kept aside;
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
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    /// - Returns: The connection, with the restore's report.
    /// - Throws: ``NavigationError/store(_:)`` when the scene's file or the guard's marker cannot be
    ///   read (corrupt, newer format, unreadable) or written, when a copy cannot be made, or when
    ///   another connection of this process keeps the scene's key saved (`invalidArgument`);
    ///   ``NavigationError/cannotDecode(key:reason:location:)`` when the stored value is not the
    ///   state's shape at all (the model is untouched and nothing is written over it).
    package static func restore(
        _ model: Model, from store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
        deepLink: ((Model) -> Void)? = nil
    ) throws(NavigationError) -> SceneConnection {
        try restore(
            model, from: store, scene: scene, copying: nil, key: key, policy: policy, guard: crashGuard,
            deepLink: deepLink, defersCopies: false)
    }

    /// Restores as ``restore(_:from:scene:key:policy:guard:deepLink:)`` does; with `source`, a copy
    /// of another scene's stored state into `scene`, a new scene that saves apart (a window that
    /// adopts a scene, or whose scene another window holds). The source is read, guarded (its
    /// marker counts, as the state that may crash is its state) and kept aside as an intervention
    /// says, and never written: it stays as it was for its own window. The copy is handed to the
    /// writer at once (when no deep link holds writes back), so the new scene is on disk before
    /// the scene's storage could name it.
    ///
    /// With `defersCopies` (a scene's launch, before its first frame), the copy an intervention
    /// keeps (a crash loop's, an age limit's: a synced copy) is made off the main actor after the
    /// restore, and every write of the connection waits for it (``pendingCopy``): before the first
    /// frame, only the scene's own file and the guard's records are read and written.
    static func restore(
        _ model: Model, from store: StateStore, scene: SceneID, copying source: SceneID?, key: String,
        policy: RestorePolicy, guard requestedGuard: CrashLoopGuard?, deepLink: ((Model) -> Void)?,
        defersCopies: Bool
    ) throws(NavigationError) -> SceneConnection {
        // A store in memory (a preview's) has no guard: its records of a process's end are files.
        let crashGuard = store.isInMemory ? nil : requestedGuard
        let writer = try makeWriter(for: model, in: store, scene: scene, key: key)
        // Held before the file is read: a prune that runs meanwhile leaves the scene alone.
        let hold: SceneHolds.Hold
        do throws(SceneStoreError) {
            hold = try SceneHolds.hold(scene, key: key, in: store)
        } catch {
            throw .store(error)
        }
        let read = source ?? scene
        // A connection of this scene that is closing has its last write on the way: read after it.
        LiveScenes.awaitClosing(read, key: key, in: store)
        // Read: the scene's file (the store's first entry).
        let document: StoredDocument?
        do throws(SceneStoreError) {
            document = try store.storedDocument(for: read)
        } catch .sceneNotFound {
            document = nil
        } catch {
            throw .store(error)
        }
        let stored = document.flatMap { ReadValue(key, in: $0) }
        var facts = RestoreDecision.Facts(hasStoredValue: stored != nil)
        facts.hasDeepLink = deepLink != nil
        var unsaved: [UnsavedCut] = []
        if let document, stored != nil {
            facts.storedSchema = try NavigationMigrations.storedSchema(forKey: key, in: document)
            unsaved = try UnsavedCut.recorded(forKey: key, in: document)
            facts.supportedSchema = model.schemaVersion
            facts.savedAt = document.savedAt
            facts.now = store.settings.now()
            facts.maximumAge = policy.maximumAge
            facts.crashGuard = crashGuard
        }
        // Decide; with a guard, its marker is read, counted and written in one go (the store's
        // second entry), and the plan decided again with what it counts.
        var plan = RestoreDecision.plan(facts)
        var health: RestoreHealth?
        if plan.beginsGuard, let crashGuard {
            do throws(SceneStoreError) {
                let begun = try RestoreHealth.begin(
                    scene: scene, copying: source, key: key, store: store, launch: crashGuard.process)
                facts.failuresBefore = begun.failures
                health = begun.health
            } catch {
                throw .store(error)
            }
            plan = RestoreDecision.plan(facts)
        }
        var outcome = RestoreOutcome(intervention: plan.intervention, isReadOnly: plan.isReadOnly)
        outcome.savedAt = document?.savedAt
        var pendingCopy: PendingCopy?
        do throws(NavigationError) {
            if let reason = plan.keepAside {
                if defersCopies {
                    pendingCopy = PendingCopy { () throws(SceneStoreError) in
                        try store.keepAsideCopy(read, reason: reason)
                    }
                } else {
                    do throws(SceneStoreError) {
                        outcome.keptAsidePath = try store.keepAsideCopy(read, reason: reason)
                    } catch {
                        throw .store(error)
                    }
                }
            } else if case .crashLoop? = plan.intervention {
                // A later launch of the loop points at the copy its first guarded launch kept.
                let newest = { @Sendable () -> String? in
                    (try? store.keptAsideFiles())?
                        .last { $0.scene == read && $0.reason.recognized == .crashLoop }?.path
                }
                if defersCopies {
                    pendingCopy = PendingCopy { newest() }
                } else {
                    outcome.keptAsidePath = newest()
                }
            }
            if let stored, plan.restore != .nothing {
                var restorePolicy = policy
                if plan.restore == .withoutPaths { restorePolicy.restoresPaths = false }
                outcome.report = try model.restoreValue(
                    stored, policy: restorePolicy, schemaVersion: facts.storedSchema, unsaved: unsaved)
            }
        } catch {
            // Not applied, so not a restore that could crash: the marker goes. The error is the
            // one the caller needs; a marker left by a failed removal only guards the next launch
            // once.
            try? health?.markHealthy()
            throw error
        }
        let sharedCopy = SharedCopy()
        // A copy's source is never written over, so nothing of it needs keeping before a write.
        let copies =
            source == nil && stored != nil && RestoreDecision.copiesBeforeFirstWrite(plan, report: outcome.report)
        if let stored, copies {
            try keepAsideBeforeFirstWrite(
                stored.value, of: scene, key: key, writer: writer, sharedCopy: sharedCopy, in: store)
        }
        // Applied before the changes are listened to, so it is not itself a change to write.
        deepLink?(model)
        let restored = stored.flatMap { stored in
            plan.restore == .nothing
                ? nil
                : Restored(
                    read: stored, schema: facts.storedSchema, policy: policy, revision: model.changeCount,
                    restoredPaths: plan.restore == .everything)
        }
        let unchangedRevision = plan.leavesStoredValueUntilChanged ? model.changeCount : nil
        if source != nil, stored != nil, unchangedRevision == nil {
            try writer.submit(state: model.state, sequence: model.changeCount)
        }
        return SceneConnection(
            model: model, writer: writer, outcome: outcome, scene: scene, key: key, health: health,
            crashGuard: crashGuard, unchangedRevision: unchangedRevision,
            store: store, sharedCopy: sharedCopy, hold: hold, restored: restored, copiesBeforeFirstWrite: copies,
            pendingCopy: pendingCopy)
    }

    /// The scene's writer for the key, with the schema the model writes beside the value.
    private static func makeWriter(
        for model: Model, in store: StateStore, scene: SceneID, key: String
    ) throws(NavigationError) -> ValueWriter {
        do {
            let writer = try store.makeWriter(forKey: key, in: scene)
            // Exactly the model's schema beside each value it writes: none for 0, so a number
            // another version stored there never outlives the value it described.
            try writer.setCompanion(
                NavigationMigrations.schemaValue(model.schemaVersion),
                forKey: NavigationMigrations.companionKey(for: key))
            return writer
        } catch {
            throw .store(error)
        }
    }

    /// Asks the writer to keep a copy of the scene's file before its first write over `stored`:
    /// one copy per event, none when the value is no longer the one restored, or when a copy made
    /// for another key of the scene (in this launch) holds it already.
    static func keepAsideBeforeFirstWrite(
        _ stored: SceneValue, of scene: SceneID, key: String, writer: ValueWriter, sharedCopy: SharedCopy,
        in store: StateStore
    ) throws(NavigationError) {
        do {
            try writer.keepAsideBeforeFirstWrite(reason: .unrestored) { document in
                guard document.value(forKey: key) == stored else { return false }
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
}

// MARK: - Connecting

extension SceneConnection {
    /// Connects `model` to a scene: with `restoring` (the default), restores it as
    /// ``restore(_:from:scene:key:policy:guard:deepLink:)`` does (on the main actor, now); without,
    /// replaces what is stored with the model's state from its next write.
    ///
    /// Without restoring, a stored value the model cannot read back whole is not lost: a copy of
    /// the scene's file is kept aside first (``keptAsidePath``), read and compared off the main
    /// actor.
    ///
    /// - Parameters:
    ///   - model: The model to restore and save.
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - restoring: Whether to restore first; pass false to replace what is stored with the
    ///     model's state.
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - deepLink: Applied to the model in place of the saved paths, or nil.
    /// - Returns: The connection, with the restore's report.
    /// - Throws: The errors of ``restore(_:from:scene:key:policy:guard:deepLink:)``.
    package static func connect(
        _ model: Model, to store: StateStore, scene: SceneID, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), restoring: Bool = true,
        guard crashGuard: CrashLoopGuard? = CrashLoopGuard(), deepLink: ((Model) -> Void)? = nil
    ) async throws(NavigationError) -> SceneConnection {
        try await connect(
            model, to: store, scene: scene, key: key, policy: policy, restoring: restoring, guard: crashGuard,
            deepLink: deepLink, unrestorable: nil)
    }

    /// The connection, with why a stored value is not restored (when `run` starts fresh).
    static func connect(
        _ model: Model, to store: StateStore, scene: SceneID, key: String, policy: RestorePolicy, restoring: Bool,
        guard crashGuard: CrashLoopGuard?, deepLink: ((Model) -> Void)?, unrestorable: String?
    ) async throws(NavigationError) -> SceneConnection {
        if restoring {
            return try restore(
                model, from: store, scene: scene, key: key, policy: policy, guard: crashGuard, deepLink: deepLink)
        }
        let writer = try makeWriter(for: model, in: store, scene: scene, key: key)
        let hold: SceneHolds.Hold
        do throws(SceneStoreError) {
            hold = try SceneHolds.hold(scene, key: key, in: store)
        } catch {
            throw .store(error)
        }
        var facts = RestoreDecision.Facts(hasStoredValue: false)
        facts.restoring = false
        facts.unrestorable = unrestorable
        facts.hasDeepLink = deepLink != nil
        let plan = RestoreDecision.plan(facts)
        var outcome = RestoreOutcome(intervention: plan.intervention, isReadOnly: plan.isReadOnly)
        deepLink?(model)
        if plan.keepsUnreadableValue {
            // Whether the model reads the stored value back whole is decided here, on the main
            // actor, where the state's conformances may be used; under the scene's lock, the copy
            // is kept when the value is still one found wanting, or is another one since.
            let found: StoredDocument?
            do throws(SceneStoreError) {
                found = try await store.loadedDocument(for: scene)
            } catch .corrupt, .cannotRead(_, .enotdir) {
                // As `keepAside` takes them: nothing readable to keep (the first write moves a
                // corrupt file aside, and says what is wrong with the folder).
                found = nil
            } catch {
                throw .store(error)
            }
            let schemaKey = NavigationMigrations.companionKey(for: key)
            let checked = found?.value(forKey: key)
            let checkedSchema = found?.value(forKey: schemaKey)
            let reason = found.flatMap { document in
                RestoreDecision.replacementCopy(
                    storedSchema: try? NavigationMigrations.storedSchema(forKey: key, in: document),
                    supportedSchema: model.schemaVersion, readsWhole: { model.restoresWhole(document, key: key) })
            }
            outcome.keptAsidePath = try await offMain { () throws(SceneStoreError) in
                // Kept when the value found wanting is still there, or is another one since.
                try store.keepAsideCopy(scene, reason: reason ?? .invalid) { document in
                    guard let value = document.value(forKey: key) else { return false }
                    return value != checked || document.value(forKey: schemaKey) != checkedSchema || reason != nil
                }
            }
        }
        return SceneConnection(
            model: model, writer: writer, outcome: outcome, scene: scene, key: key, health: nil,
            crashGuard: crashGuard, unchangedRevision: nil, store: store, sharedCopy: SharedCopy(), hold: hold)
    }
}

// MARK: - Connecting again

extension SceneConnection {
    /// Goes on from a connection of the same model that closed (the scene's root hidden and shown,
    /// iPadOS's disconnection, background time that ran out): when the model still shows what a
    /// deep link or a guard left over the stored value (unchanged since), nothing is written over
    /// it until the model changes, and the copy that was to be kept before the first write still
    /// is.
    /// - Throws: ``NavigationError/store(_:)`` when the copy cannot be asked for.
    func goOn(from previous: SceneConnection) throws(NavigationError) {
        guard let gated = previous.gate.unchangedRevision, gated == model.changeCount else { return }
        gate.unchangedRevision = gated
        if previous.copiesBeforeFirstWrite, !copiesBeforeFirstWrite, let restored = previous.restored {
            try Self.keepAsideBeforeFirstWrite(
                restored.read.value, of: scene, key: key, writer: writer, sharedCopy: sharedCopy, in: store)
            copiesBeforeFirstWrite = true
        }
    }
}

// MARK: - Links

extension SceneConnection {
    /// Applies a link the scene opened after the restore.
    ///
    /// As the launch's link (`asLaunchLink`), while the model still shows what was restored (it
    /// has not changed since), the link is taken as the restore's deep link, as if it had come
    /// first (at a cold launch, SwiftUI's order of `onOpenURL` and the view's appearance is not
    /// documented): the stored value is restored again without its paths, the link is applied,
    /// the paths are reported as withheld (``intervention`` becomes
    /// ``RestoreIntervention/deepLink``), a copy of the scene's file is kept before the first write,
    /// and nothing is written over the stored value until the model changes. Otherwise the link is
    /// a change like any other.
    /// - Parameters:
    ///   - asLaunchLink: Whether the link may be the launch's (``SceneLife`` says).
    ///   - link: The link's change to the model.
    /// - Returns: Whether it was taken as the launch's deep link.
    /// - Throws: ``NavigationError/store(_:)`` when the copy cannot be asked for.
    @discardableResult
    package func applyLink(asLaunchLink: Bool, _ link: (Model) -> Void) throws(NavigationError) -> Bool {
        guard asLaunchLink, let restored, model.changeCount == restored.revision, !isCancelled else {
            link(model)
            return false
        }
        if restored.restoredPaths {
            var policy = restored.policy
            policy.restoresPaths = false
            let report: RestoreReport
            do throws(NavigationError) {
                report = try model.restoreValue(
                    restored.read, policy: policy, schemaVersion: restored.schema, unsaved: [])
            } catch {
                link(model)
                return false
            }
            outcome.report = report
            if !copiesBeforeFirstWrite, report.dropped.contains(where: { $0.reason == .withheld }) {
                try Self.keepAsideBeforeFirstWrite(
                    restored.read.value, of: scene, key: key, writer: writer, sharedCopy: sharedCopy, in: store)
                copiesBeforeFirstWrite = true
            }
        }
        if outcome.intervention == nil { outcome.intervention = .deepLink }
        link(model)
        gate.unchangedRevision = model.changeCount
        return true
    }
}
