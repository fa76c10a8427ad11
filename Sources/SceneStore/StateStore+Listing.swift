#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Listing

extension StateStore {
    /// Lists every stored scene with its keys, size, last-saved time and health, sorted by scene.
    ///
    /// Listing never changes, moves or repairs anything. Files whose names are not
    /// `<valid-scene-id>.json` (lock files, temporary files, moved-aside corrupt files) are skipped.
    ///
    /// - Returns: The summaries; empty when the app has no folder yet.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be read.
    public func scenes() throws(SceneStoreError) -> [SceneSummary] {
        let summaries = try withListing { (directory, names) -> [SceneSummary] in
            names.compactMap { name in
                guard name.hasSuffix(".json"), let scene = try? SceneID(String(name.dropLast(5))) else { return nil }
                return summary(of: scene, in: directory)
            }
        }
        return (summaries ?? []).sorted { $0.scene < $1.scene }
    }

    /// The IDs of every scene that has anything in the folder: a scene file or a lock file (a scene
    /// whose values were all removed keeps its lock file until the scene is removed).
    ///
    /// - Returns: The IDs, sorted; empty when the app has no folder yet.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be read.
    public func sceneIDs() throws(SceneStoreError) -> [SceneID] {
        let ids = try withListing { (_, names) -> Set<SceneID> in
            Set(
                names.compactMap { name -> SceneID? in
                    if name.hasPrefix("."), name.hasSuffix(".lock") {
                        return try? SceneID(String(name.dropFirst().dropLast(5)))
                    }
                    guard name.hasSuffix(".json") else { return nil }
                    return try? SceneID(String(name.dropLast(5)))
                })
        }
        return (ids ?? []).sorted()
    }

    /// The scenes that have a file, newest first by the file's modification time, from the folder's
    /// listing and one `fstatat` per file: no file is opened or read. For a choice among scenes that
    /// must not cost a read of each (adopting a scene at launch, before the first frame); the
    /// caller reads only the one it takes. Regular files only; names that are not scene files are
    /// skipped.
    ///
    /// - Returns: Each scene with its file's modification time, newest first (ties by scene).
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be read.
    package func scenesByModification() throws(SceneStoreError) -> [(scene: SceneID, modified: Date)] {
        let found = try withListing { (directory, names) -> [(scene: SceneID, modified: Date)] in
            names.compactMap { name in
                guard name.hasSuffix(".json"), !name.hasPrefix("."),
                    let scene = try? SceneID(String(name.dropLast(5))),
                    let status = try? fileSystem.statusAt(directory, name), status.kind == .regular
                else { return nil }
                return (scene, Date(timeIntervalSince1970: status.modificationTime))
            }
        }
        return (found ?? []).sorted { ($0.modified, $1.scene) > ($1.modified, $0.scene) }
    }

    /// Runs `body` with the scenes folder open and the names in it; nil when there is no folder.
    func withListing<Result>(_ body: (Int32, [String]) -> Result) throws(SceneStoreError) -> Result? {
        guard let directory = try openScenesDirectory(creating: false) else { return nil }
        defer { try? fileSystem.close(directory) }
        do {
            return body(directory, try fileSystem.listDirectory(scenesDirectory))
        } catch {
            throw .cannotRead(path: scenesDirectory, errno: error)
        }
    }

    /// Summarises one scene through an open descriptor of the scenes folder; nil when it has no file.
    func summary(of scene: SceneID, in directory: Int32) -> SceneSummary? {
        let path = path(for: scene)
        let status: FileStatus
        do throws(Errno) {
            status = try fileSystem.statusAt(directory, Self.fileName(for: scene))
        } catch .noSuchFile {
            return nil
        } catch {
            return SceneSummary(
                scene: scene, path: path, keys: [], size: 0, lastSaved: Date(timeIntervalSince1970: 0),
                health: .unreadable(reason: error.description))
        }
        let modified = Date(timeIntervalSince1970: status.modificationTime)
        func summary(_ health: SceneSummary.Health) -> SceneSummary {
            SceneSummary(
                scene: scene, path: path, keys: [], size: status.size, lastSaved: modified, health: health)
        }
        do throws(SceneStoreError) {
            guard let loaded = try load(scene, in: directory) else { return nil }
            return SceneSummary(
                scene: scene, path: path, keys: loaded.document.values.keys.sorted(),
                size: loaded.status.size,
                lastSaved: loaded.document.savedAt, health: .ok)
        } catch .corrupt(_, let reason) {
            return summary(.corrupt(reason: reason))
        } catch .newerFormat(_, let format, _) {
            return summary(.newerFormat(format: format))
        } catch {
            return summary(.unreadable(reason: error.description))
        }
    }

    /// Removes every scene last saved before a date, and every file kept aside before it, as an
    /// app forgets scenes it has not shown for a long time.
    ///
    /// Every candidate is tried: one that cannot be removed (no permission, a folder in a scene
    /// file's place) is reported in the outcome's ``PruneOutcome/failures`` and the others are still
    /// removed. A scene whose file is of a newer format is kept: this version cannot tell what it
    /// holds. The age of each scene is checked again under its lock, so a scene saved meanwhile is
    /// kept. A removed scene's lock file goes with it, as ``removeScene(_:)`` removes it.
    ///
    /// - Parameter date: What was last saved, or kept aside, before this moment is removed.
    /// - Returns: What was removed and what could not be, each sorted.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be listed.
    public func prune(before date: Date) throws(SceneStoreError) -> PruneOutcome {
        try prune(before: date, keeping: { _ in false })
    }

    /// Prunes as ``prune(before:)`` does, but keeps the scenes `keeping` names, asked under each
    /// scene's lock right before it would be removed: for scenes in use (a scene being restored
    /// is old by its save time, and must not go).
    /// - Parameters:
    ///   - date: What was last saved, or kept aside, before this moment is removed.
    ///   - keeping: Whether a scene is kept whatever its age.
    /// - Returns: What was removed and what could not be, each sorted.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be listed.
    package func prune(before date: Date, keeping: (SceneID) -> Bool) throws(SceneStoreError) -> PruneOutcome {
        var outcome = PruneOutcome()
        for summary in try scenes() where summary.lastSaved < date {
            if case .newerFormat = summary.health { continue }
            do throws(SceneStoreError) {
                let wasRemoved = try removeScene(summary.scene) { directory in
                    if keeping(summary.scene) { return false }
                    // Look again under the lock: the scene may have been saved since the listing.
                    guard let current = self.summary(of: summary.scene, in: directory) else { return false }
                    if case .newerFormat = current.health { return false }
                    return current.lastSaved < date
                }
                if wasRemoved { outcome.removedScenes.append(summary.scene) }
            } catch {
                outcome.failures.append(.init(path: summary.path, error: error))
            }
        }
        let kept = try keptAsideFiles().filter { $0.keptAt < date }
        guard !kept.isEmpty, let directory = try openScenesDirectory(creating: false) else { return outcome }
        defer { try? fileSystem.close(directory) }
        for file in kept {
            do throws(Errno) {
                try fileSystem.unlinkAt(directory, String(file.path.dropFirst(scenesDirectory.count + 1)))
                outcome.removedKeptAside.append(file)
            } catch .noSuchFile {
                continue
            } catch {
                outcome.failures.append(.init(path: file.path, error: .cannotRemove(path: file.path, errno: error)))
            }
        }
        if !outcome.removedKeptAside.isEmpty {
            do {
                try fileSystem.synchronize(directory)
            } catch {
                outcome.failures.append(
                    .init(path: scenesDirectory, error: .cannotRemove(path: scenesDirectory, errno: error)))
            }
        }
        return outcome
    }
}
