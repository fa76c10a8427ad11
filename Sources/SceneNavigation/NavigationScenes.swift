import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An app's stored scenes as a whole, with everything SceneNavigation keeps beside their values:
/// removing a scene takes its crash-loop guard markers and its lock files with it, pruning does the
/// same for every scene it removes, and a value kept aside is brought back with its schema and its
/// guard cleared.
///
/// ```swift
/// // A window was closed for good (`application(_:didDiscardSceneSessions:)`): its scene goes, and
/// // a new scene of that ID starts clean.
/// try NavigationScenes.remove(scene, from: store)
/// // At launch: every scene the system no longer has goes too.
/// try NavigationScenes.removeAll(except: liveSceneIDs, from: store)
/// // Bring back what a crash-loop guard withheld.
/// let recovery = try NavigationScenes.recover(scene, in: store)
/// ```
///
/// These calls block on file I/O; call them off the main actor.
public enum NavigationScenes {
    /// Removes a scene's saved state, its crash-loop guard markers and their lock files, so that a
    /// new scene with the same ID starts clean and nothing of the old one is left behind.
    ///
    /// Whatever is in the scene's place is removed, even a corrupt file or one of a newer format:
    /// removal is an explicit request. Kept-aside copies stay until ``prune(before:in:)``.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - store: The app's store.
    ///   - keepingNewerFormat: Whether a file of a newer format (a newer version's, which it may
    ///     need) is refused, under the scene's lock, rather than removed; false by default.
    /// - Returns: Whether the scene had a file.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotRemove(path:errno:)`` or ``/SceneStore/SceneStoreError/cannotLock(path:errno:)``;
    ///   ``/SceneStore/SceneStoreError/newerFormat(path:format:supported:)`` for a refused file, left with its
    ///   markers as they were; ``/SceneStore/SceneStoreError/caseConflict(path:scene:found:)`` when the file in
    ///   the scene's place is another scene's (an ID that differs only in case), left with its
    ///   markers.
    @discardableResult
    public static func remove(
        _ scene: SceneID, from store: StateStore, keepingNewerFormat: Bool = false
    ) throws(SceneStoreError) -> Bool {
        // Looked at before the markers go: another scene's file (an ID that differs only in case)
        // is never this scene's, and a newer format's may be kept.
        switch Result(catching: { () throws(SceneStoreError) in try store.sceneFile(of: scene) }) {
        case .failure(.caseConflict(let path, let scene, let found)):
            throw .caseConflict(path: path, scene: scene, found: found)
        case .failure(.newerFormat(let path, let format, let supported)) where keepingNewerFormat:
            throw .newerFormat(path: path, format: format, supported: supported)
        default: break
        }
        // Markers first: a failure leaves the scene in place to remove again, never a marker that
        // would guard a new scene with the same ID.
        try CrashLoopGuard.removeMarkers(of: scene, in: store)
        return try store.removeScene(scene, keepingNewerFormat: keepingNewerFormat)
    }

    /// Makes the state of every connection of the process durable, before the process ends, where
    /// no task started then is promised to run. `PersistentNavigation` (SceneNavigationUI) calls it
    /// itself when a Mac app quits (`NSApplication.willTerminateNotification`, observed once per
    /// process); an app that connects scenes otherwise calls it where it learns it is terminating.
    /// A second call writes nothing new. Each connection's restore is marked healthy, and its
    /// current state written, blocking the main thread for that write.
    ///
    /// A Quit is never counted by the crash-loop guard even without this call (the process's exit
    /// is recorded, ``CrashLoopGuard/Launch``); this call saves what the last moment changed.
    /// - Returns: The errors of the connections that could not be saved, in the order they were made.
    @MainActor
    @discardableResult
    public static func terminating() -> [NavigationError] {
        Termination.terminateAll()
    }

    /// Removes every scene whose ID is not among the live ones, with its markers and lock files: for
    /// an app that knows which scenes it still has (at launch, the persistent identifiers of the
    /// scene sessions the system kept), so that scenes discarded while it was not running leave
    /// nothing behind. Kept-aside copies stay until ``prune(before:in:)``. A scene this process has
    /// restored or connected and not yet closed is kept too. With
    /// ``SceneIdentity/adoptingMostRecent``, this removes the very scenes a window without an ID
    /// would adopt: use one or the other. A scene whose file is of a
    /// newer format is kept, as ``prune(before:in:)`` keeps it, and listed among the failures.
    /// - Parameters:
    ///   - live: The scenes to keep.
    ///   - store: The app's store.
    /// - Returns: The scenes removed, and those that could not be.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotRead(path:errno:)`` when a folder cannot be listed.
    @discardableResult
    public static func removeAll(
        except live: Set<SceneID>, from store: StateStore
    ) throws(SceneStoreError) -> PruneOutcome {
        var outcome = PruneOutcome()
        let ids = Set(try store.sceneIDs()).union(try CrashLoopGuard.markedScenes(in: store))
        for scene in ids.subtracting(live).sorted() where !LiveScenes.isLive(scene, in: store) {
            do throws(SceneStoreError) {
                try remove(scene, from: store, keepingNewerFormat: true)
                outcome.removedScenes.append(scene)
            } catch {
                outcome.failures.append(.init(path: store.path(for: scene), error: error))
            }
        }
        return outcome
    }

    /// Removes every scene last saved before a date, with its markers, and every file kept aside
    /// before it (see ``/SceneStore/StateStore/prune(before:)``). A scene this process has restored
    /// or connected and not yet closed is kept, whatever its age: whether it is held is asked under
    /// the scene's lock, right before its removal. A restore that begins after that question reads
    /// nothing; so prune once a scene has restored, not while scenes are restoring.
    /// - Parameters:
    ///   - date: What was last saved, or kept aside, before this moment is removed.
    ///   - store: The app's store.
    /// - Returns: What was removed and what could not be; a scene whose markers could not be
    ///   removed is among the failures.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be listed.
    public static func prune(before date: Date, in store: StateStore) throws(SceneStoreError) -> PruneOutcome {
        // A scene restored or connected now is in use, whatever its save time says.
        var outcome = try store.prune(before: date, keeping: { LiveScenes.isLive($0, in: store) })
        for scene in outcome.removedScenes {
            do throws(SceneStoreError) {
                try CrashLoopGuard.removeMarkers(of: scene, in: store)
            } catch {
                outcome.failures.append(.init(path: store.path(for: scene), error: error))
            }
        }
        return outcome
    }

    /// What ``recover(_:key:from:in:dryRun:)`` brought back.
    public struct Recovery: Sendable, Equatable {
        /// The kept-aside copy it came from.
        public var file: KeptAsideFile
        /// The value brought back.
        public var value: SceneValue
        /// Whether the scene's file was written (false in a dry run); it is written, at the current
        /// time, even when it held the value already.
        public var written: Bool
        /// Whether the value's crash-loop guard was cleared.
        public var guardCleared: Bool
    }

    /// Brings a scene's value back from a copy kept aside (after a crash loop, an age limit, an
    /// unreadable value), with the schema version and the record of screens not saved stored beside
    /// it, durably and under the scene's
    /// lock, saved at the current time (even when the scene held the value already), and clears
    /// the value's crash-loop guard so the next launch restores it as is. The copy stays where it is.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - fileName: The copy's file name; nil for the newest copy that can be read and holds the
    ///     value.
    ///   - store: The app's store.
    ///   - dryRun: Whether to only say what would be brought back.
    /// - Returns: The copy, the value, and what was changed.
    /// - Throws: ``NavigationError/noKeptAsideCopy(scene:name:copies:)`` when no copy has that name;
    ///   ``NavigationError/nothingToRecover(scene:key:copies:keys:)`` when no readable copy holds the
    ///   value; ``NavigationError/noValue(key:in:keys:)`` when the named copy does not;
    ///   ``NavigationError/store(_:)`` when the copy cannot be read (corrupt, newer format) or the
    ///   scene cannot be written.
    public static func recover(
        _ scene: SceneID, key: String = "navigation", from fileName: String? = nil, in store: StateStore,
        dryRun: Bool = false
    ) throws(NavigationError) -> Recovery {
        let copies: [KeptAsideFile]
        do {
            copies = try store.keptAsideFiles().filter { $0.scene == scene }
        } catch {
            throw .store(error)
        }
        let chosen: KeptAsideFile
        let document: SceneDocument
        if let fileName {
            guard let file = copies.first(where: { $0.fileName == fileName }) else {
                throw .noKeptAsideCopy(scene: scene, name: fileName, copies: copies.map(\.fileName))
            }
            chosen = file
            do {
                document = try store.document(ofKeptAside: file)
            } catch {
                throw .store(error)
            }
        } else {
            // The newest copy that can be read and holds the value; corrupt copies cannot be.
            var found: (KeptAsideFile, SceneDocument)?
            var keysHeld = Set<String>()
            for file in copies.reversed() {
                guard let document = try? store.document(ofKeptAside: file) else { continue }
                if document.values[key] != nil {
                    found = (file, document)
                    break
                }
                keysHeld.formUnion(document.values.keys)
            }
            guard let found else {
                throw .nothingToRecover(
                    scene: scene, key: key, copies: copies.map(\.fileName), keys: keysHeld.sorted())
            }
            (chosen, document) = found
        }
        guard let value = document.values[key] else {
            throw .noValue(key: key, in: "'\(chosen.fileName)'", keys: document.values.keys.sorted())
        }
        let schemaKey = NavigationMigrations.companionKey(for: key)
        let schema = document.values[schemaKey]
        let unsavedKey = UnsavedCut.companionKey(for: key)
        let unsaved = document.values[unsavedKey]
        var recovery = Recovery(file: chosen, value: value, written: false, guardCleared: false)
        guard !dryRun else { return recovery }
        do {
            // Dated even when the scene holds the value already (the copy a crash loop kept of a
            // file never written over): what goes by the save time knows it is current.
            let recovered = (try? NavigationMigrations.storedSchema(forKey: key, in: document.values)) ?? 0
            let outcome = try store.update(
                scene, dating: true,
                keepingAside: { found in
                    // A newer version's value is not written over unkept.
                    let stored = (try? NavigationMigrations.storedSchema(forKey: key, in: found.values)) ?? 0
                    return found.values[key] != nil && stored > recovered ? .newerSchema : nil
                },
                { values in
                    values[key] = value
                    values[schemaKey] = schema
                    values[unsavedKey] = unsaved
                })
            recovery.written = outcome.wroteFile
            recovery.guardCleared = try CrashLoopGuard.clearMarker(scene, key: key, in: store)
        } catch {
            throw .store(error)
        }
        return recovery
    }
}
