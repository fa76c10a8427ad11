#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Removing and pruning

extension StateStore {
    /// Deletes a scene's file and its lock file, as SwiftUI destroys a scene's storage when the
    /// scene is closed: a scene that is gone leaves nothing behind (an app that makes a scene per
    /// window, each with an ID of its own, would otherwise leave a lock file per window).
    ///
    /// Whatever is in the scene's place is removed, even a corrupt file or one of a newer format:
    /// removal is an explicit request. A symbolic link is removed, never its target. The lock file
    /// is removed while it is held, and every writer checks after locking that it holds the file its
    /// name leads to, so no writer works on a scene through a removed lock file. A lock file without
    /// a scene file (its values all removed) goes too. A file that holds another scene, whose ID
    /// differs only in case, is never removed (``SceneStoreError/caseConflict(path:scene:found:)``):
    /// on a file system that ignores case it is that scene's.
    ///
    /// What the scene has in the folders beside an app's scenes folder (`sibling(folder:configuration:)`,
    /// such as SceneNavigation's restore markers) is removed first, so none outlives the scene; an
    /// update that leaves a scene no value removes them too.
    ///
    /// - Parameter scene: The scene.
    /// - Returns: Whether there was a scene file to remove.
    /// - Throws: ``SceneStoreError/caseConflict(path:scene:found:)`` for another scene's file, left
    ///   as it is (no lock file is made for the refused scene);
    ///   ``SceneStoreError/cannotRemove(path:errno:)`` or ``SceneStoreError/cannotLock(path:errno:)``.
    @discardableResult
    public func removeScene(_ scene: SceneID) throws(SceneStoreError) -> Bool {
        try removeScene(scene, keepingNewerFormat: false)
    }

    /// Deletes a scene's file as ``removeScene(_:)`` does, but leaves a file of a newer format (one
    /// a newer version wrote, which it may need) in place, checked under the scene's lock.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - keepingNewerFormat: Whether a file of a newer format is refused rather than removed.
    /// - Returns: Whether there was a file to remove.
    /// - Throws: ``SceneStoreError/newerFormat(path:format:supported:)`` for a refused file, left as
    ///   it was; the errors of ``removeScene(_:)``.
    @discardableResult
    package func removeScene(_ scene: SceneID, keepingNewerFormat: Bool) throws(SceneStoreError) -> Bool {
        try removeScene(scene, keepingNewerFormat: keepingNewerFormat, keeping: { _ in false })
    }

    /// Removes a scene as ``removeScene(_:keepingNewerFormat:)`` does, unless `keeping` names it
    /// when asked under the scene's lock.
    private func removeScene(
        _ scene: SceneID, keepingNewerFormat: Bool, keeping: (SceneID) -> Bool
    ) throws(SceneStoreError) -> Bool {
        // Looked at before the lock is taken, so that a refusal leaves no lock file: another
        // scene's file (an ID that differs only in case) is never this scene's, and a newer
        // format's may be kept. Both are looked at again under the lock.
        switch Result(catching: { () throws(SceneStoreError) in try sceneFile(of: scene) }) {
        case .failure(.caseConflict(let path, let scene, let found)):
            throw .caseConflict(path: path, scene: scene, found: found)
        case .failure(.newerFormat(let path, let format, let supported)) where keepingNewerFormat:
            throw .newerFormat(path: path, format: format, supported: supported)
        default: break
        }
        return try removeScene(
            scene, keeping: keeping,
            onlyIf: { (directory) throws(SceneStoreError) in
                guard keepingNewerFormat else { return true }
                do throws(SceneStoreError) {
                    _ = try load(scene, in: directory)
                } catch .newerFormat(let path, let format, let supported) {
                    throw .newerFormat(path: path, format: format, supported: supported)
                } catch .caseConflict(let path, let scene, let found) {
                    throw .caseConflict(path: path, scene: scene, found: found)
                } catch {
                    // Anything else in the scene's place is removed, as asked.
                }
                return true
            })
    }

    /// Removes every scene whose ID is not among the live ones, with its lock file and records: for
    /// an app that knows which scenes it still has (at launch, the persistent identifiers of the
    /// scene sessions the system kept), so that scenes discarded while it was not running leave
    /// nothing behind. Kept-aside copies stay until ``prune(before:)``. A scene this process holds
    /// is kept, as ``prune(before:)`` keeps it; so is a scene whose file is of a newer format,
    /// listed among the failures. With SceneNavigation's `SceneIdentity.adoptingMostRecent`, this
    /// removes the very scenes a window without an ID would adopt: use one or the other.
    /// - Parameter live: The scenes to keep.
    /// - Returns: The scenes removed (a scene that had only records is among them), and those
    ///   that could not be.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when a folder cannot be listed.
    @discardableResult
    public func removeAll(except live: Set<SceneID>) throws(SceneStoreError) -> PruneOutcome {
        var outcome = PruneOutcome(scenes: [], keptAside: [], failures: [])
        let ids = Set(try storedSceneIDs()).union(try recordedScenes())
        for scene in ids.subtracting(live).sorted() {
            // Asked under the scene's lock, right before its removal, as prune(before:) asks.
            var isHeld = false
            do throws(SceneStoreError) {
                _ = try removeScene(
                    scene, keepingNewerFormat: true,
                    keeping: {
                        isHeld = SceneHolds.isHeld($0, in: self)
                        return isHeld
                    })
                if !isHeld { outcome.removedScenes.append(scene) }
            } catch {
                outcome.failures.append(.init(at: path(for: scene), error: error))
            }
        }
        return outcome
    }

    /// Removes every scene last saved before a date, and every file kept aside before it, as an
    /// app forgets scenes it has not shown for a long time.
    ///
    /// Every candidate is tried: one that cannot be removed (no permission, a folder in a scene
    /// file's place) is reported in the outcome's ``PruneOutcome/failures`` and the others are still
    /// removed. A scene whose file is of a newer format is kept: this version cannot tell what it
    /// holds. The age of each scene is checked again under its lock, so a scene saved meanwhile is
    /// kept. A scene this process holds (one that SceneNavigation has restored or connected and not
    /// yet closed) is kept too, whatever its age: whether it is held is asked under the scene's
    /// lock, right before its removal, so prune once scenes have restored, not while they restore.
    /// A removed scene's lock file and records go with it, as ``removeScene(_:)`` removes them.
    ///
    /// - Parameter date: What was last saved, or kept aside, before this moment is removed.
    /// - Returns: What was removed and what could not be, each sorted.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be listed.
    public func prune(before date: Date) throws(SceneStoreError) -> PruneOutcome {
        // A scene held now is in use, whatever its save time says.
        try prune(before: date, keeping: { SceneHolds.isHeld($0, in: self) })
    }

    /// Prunes as ``prune(before:)`` does, but keeps the scenes `keeping` names, asked under each
    /// scene's lock right before it would be removed: for scenes in use (a scene being restored
    /// is old by its save time, and must not go).
    /// - Parameters:
    ///   - date: What was last saved, or kept aside, before this moment is removed.
    ///   - keeping: Whether a scene is kept whatever its age.
    /// - Returns: What was removed and what could not be, each sorted.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be listed.
    private func prune(before date: Date, keeping: (SceneID) -> Bool) throws(SceneStoreError) -> PruneOutcome {
        var outcome = PruneOutcome(scenes: [], keptAside: [], failures: [])
        for summary in try scenes() where summary.lastSaved < date {
            if case .newerFormat = summary.health { continue }
            do throws(SceneStoreError) {
                let wasRemoved = try removeScene(summary.scene, keeping: keeping) { directory in
                    // Look again under the lock: the scene may have been saved since the listing.
                    guard let current = self.summary(of: summary.scene, in: directory) else { return false }
                    if case .newerFormat = current.health { return false }
                    return current.lastSaved < date
                }
                if wasRemoved { outcome.removedScenes.append(summary.scene) }
            } catch {
                outcome.failures.append(.init(at: summary.path, error: error))
            }
        }
        let kept = try keptAsideFiles().filter { $0.keptAt < date }
        guard !kept.isEmpty, let directory = try openScenesDirectory(creating: false) else { return outcome }
        defer { try? fileSystem.close(directory) }
        for file in kept {
            do throws(Errno) {
                try fileSystem.unlinkAt(directory, String(file.path.dropFirst(scenesFolder.count + 1)))
                outcome.removedKeptAside.append(file)
            } catch .enoent {
                continue
            } catch {
                outcome.failures.append(.init(at: file.path, error: .cannotRemove(path: file.path, errno: error)))
            }
        }
        if !outcome.removedKeptAside.isEmpty {
            do {
                try fileSystem.synchronize(directory)
            } catch {
                outcome.failures.append(
                    .init(at: scenesFolder, error: .cannotRemove(path: scenesFolder, errno: error)))
            }
        }
        return outcome
    }

    /// Removes a scene under its lock, with its lock file and records, unless `keeping` names it
    /// then; its file goes only when `shouldRemove` approves what is there now.
    func removeScene(
        _ scene: SceneID, keeping: (SceneID) -> Bool = { _ in false },
        onlyIf shouldRemove: (Int32) throws(SceneStoreError) -> Bool
    ) throws(SceneStoreError) -> Bool {
        let path = path(for: scene)
        // Looked at before locking: a scene with neither file nor lock file, or a folder in its
        // place, gets no lock file (a refused removal changes nothing).
        guard let directory = try openScenesDirectory(creating: false) else {
            if keeping(scene) { return false }
            try removeSiblingRecords(of: scene)
            return false
        }
        defer { try? fileSystem.close(directory) }
        do throws(Errno) {
            if try fileSystem.statusAt(directory, Self.fileName(for: scene)).kind == .directory {
                throw .eisdir
            }
        } catch .enoent {
            guard (try? fileSystem.statusAt(directory, Self.lockName(for: scene))) != nil else {
                if keeping(scene) { return false }
                try removeSiblingRecords(of: scene)
                return false
            }
        } catch {
            throw .cannotRemove(path: path, errno: error)
        }
        let lock = try lockScene(scene, in: directory)
        defer { try? fileSystem.close(lock) }  // closing releases the flock
        if keeping(scene) { return false }
        let exists: Bool
        do throws(Errno) {
            _ = try fileSystem.statusAt(directory, Self.fileName(for: scene))
            exists = true
        } catch .enoent {
            // No scene file: only its lock file is left to remove.
            exists = false
        } catch {
            throw .cannotRemove(path: path, errno: error)
        }
        if exists {
            // Another scene's file (its ID differs only in case) is never this scene's to remove.
            do throws(SceneStoreError) {
                _ = try load(scene, in: directory)
            } catch .caseConflict(let path, let scene, let found) {
                throw .caseConflict(path: path, scene: scene, found: found)
            } catch {}
            guard try shouldRemove(directory) else { return false }
            // Its records beside the scenes folder first: a failure leaves the scene in place to
            // remove again, never a record that outlives it.
            try removeSiblingRecords(of: scene)
            try unlink(scene, in: directory)
        } else {
            try removeSiblingRecords(of: scene)
        }
        // Temporary files a writer stopped mid-write left (it holds the lock while they exist, so
        // none is in use now) go with the scene.
        for slot in 0...1 {
            try? fileSystem.unlinkAt(directory, SceneWriteSession.temporaryName(for: scene, slot: slot))
        }
        // Removed while held: a writer waiting on it finds its name gone and locks anew.
        do throws(Errno) {
            try fileSystem.unlinkAt(directory, Self.lockName(for: scene))
            if settings.durableRemovals { try fileSystem.synchronize(directory) }
        } catch {
            throw .cannotRemove(path: scenesFolder + "/" + Self.lockName(for: scene), errno: error)
        }
        return exists
    }

    /// Removes what a scene has in the record folders beside an app's scenes folder
    /// (``recordFolders``: records the layers above keep per scene, such as a restore guard's
    /// markers), so that none outlives the scene to be taken for a later scene's with the same ID:
    /// whatever is in the scene's place there goes, a record that cannot be read and its lock file
    /// too, but never a file that holds another scene (an ID that differs only in case). Only a
    /// store whose folder is an app's `scenes` folder has record folders.
    func removeSiblingRecords(of scene: SceneID) throws(SceneStoreError) {
        for records in try recordStores() {
            do throws(SceneStoreError) {
                try records.removeScene(scene)
            } catch .caseConflict {
                // Another scene's record, whose ID differs only in case: not this scene's.
                continue
            }
        }
    }

    /// The folders beside an app's `scenes` folder whose files are records of its scenes, kept by
    /// the layers above (SceneNavigation's restore markers, in `restores`): a scene's removal takes
    /// its files there with it. No other folder beside `scenes` is touched: an app's own files
    /// there are its own.
    package static let recordFolders = [restoreRecordsFolder]

    /// The record folder of SceneNavigation's restore markers.
    package static let restoreRecordsFolder = "restores"

    /// The stores of the record folders of an app's scenes folder (none for any other folder).
    private func recordStores() throws(SceneStoreError) -> [StateStore] {
        guard scenesFolder.hasSuffix("/scenes") else { return [] }
        var stores: [StateStore] = []
        for folder in Self.recordFolders { stores.append(try sibling(folder: folder)) }
        return stores
    }

    /// The scenes that have records (or their lock files) in the record folders of an app's scenes
    /// folder, whether or not they have a file.
    func recordedScenes() throws(SceneStoreError) -> Set<SceneID> {
        var scenes = Set<SceneID>()
        for records in try recordStores() { scenes.formUnion(try records.storedSceneIDs()) }
        return scenes
    }
}
