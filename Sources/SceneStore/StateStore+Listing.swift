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
    package func storedSceneIDs() throws(SceneStoreError) -> [SceneID] {
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
            return body(directory, try fileSystem.listDirectory(scenesFolder))
        } catch {
            throw .cannotRead(path: scenesFolder, errno: error)
        }
    }

    /// Summarises one scene through an open descriptor of the scenes folder; nil when it has no file.
    func summary(of scene: SceneID, in directory: Int32) -> SceneSummary? {
        let path = path(for: scene)
        let status: FileStatus
        do throws(Errno) {
            status = try fileSystem.statusAt(directory, Self.fileName(for: scene))
        } catch .enoent {
            return nil
        } catch {
            return SceneSummary(
                of: scene, path: path, keys: [], size: 0, lastSaved: Date(timeIntervalSince1970: 0),
                health: .unreadable(reason: error.description))
        }
        let modified = Date(timeIntervalSince1970: status.modificationTime)
        func summary(_ health: SceneSummary.Health) -> SceneSummary {
            SceneSummary(
                of: scene, path: path, keys: [], size: status.size, lastSaved: modified, health: health)
        }
        do throws(SceneStoreError) {
            guard let loaded = try load(scene, in: directory) else { return nil }
            return SceneSummary(
                of: scene, path: path, keys: loaded.document.keys.sorted(),
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
}
